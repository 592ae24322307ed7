import { init, send } from '@emailjs/browser';
import { DEFAULT_TIMEOUT_MS, TimeoutError, withinTime } from './timeout.ts';

/**
 * The only door to the e-mail SDK. It checks its own settings first (so a bad
 * configuration says what is wrong instead of failing somewhere inside the SDK),
 * counts only status 200 as success, and turns a network failure into
 * `{status: 0, text: 'Network Error'}`; the SDK's own 451/403/429 pass through.
 */
export interface MailSettings {
  publicKey: string;
  serviceId: string;
  templateId: string;
  origin: string;
  blockHeadless?: boolean;
  blockList?: { list: string[]; watchVariable: string };
  throttleMs?: number;
}

export interface MailResult {
  ok: boolean;
  status: number;
  text: string;
}

export class MailSettingsError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`mail settings: ${problems.join('; ')}`);
    this.name = 'MailSettingsError';
    this.problems = problems;
  }
}

const nonEmpty = (v: unknown) => typeof v === 'string' && v.trim() !== '';
const isPlainObject = (v: unknown) => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The mail settings' checks, each problem in words for staff; an empty list means the settings are usable. */
export function checkMailSettings(settings: MailSettings, params: unknown): string[] {
  const problems: string[] = [];
  if (!nonEmpty(settings.publicKey)) problems.push('public key must be a non-empty string');
  if (!nonEmpty(settings.serviceId)) problems.push('service id must be a non-empty string');
  if (!nonEmpty(settings.templateId)) problems.push('template id must be a non-empty string');
  if (!isPlainObject(params)) problems.push('template params must be an object');
  if (settings.blockList !== undefined) {
    if (!Array.isArray(settings.blockList.list)) problems.push('block list must be an array');
    if (typeof settings.blockList.watchVariable !== 'string') problems.push('block list watch variable must be a string');
  }
  if (settings.throttleMs !== undefined && !(typeof settings.throttleMs === 'number' && Number.isFinite(settings.throttleMs) && settings.throttleMs > 0)) {
    problems.push('throttle must be a positive number');
  }
  return problems;
}

export const NETWORK_ERROR: MailResult = { ok: false, status: 0, text: 'Network Error' };
/** No answer in time: a network failure for the visitor; the lead's delivery state says which kind. */
export const TIMEOUT: MailResult = { ok: false, status: 0, text: 'Timeout' };

/** Maps whatever the SDK rejected with onto a result; only an `{status}` answer keeps its status. */
export function resultFromError(error: unknown): MailResult {
  if (error instanceof TimeoutError) return TIMEOUT;
  if (typeof error === 'string') throw new MailSettingsError([error]);
  if (typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number') {
    const text = 'text' in error && typeof error.text === 'string' ? error.text : '';
    // The SDK rejects a failed fetch with the browser's TypeError; some SDK paths wrap it as status 0.
    return error.status === 0 ? NETWORK_ERROR : { ok: false, status: error.status, text };
  }
  return NETWORK_ERROR;
}

/**
 * blockHeadless refuses every send when navigator.webdriver is true, which is
 * always the case under Playwright and jsdom-based tests. Only a literal `true`
 * switches it on, and never in the unit-test build.
 */
function headlessBlocking(settings: MailSettings): boolean {
  return settings.blockHeadless === true && import.meta.env.MODE !== 'test';
}

/** Sends through the SDK; the SDK cannot be aborted, so a stalled send is raced against `timeoutMs` instead. */
export async function sendMail(settings: MailSettings, params: Record<string, string>, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<MailResult> {
  const problems = checkMailSettings(settings, params);
  if (problems.length > 0) throw new MailSettingsError(problems);
  init(
    {
      publicKey: settings.publicKey,
      blockHeadless: headlessBlocking(settings),
      blockList: settings.blockList,
      // one throttle window per template, so a contact message does not delay a quote request
      limitRate: settings.throttleMs ? { id: settings.templateId, throttle: settings.throttleMs } : undefined,
    },
    settings.origin,
  );
  try {
    const response = await withinTime(timeoutMs, () => send(settings.serviceId, settings.templateId, params));
    return { ok: response.status === 200, status: response.status, text: response.text };
  } catch (error) {
    return resultFromError(error);
  }
}
