import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { axNode, expectNoAxeViolations, openPage, watchConsole } from './helpers.ts';

/** The menu toggle's expanded state as assistive technology reads it: Chromium derives it from the popover. */
const menuExpanded = (page: Page) => axNode(page, 'button[popovertarget]').then((n) => n.expanded);

test.describe('navigation', () => {
  test('phone: the menu opens with the toggle, closes with it, and closes after a link is chosen', { tag: '@phone-only' }, async ({ page }) => {
    const check = watchConsole(page);
    await openPage(page, '/');
    const toggle = page.getByRole('button', { name: 'Menu openen' });
    await expect(toggle).toBeVisible();
    await expect.poll(() => menuExpanded(page)).toBe(false);
    await toggle.click();
    const close = page.getByRole('button', { name: 'Menu sluiten' });
    await expect.poll(() => menuExpanded(page)).toBe(true);
    const menu = page.locator(`#${await close.getAttribute('aria-controls')}`);
    await expect(menu).toBeVisible();
    await close.click();
    await expect(menu).toBeHidden();
    await expect.poll(() => menuExpanded(page)).toBe(false);
    await page.getByRole('button', { name: 'Menu openen' }).click();
    await menu.getByRole('link', { name: 'Portfolio' }).click();
    await expect(page).toHaveURL(/\/portfolio$/);
    await expect(menu).toBeHidden();
    await expect.poll(() => menuExpanded(page)).toBe(false);
    // the page under the menu stays reachable: a tap outside closes it
    await page.getByRole('button', { name: 'Menu openen' }).click();
    await expect(menu).toBeVisible();
    await page.mouse.click(200, 700);
    await expect(menu).toBeHidden();
    await page.getByRole('button', { name: 'Menu openen' }).click();
    await expect(menu.getByRole('link', { name: 'Gratis Demo' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Offerte' })).toBeVisible();
    // Escape closes the menu and gives focus back to the toggle, with a visible focus ring
    await menu.getByRole('link', { name: 'Offerte' }).focus();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    const reopen = page.getByRole('button', { name: 'Menu openen' });
    await expect(reopen).toBeFocused();
    await expect.poll(() => menuExpanded(page)).toBe(false);
    expect(await reopen.evaluate((el) => el.matches(':focus-visible'))).toBe(true);
    // and the keyboard opens it again
    await page.keyboard.press('Enter');
    await expect(menu).toBeVisible();
    await expect.poll(() => menuExpanded(page)).toBe(true);
    check();
  });

  test('phone: the open menu has no accessibility violations', { tag: '@phone-only' }, async ({ page }) => {
    await openPage(page, '/');
    await page.getByRole('button', { name: 'Menu openen' }).click();
    await expect(page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: 'Portfolio' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('every route change starts at the top, cross-faded by a view transition of 0.3 s', async ({ page }) => {
    await openPage(page, '/');
    // the rule that turns navigation between the site's documents into a view transition, and its length
    const transition = await page.evaluate(() =>
      [...document.styleSheets]
        .flatMap((sheet) => [...sheet.cssRules].map((r) => r.cssText))
        .filter((t) => /@view-transition|::view-transition-group\(root\)/.test(t)),
    );
    expect(transition.join(' ')).toMatch(/@view-transition\s*\{\s*navigation: auto;?\s*\}/);
    expect(transition.join(' ')).toContain('animation-duration: 0.3s');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Portfolio' }).scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Portfolio' }).click();
    await expect(page).toHaveURL(/\/portfolio$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('the footer has phone, e-mail, WhatsApp, social links, the quote button and the copyright', async ({ page }) => {
    await openPage(page, '/');
    const footer = page.getByRole('contentinfo');
    await expect(footer.locator('a[href^="tel:+31"]')).toHaveCount(1);
    await expect(footer.locator('a[href^="mailto:info@"]')).toHaveCount(1);
    await expect(footer.locator('a[href^="https://api.whatsapp.com/send/?phone=31"]')).toHaveAttribute('rel', 'noopener noreferrer');
    for (const name of ['Instagram', 'Facebook', 'LinkedIn']) await expect(footer.getByRole('link', { name })).toHaveAttribute('target', '_blank');
    await expect(footer.getByRole('link', { name: 'Vraag een offerte aan' })).toHaveAttribute('href', '/offerte');
    await expect(footer).toContainText('© 2025');
  });

  // the splash and what a visit does after it: these start on the first page of a visit
  test.describe('from the first page of a visit', () => {
    test.use({ firstVisit: true });

    // the desktop menu is hidden at phone width: this runs in the desktop project only (playwright.config.ts)
    test('desktop: header links load the next prerendered page and mark the current page', { tag: '@desktop-only' }, async ({ page }) => {
      await openPage(page, '/');
      const nav = page.getByRole('navigation', { name: 'Hoofdmenu' }).first();
      await nav.getByRole('link', { name: 'Marketing' }).click();
      await expect(page).toHaveURL(/\/marketing$/);
      await expect(nav.getByRole('link', { name: 'Marketing' })).toHaveAttribute('aria-current', 'page');
      // no retrying here: the splash belongs to the first page of the visit only
      await expect(page.getByTestId('splash')).toBeHidden({ timeout: 1 });
      // a new document: keyboard users start at its top (the skip link), not on a link of the old page
      await page.keyboard.press('Tab');
      await expect(page.getByRole('link', { name: 'Direct naar de inhoud' })).toBeFocused();
      await nav.getByRole('link', { name: 'Gratis Demo' }).click();
      await expect(page).toHaveURL(/\/demo$/);
      await nav.getByRole('link', { name: 'Offerte' }).click();
      await expect(page).toHaveURL(/\/offerte$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Vraag een offerte aan');
    });

    test('the splash shows the brand on first load only, then the page fades in over 0.3 s', async ({ page }) => {
      await page.goto('/');
      await expect(page.getByTestId('splash')).toContainText('Helder Digitaal');
      const timing = await page.evaluate(() => {
        const style = getComputedStyle(document.querySelector('.page')!);
        return { duration: style.animationDuration, delay: style.animationDelay };
      });
      expect(timing).toEqual({ duration: '0.3s', delay: '1.3s' });
      await expect(page.getByTestId('splash')).toBeHidden();
      await page.getByRole('contentinfo').getByRole('link', { name: 'Contact' }).click();
      await expect(page).toHaveURL(/\/contact$/);
      await expect(page.getByTestId('splash')).toBeHidden({ timeout: 1 });
    });
  });
});
