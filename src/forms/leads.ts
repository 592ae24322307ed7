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

/** Where the signed fill-time token is fetched: GET, answered with JSON {token}. */
export const formTokenUrl = (settings: LeadSettings) => `${settings.endpoint}/token`;

/** The site's lead settings' token URL, for the prerendered form island; undefined when no leads are recorded. */
export function formTokenUrlFor(integrations: Integrations | undefined): string | undefined {
  const settings = leadSettingsFor(integrations);
  return settings && formTokenUrl(settings);
}

const validToken = (token: unknown) => (typeof token === 'string' && token !== '' ? token : undefined);

/** The signed fill-time token; undefined when the server gives none (the lead is then only flagged, never refused). */
export async function fetchFormToken(settings: LeadSettings, fetchFn: Fetch = fetch): Promise<string | undefined> {
  try {
    const answer = await fetchWithin(fetchFn, settings.timeoutMs, formTokenUrl(settings), { method: 'GET' }, async (response) =>
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
export async function prefetchedFormToken(settings: LeadSettings, scope: object = globalThis): Promise<TimedToken | undefined> {
  const pending = (scope as Record<string, PrefetchedTokens | undefined>)[FORM_TOKENS]?.[formTokenUrl(settings)];
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

const path = (...parts: string[]) => parts.map(encodeURIComponent).join('/');

/** POST {endpoint}/{formId}; true when the server stored it (201) or already had it (200). */
export async function recordLead(settings: LeadSettings, formId: string, lead: LeadRecord, fetchFn: Fetch = fetch): Promise<boolean> {
  try {
    const init = { method: 'POST', headers: JSON_HEADERS, body: JSON.stringify(lead) };
    return await fetchWithin(fetchFn, settings.timeoutMs, `${settings.endpoint}/${path(formId)}`, init, async (response) => response.ok);
  } catch {
    return false;
  }
}

/** Tells the server how the mail went; nobody waits for it and a failure changes nothing. */
export function reportDelivery(settings: LeadSettings, formId: string, submissionId: string, result: MailResult, fetchFn: Fetch = fetch): void {
  const url = `${settings.endpoint}/${path(formId, submissionId)}/delivery`;
  // keepalive: the report still goes out when the visitor leaves the page right after the success message
  const init = { method: 'POST', headers: JSON_HEADERS, body: JSON.stringify({ status: result.status, text: result.text }), keepalive: true };
  fetchWithin(fetchFn, settings.timeoutMs, url, init, async () => undefined).catch(() => undefined);
}
