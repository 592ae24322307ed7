import { describe, expect, it } from 'vitest';
import { fetchFormToken, leadSettingsFor, recordLead, reportDelivery, requestTimeout } from './leads.ts';
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
  it('GETs {endpoint}/token and returns the token', async () => {
    const net = fakeNetwork([[/^GET \/api\/forms\/token$/, () => json(200, { token: 'abc.def' })]]);
    expect(await fetchFormToken(settings, net.fetch)).toBe('abc.def');
  });

  it.each([
    ['a 404 page', () => new Response('<html>', { status: 404 })],
    ['no token in the answer', () => json(200, {})],
    ['a network failure', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['no answer in time', () => 'stall' as const],
  ])('gives undefined for %s', async (_, answer) => {
    const net = fakeNetwork([[/token/, answer]]);
    expect(await fetchFormToken({ ...settings, timeoutMs: 20 }, net.fetch)).toBeUndefined();
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

describe('reportDelivery', () => {
  it('POSTs { status, text } to {endpoint}/{formId}/{submissionId}/delivery without waiting, errors ignored', async () => {
    const net = fakeNetwork([[/delivery$/, () => Promise.reject(new TypeError('offline'))]]);
    expect(reportDelivery(settings, 'demo', 'sub-12345678', { ok: false, status: 500, text: 'err' }, net.fetch)).toBeUndefined();
    await Promise.resolve();
    expect(net.calls).toHaveLength(1);
    expect(net.calls[0]).toMatchObject({ method: 'POST', url: '/api/forms/demo/sub-12345678/delivery', body: { status: 500, text: 'err' }, keepalive: true });
  });
});
