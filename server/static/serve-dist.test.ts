import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { securityHeaders } from '../security/security-headers.ts';
import { serveDist } from './serve-dist.ts';

const APP_JS = `console.log(${JSON.stringify('x'.repeat(3000))});\n`;
const PAGE = '<!doctype html><html lang="nl"><head><title>Home</title></head><body><script>$RC("B:1","S:1")</script></body></html>';
/** a page as the build writes it: with its .br, and no .gz (the server makes that) */
const LONG_PAGE = `<!doctype html><html lang="nl"><head><title>Diensten</title></head><body>${'<p>Websites die werken.</p>'.repeat(80)}</body></html>`;
const ABOUT_PAGE = LONG_PAGE.replace('Diensten', 'Over ons');
const NOT_FOUND = '<!doctype html><html lang="nl"><head><title>Niet gevonden</title></head><body></body></html>';
const SCRIPT_HASH = 'sha256-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';

let base: string;
let root: string;
let app: Hono;

/** dist/ with pages, a hashed asset and its .br/.gz, a public image, and what must never be served */
function makeFixture(dir: string) {
  const file = (path: string, body: string | Buffer) => {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), body);
  };
  file('index.html', PAGE);
  file('contact/index.html', '<p>contact</p>');
  // a route's page as the build writes it: a file named after the route
  file('werk.html', '<p>werk</p>');
  file('diensten/seo.html', '<p>seo</p>');
  file('diensten/index.html', LONG_PAGE);
  file('diensten/index.html.br', brotliCompressSync(LONG_PAGE));
  // a page as the build writes it now: no .br and no .gz (the server makes both)
  file('over-ons.html', ABOUT_PAGE);
  file('404.html', NOT_FOUND);
  file('assets/app-abc12345.js', APP_JS);
  file('assets/app-abc12345.js.br', brotliCompressSync(APP_JS));
  file('assets/app-abc12345.js.gz', gzipSync(APP_JS));
  file('images/logo.webp', Buffer.from([0x52, 0x49, 0x46, 0x46]));
  file('robots.txt', 'User-agent: *\n');
  file('.csp.json', JSON.stringify({ scriptHashes: [SCRIPT_HASH], styleHashes: [] }));
  file('.secret/key.txt', 'dot folder');
  // where the build writes the server's site file (SERVER_SITE_FILE)
  file('.server/site.json', JSON.stringify({ format: 1, forms: { contact: { id: 'contact' } }, siteUrl: 'https://example.nl' }));
  file('_headers', '/*\n  X-Test: 1\n');
}

beforeAll(() => {
  base = mkdtempSync(join(tmpdir(), 'serve-dist-'));
  root = join(base, 'dist');
  makeFixture(root);
  writeFileSync(join(base, 'outside.txt'), 'SECRET outside the build');
  symlinkSync(join(base, 'outside.txt'), join(root, 'leak.txt'));
  symlinkSync(base, join(root, 'up'));
  symlinkSync(join(root, 'robots.txt'), join(root, 'robots-link.txt'));
  app = new Hono();
  app.use('*', securityHeaders({ root, integrations: undefined, hsts: false }));
  app.get('/api/ping', (c) => c.json({ ok: true }));
  app.use('*', serveDist({ root }));
  app.onError((_e, c) => c.text('Internal Server Error', 500));
});

afterAll(() => rmSync(base, { recursive: true, force: true }));

const get = (path: string, headers: Record<string, string> = {}, method = 'GET') => app.request(path, { method, headers });

describe('routes', () => {
  it.each([
    ['/', PAGE],
    ['/index.html', PAGE],
    ['/contact', '<p>contact</p>'],
    ['/contact/', '<p>contact</p>'],
    ['/contact/index.html', '<p>contact</p>'],
    ['/werk', '<p>werk</p>'],
    ['/werk/', '<p>werk</p>'],
    ['/diensten/seo', '<p>seo</p>'],
    ['/robots.txt', 'User-agent: *\n'],
  ])('%s is served from its file', async (path, body) => {
    const res = await get(path);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(body);
  });

  it('sends the content type of the extension', async () => {
    expect((await get('/')).headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect((await get('/assets/app-abc12345.js')).headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect((await get('/images/logo.webp')).headers.get('content-type')).toBe('image/webp');
    expect((await get('/robots.txt')).headers.get('content-type')).toBe('text/plain; charset=utf-8');
  });

  it('answers an unknown path with 404.html, status 404 and no-store', async () => {
    const res = await get('/no/such/page');
    expect(res.status).toBe(404);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.text()).toBe(NOT_FOUND);
  });

  it('never caches a 404 of a missing asset', async () => {
    const res = await get('/assets/missing-abcdefgh.js');
    expect(res.status).toBe(404);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('etag')).toBeNull();
  });

  it('leaves /api/, /3/ and /uploads/ to the routes after it', async () => {
    expect(await (await get('/api/ping')).json()).toEqual({ ok: true });
    // nothing after it answers these: Hono's own 404, not 404.html
    for (const path of ['/api/unknown', '/3/image', '/uploads/a.png']) {
      const res = await get(path);
      expect(res.status).toBe(404);
      expect(await res.text()).not.toBe(NOT_FOUND);
    }
  });

  it('answers other methods on a file with 405 and Allow', async () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'OPTIONS', 'PATCH']) {
      const res = await get('/contact', {}, method);
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('GET, HEAD');
    }
    expect((await get('/nothing-here', {}, 'POST')).status).toBe(404);
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const res = await get('/assets/app-abc12345.js', {}, 'HEAD');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBe(String(Buffer.byteLength(APP_JS)));
    expect(res.headers.get('etag')).toBe((await get('/assets/app-abc12345.js')).headers.get('etag'));
    expect(await res.text()).toBe('');
    const missing = await get('/missing', {}, 'HEAD');
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe('');
  });
});

describe('nothing outside the index', () => {
  it('answers a malformed percent-encoding with 400, plain text', async () => {
    for (const path of ['/%E0%A4%A', '/%', '/a%zz', '/%c0%ae%c0%ae/outside.txt']) {
      const res = await get(path);
      expect(res.status, path).toBe(400);
      expect(res.headers.get('content-type')).toContain('text/plain');
    }
  });

  it.each([
    '/../outside.txt',
    '/../../etc/passwd',
    '/%2e%2e/outside.txt',
    '/%2E%2E/%2E%2E/etc/passwd',
    '/%252e%252e/outside.txt',
    '/..%2foutside.txt',
    '/..%2Foutside.txt',
    '/assets/..%2f..%2foutside.txt',
    '/%c0%ae%c0%ae/outside.txt',
    '/..\\outside.txt',
    '/%5c..%5coutside.txt',
    '/..%5coutside.txt',
    '/contact%00.html',
    '/leak.txt',
    '/up/outside.txt',
    '/up/dist/index.html',
    '/.csp.json',
    '/.secret/key.txt',
    '/.server/site.json',
    '/.server/',
    '/.server',
    '/_headers',
    '/assets/app-abc12345.js.br',
  ])('%s serves no file outside the build or hidden in it', async (path) => {
    const res = await get(path);
    expect([400, 404]).toContain(res.status);
    const body = await res.text();
    expect(body).not.toContain('SECRET');
    expect(body).not.toContain('dot folder');
    expect(body).not.toContain('scriptHashes');
    expect(body).not.toContain('X-Test');
    expect(body).not.toContain('siteUrl');
  });

  it('serves a link that stays inside the build', async () => {
    expect(await (await get('/robots-link.txt')).text()).toBe('User-agent: *\n');
  });
});

describe('compression', () => {
  const js = '/assets/app-abc12345.js';
  const encodingFor = async (accept: string | undefined) => {
    const res = await get(js, accept === undefined ? {} : { 'accept-encoding': accept });
    const raw = Buffer.from(await res.arrayBuffer());
    const encoding = res.headers.get('content-encoding') ?? 'identity';
    const text = encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw;
    expect(text.toString()).toBe(APP_JS);
    expect(res.headers.get('content-length')).toBe(String(raw.length));
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    return encoding;
  };

  it.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0.5, gzip;q=0.8', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', 'identity'],
    ['*', 'br'],
    ['*;q=0.1, gzip;q=0.5', 'gzip'],
    ['identity', 'identity'],
    ['deflate', 'identity'],
    ['br;q=1.0, gzip;q=1.0', 'br'],
    ['x-gzip', 'gzip'],
    ['identity;q=0.9, gzip;q=1', 'gzip'],
  ])('Accept-Encoding %j gets %s', async (accept, expected) => {
    expect(await encodingFor(accept)).toBe(expected);
  });

  it('makes the gzip of a page that has only its .br, for a client that takes gzip and not brotli', async () => {
    const viaGzip = await get('/diensten', { 'accept-encoding': 'gzip, deflate' });
    const raw = Buffer.from(await viaGzip.arrayBuffer());
    expect(viaGzip.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(raw).toString()).toBe(LONG_PAGE);
    expect(raw.length).toBeLessThan(LONG_PAGE.length / 4);
    expect(viaGzip.headers.get('content-length')).toBe(String(raw.length));
    expect(viaGzip.headers.get('vary')).toBe('Accept-Encoding');
    // the brotli file as built, and the page as it is, each with an ETag of its own
    const viaBrotli = await get('/diensten', { 'accept-encoding': 'gzip, br' });
    expect(viaBrotli.headers.get('content-encoding')).toBe('br');
    expect(brotliDecompressSync(Buffer.from(await viaBrotli.arrayBuffer())).toString()).toBe(LONG_PAGE);
    const plainPage = await get('/diensten', { 'accept-encoding': 'identity' });
    expect(await plainPage.text()).toBe(LONG_PAGE);
    const tags = [viaGzip, viaBrotli, plainPage].map((res) => res.headers.get('etag'));
    expect(new Set(tags).size).toBe(3);
    // the same gzip again (kept in memory), its HEAD, and a 304 on its ETag
    expect(Buffer.from(await (await get('/diensten', { 'accept-encoding': 'gzip' })).arrayBuffer()).equals(raw)).toBe(true);
    const head = await get('/diensten', { 'accept-encoding': 'gzip' }, 'HEAD');
    expect(head.headers.get('content-length')).toBe(String(raw.length));
    expect((await get('/diensten', { 'accept-encoding': 'gzip', 'if-none-match': tags[0]! })).status).toBe(304);
    // a file too small to gain from it stays as it is
    expect((await get('/contact', { 'accept-encoding': 'gzip' })).headers.get('content-encoding')).toBeNull();
  });

  it("makes a page's brotli and gzip when the build left it without either, once each", async () => {
    const viaBrotli = await get('/over-ons', { 'accept-encoding': 'gzip, deflate, br' });
    const br = Buffer.from(await viaBrotli.arrayBuffer());
    expect(viaBrotli.headers.get('content-encoding')).toBe('br');
    expect(brotliDecompressSync(br).toString()).toBe(ABOUT_PAGE);
    expect(br.length).toBeLessThan(ABOUT_PAGE.length / 4);
    expect(viaBrotli.headers.get('content-length')).toBe(String(br.length));
    expect(viaBrotli.headers.get('vary')).toBe('Accept-Encoding');
    const viaGzip = await get('/over-ons', { 'accept-encoding': 'gzip' });
    expect(viaGzip.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await viaGzip.arrayBuffer())).toString()).toBe(ABOUT_PAGE);
    const plainPage = await get('/over-ons', { 'accept-encoding': 'identity' });
    expect(await plainPage.text()).toBe(ABOUT_PAGE);
    const tags = [viaBrotli, viaGzip, plainPage].map((res) => res.headers.get('etag'));
    expect(new Set(tags).size).toBe(3);
    // the same bytes again (kept in memory), its HEAD, and a 304 on its ETag
    expect(Buffer.from(await (await get('/over-ons', { 'accept-encoding': 'br' })).arrayBuffer()).equals(br)).toBe(true);
    expect((await get('/over-ons', { 'accept-encoding': 'br' }, 'HEAD')).headers.get('content-length')).toBe(String(br.length));
    expect((await get('/over-ons', { 'accept-encoding': 'br', 'if-none-match': tags[0]! })).status).toBe(304);
    // a page too small to gain from it stays as it is
    expect((await get('/contact', { 'accept-encoding': 'br' })).headers.get('content-encoding')).toBeNull();
  });

  it('varies on Accept-Encoding for compressible files without a compressed copy', async () => {
    const res = await get('/robots.txt', { 'accept-encoding': 'br' });
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect((await get('/images/logo.webp')).headers.get('vary')).toBeNull();
  });
});

describe('caching', () => {
  it('caches hashed assets for a year', async () => {
    for (const accept of ['br', 'gzip', 'identity']) {
      const res = await get('/assets/app-abc12345.js', { 'accept-encoding': accept });
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    }
  });

  it('revalidates pages and public files with a strong ETag and Last-Modified', async () => {
    for (const path of ['/', '/contact', '/images/logo.webp']) {
      const res = await get(path);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(res.headers.get('etag')).toMatch(/^"[^"]+"$/);
      expect(new Date(res.headers.get('last-modified') ?? '').getTime()).toBeGreaterThan(0);
    }
  });

  it('answers a matching If-None-Match with 304 and no body', async () => {
    const first = await get('/contact');
    const etag = first.headers.get('etag')!;
    for (const value of [etag, `W/${etag}`, `"nope", ${etag}`, '*']) {
      const res = await get('/contact', { 'if-none-match': value });
      expect(res.status, value).toBe(304);
      expect(res.headers.get('etag')).toBe(etag);
      expect(await res.text()).toBe('');
    }
    expect((await get('/contact', { 'if-none-match': '"other"' })).status).toBe(200);
  });

  it('gives each encoding its own ETag', async () => {
    const tags = await Promise.all(
      ['br', 'gzip', 'identity'].map(async (a) => (await get('/assets/app-abc12345.js', { 'accept-encoding': a })).headers.get('etag')),
    );
    expect(new Set(tags).size).toBe(3);
    const gz = tags[1]!;
    expect((await get('/assets/app-abc12345.js', { 'accept-encoding': 'gzip', 'if-none-match': gz })).status).toBe(304);
    expect((await get('/assets/app-abc12345.js', { 'accept-encoding': 'br', 'if-none-match': gz })).status).toBe(200);
  });

  it('uses If-Modified-Since only without If-None-Match', async () => {
    const lastModified = (await get('/contact')).headers.get('last-modified')!;
    expect((await get('/contact', { 'if-modified-since': lastModified })).status).toBe(304);
    expect((await get('/contact', { 'if-modified-since': 'Thu, 01 Jan 1970 00:00:00 GMT' })).status).toBe(200);
    expect((await get('/contact', { 'if-modified-since': lastModified, 'if-none-match': '"other"' })).status).toBe(200);
    expect((await get('/contact', { 'if-modified-since': 'not a date' })).status).toBe(200);
  });
});

describe('security headers', () => {
  const cases: [string, string, string, number][] = [
    ['page', 'GET', '/', 200],
    ['asset', 'GET', '/assets/app-abc12345.js', 200],
    ['not modified', 'GET', '/robots.txt', 304],
    ['unknown path', 'GET', '/nope', 404],
    ['wrong method', 'POST', '/', 405],
    ['bad encoding', 'GET', '/%E0%A4%A', 400],
    ['API', 'GET', '/api/ping', 200],
  ];
  it.each(cases)('are on every answer: %s', async (_label, method, path, status) => {
    const etag = (await get('/robots.txt')).headers.get('etag')!;
    const res = await get(path, status === 304 ? { 'if-none-match': etag } : {}, method);
    expect(res.status).toBe(status);
    const csp = res.headers.get('content-security-policy') ?? '';
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src')) ?? '';
    expect(scriptSrc).toContain(`'${SCRIPT_HASH}'`);
    expect(scriptSrc).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('permissions-policy')).toContain('camera=()');
    expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    // HTTP only in this app
    expect(res.headers.get('strict-transport-security')).toBeNull();
    expect(csp).not.toContain('upgrade-insecure-requests');
  });
});

describe('failures', () => {
  it('turns a file gone since the start into a 500 that names no path, and logs the path escaped', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'serve-dist-gone-'));
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const name = 'gone\u202etxt.exe';
      writeFileSync(join(dir, 'index.html'), 'home');
      writeFileSync(join(dir, name), 'soon gone');
      const gone = new Hono().use('*', serveDist({ root: dir }));
      rmSync(join(dir, name));
      const res = await gone.request(`/${encodeURIComponent(name)}`);
      expect(res.status).toBe(500);
      const body = await res.text();
      expect(body).not.toContain(dir);
      expect(body).not.toContain('gone');
      const line = logged.mock.calls.map((args) => args.join(' ')).join('\n');
      expect(line).toContain('gone\\u202etxt.exe');
      expect(line).not.toContain('\u202e');
    } finally {
      logged.mockRestore();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('streams a file over the memory limit, with its length', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'serve-dist-big-'));
    try {
      const big = Buffer.alloc(300_000, 'a');
      writeFileSync(join(dir, 'big.txt'), big);
      const small = new Hono().use('*', serveDist({ root: dir, cacheFileBytes: 1000 }));
      const res = await small.request('/big.txt');
      expect(res.headers.get('content-length')).toBe(String(big.length));
      expect(Buffer.from(await res.arrayBuffer()).equals(big)).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('answers 404 in plain text when there is no build', async () => {
    const empty = new Hono().use('*', serveDist({ root: join(tmpdir(), 'no-such-build-dir') }));
    const res = await empty.request('/');
    expect(res.status).toBe(404);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});
