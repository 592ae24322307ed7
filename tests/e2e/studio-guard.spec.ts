import { expect, test } from '@playwright/test';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { studioSite } from './studio-support.ts';

/**
 * The landing guard in the studio, on a copy of the English content landing fixture whose Bath city data is
 * Bristol's: the problems panel names the near-duplicate pages in plain words, apart from the problems and without
 * counting as one (the site stays publishable), and a click on one shows the city's entry to give its own text.
 */
test.describe('studio: the landing guard', { tag: '@desktop-only' }, () => {
  const site = studioSite({
    fixture: 'content-landing',
    prefix: 'studio-guard-',
    port: 4780 + Number(process.env.TEST_PARALLEL_INDEX ?? 0),
    prepare: (dir) => {
      const file = join(dir, 'content/collections/cities.json');
      const data = JSON.parse(readFileSync(file, 'utf8')) as { items: { city: string }[] };
      const bristol = data.items.find((c) => c.city === 'Bristol')!;
      const bath = data.items.find((c) => c.city === 'Bath')!;
      Object.assign(bath, { ...bristol, city: 'Bath', overrides: [] });
      writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
    },
  });

  test('near-duplicate landing pages are named in plain words under "Worth a look", and the site stays valid', async ({ page }) => {
    await page.goto(site.studio);
    const panel = page.locator('section.panel[aria-labelledby="problems-heading"]');
    await expect(panel.getByRole('heading', { name: /^Problems/ })).toContainText('0');
    await expect(panel).toContainText('The site is valid.');
    const warnings = panel.getByRole('list', { name: /Worth a look/ });
    await expect(warnings.getByRole('listitem').first()).toBeVisible({ timeout: 15_000 });
    const texts = await warnings.getByRole('listitem').allTextContents();
    expect(texts.some((t) => /The page \/web-design-bath is \d+% the same as \/web-design-bristol \(at most 60%\)/.test(t))).toBe(true);
    expect(texts.every((t) => t.includes('Give Bath more text of its own') || t.includes('Give Bristol more text of its own'))).toBe(true);
    // no validator words, no raw pointer; the town to fix is named where the warning points, not numbered
    expect(texts.join(' ')).not.toMatch(/shares|phrases|\/items\/|Town \d/);
    expect(texts.some((t) => /› (Bath|Bristol)\b/.test(t))).toBe(true);
    await expect(panel).toContainText('Not an error: the site can be published as it is');
  });
});
