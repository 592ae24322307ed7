import type { Page } from '@playwright/test';

/**
 * On a phone the list's filters are folded behind one button (the search stays in view): opened, as a person does
 * before choosing one. On a laptop they are always in view, and this does nothing.
 */
export async function unfoldFilters(page: Page) {
  const fold = page.getByRole('button', { name: /^Filters/ });
  if ((await fold.isVisible()) && (await fold.getAttribute('aria-expanded')) !== 'true') await fold.click();
}
