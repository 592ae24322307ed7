import { test, expect, type Page } from '@playwright/test';
import { openPage, watchConsole } from './helpers.ts';
import { activeSlide, advance, expectActive, openWithClock } from './blocks-support.ts';

const DEMO = 'demo-carousel';
/** Swiper waits for the slide transition (real time) before it schedules the next auto-advance. */
const SETTLE = 900;

/** Steps fake time until the demo carousel moves; returns the fake milliseconds it took. */
async function timeToNextSlide(page: Page, limitMs = 6000, stepMs = 250): Promise<number> {
  const before = await activeSlide(page, DEMO);
  for (let t = stepMs; t <= limitMs; t += stepMs) {
    await advance(page, stepMs);
    if ((await activeSlide(page, DEMO)) !== before) {
      await page.waitForTimeout(SETTLE);
      return t;
    }
  }
  return Infinity;
}

test.describe('/demo: portfolio carousel', () => {
  test('auto-advances every 4 seconds and wraps from the last project to the first', async ({ page }) => {
    const check = watchConsole(page);
    await openWithClock(page, '/demo');
    const carousel = page.getByTestId(DEMO);
    await expect(carousel.locator('.swiper-slide-active')).toHaveCount(1);
    await expect(carousel.getByRole('button', { name: /^Ga naar project/ })).toHaveCount(6);
    await page.waitForTimeout(SETTLE);
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
      await openWithClock(page, '/demo');
      const carousel = page.getByTestId(DEMO);
      await page.waitForTimeout(SETTLE);
      const before = Number(await activeSlide(page, DEMO));
      const target = control === 'arrow' ? (before + 1) % 6 : (before + 3) % 6;
      if (control === 'arrow') await carousel.getByRole('button', { name: 'Volgend project' }).click();
      else await carousel.getByRole('button', { name: `Ga naar project ${target + 1}` }).click();
      // in loop mode Swiper may defer the jump to the next animation frame, which the paused clock holds back
      await advance(page, 50);
      await expectActive(page, DEMO, target);
      await expect(carousel.getByRole('button', { name: `Ga naar project ${target + 1}` })).toHaveAttribute('aria-current', 'true');
      await page.waitForTimeout(SETTLE);
      for (let i = 0; i < 4; i++) await advance(page, 4000, 200);
      expect(await activeSlide(page, DEMO)).toBe(String(target));
    });
  }

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
