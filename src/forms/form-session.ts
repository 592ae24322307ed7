import type { Integrations } from '../../core/site/schema-types.ts';
import type { FormConfig, FormFiles, FormValues } from '../../core/forms/form-types.ts';
import { fetchFormToken, leadSettingsFor, prefetchedFormToken, recordLead, reportDelivery, requestTimeout, type LeadSettings } from './leads.ts';
import { minFillMs } from '../../core/forms/validation.ts';
import { sendMail } from './mail.ts';
import { imageHostFor, mailSettingsFor, type IntegrationEnv } from './mail-settings.ts';
import { postFallback } from './fallback.ts';
import { readAsDataUrl, uploadImages } from './upload.ts';
import { trackPixel } from './pixel.ts';
import { clickIdsAllowed, sourceToSend } from '../site/lead-source.ts';
import { SubmissionIds } from './submission-id.ts';
import { submitForm } from './submit.ts';
import type { Fetch } from './timeout.ts';
import type { LeadSource } from '../../core/forms/lead-source.ts';

/** The visit's source as a lead sends it: an ad's click id only while the visitor agrees to marketing. */
const visitSource = () => sourceToSend(clickIdsAllowed());

export interface SessionOptions {
  /** The network; the page's fetch unless a test passes its own (the e-mail SDK always uses the global one). */
  fetch?: Fetch;
  /** Where the page's bootstrap left the token it fetched when the form was shown: the window unless a test gives another. */
  prefetched?: object;
  env?: IntegrationEnv;
  /** The page's origin, for the local mail and image endpoints; read at send time when absent. */
  origin?: string;
  newId?: () => string;
  trackPixel?: (event: string) => void;
  report?: (error: unknown) => void;
  /** Where the visitor came from, read when a lead is sent: the visit's noted source (src/site/lead-source.ts) unless a test gives its own. */
  source?: () => LeadSource | undefined;
}

export interface SubmitInput {
  values: FormValues;
  files: FormFiles;
  /** The honeypot's value. */
  hp: string;
  onProgress: (percent: number) => void;
  /**
   * Pressed before the form's code had arrived (the page held the send back). The visitor has been filling
   * it in for a while, but the fill-time token is only as old as the code: its lead waits until the token
   * has the minimum age, rather than being stored as spam. A live form never waits.
   */
  sentBeforeCode?: boolean;
}

export interface FormSession {
  /**
   * Takes the fill-time token the page fetched when it showed the form, or fetches one when the page did not
   * (or got none); call it once the form is on screen (an effect, so never while prerendering).
   */
  start(): void;
  submit(input: SubmitInput): Promise<boolean>;
}

/** The server measures the token's age from when it signed it, a little before the answer arrived here. */
const TOKEN_AGE_MARGIN_MS = 250;
/** The server takes a token for two hours; one older than this is replaced before it is used. */
export const TOKEN_REFRESH_MS = 90 * 60 * 1000;

/** A fill-time token and when it arrived (Date.now()); no value when the server gave none. */
interface HeldToken {
  value: string | undefined;
  at: number;
}

/** Same values and same picked files (by their ids) mean a retry of the same message. */
function contentKey(values: FormValues, files: FormFiles): string {
  return JSON.stringify([values, Object.entries(files).map(([name, picked]) => [name, picked.map((p) => p.id)])]);
}

/**
 * The fill-time tokens of one form: the next unused one (the server takes each token for one submission only),
 * and the one each submission was sent with, so that its retries carry the same one.
 */
function createFormTokens(leads: LeadSettings | undefined, formId: string, net: Fetch, minFill: number, options: Pick<SessionOptions, 'prefetched'>) {
  let fresh: Promise<HeldToken> | undefined;
  const bound = new Map<string, Promise<HeldToken>>();
  const own = (): Promise<HeldToken> => (leads ? fetchFormToken(leads, formId, net) : Promise.resolve(undefined)).then((value) => ({ value, at: Date.now() }));

  return {
    start() {
      if (!leads || fresh) return;
      // the token's age counts from when the prefetched answer arrived: the visitor has seen the form since then
      fresh = prefetchedFormToken(leads, formId, options.prefetched).then((early) => (early ? { value: early.token, at: early.at } : own()));
    },

    /**
     * The token for a submission: the one it was first sent with, or else the fresh one (replaced when it is near
     * its end), after which the next submission's token is fetched at once, so that it has aged by the time the
     * visitor sends again. A send made before the code arrived, or with a token that replaced a used one, waits
     * until its token has the minimum fill age rather than be stored as spam; a first live send never waits.
     */
    async tokenFor(submissionId: string, sentBeforeCode: boolean) {
      let held = bound.get(submissionId);
      const first = bound.size === 0 || bound.keys().next().value === submissionId;
      if (!held) {
        const next = fresh ?? own();
        held = next.then((token) => (token.value && Date.now() - token.at > TOKEN_REFRESH_MS ? own() : token));
        bound.set(submissionId, held);
        fresh = held.then(() => own());
      }
      const token = await held;
      const wait = token.at + minFill + TOKEN_AGE_MARGIN_MS - Date.now();
      if ((sentBeforeCode || !first) && token.value && wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      return token.value;
    },

    /** The token a submission was sent with, if it was sent with one. */
    sentWith: (submissionId: string) => bound.get(submissionId)?.then((t) => t.value),
  };
}

/** One form on one page: its token, its submission ids, and the settings each send is made with. */
export function createFormSession(form: FormConfig, integrations: Integrations, options: SessionOptions = {}): FormSession {
  const net: Fetch = (input, init) => (options.fetch ?? fetch)(input, init);
  const timeoutMs = requestTimeout(integrations);
  const leads = leadSettingsFor(integrations);
  const ids = new SubmissionIds(options.newId);
  const tokens = createFormTokens(leads, form.id, net, minFillMs(integrations), options);

  return {
    start() {
      tokens.start();
    },

    async submit({ values, files, hp, onProgress, sentBeforeCode = false }) {
      const submissionId = ids.for(contentKey(values, files));
      const mail = mailSettingsFor(integrations, form.mail.templateId, options.env, options.origin);
      const host = imageHostFor(integrations, options.env, options.origin);
      const fallbackUrl = integrations.contactFallbackUrl;
      const ok = await submitForm(form, values, files, {
        toEmail: integrations.emailjs?.toEmail ?? '',
        submissionId,
        sendMail: (params) => sendMail(mail, params, timeoutMs),
        uploadImages: (list, progress) => uploadImages(list, host, progress, { timeoutMs, fetch: net }),
        readDataUrl: readAsDataUrl,
        // the token request started when the form was shown; it ends on its own timeout, so waiting for it is bounded
        recordLead: leads
          ? async (lead) =>
              recordLead(
                leads,
                form.id,
                { submissionId, ...lead, token: await tokens.tokenFor(submissionId, sentBeforeCode), hp, source: (options.source ?? visitSource)() },
                net,
              )
          : undefined,
        reportDelivery: leads ? (result) => reportDelivery(leads, form.id, submissionId, result, net) : undefined,
        // the fallback carries the lead's token, so the server can tell a visitor's message from a bot's
        postFallback: fallbackUrl
          ? async (body) => postFallback(fallbackUrl, { ...body, token: await tokens.sentWith(submissionId) }, timeoutMs, net)
          : undefined,
        trackPixel: options.trackPixel ?? trackPixel,
        onProgress,
        report: options.report ?? ((error) => console.error(error)),
      });
      if (ok) ids.succeeded();
      return ok;
    },
  };
}
