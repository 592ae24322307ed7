import type { Integrations } from '../config/schema-types.ts';
import type { FormConfig, FormFiles, FormValues } from './form-types.ts';
import { fetchFormToken, leadSettingsFor, recordLead, reportDelivery, requestTimeout } from './leads.ts';
import { sendMail } from './mail.ts';
import { imageHostFor, mailSettingsFor, type IntegrationEnv } from './mail-settings.ts';
import { postFallback } from './fallback.ts';
import { readAsDataUrl, uploadImages } from './upload.ts';
import { trackPixel } from './pixel.ts';
import { SubmissionIds } from './submission-id.ts';
import { submitForm } from './submit.ts';
import type { Fetch } from './timeout.ts';

export interface SessionOptions {
  /** The network; the page's fetch unless a test passes its own (the e-mail SDK always uses the global one). */
  fetch?: Fetch;
  env?: IntegrationEnv;
  /** The page's origin, for the local mail and image endpoints; read at send time when absent. */
  origin?: string;
  newId?: () => string;
  trackPixel?: (event: string) => void;
  report?: (error: unknown) => void;
}

export interface SubmitInput {
  values: FormValues;
  files: FormFiles;
  /** The honeypot's value. */
  hp: string;
  onProgress: (percent: number) => void;
}

export interface FormSession {
  /** Fetches the fill-time token; call it once the form is on screen (an effect, so never while prerendering). */
  start(): void;
  submit(input: SubmitInput): Promise<boolean>;
}

/** Same values and same picked files (by their ids) mean a retry of the same message. */
function contentKey(values: FormValues, files: FormFiles): string {
  return JSON.stringify([values, Object.entries(files).map(([name, picked]) => [name, picked.map((p) => p.id)])]);
}

/** One form on one page: its token, its submission ids, and the settings each send is made with. */
export function createFormSession(form: FormConfig, integrations: Integrations, options: SessionOptions = {}): FormSession {
  const net: Fetch = (input, init) => (options.fetch ?? fetch)(input, init);
  const timeoutMs = requestTimeout(integrations);
  const leads = leadSettingsFor(integrations);
  const ids = new SubmissionIds(options.newId);
  let token: Promise<string | undefined> | undefined;

  return {
    start() {
      if (leads && !token) token = fetchFormToken(leads, net);
    },

    async submit({ values, files, hp, onProgress }) {
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
        recordLead: leads ? async (lead) => recordLead(leads, form.id, { submissionId, ...lead, token: await token, hp }, net) : undefined,
        reportDelivery: leads ? (result) => reportDelivery(leads, form.id, submissionId, result, net) : undefined,
        postFallback: fallbackUrl ? (body) => postFallback(fallbackUrl, body, timeoutMs, net) : undefined,
        trackPixel: options.trackPixel ?? trackPixel,
        onProgress,
        report: options.report ?? ((error) => console.error(error)),
      });
      if (ok) ids.succeeded();
      return ok;
    },
  };
}
