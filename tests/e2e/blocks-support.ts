import { expect, type Page } from '@playwright/test';
import { waitForSplash } from './helpers.ts';

/** Opens a page with Playwright's clock installed and then paused, so timers only move when a test says so. */
export async function openWithClock(page: Page, path: string): Promise<void> {
  await page.clock.install({ time: new Date('2025-03-01T09:00:00Z') });
  await page.goto(path);
  await waitForSplash(page);
  await pauseClock(page);
}

/** Reloads a page opened with `openWithClock`: time runs while it opens, then stops again. */
export async function reloadWithClock(page: Page): Promise<void> {
  await page.clock.resume();
  await page.reload();
  await waitForSplash(page);
  await pauseClock(page);
}

/** Stops the running clock a moment from now; on a busy machine "a moment" may already be past, so try again. */
async function pauseClock(page: Page): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    const now = await page.evaluate(() => Date.now());
    try {
      await page.clock.pauseAt(new Date(now + 100));
      return;
    } catch (error) {
      if (attempt >= 3 || !String(error).includes('to the past')) throw error;
    }
  }
}

/** Moves fake time on, then gives CSS transitions (which run on real time) a moment to finish. */
export async function advance(page: Page, ms: number, settleMs = 0): Promise<void> {
  await page.clock.runFor(ms);
  if (settleMs) await page.waitForTimeout(settleMs);
}

/** The data-index of the slide Swiper marks active inside a carousel. */
export function activeSlide(page: Page, testId: string): Promise<string | null> {
  return page.locator(`[data-testid="${testId}"] .swiper-slide-active`).first().getAttribute('data-index');
}

/** Vertical offset of an element's transform in px (0 when it has none). */
export async function translateY(page: Page, testId: string): Promise<number> {
  return page
    .getByTestId(testId)
    .evaluate((el) => new DOMMatrixReadOnly(getComputedStyle(el).transform === 'none' ? undefined : getComputedStyle(el).transform).m42);
}

export async function expectActive(page: Page, testId: string, index: number): Promise<void> {
  await expect.poll(() => activeSlide(page, testId)).toBe(String(index));
}
