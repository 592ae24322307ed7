import { test, expect } from './fixtures.ts';
import { expectHydrated, expectNoAxeViolations, openPage, scrollThrough, waitForSplash, watchConsole } from './helpers.ts';

const pages: [string, string][] = [
  ['/', 'Krijg een website waar je echt trots op kunt zijn'],
  ['/web-development', 'Websites, webshops en web-applicaties die werken'],
  ['/marketing', 'Online marketing die meetbaar meer klanten oplevert'],
  ['/portfolio', 'Websites waar onze klanten trots op zijn'],
  ['/contact', 'Kom in contact'],
  ['/offerte', 'Vraag een offerte aan'],
  ['/demo', 'Ontvang gratis een ontwerp van je nieuwe website'],
  ['/algemene-voorwaarden', 'Algemene voorwaarden'],
];
const cities = ['amersfoort', 'amsterdam', 'hilversum', 'utrecht', 'soest'];
const services = ['webdesign', 'website-ontwikkeling', 'web-applicatie', 'online-marketing', 'social-media-marketing', 'google-ads', 'seo', 'webshop'];
const landingPaths = cities.flatMap((c) => services.map((s) => `/${s}-${c}`));

test.describe('every route', () => {
  for (const [path, headline] of pages) {
    test(`${path} is prerendered with its headline; every island and the chat hydrate without an error or warning; axe finds nothing`, async ({
      page,
      request,
    }) => {
      const html = await (await request.get(path)).text();
      expect(html).toContain(`>${headline}</h1>`);
      const check = watchConsole(page);
      // openPage hydrates every island that hydrates by itself; the chat and a form wake when the visitor points at them
      await openPage(page, path);
      for (const form of await page.locator('[data-island="form"] form').all()) await form.hover();
      await page.getByRole('button', { name: /^Chat openen/ }).hover();
      await expectHydrated(page, 'chat');
      for (const island of await page.locator('[data-island]').all()) await expect(island).toHaveAttribute('data-hydrated', 'true');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(headline);
      check();
      // the whole page, lazy blocks scrolled in
      await scrollThrough(page);
      await expectNoAxeViolations(page);
    });
  }

  // the server's answer, the same at any viewport: asked once, in the desktop project
  test('the 40 landing pages each have their own title and description, in the prerendered HTML', { tag: '@desktop-only' }, async ({ request }) => {
    const titles = new Set<string>();
    for (const path of landingPaths) {
      const res = await request.get(path);
      expect(res.status(), path).toBe(200);
      const html = await res.text();
      const title = /<title>([^<]*)<\/title>/.exec(html)?.[1];
      expect(title, path).toBeTruthy();
      expect(html, path).toMatch(/<meta name="description" content="[^"]+"/);
      expect(html, path).toContain(`<link rel="canonical" href="https://www.helderdigitaal.nl${path}"/>`);
      titles.add(title!);
    }
    expect(titles.size).toBe(40);
  });

  test('every page has its own title', { tag: '@desktop-only' }, async ({ page }) => {
    const titles = new Set<string>();
    for (const [path] of pages) {
      await page.goto(path);
      titles.add(await page.title());
    }
    expect(titles.size).toBe(pages.length);
  });
});

// the server's answers, the same at any viewport: asked once, in the desktop project
test.describe('head tags', { tag: '@desktop-only' }, () => {
  test('the page head merges site defaults with the page', async ({ request }) => {
    const html = await (await request.get('/marketing')).text();
    const head = html.slice(0, html.indexOf('</head>'));
    expect(html).toMatch(/^<!doctype html>\s*<html lang="nl">/i);
    expect(head).toContain('<title>Online marketing - SEO, Google Ads en social media | Helder Digitaal</title>');
    expect(head).toContain('<link rel="canonical" href="https://www.helderdigitaal.nl/marketing"/>');
    expect(head).toContain('<meta property="og:type" content="website"/>');
    expect(head).toContain('<meta property="og:site_name" content="Helder Digitaal"/>');
    expect(head).toContain('<meta property="og:image" content="https://www.helderdigitaal.nl/images/og-image.png"/>');
    expect(head).toContain('<meta property="og:title" content="Online marketing - SEO, Google Ads en social media | Helder Digitaal"/>');
    expect(head).toMatch(/<meta property="og:description" content="Meer klanten via SEO/);
    expect(head).toContain('<meta name="theme-color" content="#1d4ed8"/>');
    const jsonLd = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)?.[1];
    const org = JSON.parse(jsonLd!) as { '@type': string; address: { addressCountry: string } };
    expect(org['@type']).toBe('Organization');
    expect(org.address.addressCountry).toBe('NL');
  });

  test('sitemap.xml lists every canonical route and robots.txt names it', async ({ request }) => {
    const sitemap = await (await request.get('/sitemap.xml')).text();
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toHaveLength(48);
    for (const path of [...pages.map(([p]) => p), ...landingPaths]) expect(locs).toContain(`https://www.helderdigitaal.nl${path}`);
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toContain('Sitemap: https://www.helderdigitaal.nl/sitemap.xml');
  });
});

// the pages' scripts and the server's answers, the same at any viewport
test.describe('redirects', { tag: '@desktop-only' }, () => {
  test('a landing page shows its message and link, then replaces itself with / after 1.5 s', async ({ page }) => {
    // time stands still from the start: only runFor moves it
    await page.clock.install({ time: new Date('2026-03-02T09:00:00') });
    await page.clock.pauseAt(new Date('2026-03-02T09:00:01'));
    await page.goto('/contact');
    await page.goto('/seo-utrecht');
    await expect(page).toHaveTitle('SEO Utrecht - Hoger in Google met zoekmachineoptimalisatie | Helder Digitaal');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('SEO in Utrecht');
    await expect(page.getByRole('link', { name: 'klik hier' })).toHaveAttribute('href', '/');
    await page.clock.runFor(1499);
    expect(new URL(page.url()).pathname).toBe('/seo-utrecht');
    await page.clock.runFor(1);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Krijg een website waar je echt trots op kunt zijn');
    // the landing page was replaced in history: back goes to the page before it
    await page.goBack();
    await expect(page).toHaveURL(/\/contact$/);
  });

  test('the landing page link takes the visitor to / at once', async ({ page }) => {
    await page.clock.install({ time: new Date('2026-03-02T09:00:00') });
    await page.clock.pauseAt(new Date('2026-03-02T09:00:01'));
    await page.goto('/webshop-soest');
    // the redirect timer stays paused: only the click takes the visitor on
    await page.getByRole('link', { name: 'klik hier' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('an unknown path answers 404 and sends the visitor to /, replacing the history entry', async ({ page }) => {
    await page.goto('/contact');
    const response = await page.goto('/bestaat-niet');
    expect(response?.status()).toBe(404);
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
    await waitForSplash(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Krijg een website waar je echt trots op kunt zijn');
    await page.goBack();
    await expect(page).toHaveURL(/\/contact$/);
  });
});

test.describe('accessibility', () => {
  // the other pages are scanned in 'every route' above
  test('axe finds no violations on a landing page (with ?preview, which stays instead of forwarding)', async ({ page }) => {
    await page.clock.install();
    // a landing page with ?preview stays instead of forwarding to / after 1.5 s, so axe reads the landing page itself
    await page.goto('/webdesign-amersfoort?preview');
    await page.clock.runFor(1400);
    await waitForSplash(page);
    await scrollThrough(page);
    await expectNoAxeViolations(page);
  });
});
