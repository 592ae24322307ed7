import type { Integrations } from '../../core/site/schema-types.ts';
import { FORM_TOKENS, type PrefetchedToken, type PrefetchedTokens } from '../../core/islands/attributes.ts';
import type { Submission } from '../../core/forms/lead-contract.ts';
import type { MailResult } from './mail.ts';
import { DEFAULT_TIMEOUT_MS, fetchWithin, withinTime, type Fetch } from './timeout.ts';

/**
 * The site's own record of every submission (`integrations.leads`): a lead is
 * stored before the mail goes out, so a message is never lost when the mail
 * service fails. Nothing here changes what the visitor sees; every failure is
 * swallowed, and every request gives up after the configured time.
 */
export interface LeadSettings {
  endpoint: string;
  timeoutMs: number;
}

export function requestTimeout(integrations: Integrations | undefined): number {
  const ms = integrations?.leads?.timeoutMs;
  return typeof ms === 'number' && ms > 0 ? ms : DEFAULT_TIMEOUT_MS;
}

/** Undefined when the site records no leads (a static host without the server). */
export function leadSettingsFor(integrations: Integrations | undefined): LeadSettings | undefined {
  const leads = integrations?.leads;
  if (!leads) return undefined;
  return { endpoint: (leads.endpoint ?? '/api/forms').replace(/\/+$/, ''), timeoutMs: requestTimeout(integrations) };
}

const JSON_HEADERS = { 'Content-Type': 'application/json' };

const path = (...parts: string[]) => parts.map(encodeURIComponent).join('/');

/** Where a form's signed fill-time token is fetched: GET, answered with JSON {token}. A token serves one form. */
export const formTokenUrl = (settings: LeadSettings, formId: string) => `${settings.endpoint}/${path(formId, 'token')}`;

/** A form's token URL, for its prerendered island; undefined when the site records no leads. */
export function formTokenUrlFor(integrations: Integrations | undefined, formId: string): string | undefined {
  const settings = leadSettingsFor(integrations);
  return settings && formTokenUrl(settings, formId);
}

const validToken = (token: unknown) => (typeof token === 'string' && token !== '' ? token : undefined);

/** The signed fill-time token; undefined when the server gives none (the lead is then only flagged, never refused). */
export async function fetchFormToken(settings: LeadSettings, formId: string, fetchFn: Fetch = fetch): Promise<string | undefined> {
  try {
    const answer = await fetchWithin(fetchFn, settings.timeoutMs, formTokenUrl(settings, formId), { method: 'GET' }, async (response) =>
      response.ok ? ((await response.json()) as { token?: unknown }) : {},
    );
    return validToken(answer.token);
  } catch {
    return undefined;
  }
}

/** A token with the time it arrived (Date.now()). */
export interface TimedToken {
  token: string;
  at: number;
}

/**
 * The token the page's bootstrap fetched when the form was shown (window[FORM_TOKENS]), once it has arrived;
 * undefined when it fetched none, got none, or gave no answer within the request timeout.
 */
export async function prefetchedFormToken(settings: LeadSettings, formId: string, scope: object = globalThis): Promise<TimedToken | undefined> {
  const pending = (scope as Record<string, PrefetchedTokens | undefined>)[FORM_TOKENS]?.[formTokenUrl(settings, formId)];
  if (!pending) return undefined;
  try {
    const answer: PrefetchedToken = await withinTime(settings.timeoutMs, () => pending);
    const token = validToken(answer.token);
    return token ? { token, at: answer.at } : undefined;
  } catch {
    return undefined;
  }
}

/** What the browser sends: the wire format, with the photo list and the honeypot always present. */
export type LeadRecord = Submission & Required<Pick<Submission, 'photos' | 'hp'>>;

/** How long to wait before sending again after a 503: the server's Retry-After (seconds), within 0.25-5 s. */
export function retryDelayMs(retryAfter: string | null): number {
  const seconds = retryAfter !== null && /^\d+$/.test(retryAfter.trim()) ? Number(retryAfter) : 1;
  return Math.min(5000, Math.max(250, seconds * 1000));
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * POST {endpoint}/{formId}; true when the server stored it (201) or already had it (200). A 503 (the database
 * is busy for a moment) is sent again, with the same submission id so it is stored once, after the server's
 * Retry-After, for as long as the request timeout allows.
 */
export async function recordLead(settings: LeadSettings, formId: string, lead: LeadRecord, fetchFn: Fetch = fetch): Promise<boolean> {
  const until = Date.now() + settings.timeoutMs;
  const init = { method: 'POST', headers: JSON_HEADERS, body: JSON.stringify(lead) };
  for (;;) {
    let retryIn: number | undefined;
    try {
      const answer = await fetchWithin(fetchFn, Math.max(1, until - Date.now()), `${settings.endpoint}/${path(formId)}`, init, async (response) => response);
      if (answer.ok) return true;
      if (answer.status === 503) retryIn = retryDelayMs(answer.headers.get('retry-after'));
    } catch {
      return false;
    }
    if (retryIn === undefined || Date.now() + retryIn >= until) return false;
    await sleep(retryIn);
  }
}

/** Tells the server how the mail went; nobody waits for it and a failure changes nothing. */
export function reportDelivery(settings: LeadSettings, formId: string, submissionId: string, result: MailResult, fetchFn: Fetch = fetch): void {
  const url = `${settings.endpoint}/${path(formId, submissionId)}/delivery`;
  // keepalive: the report still goes out when the visitor leaves the page right after the success message
  const init = { method: 'POST', headers: JSON_HEADERS, body: JSON.stringify({ status: result.status, text: result.text }), keepalive: true };
  fetchWithin(fetchFn, settings.timeoutMs, url, init, async () => undefined).catch(() => undefined);
}
