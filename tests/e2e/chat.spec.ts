import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { expectHydrated, expectNoAxeViolations, openPage, watchConsole } from './helpers.ts';

/**
 * The chat is prerendered HTML until the visitor first points at, touches or focuses it; then its island hydrates and keeps
 * its own timers, so these tests drive Playwright's clock: installed and paused before the page loads, then
 * advanced by hand past the splash where the page has one; a hover on the button brings the island to life.
 */
const START = new Date('2025-03-03T09:41:00');
const toggle = (page: Page) => page.getByRole('button', { name: /^Chat openen/ });
const dialog = (page: Page) => page.getByRole('dialog', { name: 'Chat met Helder Digitaal' });
const input = (page: Page) => dialog(page).getByLabel('Je bericht');

/** Opens a page with a paused clock, lets a first page's splash pass and hydrates the chat with a hover on its button. */
async function openWithClock(page: Page, path = '/') {
  await page.clock.install({ time: START });
  await page.clock.pauseAt(START.getTime() + 2000); // a jump ahead, so it is never in the past on a slow machine
  await page.goto(path);
  await page.clock.runFor(1500); // the splash, on the first page of a visit
  await expect(toggle(page)).toBeVisible();
  await toggle(page).hover();
  await expectHydrated(page, 'chat');
}

/** How long the page has been open, on its own (paused) clock. */
const pageAge = (page: Page) => page.evaluate(() => performance.now());

/** Opens the box and lets the typing delay run out. */
async function openChat(page: Page) {
  await toggle(page).click();
  await expect(dialog(page)).toBeVisible();
  await page.clock.runFor(2000);
  await expect(dialog(page).getByText('Waarmee kunnen we je helpen?')).toBeVisible();
}

/**
 * The badge and its chime are timed from the start of the page, and the first page of a visit starts with the
 * splash and the page's fade-in; the layout is measured over that whole first load.
 */
test.describe('the first page of a visit', () => {
  test.use({ firstVisit: true });

  test(
    'the badge shows 1 60 seconds after the page appeared, fetching the chime only then, and opening clears it',
    { tag: '@desktop-only' },
    async ({ page }) => {
      const check = watchConsole(page);
      const sounds: string[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/sounds/')) sounds.push(r.url());
      });
      await openWithClock(page);
      const badge = page.getByTestId('chat-badge');
      await page.clock.runFor(59_500 - (await pageAge(page)));
      await expect(badge).toHaveCount(0);
      expect(sounds).toEqual([]);
      await page.clock.runFor(600);
      await expect(badge).toHaveText('1');
      await expect(toggle(page)).toHaveAccessibleName('Chat openen 1 nieuw bericht');
      await expect.poll(() => sounds.length).toBe(1);
      await toggle(page).click();
      await expect(badge).toHaveCount(0);
      // opening stopped the timer for good: no badge after closing and waiting another few minutes
      await page.keyboard.press('Escape');
      await page.clock.runFor(180_000);
      await expect(badge).toHaveCount(0);
      check();
    },
  );

  test(
    'a visitor who has used the page but not the chat still hears the chime on time: the chat takes over 3 s before its badge',
    { tag: '@desktop-only' },
    async ({ page }) => {
      const sounds: string[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/sounds/')) sounds.push(r.url());
      });
      await page.clock.install({ time: START });
      await page.clock.pauseAt(START.getTime() + 2000);
      await page.goto('/');
      await page.clock.runFor(1500); // splash
      // a click far from the chat: a user activation, so the page may play sound
      await page.getByRole('heading', { level: 1 }).click();
      await page.clock.runFor(56_000 - (await pageAge(page)));
      await expect(page.locator('[data-island="chat"]')).not.toHaveAttribute('data-hydrated', 'true');
      await page.clock.runFor(1_500);
      await expectHydrated(page, 'chat');
      expect(sounds).toEqual([]);
      await page.clock.runFor(60_500 - (await pageAge(page)));
      await expect(page.getByTestId('chat-badge')).toHaveText('1');
      await expect.poll(() => sounds.length).toBe(1);
    },
  );

  test('the chat causes no layout shift, from the first paint through its hydration', async ({ page }) => {
    // sum every layout shift not caused by input, and which of them moved the chat
    await page.addInitScript(() => {
      // Chromium reported no shifts inside .page while its first-load fade (fill-mode both) stayed in effect, so the
      // fade is switched off here to keep the measurement from being blind to the page the chat could push around.
      // (a constructed stylesheet: the site's CSP refuses an injected <style> element, as it should)
      document.addEventListener('DOMContentLoaded', () => {
        const sheet = new CSSStyleSheet();
        sheet.replaceSync('.page--fade { animation: none !important; }');
        document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
      });
      const shifts: { value: number; inChat: boolean }[] = [];
      type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node?: Node | null }[] };
      const record = (entries: PerformanceEntry[]) => {
        for (const e of entries as Shift[]) {
          if (e.hadRecentInput) continue;
          const inChat = (e.sources ?? []).some((s) => s.node instanceof Element && s.node.closest('[data-island="chat"]') !== null);
          shifts.push({ value: e.value, inChat });
        }
      };
      const observer = new PerformanceObserver((list) => record(list.getEntries()));
      observer.observe({ type: 'layout-shift', buffered: true });
      Object.assign(window, { __shifts: shifts, __flushShifts: () => record(observer.takeRecords()) });
    });
    await openPage(page, '/');
    await toggle(page).hover();
    await expectHydrated(page, 'chat');
    // two frames and a task so any shift from the hydrated chat is reported, then take what the observer still holds
    const shifts = await page.evaluate(async () => {
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 0))));
      const w = window as unknown as { __flushShifts: () => void; __shifts: { value: number; inChat: boolean }[] };
      w.__flushShifts();
      return w.__shifts;
    });
    const sum = (list: typeof shifts) => list.reduce((total, s) => total + s.value, 0);
    expect(sum(shifts.filter((s) => s.inChat)), 'layout shift of the chat').toBe(0);
    expect(sum(shifts), 'cumulative layout shift of the whole load').toBeLessThan(0.01);
  });
});

test('opening shows typing dots for 2 seconds, then the name, greeting and time', { tag: '@desktop-only' }, async ({ page }) => {
  await openWithClock(page);
  await toggle(page).click();
  await expect(dialog(page)).toBeVisible();
  await expect(input(page)).toBeFocused();
  await expect(toggle(page)).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByTestId('chat-typing')).toBeVisible();
  await page.clock.runFor(1900);
  await expect(page.getByTestId('chat-typing')).toBeVisible();
  await page.clock.runFor(200);
  await expect(page.getByTestId('chat-typing')).toHaveCount(0);
  const message = page.getByTestId('chat-message');
  await expect(message).toContainText('Helder Digitaal');
  await expect(message).toContainText('Hallo! 👋 Waarmee kunnen we je helpen?');
  await expect(message.locator('time')).toHaveText('09:41');
  // clicking the floating button while open changes nothing
  await toggle(page).click();
  await expect(dialog(page)).toBeVisible();
});

test('Escape closes and returns focus to the button; a click outside closes; a click inside keeps it open', async ({ page }) => {
  await openWithClock(page);
  await openChat(page);
  await page.keyboard.press('Escape');
  await expect(dialog(page)).toBeHidden();
  await expect(toggle(page)).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(dialog(page)).toBeVisible();
  await expect(input(page)).toBeFocused();
  await dialog(page).getByText('Online').click();
  await dialog(page).getByTestId('chat-message').click();
  await expect(dialog(page)).toBeVisible();
  await page.getByRole('heading', { level: 1 }).click();
  await expect(dialog(page)).toBeHidden();

  await toggle(page).click();
  await dialog(page).getByRole('button', { name: 'Chat sluiten' }).click();
  await expect(dialog(page)).toBeHidden();
  await expect(toggle(page)).toBeFocused();
});

test(
  'submit opens WhatsApp with the phone and encoded text in a new window and clears the field; empty does nothing',
  { tag: '@desktop-only' },
  async ({ page, context }) => {
    await context.route('https://api.whatsapp.com/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>wa</title>' }));
    // record every window.open call on the page itself, then let it through so the real popup opens too
    await page.addInitScript(() => {
      const calls: unknown[][] = [];
      Object.assign(window, { __openCalls: calls });
      const original = window.open.bind(window);
      window.open = (...args: Parameters<typeof window.open>) => {
        calls.push(args);
        return original(...args);
      };
    });
    const openCalls = () => page.evaluate(() => (window as unknown as { __openCalls: unknown[][] }).__openCalls);
    await openWithClock(page);
    await openChat(page);

    await dialog(page).getByRole('button', { name: 'Versturen via WhatsApp' }).click();
    await input(page).fill('   ');
    await input(page).press('Enter'); // the submit handler runs synchronously inside this key press
    expect(await openCalls()).toEqual([]);
    await expect(input(page)).toHaveValue('   ');

    await input(page).fill('Wat kost een webshop & hoe snel? #vraag');
    const url = 'https://api.whatsapp.com/send/?phone=31623456789&text=Wat%20kost%20een%20webshop%20%26%20hoe%20snel%3F%20%23vraag';
    const [popup] = await Promise.all([context.waitForEvent('page'), input(page).press('Enter')]);
    expect(await openCalls()).toEqual([[url, '_blank', 'noopener,noreferrer']]);
    await popup.waitForLoadState();
    expect(popup.url()).toBe(url);
    // noopener: the WhatsApp tab gets no handle back to this page
    expect(await popup.evaluate(() => window.opener)).toBeNull();
    await expect(input(page)).toHaveValue('');
  },
);

test('the chat is HTML until the visitor touches it, not the page: its code is requested only then', { tag: '@desktop-only' }, async ({ page }) => {
  const chatRequests: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('chat-widget')) chatRequests.push(r.url());
  });
  await openPage(page, '/');
  // the button is in the prerendered HTML, its badge hidden until the bootstrap's timer of one interval marks it due
  await expect(toggle(page)).toBeVisible();
  const badge = page.getByTestId('chat-badge');
  await expect(badge).toBeHidden();
  await expect(page.locator('[data-island="chat"]')).toHaveAttribute('data-badge-after', '60000');
  await page.waitForTimeout(1500);
  expect(chatRequests).toEqual([]);
  // a touch of the page elsewhere leaves it HTML
  await page.mouse.move(50, 400);
  await page.mouse.down();
  await page.mouse.up();
  await page.keyboard.press('Shift');
  await page.waitForTimeout(500);
  expect(chatRequests).toEqual([]);
  await toggle(page).hover();
  await expectHydrated(page, 'chat');
  expect(chatRequests.some((u) => u.endsWith('.js'))).toBe(true);
  // the live chat has no badge yet: the machine shows it when the interval has passed
  await expect(badge).toHaveCount(0);
});

test('axe finds no violations with the chat open', async ({ page }) => {
  await openWithClock(page);
  await openChat(page);
  await page.clock.resume(); // axe schedules its own timers
  await expectNoAxeViolations(page);
});

test('the chat button is on every page route and on a landing page, without shifting the layout', async ({ page }) => {
  test.setTimeout(90_000);
  for (const path of ['/', '/web-development', '/marketing', '/portfolio', '/contact', '/offerte', '/demo', '/algemene-voorwaarden', '/webdesign-amersfoort']) {
    await openPage(page, path);
    const button = toggle(page);
    await expect(button, path).toBeVisible({ timeout: 5000 });
    expect(await button.evaluate((el) => getComputedStyle(el.parentElement!).position), path).toBe('fixed');
  }
});
