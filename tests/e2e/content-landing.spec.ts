import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { paths } from '../../core/paths.ts';
import { desktopViewport, phoneViewport } from '../../playwright.config.ts';
import { runLighthouse } from '../../scripts/test-support/lighthouse.ts';
import { startServer, type ServerProcess } from '../support/server-process.ts';
import { expectNoAxeViolations, openPage, watchConsole } from './helpers.ts';

/**
 * Content landing pages on the content landing fixture site (tests/fixtures/content-landing), built into a folder of
 * its own and served by the production server on a port of this spec's own (4700-4719): a real page per city and
 * service, no redirect, its structured data, and hub pages that link the whole matrix.
 */
const FIXTURE = join(paths.root, 'tests/fixtures/content-landing');
const SITE_URL = 'https://www.clearwater.example';

// in order in one worker, not split among the workers: the fixture site is built once. Desktop only (the builds are
// the same at any viewport); each accessibility scan looks at the page at a phone's width too.
test.describe.configure({ mode: 'default' });

let server: ServerProcess;
let out: string;

test.beforeAll(async ({ browserName: _browser }, testInfo) => {
  testInfo.setTimeout(180_000);
  out = join(mkdtempSync(join(tmpdir(), 'content-landing-')), 'out');
  const build = spawnSync(process.execPath, ['--import', 'tsx', join(paths.root, 'scripts/build/build.ts')], {
    cwd: paths.root,
    env: { ...process.env, SITE_ROOT: FIXTURE, SITE_OUT: out, BUILD_QUIET: '1' },
    encoding: 'utf8',
  });
  expect(build.status, build.stdout + build.stderr).toBe(0);
  // one port per project and worker, inside this spec's range
  const port = 4700 + 2 * testInfo.parallelIndex;
  server = await startServer({ distDir: out, env: { PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` } });
});

test.afterAll(async () => {
  await server?.stop();
  if (out) rmSync(join(out, '..'), { recursive: true, force: true });
});

const at = (path: string) => `${server.url}${path}`;

/** axe on the open page, then on the same page opened again at the phone project's width. */
async function expectAccessibleAtBothWidths(page: Page, url: string): Promise<void> {
  await expectNoAxeViolations(page);
  await page.setViewportSize(phoneViewport);
  await openPage(page, url);
  await expectNoAxeViolations(page);
}

/** The page's JSON-LD objects, parsed. */
async function structuredData(page: Page): Promise<Record<string, unknown>[]> {
  const texts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return texts.map((t) => JSON.parse(t) as Record<string, unknown>);
}

/** What this spec reads of a Lighthouse report. */
interface LighthouseSeoReport {
  finalDisplayedUrl?: string;
  categories: { seo: { score: number | null } };
  audits: Record<string, { id: string; title: string; score: number | null; scoreDisplayMode: string }>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- parsed JSON-LD, read by its schema.org shape
type Ld = Record<string, any>;
const ofType = (all: Record<string, unknown>[], type: string) => all.find((d) => d['@type'] === type) as Ld | undefined;

test.describe('content landing pages', { tag: '@desktop-only' }, () => {
  test('each city has its own content, and the page stays: no redirect, indexable, its own canonical URL', async ({ page }) => {
    const consoleOk = watchConsole(page);
    await openPage(page, at('/web-design-bath'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Websites that win customers in Bath');
    await expect(page.getByText('Guesthouses on the London Road')).toBeVisible();
    await expect(page.getByText('Bradford-on-Avon, Corsham, Keynsham, Midsomer Norton, Frome, all across Somerset')).toBeVisible();
    // Bath's override of this service: its own block in place of the template's fourth
    await expect(page.getByRole('heading', { name: 'Websites for tourism and hospitality in Bath' })).toBeVisible();
    // Bath's own question comes first in the FAQ
    await expect(page.locator('details summary').first()).toContainText('Can you help a guesthouse in Bath take direct bookings?');
    // longer than the redirecting pages' 1.5 s: a content landing page never forwards
    await page.waitForTimeout(2000);
    expect(new URL(page.url()).pathname).toBe('/web-design-bath');
    await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${SITE_URL}/web-design-bath`);
    await expect(page).toHaveTitle('Web design Bath - Websites for small businesses | Clearwater Studio');
    // no placeholder left unfilled anywhere a visitor or a search engine reads
    expect(await page.locator('body').innerText()).not.toMatch(/\{\w+\}/);
    expect(await page.title()).not.toMatch(/\{\w+\}/);

    await openPage(page, at('/web-design-milton-keynes'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Websites that win customers in Milton Keynes');
    await expect(page.getByText('Guesthouses on the London Road')).toHaveCount(0);
    await expect(page.getByText('pallet logistics company at Magna Park')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Websites for tourism and hospitality in Bath' })).toHaveCount(0);
    consoleOk();
  });

  test('its JSON-LD is a Service in that City and the breadcrumb the page shows', async ({ page }) => {
    await openPage(page, at('/seo-bath'));
    const data = await structuredData(page);
    const service = ofType(data, 'Service')!;
    expect(service.areaServed).toMatchObject({ '@type': 'City', name: 'Bath', containedInPlace: { name: 'Somerset' } });
    expect(service.provider['@type']).toBe('Organization');
    expect(service.url).toBe(`${SITE_URL}/seo-bath`);
    expect(service.description).toBe(await page.locator('meta[name="description"]').getAttribute('content'));
    const trail = page.getByRole('navigation', { name: 'Breadcrumb' });
    const shown = await trail.getByRole('listitem').allInnerTexts();
    const crumbs = ofType(data, 'BreadcrumbList')!.itemListElement as { name: string; item: string; position: number }[];
    expect(crumbs.map((c) => c.name)).toEqual(shown.map((s) => s.trim()));
    expect(crumbs.map((c) => c.item)).toEqual([`${SITE_URL}/`, `${SITE_URL}/services/seo`, `${SITE_URL}/seo-bath`]);
    expect(service.name).toBe(shown.at(-1)!.trim());
    await expect(trail.locator('[aria-current="page"]')).toHaveText('SEO in Bath');
    // the home page keeps its Organization, and nothing else
    await openPage(page, at('/'));
    expect((await structuredData(page)).map((d) => d['@type'])).toEqual(['Organization']);
  });

  test('where the site has an office, the provider is a LocalBusiness at that address', async ({ page }) => {
    await openPage(page, at('/web-design-bristol'));
    const provider = ofType(await structuredData(page), 'Service')!.provider;
    expect(provider).toMatchObject({
      '@type': 'LocalBusiness',
      address: { streetAddress: '12 Victoria Street', postalCode: 'BS1 6BN', addressLocality: 'Bristol' },
    });
  });

  test('shows the office whose address its LocalBusiness gives, and none in a town without an office', async ({ page }) => {
    await openPage(page, at('/web-design-bristol'));
    const { provider } = ofType(await structuredData(page), 'Service')!;
    const office = page.getByRole('region', { name: 'Our office in Bristol' });
    const lines = (await office.locator('address').innerText()).split('\n').map((l) => l.trim());
    const { streetAddress, postalCode, addressLocality } = provider.address as Ld;
    expect(lines.slice(0, 3)).toEqual([provider.name, streetAddress, `${postalCode} ${addressLocality}`]);
    await expect(office.getByRole('link', { name: '0117 496 0123' })).toHaveAttribute('href', `tel:${provider.telephone}`);
    await expect(office.getByRole('link', { name: provider.email })).toHaveAttribute('href', `mailto:${provider.email}`);
    await openPage(page, at('/web-design-bath'));
    await expect(page.getByTestId('office')).toHaveCount(0);
  });

  test('links to the same service elsewhere, other services here and both hubs; the hubs link back to every page', async ({ page }) => {
    await openPage(page, at('/web-design-bath'));
    const links = page.getByTestId('matrix-links');
    await expect(links.getByRole('link', { name: 'Web design in Bristol' })).toHaveAttribute('href', '/web-design-bristol');
    await expect(links.getByRole('link', { name: 'SEO in Bath' })).toHaveAttribute('href', '/seo-bath');
    await links.getByRole('link', { name: 'All towns for Web design' }).click();
    await expect(page).toHaveURL(at('/services/web-design'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Web design for small businesses, town by town');
    const cities = page.getByTestId('hub-links').getByRole('link');
    expect(await cities.evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual([
      '/web-design-bristol',
      '/web-design-bath',
      '/web-design-milton-keynes',
    ]);
    await openPage(page, at('/areas/bath'));
    const services = page.getByTestId('hub-links').getByRole('link');
    // each card: the page's name, then the description its search result shows
    // every landing page of the town, the redirecting service's too
    expect((await services.allInnerTexts()).map((t) => t.split('\n')[0])).toEqual(['Web design in Bath', 'SEO in Bath', 'Hosting in Bath']);
    await expect(services.first()).toContainText('Web design in Bath by Clearwater Studio: fast, modern websites for small businesses in Somerset');
    await expect(services.last()).toHaveAttribute('href', '/hosting-bath');
    await expect(services.last()).toContainText('Managed hosting for small businesses in Bath');
    const list = ofType(await structuredData(page), 'ItemList')!;
    expect((list.itemListElement as { name: string }[]).map((i) => i.name)).toEqual(['Web design in Bath', 'SEO in Bath', 'Hosting in Bath']);
  });

  test('the redirecting service of the same site still forwards, as before', async ({ page }) => {
    await page.goto(at('/hosting-bath'));
    // after its 1.5 s, in real time: a generous wait, for a busy machine
    await expect(page).toHaveURL(at('/'), { timeout: 20_000 });
  });

  test('the sitemap lists the content pages and hubs with a lastmod, and robots.txt names it', async ({ request }) => {
    const sitemap = await (await request.get(at('/sitemap.xml'))).text();
    // landing.noindexRedirects is off here (the default): the redirecting pages stay listed and indexable, as before
    expect(sitemap).toContain(`<loc>${SITE_URL}/hosting-bath</loc>`);
    for (const path of ['/web-design-bath', '/seo-milton-keynes', '/services/seo', '/areas/bristol'])
      expect(sitemap).toMatch(new RegExp(`<loc>${SITE_URL}${path}</loc><lastmod>\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ</lastmod>`));
    expect(await (await request.get(at('/robots.txt'))).text()).toContain(`Sitemap: ${SITE_URL}/sitemap.xml`);
    expect(readFileSync(join(out, 'sitemap.xml'), 'utf8')).toBe(sitemap);
  });

  for (const path of ['/web-design-bath', '/web-design-bristol', '/areas/bath']) {
    test(`${path} has no accessibility violations`, async ({ page }) => {
      await openPage(page, at(path));
      await expectAccessibleAtBothWidths(page, at(path));
    });
  }

  test('Lighthouse scores SEO 100 on a content landing page and on both kinds of hub', async () => {
    test.setTimeout(300_000);
    const reports = mkdtempSync(join(tmpdir(), 'content-landing-lh-'));
    try {
      const pages = ['/web-design-bath', '/services/web-design', '/areas/bath'];
      // each run is a browser and a process of its own, started together: they overlap their start and their waits
      const runs = await Promise.all(pages.map((path, n) => runLighthouse(at(path), join(reports, `report-${n}.json`), ['seo'])));
      for (const [n, path] of pages.entries()) {
        const { stderr } = runs[n]!;
        const lhr = JSON.parse(readFileSync(join(reports, `report-${n}.json`), 'utf8') || '{}') as LighthouseSeoReport;
        expect(lhr.finalDisplayedUrl, `${path}: ${stderr}`).toBe(at(path));
        const failed = Object.values(lhr.audits)
          .filter((a) => a.scoreDisplayMode === 'binary' && a.score !== 1)
          .map((a) => `${a.id}: ${a.title}`);
        expect(failed, path).toEqual([]);
        expect(lhr.categories.seo.score, path).toBe(1);
      }
    } finally {
      rmSync(reports, { recursive: true, force: true });
    }
  });

  test('the Nu HTML checker finds no error in any page of the build: landing pages, hubs, redirects and 404', () => {
    test.setTimeout(120_000);
    const run = spawnSync(process.execPath, ['--import', 'tsx', join(paths.root, 'scripts/cli/check-html.ts')], {
      cwd: paths.root,
      env: { ...process.env, SITE_OUT: out },
      encoding: 'utf8',
    });
    expect(run.status, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toMatch(/\d+ pages, 0 errors/);
  });
});

/**
 * The same fixture as a Dutch site ("lang": "nl") that writes none of the words around its content: its hubs give
 * only their addresses and it has no labels. Every word the engine writes is then the language's, never English.
 */
test.describe('content landing pages on a Dutch site', { tag: '@desktop-only' }, () => {
  // two pages and an accessibility scan each, on a machine that may be busy
  test.describe.configure({ timeout: 60_000 });
  let dutch: ServerProcess;
  let dutchOut: string;

  test.beforeAll(async ({ browserName: _browser }, testInfo) => {
    testInfo.setTimeout(180_000);
    const root = mkdtempSync(join(tmpdir(), 'content-landing-nl-'));
    cpSync(FIXTURE, join(root, 'site'), { recursive: true });
    const configFile = join(root, 'site/site.config.json');
    const config = JSON.parse(readFileSync(configFile, 'utf8')) as Ld;
    const { servicePath, cityPath } = config.landing.hubs as Ld;
    Object.assign(config, { lang: 'nl' });
    Object.assign(config.landing, { hubs: { servicePath, cityPath } });
    writeFileSync(configFile, JSON.stringify(config, null, 2));
    dutchOut = join(root, 'out');
    const build = spawnSync(process.execPath, ['--import', 'tsx', join(paths.root, 'scripts/build/build.ts')], {
      cwd: paths.root,
      env: { ...process.env, SITE_ROOT: join(root, 'site'), SITE_OUT: dutchOut, BUILD_QUIET: '1' },
      encoding: 'utf8',
    });
    expect(build.status, build.stdout + build.stderr).toBe(0);
    // the upper half of this spec's port range
    const port = 4710 + 2 * testInfo.parallelIndex;
    dutch = await startServer({ distDir: dutchOut, env: { PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` } });
  });

  test.afterAll(async () => {
    await dutch?.stop();
    if (dutchOut) rmSync(join(dutchOut, '..'), { recursive: true, force: true });
  });

  const nl = (path: string) => `${dutch.url}${path}`;
  /** The English words the engine wrote before it spoke the site's language. */
  const ENGLISH = /Breadcrumb|other towns|More from us|All towns|All our services|Our office|town by town/;

  test('a content landing page says its breadcrumb, its matrix links and its office in Dutch', async ({ page }) => {
    await openPage(page, nl('/web-design-bristol'));
    await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
    await expect(page.getByRole('navigation', { name: 'Kruimelpad' }).locator('[aria-current="page"]')).toHaveText('Web design in Bristol');
    const links = page.getByTestId('matrix-links');
    await expect(links.getByRole('heading', { name: 'Web design in andere plaatsen' })).toBeVisible();
    await expect(links.getByRole('heading', { name: 'Meer van ons in Bristol' })).toBeVisible();
    await expect(links.getByRole('link', { name: 'Alle plaatsen voor Web design' })).toHaveAttribute('href', '/services/web-design');
    await expect(links.getByRole('link', { name: 'Alles wat we doen in Bristol' })).toHaveAttribute('href', '/areas/bristol');
    await expect(page.getByRole('region', { name: 'Ons kantoor in Bristol' })).toContainText('12 Victoria Street');
    const engineWords = [
      await page.getByTestId('breadcrumbs').getAttribute('aria-label'),
      await page.getByTestId('matrix-links').innerText(),
      await page.getByTestId('office').innerText(),
    ].join('\n');
    expect(engineWords).not.toMatch(ENGLISH);
    await expectAccessibleAtBothWidths(page, nl('/web-design-bristol'));
  });

  test("a town's hub has a Dutch title and description, and lists every landing page of the town", async ({ page }) => {
    await openPage(page, nl('/areas/bath'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Onze diensten in Bath');
    await expect(page).toHaveTitle(/^Onze diensten in Bath/);
    await expect(page.getByText('Alles wat we doen voor ondernemers in Bath, elke dienst op een eigen pagina.')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Kruimelpad' })).toBeVisible();
    const cards = page.getByTestId('hub-links').getByRole('link');
    expect(await cards.evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual(['/web-design-bath', '/seo-bath', '/hosting-bath']);
    // every card has a text of its own, never "..."
    for (const text of await cards.allInnerTexts()) expect(text.split('\n').filter((l) => /\p{L}/u.test(l)).length).toBe(2);
    expect(await page.locator('main').innerText()).not.toMatch(ENGLISH);
    await expectAccessibleAtBothWidths(page, nl('/areas/bath'));
    await page.setViewportSize(desktopViewport);
    await openPage(page, nl('/services/seo'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('SEO per plaats');
  });
});
