import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { expectNoAxeViolations, openPage, watchConsole } from './helpers.ts';
import { advance, openWithClock, reloadWithClock, translateY } from './blocks-support.ts';

test.describe('home: FAQ accordion', () => {
  // the accordion is <details name=...>: each <summary> is the disclosure control, and the open item is details[open]
  const questions = (page: Page) => page.locator('#veelgestelde-vragen summary');
  const openItems = (page: Page) => page.locator('#veelgestelde-vragen details[open]');

  test('opens one answer at a time, switches, and closes the open one', async ({ page }) => {
    const check = watchConsole(page);
    await openPage(page, '/');
    const faq = page.locator('#veelgestelde-vragen');
    const q1 = questions(page).filter({ hasText: 'Hoe snel staat mijn website online?' });
    const q2 = questions(page).filter({ hasText: 'Wat kost een website bij Helder Digitaal?' });
    const a1 = faq.getByRole('region', { name: 'Hoe snel staat mijn website online?' });
    const a2 = faq.getByRole('region', { name: 'Wat kost een website bij Helder Digitaal?' });
    await expect(questions(page)).toHaveCount(4);
    await expect(openItems(page)).toHaveCount(0);
    await expect(a1).toBeHidden();

    await q1.click();
    await expect(a1).toBeVisible();
    await expect(openItems(page)).toHaveCount(1);

    await q2.click();
    await expect(a2).toBeVisible();
    await expect(a1).toBeHidden();
    await expect(openItems(page)).toHaveCount(1);

    await q2.click();
    await expect(a2).toBeHidden();
    await expect(openItems(page)).toHaveCount(0);
    check();
  });

  test('is usable with the keyboard alone, with a visible focus ring', async ({ page }) => {
    await openPage(page, '/');
    const items = page.locator('#veelgestelde-vragen details');
    await expect(questions(page)).toHaveCount(4);
    await questions(page).nth(0).focus();
    await page.keyboard.press('Enter');
    await expect(items.nth(0)).toHaveJSProperty('open', true);
    await page.keyboard.press('Tab');
    await expect(questions(page).nth(1)).toBeFocused();
    await expect
      .poll(() =>
        questions(page)
          .nth(1)
          .evaluate((el) => getComputedStyle(el).outlineStyle),
      )
      .toBe('solid');
    await page.keyboard.press('Space');
    await expect(items.nth(1)).toHaveJSProperty('open', true);
    await expect(items.nth(0)).toHaveJSProperty('open', false);
    await page.keyboard.press('Enter');
    await expect(openItems(page)).toHaveCount(0);
  });

  test('has no accessibility violations with an answer open', async ({ page }) => {
    await openPage(page, '/');
    await questions(page).first().click();
    await expect(openItems(page)).toHaveCount(1);
    await expectNoAxeViolations(page);
  });
});

test.describe('home: testimonial carousel', () => {
  const names = (page: Page) => page.locator('#ervaringen figure figcaption span span:first-child').allTextContents();

  test('shows three testimonials with five stars and moves with arrows and dots', async ({ page }) => {
    await openPage(page, '/');
    const section = page.locator('#ervaringen');
    await expect(section.locator('figure')).toHaveCount(3);
    await expect(section.getByRole('img', { name: '5 van 5 sterren' })).toHaveCount(3);
    expect(await names(page)).toEqual(['Sanne de Vries', 'Mark Jansen', 'Fatima El Amrani']);

    // previous from the start goes to count - 3
    await section.getByRole('button', { name: 'Vorige ervaringen' }).click();
    await expect.poll(() => names(page)).toEqual(['Peter Bakker', 'Lisa van den Berg', 'Kevin Mulder']);
    // next at the last start goes back to 0
    await section.getByRole('button', { name: 'Volgende ervaringen' }).click();
    await expect.poll(() => names(page)).toEqual(['Sanne de Vries', 'Mark Jansen', 'Fatima El Amrani']);

    const dots = section.getByRole('button', { name: /^Toon ervaringen vanaf nummer/ });
    await expect(dots).toHaveCount(4);
    await dots.nth(2).click();
    await expect.poll(() => names(page)).toEqual(['Fatima El Amrani', 'Peter Bakker', 'Lisa van den Berg']);
    await expect(dots.nth(2)).toHaveAttribute('aria-current', 'true');
  });
});

test.describe('home: portfolio phone mock-up', () => {
  /** Whether the scroll loop runs ('running'), waits off screen ('paused') or holds still for reduced motion ('reduced'). */
  const scrollState = (page: Page) => page.getByTestId('mockup-track').getAttribute('data-scroll');
  const offset = async (page: Page) => -(await translateY(page, 'mockup-track'));

  /** Steps fake time until the track has moved, instead of guessing how long the IntersectionObserver takes. */
  async function expectMoving(page: Page): Promise<void> {
    await expect.poll(() => scrollState(page)).toBe('running');
    const from = await offset(page);
    await expect
      .poll(async () => {
        await advance(page, 100);
        return offset(page);
      })
      .toBeGreaterThan(from);
  }

  test('scrolls upward at about 0.3 px per frame while on screen, and pauses off screen', async ({ page }) => {
    await openWithClock(page, '/');
    await page.getByTestId('mockup-track').scrollIntoViewIfNeeded();
    await expectMoving(page);
    const start = await offset(page);
    await advance(page, 1000); // about 60 frames
    const moved = (await offset(page)) - start;
    expect(moved).toBeGreaterThan(15);
    expect(moved).toBeLessThan(21);

    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(() => scrollState(page)).toBe('paused');
    const parked = await offset(page);
    await advance(page, 1000);
    expect(await offset(page)).toBe(parked);
  });

  test('never scrolls past one copy of the list: it starts over', { tag: '@desktop-only' }, async ({ page }) => {
    await openWithClock(page, '/');
    const track = page.getByTestId('mockup-track');
    await track.scrollIntoViewIfNeeded();
    await expectMoving(page);
    const third = await track.evaluate((el) => el.scrollHeight / 3);
    // most of the way through the first copy
    await advance(page, Math.floor(((third * 0.9) / 0.3) * 16));
    const late = await offset(page);
    expect(late).toBeGreaterThan(third * 0.5);
    expect(late).toBeLessThan(third);
    // a bit more than the rest of the copy at 0.3 px per 16 ms frame: it must have jumped back to the top
    await advance(page, Math.ceil(((third * 0.1) / 0.3) * 16) + 3000);
    const after = await offset(page);
    expect(after).toBeGreaterThanOrEqual(0);
    expect(after).toBeLessThan(late);
    expect(after).toBeLessThan(0.3 * 400); // it restarted near the top, not stuck at the end
  });

  test('stands still when the visitor prefers reduced motion, from the start and when switched on', async ({ page }) => {
    await openWithClock(page, '/');
    await page.getByTestId('mockup-track').scrollIntoViewIfNeeded();
    await expectMoving(page); // proves the loop runs here, so standing still below means something
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await expect.poll(() => scrollState(page)).toBe('reduced');
    const held = await offset(page);
    await advance(page, 2000);
    expect(await offset(page)).toBe(held);

    // a fresh visit with the preference set never starts moving
    await reloadWithClock(page);
    await page.getByTestId('mockup-track').scrollIntoViewIfNeeded();
    await expect.poll(() => scrollState(page)).toBe('reduced'); // on screen, and held still on purpose
    await advance(page, 2000);
    expect(await translateY(page, 'mockup-track')).toBe(0);
  });

  test('lists twelve projects once for screen readers and links to the portfolio', { tag: '@desktop-only' }, async ({ page }) => {
    await openPage(page, '/');
    await expect(page.getByRole('list', { name: 'Projecten in het portfolio' }).getByRole('listitem')).toHaveCount(12);
    await page.getByRole('link', { name: 'Bekijk alle projecten' }).click();
    await expect(page).toHaveURL(/\/portfolio$/);
  });
});
