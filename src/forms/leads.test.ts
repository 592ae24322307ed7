import { describe, expect, it, vi } from 'vitest';
import { fetchFormToken, formTokenUrlFor, leadSettingsFor, recordLead, reportDelivery, requestTimeout, retryDelayMs } from './leads.ts';
import { fakeNetwork, json } from './testing/fake-network.ts';

const settings = { endpoint: '/api/forms', timeoutMs: 1000 };
const lead = { submissionId: 'sub-12345678', values: { name: 'Jan', services: ['seo'] }, photos: ['https://x/uploads/a.png'], token: 't.sig', hp: '' };

describe('lead settings', () => {
  it('exist only when integrations.leads is set; endpoint and timeout have defaults', () => {
    expect(leadSettingsFor({})).toBeUndefined();
    expect(leadSettingsFor({ leads: {} })).toEqual({ endpoint: '/api/forms', timeoutMs: 15000 });
    expect(leadSettingsFor({ leads: { endpoint: '/leads/', timeoutMs: 2000 } })).toEqual({ endpoint: '/leads', timeoutMs: 2000 });
    expect(requestTimeout(undefined)).toBe(15000);
  });
});

describe('fetchFormToken', () => {
  it('GETs {endpoint}/{formId}/token and returns the token', async () => {
    const net = fakeNetwork([[/^GET \/api\/forms\/contact\/token$/, () => json(200, { token: 'abc.def' })]]);
    expect(await fetchFormToken(settings, 'contact', net.fetch)).toBe('abc.def');
    expect(formTokenUrlFor({ leads: { endpoint: '/leads/' } }, 'quote')).toBe('/leads/quote/token');
    expect(formTokenUrlFor({}, 'quote')).toBeUndefined();
  });

  it.each([
    ['a 404 page', () => new Response('<html>', { status: 404 })],
    ['no token in the answer', () => json(200, {})],
    ['a network failure', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['no answer in time', () => 'stall' as const],
  ])('gives undefined for %s', async (_, answer) => {
    const net = fakeNetwork([[/token/, answer]]);
    expect(await fetchFormToken({ ...settings, timeoutMs: 20 }, 'contact', net.fetch)).toBeUndefined();
  });
});

describe('recordLead', () => {
  it('POSTs the submission as JSON to {endpoint}/{formId}', async () => {
    const net = fakeNetwork([[/^POST \/api\/forms\/contact$/, () => json(201, { id: 7 })]]);
    expect(await recordLead(settings, 'contact', lead, net.fetch)).toBe(true);
    const [call] = net.calls;
    expect(call?.headers.get('content-type')).toBe('application/json');
    expect(call?.body).toEqual(lead);
  });

  it('an answer of 200 (already stored) counts as recorded; refusals, failures and silence do not', async () => {
    expect(await recordLead(settings, 'contact', lead, fakeNetwork([[/./, () => json(200, { id: 7 })]]).fetch)).toBe(true);
    expect(await recordLead(settings, 'contact', lead, fakeNetwork([[/./, () => json(429, { error: 'slow down' })]]).fetch)).toBe(false);
    expect(await recordLead(settings, 'contact', lead, fakeNetwork([[/./, () => Promise.reject(new TypeError('offline'))]]).fetch)).toBe(false);
    expect(await recordLead({ ...settings, timeoutMs: 20 }, 'contact', lead, fakeNetwork([[/./, () => 'stall']]).fetch)).toBe(false);
  });
});

describe('recordLead when the database is busy (503)', () => {
  it('sends the same submission again after Retry-After until it is stored', async () => {
    let answers = 0;
    const times: number[] = [];
    const net = fakeNetwork([
      [
        /^POST \/api\/forms\/contact$/,
        () => (times.push(Date.now()), ++answers <= 2 ? new Response('{}', { status: 503, headers: { 'Retry-After': '0' } }) : json(201, { id: 7 })),
      ],
    ]);
    expect(await recordLead(settings, 'contact', lead, net.fetch)).toBe(true);
    expect(net.calls.map((c) => (c.body as { submissionId: string }).submissionId)).toEqual(['sub-12345678', 'sub-12345678', 'sub-12345678']);
    // Retry-After 0 still leaves a short pause: no burst against a busy server
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(240);
  });

  it('gives up when the next try would pass the request timeout', async () => {
    // the test's clock, which only the test moves: what happens when is the code's, not the machine's
    vi.useFakeTimers();
    const net = fakeNetwork([[/./, () => new Response('{}', { status: 503, headers: { 'Retry-After': '1' } })]]);
    let recorded: boolean | undefined;
    void recordLead({ ...settings, timeoutMs: 1500 }, 'contact', lead, net.fetch).then((ok) => (recorded = ok));
    await vi.advanceTimersByTimeAsync(0);
    expect(net.calls).toHaveLength(1);
    expect(recorded).toBeUndefined();
    // after Retry-After (1 s) the same submission again; busy again, and a third try (1 s on) would pass the 1.5 s
    await vi.advanceTimersByTimeAsync(1000);
    expect(net.calls).toHaveLength(2);
    expect(recorded).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('reads Retry-After in seconds, within a quarter second and five seconds', () => {
    expect(retryDelayMs('1')).toBe(1000);
    expect(retryDelayMs('0')).toBe(250);
    expect(retryDelayMs('3600')).toBe(5000);
    expect(retryDelayMs(null)).toBe(1000);
    expect(retryDelayMs('Wed, 21 Oct 2015 07:28:00 GMT')).toBe(1000);
  });
});

describe('reportDelivery', () => {
  it('POSTs { status, text } to {endpoint}/{formId}/{submissionId}/delivery without waiting, errors ignored', async () => {
    const net = fakeNetwork([[/delivery$/, () => Promise.reject(new TypeError('offline'))]]);
    expect(reportDelivery(settings, 'demo', 'sub-12345678', { ok: false, status: 500, text: 'err' }, net.fetch)).toBeUndefined();
    await Promise.resolve();
    expect(net.calls).toHaveLength(1);
    expect(net.calls[0]).toMatchObject({ method: 'POST', url: '/api/forms/demo/sub-12345678/delivery', body: { status: 500, text: 'err' }, keepalive: true });
  });
});
