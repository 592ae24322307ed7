import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { adminHeaders, ADMIN_CSP, LOGO_CSP } from './admin-headers.ts';
import { adminPages } from './admin-pages.ts';
import { logoFile, siteLogo } from './site-logo.ts';

const base = mkdtempSync(join(tmpdir(), 'site-logo-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));
const pages = join(base, 'pages');
const build = join(base, 'build');
const next = join(base, 'build-next');
mkdirSync(pages);
mkdirSync(join(build, 'images'), { recursive: true });
mkdirSync(join(build, '.server'), { recursive: true });
mkdirSync(next);
writeFileSync(join(pages, 'index.html'), '<!doctype html><html lang="nl"><head><title>Back office</title></head><body></body></html>');
// an svg that would run script if it were opened as a page of the back office's origin
const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><script>alert(document.cookie)</script><rect width="10" height="10"/></svg>';
writeFileSync(join(build, 'logo.svg'), svg);
const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
writeFileSync(join(build, 'images/logo.png'), png);
writeFileSync(join(build, '.server/hidden.png'), 'the build keeps its own files here');
writeFileSync(join(next, 'new-logo.png'), 'the next build');
// beside the build, never served: what an attacker would reach by leaving the build's folder
writeFileSync(join(base, 'secret.png'), 'not the logo');
writeFileSync(join(base, 'secret.txt'), 'not the logo either');
symlinkSync(join(base, 'secret.png'), join(build, 'link.png'));

let live: { root: string; path: string } | undefined;
const logo = () => live;
const app = new Hono();
app.use('*', adminHeaders({ hsts: false }));
app.use('*', siteLogo(logo));
app.use(
  '*',
  adminPages(
    pages,
    () => 'nl',
    () => 'Bakkerij De Eem',
    async () => (await logoFile(logo())) !== undefined,
  ),
);
app.notFound((c) => c.json({ error: 'not-found' }, 404));

const page = async () => (await app.request('/leads')).text();
const META = '<meta name="site-logo" content="/site-logo" />';

beforeEach(() => {
  live = { root: build, path: '/logo.svg' };
});

describe("the site's logo on the back office's origin", () => {
  it('refuses a request that tries to leave the build by its path: only /site-logo itself is the logo, and nothing outside the folders is read', async () => {
    for (const path of [
      '/site-logo/..%2f..%2fsecret.png',
      '/site-logo%2f..%2f..%2fsecret.png',
      '/site-logo/%2e%2e/%2e%2e/secret.png',
      '/site-logo/../secret.txt',
      '/..%2fsecret.png',
      '/..%2f..%2fsecret.png',
      '/..%2fbuild%2flogo.svg',
      '/%2e%2e%2fsecret.txt',
    ]) {
      const answer = await app.request(path);
      const body = await answer.text();
      expect(body, path).not.toContain('not the logo');
      expect(body, path).not.toContain('<svg');
      if (answer.status === 200) expect(answer.headers.get('content-type'), path).toBe('text/html; charset=utf-8');
      else expect(answer.status, path).toBe(404);
    }
    // a query names no file: the logo is the live build's, whatever is asked
    const asked = await app.request('/site-logo?path=../secret.png');
    expect(await asked.text()).toBe(svg);
  });

  it("refuses a logo path in the build's site file that leaves the build, hides in a dot-folder, follows a link out of it or is no image", async () => {
    for (const path of [
      '/../secret.png',
      '/images/../../secret.png',
      '/images/..%2f..%2fsecret.png',
      '/./../secret.png',
      '\\..\\secret.png',
      '/link.png',
      '/.server/hidden.png',
      '/../secret.txt',
      '/logo.svg\0.png',
      'logo.svg',
    ]) {
      live = { root: build, path };
      const answer = await app.request('/site-logo');
      expect(answer.status, path).toBe(404);
      expect(await answer.text(), path).not.toContain('not the logo');
      expect(await page(), path).not.toContain('site-logo');
    }
  });

  it("serves the live build's svg logo as an image that can run no script, and tells the page where it is, beside the name", async () => {
    const answer = await app.request('/site-logo');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('image/svg+xml');
    expect(answer.headers.get('content-security-policy')).toBe(LOGO_CSP);
    expect(LOGO_CSP).toContain("default-src 'none'; style-src 'unsafe-inline'");
    expect(LOGO_CSP).not.toMatch(/script-src|unsafe-eval/);
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(answer.headers.get('x-frame-options')).toBe('DENY');
    expect(answer.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expect(await answer.text()).toBe(svg);
    const head = await app.request('/site-logo', { method: 'HEAD' });
    expect([head.status, head.headers.get('content-type'), await head.text()]).toEqual([200, 'image/svg+xml', '']);
    expect((await app.request('/site-logo', { method: 'POST' })).status).toBe(404);

    const html = await page();
    expect(html).toContain(`<meta name="site-name" content="Bakkerij De Eem" />\n  ${META}\n  </head>`);
    // the pages keep their own policy: the logo's is for the logo alone
    expect((await app.request('/leads')).headers.get('content-security-policy')).toBe(ADMIN_CSP);
  });

  it('serves a png as a png, and the logo of the build that is live now', async () => {
    live = { root: build, path: '/images/logo.png' };
    const answer = await app.request('/site-logo');
    expect([answer.status, answer.headers.get('content-type')]).toEqual([200, 'image/png']);
    expect(Buffer.from(await answer.arrayBuffer())).toEqual(png);
    live = { root: next, path: '/new-logo.png' };
    expect(await (await app.request('/site-logo')).text()).toBe('the next build');
  });

  it('answers 404 and writes no tag when the site has no logo or the build lacks its file: the header shows the name alone', async () => {
    live = undefined;
    expect((await app.request('/site-logo')).status).toBe(404);
    expect(await page()).not.toContain(META);
    expect(await page()).toContain('site-name');
    live = { root: build, path: '/images/missing.png' };
    expect((await app.request('/site-logo')).status).toBe(404);
    expect(await page()).not.toContain(META);
    live = { root: join(base, 'gone'), path: '/logo.svg' };
    expect((await app.request('/site-logo')).status).toBe(404);
  });
});
