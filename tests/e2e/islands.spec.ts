import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { expectHydrated, waitForSplash, watchConsole } from './helpers.ts';
import { scrollThrough } from '../../scripts/test-support/browser.ts';

/**
 * Static by default: a page is HTML and CSS from the build, and only its interactive blocks (islands) load
 * JavaScript, each when its directive in the block registry says so.
 */

/** The file names (without hash) of every script the page fetches from now on. */
function watchScripts(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') seen.push(new URL(r.url()).pathname.replace(/^\/assets\//, '').replace(/-[\w-]{8}\.js$/, ''));
  });
  return seen;
}

test.describe('static pages', () => {
  // a landing page with ?preview: it stays instead of forwarding to / after 1.5 s
  for (const path of ['/portfolio', '/web-development', '/algemene-voorwaarden', '/webdesign-amersfoort?preview']) {
    test(`${path} fetches no script, even scrolled to the end, until the visitor interacts`, { tag: '@desktop-only' }, async ({ page }) => {
      const scripts = watchScripts(page);
      await page.goto(path);
      await expect(page.locator('script[src]')).toHaveCount(0);
      await scrollThrough(page);
      expect(scripts).toEqual([]);
      // a touch elsewhere on the page loads nothing; pointing at the chat brings it to life, and nothing else
      await page.mouse.move(20, 300);
      await page.mouse.down();
      await page.mouse.up();
      await page.waitForTimeout(300);
      expect(scripts).toEqual([]);
      await page.getByRole('button', { name: /^Chat openen/ }).hover();
      await expectHydrated(page, 'chat');
      expect(scripts).toContain('chat-widget');
      expect(scripts.filter((s) => /swiper|form-block|image-field|carousel|mockup|app/.test(s))).toEqual([]);
    });
  }
});

test('/ loads no script for its first screen; each island loads when it scrolls into view', async ({ page }) => {
  const scripts = watchScripts(page);
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  expect(scripts).toEqual([]);
  await page
    .locator('[data-island="testimonial-carousel"] > *')
    .first()
    .evaluate((el) => el.scrollIntoView({ behavior: 'instant' }));
  await expectHydrated(page, 'testimonial-carousel');
  expect(scripts).toContain('testimonial-carousel');
  await scrollThrough(page);
  await expectHydrated(page, 'portfolio-mockup');
  expect(scripts.filter((s) => /swiper|form-block|image-field|chat-widget/.test(s))).toEqual([]);
});

test('/demo fetches Swiper and the form island only, and no other island or the router', async ({ page }) => {
  const scripts = watchScripts(page);
  await page.goto('/demo');
  // the carousel is on the first screen: it hydrates once the page is shown
  await expectHydrated(page, 'demo-carousel');
  await scrollThrough(page);
  // the form waits for the visitor: scrolled past, it is still HTML
  expect(scripts.filter((s) => /form-block/.test(s))).toEqual([]);
  await page.locator('[data-island="form"] input').first().focus();
  await expectHydrated(page, 'form');
  const islands = scripts.filter((s) => !/^(hydrate|rolldown-runtime|react|react-dom|jsx-runtime|site-context|islands|preload-helper|chat-machine)$/.test(s));
  expect(islands.some((s) => s.startsWith('swiper'))).toBe(true);
  expect(islands).toContain('demo-carousel');
  expect(islands).toContain('form-block');
  expect(islands.filter((s) => /testimonial|portfolio-mockup|chat-widget|app|router|helmet/.test(s))).toEqual([]);
});

test('hydration re-renders nothing: the prerendered nodes of an island stay the same nodes', { tag: '@desktop-only' }, async ({ page }) => {
  await page.goto('/contact');
  const marked = await page.locator('[data-island="form"] form').evaluate((form) => {
    (form as unknown as { __prerendered: boolean }).__prerendered = true;
    return true;
  });
  expect(marked).toBe(true);
  await page.locator('[data-island="form"] input').first().focus();
  await expectHydrated(page, 'form');
  expect(await page.locator('[data-island="form"] form').evaluate((form) => (form as unknown as { __prerendered?: boolean }).__prerendered)).toBe(true);
});

test('/contact: the token request goes out at load; the form and the chat fetch no script until the visitor interacts with each', async ({ page }) => {
  const scripts = watchScripts(page);
  const tokens: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/forms/contact/token') tokens.push(r.method());
  });
  await page.goto('/contact');
  await waitForSplash(page);
  await expect.poll(() => tokens).toEqual(['GET']);
  await page.waitForLoadState('networkidle');
  await scrollThrough(page);
  await page.waitForTimeout(500);
  expect(scripts).toEqual([]);
  // the visitor starts on the form: its code arrives, and it takes the page's token instead of asking for another
  await page.locator('[data-island="form"] input').first().focus();
  await expectHydrated(page, 'form');
  expect(scripts).toContain('form-block');
  expect(scripts.filter((s) => /chat-widget/.test(s))).toEqual([]);
  await page.getByRole('button', { name: /^Chat openen/ }).hover();
  await expectHydrated(page, 'chat');
  expect(scripts).toContain('chat-widget');
  expect(tokens).toEqual(['GET']);
});

test('a click on the chat before its code has arrived still opens it', async ({ page }) => {
  // hold the chat's code back until the click has happened
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/chat-widget-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/portfolio');
  await waitForSplash(page);
  await page.getByRole('button', { name: /^Chat openen/ }).click();
  release();
  await expect(page.getByRole('dialog', { name: 'Chat met Helder Digitaal' })).toBeVisible();
});

// the badge is due an interval after the page started, splash included: timed from the first page of a visit
test.describe('the first page of a visit', () => {
  test.use({ firstVisit: true });

  test('before any script, the chat badge still shows once the notification interval has passed', { tag: '@desktop-only' }, async ({ page }) => {
    // time stands still unless the test moves it, so a slow machine's load time never counts towards the interval
    await page.clock.install({ time: new Date('2026-01-05T10:00:00') });
    await page.clock.pauseAt(new Date('2026-01-05T10:00:01'));
    const scripts = watchScripts(page);
    await page.goto('/portfolio');
    const badge = page.getByTestId('chat-badge');
    await page.clock.runFor(59_000);
    await expect(badge).toBeHidden();
    await page.clock.runFor(1_500);
    await expect(badge).toBeVisible();
    await expect(page.getByRole('button', { name: /^Chat openen/ })).toHaveAccessibleName('Chat openen 1 nieuw bericht');
    expect(scripts).toEqual([]);
  });
});

test.describe('one visit across prerendered pages', () => {
  // a visit from its first page, with the splash, on to later ones
  test.use({ firstVisit: true });

  test('the splash shows on the first page only; a new visit shows it again', { tag: '@desktop-only' }, async ({ page, browser }) => {
    await page.goto('/');
    await expect(page.getByTestId('splash')).toContainText('Helder Digitaal');
    await waitForSplash(page);
    await page.locator('footer').getByRole('link', { name: 'Contact', exact: true }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByTestId('splash')).toBeHidden();
    expect(await page.evaluate(() => document.documentElement.dataset.splash)).toBe('seen');
    await page.reload();
    await expect(page.getByTestId('splash')).toBeHidden();
    const fresh = await browser.newPage();
    await fresh.goto(page.url());
    await expect(fresh.getByTestId('splash')).toContainText('Helder Digitaal');
    expect(await fresh.evaluate(() => document.documentElement.dataset.splash)).toBeUndefined();
    await fresh.close();
  });

  test('the chat keeps its state from page to page: left open, it is open on the next page', { tag: '@desktop-only' }, async ({ page }) => {
    const check = watchConsole(page);
    await page.goto('/');
    await waitForSplash(page);
    await page.getByRole('button', { name: /^Chat openen/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Chat met Helder Digitaal' });
    // after the typing dots' 2 s, in real time: a generous wait, for a busy machine
    await expect(dialog.getByText('Waarmee kunnen we je helpen?')).toBeVisible({ timeout: 20_000 });
    await page.goto('/portfolio');
    // hydrated at once, without a touch, with the greeting and no typing dots again
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('Waarmee kunnen we je helpen?')).toBeVisible();
    await dialog.getByRole('button', { name: 'Chat sluiten' }).click();
    await expect(dialog).toBeHidden();
    await page.goto('/contact');
    await expect(page.locator('[data-island="chat"]')).toHaveAttribute('data-saved-open', 'false');
    await expect(dialog).toBeHidden();
    check();
  });

  test('a badge shown on one page is on the next one from the first paint, before any script', { tag: '@desktop-only' }, async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    await waitForSplash(page);
    await page.getByRole('button', { name: /^Chat openen/ }).hover();
    await expectHydrated(page, 'chat');
    await page.clock.runFor(61_000);
    await expect(page.getByTestId('chat-badge')).toBeVisible();
    const scripts = watchScripts(page);
    await page.goto('/portfolio');
    await expect(page.getByTestId('chat-badge')).toBeVisible();
    await expect(page.getByRole('button', { name: /^Chat openen/ })).toHaveAccessibleName('Chat openen 1 nieuw bericht');
    expect(scripts).toEqual([]);
  });

  test('pages carry speculation rules, so the next page is prerendered on intent', { tag: '@desktop-only' }, async ({ page }) => {
    await page.goto('/');
    const rules = JSON.parse((await page.locator('script[type="speculationrules"]').textContent()) ?? '{}') as {
      prerender: { eagerness: string; where: unknown }[];
    };
    expect(rules.prerender[0]?.eagerness).toBe('moderate');
    expect(JSON.stringify(rules.prerender[0]?.where)).toContain('/api/*');
  });
});
