import { describe, expect, it } from 'vitest';
import { fetchWithin, TimeoutError, withinTime } from './timeout.ts';
import { fakeNetwork, json } from './testing/fake-network.ts';

describe('withinTime', () => {
  it('passes the result through when the work ends in time', async () => {
    await expect(withinTime(1000, async () => 'done')).resolves.toBe('done');
  });

  it('gives up when the work never ends, even if it ignores the signal', async () => {
    await expect(withinTime(20, () => new Promise(() => {}))).rejects.toBeInstanceOf(TimeoutError);
  });

  it('aborts the signal at the deadline, so the request itself stops', async () => {
    let seen: AbortSignal | undefined;
    await expect(
      withinTime(20, (signal) => {
        seen = signal;
        return new Promise(() => {});
      }),
    ).rejects.toThrow('no answer within 20 ms');
    expect(seen?.aborted).toBe(true);
  });
});

describe('fetchWithin', () => {
  it('reads the answer under the same deadline', async () => {
    const net = fakeNetwork([[/token/, () => json(200, { token: 't' })]]);
    await expect(fetchWithin(net.fetch, 1000, '/api/forms/token', {}, (r) => r.json())).resolves.toEqual({ token: 't' });
  });

  it('a stalled request ends with a TimeoutError', async () => {
    const net = fakeNetwork([[/./, () => 'stall']]);
    await expect(fetchWithin(net.fetch, 20, '/x', {}, async (r) => r.ok)).rejects.toBeInstanceOf(TimeoutError);
  });
});
