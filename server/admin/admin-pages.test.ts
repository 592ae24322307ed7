import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { afterAll, expect, it } from 'vitest';
import { adminHeaders } from './admin-headers.ts';
import { adminPages, withLanguage, withSiteName } from './admin-pages.ts';

const base = mkdtempSync(join(tmpdir(), 'admin-pages-'));
const dir = join(base, 'pages');
afterAll(() => rmSync(base, { recursive: true, force: true }));
mkdirSync(join(dir, 'assets'), { recursive: true });
writeFileSync(join(dir, 'index.html'), '<!doctype html><html lang="nl"><head><title>Back office</title></head><body></body></html>');
writeFileSync(join(dir, 'assets/app-1234.js'), 'console.log(1)');
writeFileSync(join(dir, '..', 'secret-beside-admin-pages.txt'), 'not served');

let siteLang = 'en-GB';
const app = new Hono();
app.use('*', adminHeaders({ hsts: false }));
let name: string | undefined = 'Bakkerij <De Eem> & "Zn"';
app.use(
  '*',
  adminPages(
    dir,
    () => siteLang,
    () => name,
  ),
);
app.notFound((c) => c.json({ error: 'not-found' }, 404));

it('serves the page for every screen path, its hashed files for a year, and nothing outside its folder or under /api', async () => {
  for (const path of ['/', '/aanmelden', '/leads/abc', '/uitnodiging/token']) {
    const page = await app.request(path);
    expect([page.status, page.headers.get('content-type'), page.headers.get('cache-control')]).toEqual([200, 'text/html; charset=utf-8', 'no-store']);
    expect(await page.text()).toContain('<title>Back office</title>');
  }
  const script = await app.request('/assets/app-1234.js');
  expect([script.status, script.headers.get('content-type'), script.headers.get('cache-control')]).toEqual([
    200,
    'text/javascript; charset=utf-8',
    'public, max-age=31536000, immutable',
  ]);
  expect(script.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  expect((await app.request('/assets/missing.js')).status).toBe(404);
  expect((await app.request('/..%2fsecret-beside-admin-pages.txt')).status).toBe(404);
  expect((await app.request('/api/nothing')).status).toBe(404);
  expect((await app.request('/', { method: 'POST' })).status).toBe(404);
});

it("sends each page in the live site's language, which the screens read, and a language that is not a tag as English", async () => {
  expect(await (await app.request('/leads')).text()).toContain('<html lang="en-GB">');
  siteLang = 'nl';
  expect(await (await app.request('/aanmelden')).text()).toContain('<html lang="nl">');
  expect(withLanguage('<!doctype html><html lang="nl" class="x"><body>', '"><script>')).toBe('<!doctype html><html lang="en"><body>');
});

it('names the live site in every page, escaped, for the header; a build that names none gets no tag', async () => {
  expect(await (await app.request('/leads')).text()).toContain('<meta name="site-name" content="Bakkerij &#60;De Eem&#62; &#38; &#34;Zn&#34;" />\n  </head>');
  name = undefined;
  expect(await (await app.request('/aanmelden')).text()).not.toContain('site-name');
  expect(withSiteName('<html><head></head>', '')).toBe('<html><head></head>');
});
