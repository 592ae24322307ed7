import { afterEach, describe, expect, it, vi } from 'vitest';
import { uploadImages } from './upload.ts';
import type { Fetch } from './timeout.ts';
import { fakeNetwork } from './testing/fake-network.ts';

const HOST = { baseUrl: 'https://img.example', clientId: 'client-1' };
const file = (name: string) => new File(['pixels'], name, { type: 'image/png' });
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const linkFor = (name: string) => json(200, { success: true, status: 200, data: { link: `https://i.example/${name}` } });

/** The name of the file a request carries, read from its FormData body. */
function uploadedName(init: RequestInit | undefined): string {
  const picture = (init?.body as FormData).get('image');
  return picture instanceof File ? picture.name : '';
}

afterEach(() => vi.unstubAllGlobals());

describe('uploadImages', () => {
  it('uses the link of a successful answer, posted with the client id', async () => {
    const fetchMock = vi.fn(async (_url: string, init?: RequestInit) => linkFor(uploadedName(init)));
    vi.stubGlobal('fetch', fetchMock);
    const picture = file('logo.png');
    expect(await uploadImages([picture], HOST, () => {})).toEqual([{ file: picture, link: 'https://i.example/logo.png' }]);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('https://img.example/3/image');
    expect(init?.method).toBe('POST');
    expect(init?.headers).toEqual({ Authorization: 'Client-ID client-1' });
  });

  it.each([
    ['success false', json(400, { success: false, status: 400, data: { error: 'Bad request' } })],
    ['success without a link', json(200, { success: true, data: {} })],
    ['a link with an error status', json(500, { success: true, data: { link: 'https://i.example/x.png' } })],
  ])('gives no link when the JSON answer is not a success (%s)', async (_, answer) => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer),
    );
    const [photo] = await uploadImages([file('logo.png')], HOST, () => {});
    expect(photo?.link).toBeUndefined();
  });

  it('gives no link when the answer is not JSON or the request fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockResolvedValueOnce(new Response('<html>Bad gateway</html>', { status: 502 }))
        .mockRejectedValueOnce(new TypeError('Failed to fetch')),
    );
    const photos = await uploadImages([file('a.png'), file('b.png')], HOST, () => {});
    expect(photos.map((p) => [p.file.name, p.link])).toEqual([
      ['a.png', undefined],
      ['b.png', undefined],
    ]);
  });

  it('gives up on a host that does not answer within the timeout, and goes on with the next file', async () => {
    const net = fakeNetwork([
      [/a\.png/, () => 'stall'],
      [/./, (call) => linkFor(uploadedName({ body: call.body as FormData }))],
    ]);
    // the fake routes by URL, so tell the files apart by a query the host ignores
    const byName: Fetch = (url, init) => net.fetch(`${String(url)}?${uploadedName(init)}`, init);
    const photos = await uploadImages([file('a.png'), file('b.png')], HOST, () => {}, { timeoutMs: 20, fetch: byName });
    expect(photos.map((p) => p.link)).toEqual([undefined, 'https://i.example/b.png']);
  });

  it.each([
    ['client id', { ...HOST, clientId: '' }],
    ['host address', { ...HOST, baseUrl: '' }],
  ])('without a %s no request is made and no file gets a link', async (_, host) => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const progress: number[] = [];
    const photos = await uploadImages([file('a.png'), file('b.png')], host, (p) => progress.push(p));
    expect(photos.every((p) => p.link === undefined)).toBe(true);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(progress).toEqual([50, 100]);
  });

  it('uploads one file at a time in order and reports done/total*100 after each', async () => {
    const events: string[] = [];
    const pending: Array<() => void> = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init?: RequestInit) => {
        const name = uploadedName(init);
        events.push(`start ${name}`);
        // each answer waits until the test lets it through, so overlapping requests would show up in `events`
        return new Promise<Response>((resolve) => pending.push(() => resolve(linkFor(name))));
      }),
    );
    const progress: number[] = [];
    const done = uploadImages([file('a.png'), file('b.png'), file('c.png')], HOST, (p) => {
      progress.push(p);
      events.push(`progress ${Math.round(p)}`);
    });
    for (let i = 0; i < 3; i++) {
      await vi.waitFor(() => expect(pending).toHaveLength(i + 1));
      // the next request does not start before this one is answered
      expect(events.filter((e) => e.startsWith('start'))).toHaveLength(i + 1);
      pending[i]!();
    }
    expect((await done).map((p) => p.link)).toEqual(['https://i.example/a.png', 'https://i.example/b.png', 'https://i.example/c.png']);
    expect(events).toEqual(['start a.png', 'progress 33', 'start b.png', 'progress 67', 'start c.png', 'progress 100']);
    expect(progress[0]).toBeCloseTo(100 / 3, 10);
    expect(progress[1]).toBeCloseTo(200 / 3, 10);
    expect(progress[2]).toBe(100);
  });
});
