import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { openPage } from './helpers.ts';

/** The production server's headers on every kind of answer, and a CSP that the site itself never trips. */
const pages = ['/', '/web-development', '/marketing', '/portfolio', '/contact', '/offerte', '/demo', '/algemene-voorwaarden', '/seo-utrecht'];

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

async function recordViolations(page: Page): Promise<string[]> {
  const found: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy|Refused to/i.test(msg.text())) found.push(msg.text());
  });
  await page.exposeFunction('__reportCsp', (text: string) => found.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __reportCsp: (t: string) => void }).__reportCsp(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  return found;
}

test.describe('security headers', () => {
  // the server's answers, the same at any viewport: asked once, in the desktop project
  test(
    'every route, asset, 404 and refused method carries them; script-src has no unsafe-inline or unsafe-eval',
    { tag: '@desktop-only' },
    async ({ request }) => {
      const html = await (await request.get('/')).text();
      const asset = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
      expect(asset).toBeTruthy();
      const answers = [
        ...(await Promise.all(pages.map(async (p) => ({ what: `GET ${p}`, answer: await request.get(p) })))),
        { what: `GET ${asset}`, answer: await request.get(asset!) },
        { what: 'GET /bestaat-niet', answer: await request.get('/bestaat-niet') },
        { what: 'POST /contact', answer: await request.post('/contact', { data: 'x' }) },
        { what: 'GET /api/leads', answer: await request.get('/api/leads') },
      ];
      for (const { what, answer } of answers) {
        const where = `${what} (${answer.status()})`;
        const h = answer.headers();
        const csp = directives(h['content-security-policy'] ?? '');
        const scripts = csp.get('script-src') ?? [];
        expect(scripts, where).toContain("'self'");
        expect(scripts, where).not.toContain("'unsafe-inline'");
        expect(scripts, where).not.toContain("'unsafe-eval'");
        expect(csp.get('frame-ancestors'), where).toEqual(["'none'"]);
        expect(csp.get('object-src'), where).toEqual(["'none'"]);
        expect(h['x-content-type-options'], where).toBe('nosniff');
        expect(h['referrer-policy'], where).toBe('strict-origin-when-cross-origin');
        expect(h['permissions-policy'], where).toContain('camera=()');
        expect(h['cross-origin-opener-policy'], where).toBe('same-origin');
      }
    },
  );

  test('unknown paths are 404 with the 404 page and never cached; other methods 405', { tag: '@desktop-only' }, async ({ request }) => {
    const missing = await request.get('/assets/bestaat-niet-123.js');
    expect(missing.status()).toBe(404);
    expect(missing.headers()['cache-control']).toBe('no-store');
    const post = await request.post('/contact', { data: 'x' });
    expect(post.status()).toBe(405);
    expect(post.headers()['allow']).toContain('GET');
  });

  // what the pages load is the same at any viewport
  for (const path of pages) {
    test(`${path} runs under the CSP without a single violation`, { tag: '@desktop-only' }, async ({ page }) => {
      const violations = await recordViolations(page);
      await openPage(page, path);
      if (path.startsWith('/seo-')) {
        // a landing page forwards to / after 1.5 s: the forwarded page is checked too
        await page.waitForURL((url) => url.pathname === '/');
      } else {
        // open the chat too: its avatar and sound load only then
        await page.getByRole('button', { name: /^Chat openen/ }).click();
        await expect(page.getByRole('dialog', { name: 'Chat met Helder Digitaal' })).toBeVisible();
      }
      await page.waitForTimeout(300);
      expect(violations).toEqual([]);
    });
  }
});
