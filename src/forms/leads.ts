import type { Integrations } from '../../core/site/schema-types.ts';
import type { Submission } from '../../core/forms/lead-contract.ts';
import type { MailResult } from './mail.ts';
import { DEFAULT_TIMEOUT_MS, fetchWithin, type Fetch } from './timeout.ts';

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

/** The signed fill-time token; undefined when the server gives none (the lead is then only flagged, never refused). */
export async function fetchFormToken(settings: LeadSettings, fetchFn: Fetch = fetch): Promise<string | undefined> {
  try {
    const answer = await fetchWithin(fetchFn, settings.timeoutMs, `${settings.endpoint}/token`, { method: 'GET' }, async (response) =>
      response.ok ? ((await response.json()) as { token?: unknown }) : {},
    );
    return typeof answer.token === 'string' && answer.token !== '' ? answer.token : undefined;
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
