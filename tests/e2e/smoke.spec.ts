import { test, expect } from '@playwright/test';
import { openPage, watchConsole } from './helpers.ts';

test('home page renders its headline and hydrates without warnings', async ({ page }) => {
  const check = watchConsole(page);
  await openPage(page, '/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Krijg een website waar je echt trots op kunt zijn');
  await expect(page).toHaveTitle(/Helder Digitaal/);
  check();
});
