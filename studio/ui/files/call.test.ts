import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonCall } from '../publish/json-call.ts';
import { CallFailed, failureOf, serverSaid, TAB, writeHeaders } from './call.ts';

const SENTENCE =
  'Dat lukte niet: er ging iets mis in de studio. Probeer het nog eens. Gaat het weer mis, geef dan code K7QM-4XPD door aan wie de website onderhoudt.';
const json = (body: unknown, status: number) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('the studio page’s calls', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('send the custom header with every write, its body’s type, and the tab’s lease id', () => {
    const tab = expect.stringMatching(/^[0-9a-f]{32}$/);
    expect(writeHeaders()).toEqual({ 'Content-Type': 'application/json', 'x-staff-request': '1', 'x-studio-lease': tab });
    expect(writeHeaders('application/octet-stream')).toEqual({ 'Content-Type': 'application/octet-stream', 'x-staff-request': '1', 'x-studio-lease': tab });
    // one tab: the leases and the writes name it alike
    expect(writeHeaders()['x-studio-lease']).toBe(TAB);
  });

  it('show a failure of the server in its own words, with its reference; any other refusal in the dialog’s', async () => {
    const failed = await failureOf(json({ error: SENTENCE, reference: 'K7QM-4XPD' }, 500));
    expect([failed.status, failed.message, failed.reference]).toEqual([500, SENTENCE, 'K7QM-4XPD']);
    expect(serverSaid(failed)).toBe(SENTENCE);
    expect(serverSaid(await failureOf(json({ error: 'a time in the coming year, please' }, 400)))).toBeUndefined();
    expect((await failureOf(new Response('gateway down', { status: 502, statusText: 'Bad Gateway' }))).message).toBe('502 Bad Gateway');
    expect(serverSaid(new Error('offline'))).toBeUndefined();
  });

  it('post JSON with the header, and throw what the server said', async () => {
    const fetched = vi.fn(async () => json({ error: SENTENCE, reference: 'K7QM-4XPD' }, 500));
    vi.stubGlobal('fetch', fetched);
    const thrown = await jsonCall('/__studio/api/schedules', { at: 'x' }).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(CallFailed);
    expect(serverSaid(thrown)).toBe(SENTENCE);
    expect(fetched).toHaveBeenCalledWith('/__studio/api/schedules', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'x-staff-request': '1', 'x-studio-lease': TAB },
      body: '{"at":"x"}',
    });
  });
});
