import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { openPage, scrollThrough, watchConsole } from './helpers.ts';
import { activeSlide, advance, expectActive, openWithClock } from './blocks-support.ts';

const DEMO = 'demo-carousel';

/**
 * Swiper slides with a CSS transition (real time, not the fake clock) and only
 * schedules the next auto-advance when that transition has ended: wait for it
 * by polling Swiper's own flag instead of sleeping a fixed time.
 */
async function settled(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page
          .getByTestId(DEMO)
          .locator('.swiper')
          .evaluate((el) => (el as HTMLElement & { swiper?: { animating: boolean } }).swiper?.animating),
      {
        intervals: [50, 100, 200],
      },
    )
    .toBe(false);
}

/** Steps fake time until the demo carousel moves; returns the fake milliseconds it took (Infinity if it did not). */
async function timeToNextSlide(page: Page, limitMs = 6000, stepMs = 250): Promise<number> {
  const before = await activeSlide(page, DEMO);
  for (let t = stepMs; t <= limitMs; t += stepMs) {
    await advance(page, stepMs);
    if ((await activeSlide(page, DEMO)) !== before) {
      await settled(page);
      return t;
    }
  }
  return Infinity;
}

/** Opens /demo and sees one auto-advance happen, so a later "nothing moves" means auto-play really stopped. */
async function openDemoAndSeeItMove(page: Page): Promise<void> {
  await openWithClock(page, '/demo');
  await expect(page.getByTestId(DEMO).locator('.swiper-slide-active')).toHaveCount(1);
  await settled(page);
  expect(await timeToNextSlide(page)).toBeLessThanOrEqual(4250);
}

/** Runs more than 8 s of fake time (two auto-play intervals) and checks the carousel stays on `index`. */
async function expectStaysOn(page: Page, index: string | null): Promise<void> {
  for (let i = 0; i < 3; i++) {
    await advance(page, 3000);
    await settled(page);
    expect(await activeSlide(page, DEMO)).toBe(index);
  }
}

test.describe('/demo: portfolio carousel', () => {
  test('auto-advances every 4 seconds and wraps from the last project to the first', async ({ page }) => {
    const check = watchConsole(page);
    await openWithClock(page, '/demo');
    const carousel = page.getByTestId(DEMO);
    await expect(carousel.locator('.swiper-slide-active')).toHaveCount(1);
    await expect(carousel.getByRole('button', { name: /^Ga naar project/ })).toHaveCount(6);
    await settled(page);
    await timeToNextSlide(page); // align with the auto-play rhythm
    const start = Number(await activeSlide(page, DEMO));
    const seen: number[] = [];
    for (let i = 0; i < 6; i++) {
      const took = await timeToNextSlide(page);
      expect(took).toBeGreaterThan(3750);
      expect(took).toBeLessThanOrEqual(4250);
      seen.push(Number(await activeSlide(page, DEMO)));
    }
    expect(seen).toEqual(Array.from({ length: 6 }, (_, i) => (start + i + 1) % 6));
    check();
  });

  for (const control of ['arrow', 'dot'] as const) {
    test(`stops auto-play for good after a click on ${control === 'arrow' ? 'an arrow' : 'a dot'}`, async ({ page }) => {
      await openDemoAndSeeItMove(page);
      const carousel = page.getByTestId(DEMO);
      const before = Number(await activeSlide(page, DEMO));
      const target = control === 'arrow' ? (before + 1) % 6 : (before + 3) % 6;
      if (control === 'arrow') await carousel.getByRole('button', { name: 'Volgend project' }).click();
      else await carousel.getByRole('button', { name: `Ga naar project ${target + 1}` }).click();
      // in loop mode Swiper may defer the jump to the next animation frame, which the paused clock holds back
      await advance(page, 50);
      await expectActive(page, DEMO, target);
      await expect(carousel.getByRole('button', { name: `Ga naar project ${target + 1}` })).toHaveAttribute('aria-current', 'true');
      await settled(page);
      await expectStaysOn(page, String(target));
    });
  }

  test('stops auto-play for good once keyboard focus is inside, so the focused link never slides away', async ({ page }) => {
    await openDemoAndSeeItMove(page);
    const carousel = page.getByTestId(DEMO);
    const current = await activeSlide(page, DEMO);
    const link = carousel.locator('.swiper-slide-active').getByRole('link', { name: /^Bekijk live website/ });
    await link.focus();
    await expect(link).toBeFocused();
    await expectStaysOn(page, current);
    await expect(link).toBeFocused();
    await expect(link.locator('xpath=ancestor::*[@aria-hidden="true"]')).toHaveCount(0);
  });

  test('pauses while the pointer is over it and goes on when it leaves', async ({ page }) => {
    await openDemoAndSeeItMove(page);
    const current = await activeSlide(page, DEMO);
    const slides = page.getByTestId(DEMO).locator('.swiper');
    await slides.scrollIntoViewIfNeeded();
    const box = (await slides.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + 20);
    await expectStaysOn(page, current);
    await page.mouse.move(0, 0);
    expect(await timeToNextSlide(page)).toBeLessThanOrEqual(4250);
    expect(await activeSlide(page, DEMO)).toBe(String((Number(current) + 1) % 6));
  });

  test('tells screen reader users that the live-site link opens a new tab', async ({ page }) => {
    await openPage(page, '/demo');
    const link = page.getByTestId(DEMO).locator('.swiper-slide-active').getByRole('link');
    await expect(link).toHaveAccessibleName(/^Bekijk live website ?: .+ \(opent in een nieuw tabblad\)$/);
    await expect(link).toHaveAttribute('target', '_blank');
  });

  test('previous from the first project wraps to the last', async ({ page }) => {
    await openPage(page, '/demo');
    const carousel = page.getByTestId(DEMO);
    await carousel.getByRole('button', { name: 'Ga naar project 1' }).click();
    await expectActive(page, DEMO, 0);
    await carousel.getByRole('button', { name: 'Vorig project' }).click();
    await expectActive(page, DEMO, 5);
  });
});

test.describe('/marketing: testimonial slider', () => {
  test('moves by hand in both directions and wraps', async ({ page }) => {
    const check = watchConsole(page);
    await openPage(page, '/marketing');
    const slider = page.getByTestId('testimonial-slider');
    await slider.scrollIntoViewIfNeeded();
    await expectActive(page, 'testimonial-slider', 0);
    await expect(slider.locator('.swiper-slide-active')).toContainText('Ingrid Smit');
    await slider.getByRole('button', { name: 'Volgende ervaring' }).click();
    await expectActive(page, 'testimonial-slider', 1);
    await slider.getByRole('button', { name: 'Volgende ervaring' }).click();
    await expectActive(page, 'testimonial-slider', 2);
    await slider.getByRole('button', { name: 'Volgende ervaring' }).click();
    await expectActive(page, 'testimonial-slider', 0);
    await slider.getByRole('button', { name: 'Vorige ervaring' }).click();
    await expectActive(page, 'testimonial-slider', 2);
    await slider.getByRole('button', { name: 'Ga naar ervaring 2' }).click();
    await expectActive(page, 'testimonial-slider', 1);
    await expect(slider.locator('.swiper-slide-active')).toContainText('Ahmed Yilmaz');
    // manual only: nothing moves by itself
    await page.waitForTimeout(4500);
    expect(await activeSlide(page, 'testimonial-slider')).toBe('1');
    check();
  });
});

// the chunks a page loads, scrolled to its end, are the same at any viewport
test.describe('Swiper ships only with the pages that use it', { tag: '@desktop-only' }, () => {
  const USES_SWIPER: [string, boolean][] = [
    ['/', false],
    ['/portfolio', false],
    ['/contact', false],
    ['/demo', true],
    ['/marketing', true],
  ];
  for (const [path, uses] of USES_SWIPER) {
    test(`${path} ${uses ? 'loads' : 'does not load'} the Swiper chunk`, async ({ page }) => {
      const scripts: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
      });
      await openPage(page, path);
      // scroll the whole page so every lazy block has had its chance to load
      await scrollThrough(page);
      await page.waitForLoadState('networkidle');
      // the recorder sees the islands' scripts (a page without islands has none at all)
      if (uses) expect(scripts.length).toBeGreaterThan(0);
      const swiper = scripts.filter((p) => /\/swiper[-.][^/]*\.js$/.test(p));
      if (uses) expect(swiper, scripts.join('\n')).toHaveLength(1);
      else expect(swiper, scripts.join('\n')).toEqual([]);
    });
  }
});
