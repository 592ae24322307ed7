import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { e2eSiteRoot } from '../../playwright.config.ts';
import { ADMIN, closeStores, expectNoAxeViolations, newAccount, signIn } from './backoffice-support.ts';

/**
 * The back office's header says whose it is: the live site's logo beside its name (issue 50). The logo comes from
 * the back office's own origin (/site-logo), as its CSP allows images from itself only; the fixture's is an svg.
 */
test.afterAll(closeStores);

const config = JSON.parse(readFileSync(join(e2eSiteRoot, 'site.config.json'), 'utf8')) as { brand: { name: string } };
const siteName = config.brand.name;

/** The logo's image, drawn: loaded (not broken) and its height on the screen. */
const drawn = (page: Page, selector: string) =>
  page
    .locator(selector)
    .evaluate((img: HTMLImageElement) => ({ complete: img.complete, natural: img.naturalWidth, height: img.getBoundingClientRect().height }));

test("the header shows the site's logo beside its name, the menu still fits the width, and nothing for axe", async ({ page }) => {
  await page.goto(`${ADMIN}/aanmelden`);
  const signInLogo = page.getByRole('main').locator('img[src="/site-logo"]');
  await expect(signInLogo).toHaveAttribute('alt', '');
  await expect.poll(async () => (await drawn(page, 'main img[src="/site-logo"]')).natural).toBeGreaterThan(0);

  await signIn(page, await newAccount('admin'));
  const header = page.getByRole('banner');
  await expect(header.getByRole('navigation', { name: 'Onderdelen' })).toBeVisible();
  const logo = header.locator('img[src="/site-logo"]');
  // decorative: the name beside it says it, so the image says nothing to a screen reader
  await expect(logo).toHaveAttribute('alt', '');
  await expect(logo).toBeVisible();
  await expect(header.getByText(siteName, { exact: true })).toBeVisible();
  await expect.poll(async () => (await drawn(page, 'header img[src="/site-logo"]')).natural).toBeGreaterThan(0);
  expect(Math.round((await drawn(page, 'header img[src="/site-logo"]')).height)).toBe(28);
  // the logo and the name side by side, on one line
  const [logoBox, nameBox] = [await logo.boundingBox(), await header.getByText(siteName, { exact: true }).boundingBox()];
  expect(nameBox!.x).toBeGreaterThan(logoBox!.x + logoBox!.width - 1);
  expect(nameBox!.y).toBeLessThan(logoBox!.y + logoBox!.height);
  // at 390 px as at 1280 px: nothing past the edge, the menu's entries all in view
  const width = page.viewportSize()!.width;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  for (const link of await header.getByRole('navigation').getByRole('link').all()) {
    const box = (await link.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(width);
  }
  await expectNoAxeViolations(page);
});

test('a logo that cannot be loaded leaves the name alone in the header', async ({ page }) => {
  await page.route(`${ADMIN}/site-logo`, (route) => route.fulfill({ status: 404, body: '' }));
  await signIn(page, await newAccount('sales'));
  const header = page.getByRole('banner');
  await expect(header.getByRole('navigation', { name: 'Onderdelen' })).toBeVisible();
  await expect(header.getByText(siteName, { exact: true })).toBeVisible();
  await expect(header.locator('img')).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
});

test('the logo is served from the back office as an image that runs no script; a path that leaves it is refused @desktop-only', async ({ request }) => {
  const answer = await request.get(`${ADMIN}/site-logo`);
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toBe('image/svg+xml');
  expect(answer.headers()['content-security-policy']).toContain("default-src 'none'; style-src 'unsafe-inline'");
  expect(answer.headers()['x-content-type-options']).toBe('nosniff');
  expect(await answer.text()).toContain('<svg');
  for (const path of ['/site-logo/..%2f..%2f.server%2fsite.json', '/..%2f..%2fetc%2fpasswd', '/site-logo%2f..%2f..%2f.server%2fsite.json']) {
    const refused = await request.get(`${ADMIN}${path}`);
    expect(await refused.text(), path).not.toMatch(/"forms"|root:/);
  }
});
