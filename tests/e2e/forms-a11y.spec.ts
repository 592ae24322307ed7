import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { expectNoAxeViolations, hydrateForm, openPage } from './helpers.ts';
import { field, form, mockLeads, mockMail, status, submitButton } from './forms-support/mocks.ts';

/** Script files the page fetched, by chunk name. */
function scripts(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') seen.push(new URL(r.url()).pathname);
  });
  return seen;
}

for (const path of ['/contact', '/offerte', '/demo']) {
  test(`${path}: no axe violations idle, with validation errors and after an error`, async ({ page }) => {
    // three full axe scans of a page with its form: room for a busy machine
    test.slow();
    const mail = await mockMail(page, { status: 500 });
    await mockLeads(page);
    await page.route('**/api/contact', (route) => route.fulfill({ status: 500 }));
    await openPage(page, path);
    await expectNoAxeViolations(page);
    // the honeypot is there for bots only: hidden from assistive technology, out of the tab order, off-screen
    const trap = form(page).locator('input[name="website"]');
    await expect(trap).toHaveAttribute('tabindex', '-1');
    await expect(trap).toHaveAttribute('autocomplete', 'off');
    await expect(form(page).locator('[aria-hidden="true"]:has(input[name="website"])')).toHaveCount(1);
    await expect(form(page).getByRole('textbox', { name: 'website' })).toHaveCount(0);
    expect(await trap.evaluate((el) => el.getBoundingClientRect().right)).toBeLessThan(0);
    await submitButton(page).click();
    await expect(field(page, 'Naam')).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page);
    await field(page, 'Naam').fill('Jan');
    await field(page, 'E-mailadres').fill('jan@example.nl');
    if (path === '/demo') await field(page, 'Bedrijfsnaam').fill('Jansen');
    await submitButton(page).click();
    await expect(status(page)).toContainText('misgegaan');
    expect(mail.calls).toHaveLength(1);
    await expectNoAxeViolations(page);
  });
}

test('the form code loads only on form pages, and the upload library only where a form has an image field', { tag: '@desktop-only' }, async ({ page }) => {
  const seen = scripts(page);
  await openPage(page, '/');
  expect(seen.filter((s) => /form-block|image-field/.test(s))).toEqual([]);
  await openPage(page, '/contact');
  await expect(submitButton(page)).toBeVisible();
  // the form's code arrives when the visitor reaches the form
  expect(seen.filter((s) => /form-block|image-field/.test(s))).toEqual([]);
  await hydrateForm(page);
  // a request event can reach the test a moment after the page's own state: ask until it has arrived
  await expect.poll(() => seen.some((s) => s.includes('form-block'))).toBe(true);
  expect(seen.filter((s) => s.includes('image-field'))).toEqual([]);
  await openPage(page, '/demo');
  await hydrateForm(page);
  await expect(page.getByRole('button', { name: "Foto's kiezen" })).toBeVisible();
  await expect.poll(() => seen.some((s) => s.includes('image-field'))).toBe(true);
});
