import { expect, type Locator, type Page, type Route } from '@playwright/test';

/**
 * Stand-ins for the site's own server endpoints (integrations in 'local' mode:
 * the page talks to its own origin). Routed in the browser, so the specs run
 * the same against any server that serves dist/.
 */
export const MAIL_URL = '**/api/v1.0/email/send';
export const IMAGE_URL = '**/3/image';
export const LEADS_URL = '**/api/forms/**';
/** Harmless for same-origin calls; kept so a build pointed at another origin (VITE_ overrides) still works. */
const CORS = { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*', 'access-control-allow-methods': 'POST, OPTIONS' };

export interface MailCall {
  lib_version: string;
  user_id: string;
  service_id: string;
  template_id: string;
  template_params: { from_name: string; from_email: string; to_email: string; message: string; reply_to: string; submission_id: string };
}

/** 'stall': the request is never answered (a connection that hangs). */
export type Answer = { status: number; body?: string } | 'abort' | 'stall';

/** A controllable stand-in for the e-mail API: records each send and answers with `answer.current`. */
export async function mockMail(page: Page, first: Answer = { status: 200 }) {
  const calls: MailCall[] = [];
  const answer = { current: first, gate: undefined as Promise<void> | undefined };
  await page.route(MAIL_URL, async (route: Route) => {
    const request = route.request();
    if (request.method() === 'OPTIONS') return route.fulfill({ status: 204, headers: CORS });
    calls.push(request.postDataJSON() as MailCall);
    if (answer.gate) await answer.gate;
    const now = answer.current;
    if (now === 'stall') return;
    if (now === 'abort') return route.abort('failed');
    return route.fulfill({ status: now.status, body: now.body ?? 'OK', headers: CORS });
  });
  return { calls, answer };
}

export interface FallbackCall {
  name: string;
  email: string;
  phone: string;
  message: string;
  timestamp: string;
  submissionId: string;
}

export async function mockFallback(page: Page, status: number) {
  const calls: FallbackCall[] = [];
  await page.route('**/api/contact', async (route) => {
    calls.push(route.request().postDataJSON() as FallbackCall);
    await route.fulfill({ status, contentType: 'application/json', body: '{}' });
  });
  return calls;
}

export interface ImageCall {
  authorization: string | undefined;
  body: string;
}

/** Image host: `ok` answers with a link per file on the page's own origin, as the site's server does; `gate` holds back answers after the first. */
export async function mockImageHost(page: Page, ok: boolean) {
  const calls: ImageCall[] = [];
  const control = { gate: undefined as Promise<void> | undefined };
  await page.route(IMAGE_URL, async (route) => {
    const request = route.request();
    if (request.method() === 'OPTIONS') return route.fulfill({ status: 204, headers: CORS });
    calls.push({ authorization: request.headers()['authorization'], body: request.postDataBuffer()?.toString('latin1') ?? '' });
    if (calls.length > 1 && control.gate) await control.gate;
    const body = ok
      ? { success: true, status: 200, data: { link: `${new URL(request.url()).origin}/uploads/upload-${calls.length}.png` } }
      : { success: false, status: 400, data: { error: 'Bad request' } };
    return route.fulfill({ status: ok ? 200 : 400, contentType: 'application/json', body: JSON.stringify(body), headers: CORS });
  });
  return { calls, control };
}

export interface LeadCall {
  formId: string;
  body: { submissionId: string; values: Record<string, string | string[]>; photos?: string[]; token?: string; hp?: string };
}

export interface DeliveryCall {
  formId: string;
  submissionId: string;
  body: { status: number; text: string };
}

export const TOKEN = 'e2e-token.signature';

/**
 * The lead endpoints: GET /api/forms/:formId/token, POST /api/forms/:formId (201 new, 200 for a submission id seen before)
 * and POST /api/forms/:formId/:submissionId/delivery. `control.record` 'stall' leaves the record unanswered.
 */
export async function mockLeads(page: Page) {
  const leads = { tokens: 0, records: [] as LeadCall[], deliveries: [] as DeliveryCall[], control: { record: 'answer' as 'answer' | 'stall' } };
  await page.route(LEADS_URL, async (route) => {
    const request = route.request();
    const [formId, submissionId, last, ...rest] = new URL(request.url()).pathname.split('/').slice(3).map(decodeURIComponent);
    if (request.method() === 'GET' && formId && submissionId === 'token' && last === undefined) {
      leads.tokens++;
      return route.fulfill({ status: 200, json: { token: TOKEN }, headers: { 'cache-control': 'no-store' } });
    }
    if (request.method() === 'POST' && formId && submissionId === undefined) {
      const body = request.postDataJSON() as LeadCall['body'];
      const seen = leads.records.some((r) => r.body.submissionId === body.submissionId);
      leads.records.push({ formId, body });
      if (leads.control.record === 'stall') return;
      return route.fulfill({ status: seen ? 200 : 201, json: { id: leads.records.length } });
    }
    if (request.method() === 'POST' && formId && submissionId && last === 'delivery' && rest.length === 0) {
      leads.deliveries.push({ formId, submissionId, body: request.postDataJSON() as DeliveryCall['body'] });
      return route.fulfill({ status: 204 });
    }
    return route.fulfill({ status: 404, json: { error: 'not found' } });
  });
  return leads;
}

export type Leads = Awaited<ReturnType<typeof mockLeads>>;

export function gate(): { promise: Promise<void>; open: () => void } {
  let open = () => {};
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

export function png(name: string, size?: number) {
  const buffer = size ? Buffer.concat([PNG, Buffer.alloc(size - PNG.length)]) : PNG;
  return { name, mimeType: 'image/png', buffer };
}

export function form(page: Page): Locator {
  return page.locator('main form');
}

export function submitButton(page: Page): Locator {
  return form(page).locator('button[type="submit"]');
}

export function status(page: Page): Locator {
  return form(page).locator('div[role="status"][data-state]');
}

/** Presses Tab until `target` has focus; fails when it is not reachable by keyboard. */
export async function tabTo(page: Page, target: Locator, max = 80): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target, 'reachable with Tab').toBeFocused();
}

/** A control of the page's form by its exact label (the chat widget elsewhere on the page has similar words). */
export function field(page: Page, label: string): Locator {
  return form(page).getByRole('textbox', { name: label, exact: true });
}
