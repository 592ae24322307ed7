import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { paths } from '../../core/paths.ts';
import { phoneViewport } from '../../playwright.config.ts';
import { startServer, type ServerProcess } from '../support/server-process.ts';
import { expectNoAxeViolations, openPage, watchConsole } from './helpers.ts';
import { field, status, submitButton } from './forms-support/mocks.ts';

/**
 * The consent banner on the tags fixture site (tests/fixtures/tags: the base site with a Meta pixel and a Google
 * Analytics tag), built into a folder of its own and served by the production server on this spec's ports
 * (4840-4859). The tags' hosts are answered by a local stand-in that records what the page does with them: nothing
 * leaves the machine, and a request to one of them before the visitor's choice is seen.
 */
const FIXTURE = join(paths.root, 'tests/fixtures/tags');
const SUCCESS = 'Bedankt voor je aanvraag! We nemen zo spoedig mogelijk contact met je op.';
const TAG_HOSTS = /^https:\/\/([\w-]+\.)*(facebook\.net|facebook\.com|googletagmanager\.com|google-analytics\.com)\//;

// the stand-ins: each records its calls and sets the first-party cookie the real script sets
const META_STUB = `(() => {
  const fbq = window.fbq;
  window.fbqCalls = fbq.queue.slice();
  fbq.callMethod = (...args) => window.fbqCalls.push(args);
  document.cookie = '_fbp=fb.1.1700000000000.123; path=/';
})();`;
const GOOGLE_STUB = `document.cookie = '_ga=GA1.1.123.1700000000; path=/';`;

test.describe.configure({ mode: 'default' });

let server: ServerProcess;
let out: string;

test.beforeAll(async ({ browserName: _browser }, testInfo) => {
  testInfo.setTimeout(180_000);
  out = join(mkdtempSync(join(tmpdir(), 'consent-')), 'out');
  const build = spawnSync(process.execPath, ['--import', 'tsx', join(paths.root, 'scripts/build/build.ts')], {
    cwd: paths.root,
    env: { ...process.env, SITE_ROOT: FIXTURE, SITE_OUT: out, BUILD_QUIET: '1' },
    encoding: 'utf8',
  });
  expect(build.status, build.stdout + build.stderr).toBe(0);
  const port = 4840 + 2 * testInfo.parallelIndex;
  server = await startServer({ distDir: out, env: { PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` } });
});

test.afterAll(async () => {
  await server?.stop();
  if (out) rmSync(join(out, '..'), { recursive: true, force: true });
});

const at = (path: string) => `${server.url}${path}`;

/** Answers every request to a tag's host with its stand-in, and returns the list of what was asked, kept up to date. */
async function stubTags(page: Page): Promise<string[]> {
  const requests: string[] = [];
  await page.context().route(TAG_HOSTS, (route) => {
    const url = route.request().url();
    requests.push(url);
    const body = url.includes('fbevents.js') ? META_STUB : url.includes('/gtag/js') ? GOOGLE_STUB : '';
    return route.fulfill({ status: 200, contentType: 'application/javascript', body });
  });
  return requests;
}

const banner = (page: Page) => page.getByRole('dialog', { name: 'Cookies en metingen' });
const cookieNames = async (page: Page) => (await page.context().cookies()).map((c) => c.name).sort();
const fbqCalls = (page: Page) => page.evaluate(() => (window as unknown as { fbqCalls?: unknown[][] }).fbqCalls ?? null);

async function sendQuote(page: Page) {
  await field(page, 'Naam').fill('Jan Jansen');
  await field(page, 'E-mailadres').fill('jan@example.nl');
  await submitButton(page).click();
  await expect(status(page)).toHaveText(SUCCESS);
}

test.describe('the consent banner', { tag: '@desktop-only' }, () => {
  test('before a choice: the banner, no request to a tag’s host and no cookie; Weigeren loads nothing, here or on the next page', async ({ page }) => {
    const check = watchConsole(page);
    const requests = await stubTags(page);
    await openPage(page, at('/offerte'));
    await expect(banner(page)).toBeVisible();
    await expect(banner(page)).toContainText('Meta Platforms Ireland');
    await expect(banner(page)).toContainText('Google Ireland (Google Analytics)');
    expect(requests).toEqual([]);
    expect(await cookieNames(page)).toEqual([]);
    // a quote sent before any choice fires nothing: no pixel is on the page
    await sendQuote(page);
    expect(await page.evaluate(() => typeof (window as unknown as { fbq?: unknown }).fbq)).toBe('undefined');

    await banner(page).getByRole('button', { name: 'Weigeren' }).click();
    await expect(banner(page)).toBeHidden();
    await openPage(page, at('/'));
    await expect(banner(page)).toBeHidden();
    expect(requests).toEqual([]);
    expect(await cookieNames(page)).toEqual([]);
    check();
  });

  test('Accepteren and Weigeren are equally prominent, nothing is ticked, and the keyboard reaches the banner first', async ({ page }) => {
    await stubTags(page);
    await openPage(page, at('/'));
    const accept = banner(page).getByRole('button', { name: 'Accepteren' });
    const refuse = banner(page).getByRole('button', { name: 'Weigeren' });
    const look = (button: typeof accept) =>
      button.evaluate((el) => {
        const s = getComputedStyle(el);
        const box = el.getBoundingClientRect();
        return { height: box.height, font: `${s.fontSize} ${s.fontWeight}`, colour: s.color, background: s.backgroundColor };
      });
    expect(await look(refuse)).toEqual(await look(accept));
    // an overlay fixed at the bottom: it pushes nothing on the page
    expect(await banner(page).evaluate((el) => getComputedStyle(el).position)).toBe('fixed');
    await page.keyboard.press('Tab');
    await expect(refuse).toBeFocused();

    await banner(page).getByRole('button', { name: 'Per onderdeel kiezen' }).click();
    await expect(banner(page).getByRole('checkbox', { name: 'Statistiek' })).not.toBeChecked();
    await expect(banner(page).getByRole('checkbox', { name: 'Marketing' })).not.toBeChecked();
  });

  test('after Accepteren the pixel and the Google tag load, and the quote’s success fires CompleteRegistration', async ({ page }) => {
    const check = watchConsole(page);
    const requests = await stubTags(page);
    await openPage(page, at('/offerte'));
    await banner(page).getByRole('button', { name: 'Accepteren' }).click();
    await expect(banner(page)).toBeHidden();
    await expect.poll(() => requests.map((u) => new URL(u).pathname).sort()).toEqual(['/en_US/fbevents.js', '/gtag/js']);
    expect(requests).toContain('https://www.googletagmanager.com/gtag/js?id=G-TEST12345');
    // Consent Mode v2: the default the Google tag reads is the visitor's choice
    const consent = await page.evaluate(() => [...((window as unknown as { dataLayer: IArguments[] }).dataLayer[0] ?? [])]);
    expect(consent).toEqual([
      'consent',
      'default',
      { ad_storage: 'granted', ad_user_data: 'granted', ad_personalization: 'granted', analytics_storage: 'granted' },
    ]);
    await expect.poll(() => cookieNames(page)).toEqual(['_fbp', '_ga']);
    expect(await fbqCalls(page)).toEqual([
      ['consent', 'grant'],
      ['init', '123456789012345'],
      ['track', 'PageView'],
    ]);

    await sendQuote(page);
    await expect.poll(() => fbqCalls(page)).toContainEqual(['track', 'CompleteRegistration']);
    check();
  });

  test('statistics alone: the Google tag loads, the pixel does not, and the quote fires nothing', async ({ page }) => {
    const requests = await stubTags(page);
    await openPage(page, at('/offerte'));
    await banner(page).getByRole('button', { name: 'Per onderdeel kiezen' }).click();
    await banner(page).getByRole('checkbox', { name: 'Statistiek' }).check();
    await banner(page).getByRole('button', { name: 'Keuze opslaan' }).click();
    await expect.poll(() => requests.map((u) => new URL(u).pathname)).toEqual(['/gtag/js']);
    await sendQuote(page);
    expect(await page.evaluate(() => typeof (window as unknown as { fbq?: unknown }).fbq)).toBe('undefined');
    expect(requests.some((u) => u.includes('facebook'))).toBe(false);
  });

  test('the footer link reopens the choice; withdrawing stops the pixel, removes the cookies, and nothing loads again', async ({ page }) => {
    const requests = await stubTags(page);
    await openPage(page, at('/offerte'));
    await banner(page).getByRole('button', { name: 'Accepteren' }).click();
    await expect.poll(() => cookieNames(page)).toEqual(['_fbp', '_ga']);

    const settings = page.getByRole('button', { name: 'Cookie-instellingen' });
    await settings.click();
    await expect(banner(page)).toBeVisible();
    await expect(banner(page).getByRole('heading', { name: 'Cookies en metingen' })).toBeFocused();
    await expect(banner(page).getByRole('checkbox', { name: 'Statistiek' })).toBeChecked();
    await expect(banner(page).getByRole('checkbox', { name: 'Marketing' })).toBeChecked();
    // Escape closes it unchanged, focus back on the footer's button
    await page.keyboard.press('Escape');
    await expect(banner(page)).toBeHidden();
    await expect(settings).toBeFocused();
    expect(await cookieNames(page)).toEqual(['_fbp', '_ga']);
    await settings.click();
    await banner(page).getByRole('button', { name: 'Weigeren' }).click();
    await expect(banner(page)).toBeHidden();
    await expect(settings).toBeFocused();
    await expect(page.getByRole('status').filter({ hasText: 'Uw keuze is opgeslagen.' })).toHaveCount(1);
    expect(await cookieNames(page)).toEqual([]);
    expect((await fbqCalls(page))?.at(-1)).toEqual(['consent', 'revoke']);

    // the pixel is still in this page's memory, but told to stop: a quote now fires nothing
    await sendQuote(page);
    expect(await fbqCalls(page)).not.toContainEqual(['track', 'CompleteRegistration']);

    const before = requests.length;
    await openPage(page, at('/'));
    expect(requests).toHaveLength(before);
    expect(await cookieNames(page)).toEqual([]);
  });

  test('axe finds nothing with the banner, its categories, and after a choice, at 1280 and 390 px', async ({ page }) => {
    await stubTags(page);
    for (const viewport of [{ width: 1280, height: 800 }, phoneViewport]) {
      await page.setViewportSize(viewport);
      await page.evaluate(() => localStorage.clear()).catch(() => {});
      await openPage(page, at('/'));
      await expect(banner(page)).toBeVisible();
      await expectNoAxeViolations(page);
      await banner(page).getByRole('button', { name: 'Per onderdeel kiezen' }).click();
      await expectNoAxeViolations(page);
      await banner(page).getByRole('button', { name: 'Weigeren' }).click();
      await expectNoAxeViolations(page);
    }
  });
});
