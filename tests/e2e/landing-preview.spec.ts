import { test, expect } from './fixtures.ts';

/** Staff look at a landing page with ?preview: it stays, says that visitors are forwarded, and is not indexed. */
const notice = 'Voorbeeldweergave: bezoekers worden na 1,5 seconde doorgestuurd naar de homepage.';

test.describe('landing page preview', () => {
  test('with ?preview the page stays after 2 s, shows the notice and is noindex', async ({ page }) => {
    await page.goto('/seo-utrecht?preview');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('SEO in Utrecht');
    await expect(page.getByRole('note')).toHaveText(notice);
    await expect(page.getByRole('note')).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    // longer than the 1.5 s redirect delay, in real time: nothing may forward
    await page.waitForTimeout(2000);
    expect(new URL(page.url()).pathname).toBe('/seo-utrecht');
    await expect(page.getByRole('note')).toBeVisible();
  });

  // the server's answer, the same at any viewport: asked once, in the desktop project
  test('the prerendered page itself shows no notice and stays indexable', { tag: '@desktop-only' }, async ({ request }) => {
    const html = await (await request.get('/seo-utrecht?preview')).text();
    // the notice waits in the HTML, hidden, for the inline script to show it on ?preview
    expect(html).toMatch(new RegExp(`<p[^>]*hidden=""[^>]*>${notice}</p>`));
    expect(html).not.toMatch(/<meta[^>]+name="robots"[^>]+noindex/);
  });

  test('without ?preview it still forwards to /', async ({ page }) => {
    await page.goto('/seo-utrecht');
    await expect(page.getByRole('note')).toBeHidden();
    // after its 1.5 s, in real time: a generous wait, for a busy machine
    await expect(page).toHaveURL(/\/$/, { timeout: 20_000 });
    await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
  });
});
