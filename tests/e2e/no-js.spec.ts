import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { axNode } from './helpers.ts';

// The prerendered HTML on its own: the FAQ is a <details name=...> accordion and the mobile
// menu a popover, so both must work before (or without) any script. axe cannot run here (it needs
// the page's timers), so the axe checks with the menu or an answer open are in navigation.spec.ts and
// blocks-home.spec.ts: the DOM is the same (the header and the FAQ ship no script at all).
// without script nothing reads the visit's note in sessionStorage: every page shows the splash, as a first page does
test.use({ javaScriptEnabled: false, firstVisit: true });

/** Without script nothing removes the splash: its CSS fades it out, and the page's CSS fades in. */
async function openStatic(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByTestId('splash')).toBeHidden({ timeout: 5000 });
  await expect(page.locator('.page')).toHaveCSS('opacity', '1', { timeout: 5000 });
}

test.describe('without JavaScript', () => {
  test('the page shows: the splash fades out and the page fades in by CSS alone', async ({ page }) => {
    await openStatic(page, '/');
    expect(await page.evaluate(() => document.querySelectorAll('[data-hydrated]').length)).toBe(0);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('every block is in place: none is left in a hidden segment that only script would reveal', async ({ page }) => {
    await openStatic(page, '/');
    // React's streaming output parks a large Suspense boundary in <div hidden id="S:n"> and moves it
    // into place with an inline $RC script; without script that content never shows
    await expect(page.locator('div[hidden][id^="S:"]')).toHaveCount(0);
    await expect(page.locator('#veelgestelde-vragen')).toBeVisible();
  });

  test('the FAQ opens one answer at a time, switches, and closes the open one', async ({ page }) => {
    await openStatic(page, '/');
    const faq = page.locator('#veelgestelde-vragen');
    const q1 = faq.locator('summary', { hasText: 'Hoe snel staat mijn website online?' });
    const q2 = faq.locator('summary', { hasText: 'Wat kost een website bij Helder Digitaal?' });
    const a1 = faq.getByRole('region', { name: 'Hoe snel staat mijn website online?' });
    const a2 = faq.getByRole('region', { name: 'Wat kost een website bij Helder Digitaal?' });
    const open = faq.locator('details[open]');
    await expect(open).toHaveCount(0);

    await q1.click();
    await expect(a1).toBeVisible();
    await q2.click();
    await expect(a2).toBeVisible();
    await expect(a1).toBeHidden();
    await expect(open).toHaveCount(1);
    await q2.click();
    await expect(a2).toBeHidden();
    await expect(open).toHaveCount(0);

    // the keyboard too
    await q1.focus();
    await page.keyboard.press('Enter');
    await expect(a1).toBeVisible();
    await page.keyboard.press('Space');
    await expect(a1).toBeHidden();
  });

  test('each FAQ question is an expandable control in the accessibility tree', { tag: '@desktop-only' }, async ({ page }) => {
    await openStatic(page, '/');
    const first = '#veelgestelde-vragen summary';
    // a summary is a disclosure button; Chromium says "Grouped" when its details share a name
    const question = { role: expect.stringMatching(/^DisclosureTriangle/), name: 'Hoe snel staat mijn website online?' };
    expect(await axNode(page, first)).toEqual({ ...question, expanded: false });
    await page.locator(first).first().click();
    expect(await axNode(page, first)).toEqual({ ...question, expanded: true });
  });

  test('phone: the menu opens with the toggle, its links show and navigate', { tag: '@phone-only' }, async ({ page }) => {
    await openStatic(page, '/');
    const toggle = page.locator('button[popovertarget]');
    await expect(toggle).toHaveAccessibleName('Menu openen');
    expect(await axNode(page, 'button[popovertarget]')).toMatchObject({ role: 'button', name: 'Menu openen', expanded: false });
    await toggle.click();
    const menu = page.locator(`#${await toggle.getAttribute('popovertarget')}`);
    await expect(menu).toBeVisible();
    // CSS switches the name with the popover; Chromium gives the invoker its expanded state
    await expect(toggle).toHaveAccessibleName('Menu sluiten');
    expect(await axNode(page, 'button[popovertarget]')).toMatchObject({ role: 'button', name: 'Menu sluiten', expanded: true });
    for (const name of ['Home', 'Portfolio', 'Contact', 'Gratis Demo', 'Offerte']) await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();

    // the toggle closes it again, Escape too, handing focus back to the toggle
    await toggle.click();
    await expect(menu).toBeHidden();
    await toggle.click();
    await menu.getByRole('link', { name: 'Offerte' }).focus();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(toggle).toBeFocused();

    // a link is a plain page load: the new page starts with the menu closed
    await toggle.click();
    await menu.getByRole('link', { name: 'Portfolio' }).click();
    await expect(page).toHaveURL(/\/portfolio$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('[popover]')).toBeHidden();
    await expect(page.locator('button[popovertarget]')).toHaveAccessibleName('Menu openen');
  });
});
