import { expect, test, type Page } from '@playwright/test';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { addAboutPage, linksTo as linksToRoute, desktopPreview, fileButton, servesAgain, studioSite } from './studio-support.ts';

/**
 * Undo and redo of a page deleted and a page's address changed, in `npm run dev` on a copy of the Dutch fixture site
 * (with an "Over ons" page and a link to /contact#formulier) in a git work tree of its own: one Ctrl+Z brings back
 * everything the action changed, byte for byte (git sees no change), one Ctrl+Shift+Z does it again, and the studio
 * is never reloaded to get there. Each test starts from the committed site.
 */
test.describe('studio undo of page actions', { tag: '@desktop-only' }, () => {
  test.describe.configure({ mode: 'serial' });
  const site = studioSite({ fixture: 'base', prefix: 'studio-undo-pages-', port: 4760 + Number(process.env.TEST_PARALLEL_INDEX ?? 0), prepare: addAboutPage });
  test.afterEach(async () => {
    site.reset();
    // the dev server sees git's restore a moment later (file by file) and reloads the pages open then: the next test
    // starts once it renders the committed site again, its contact page included
    await servesAgain(site, '/contact', 'Bel ons');
    await new Promise((done) => setTimeout(done, 300));
  });

  /** the site's files that differ from the committed site (changed, deleted or new), by `git status` */
  const changedFiles = () =>
    site
      .git('status', '--porcelain', '--', 'site.config.json', 'content')
      .split('\n')
      .filter(Boolean)
      .map((line) => line.slice(3))
      .sort();
  const linksTo = (route: string) => linksToRoute(site, route);
  const routes = () => (JSON.parse(site.file('site.config.json')) as { routes: { path: string }[] }).routes.map((r) => r.path);
  /** a mark on the studio's window: gone if the studio reloads */
  const markWindow = (page: Page) => page.evaluate(() => Object.assign(window, { notReloaded: true }));
  const stillSameWindow = (page: Page) => page.evaluate(() => (window as { notReloaded?: boolean }).notReloaded === true);
  const undoButton = (page: Page) => page.getByRole('button', { name: 'Ongedaan maken' });
  /** the studio's status line, in its bar */
  const statusLine = (page: Page) => page.locator('p.status[role="status"]');

  async function deleteContact(page: Page) {
    await page.goto(`${site.studio}?route=/contact`);
    await expect(desktopPreview(page).getByText('Bel ons')).toBeVisible({ timeout: 15_000 });
    await markWindow(page);
    await page.getByRole('button', { name: 'Pagina verwijderen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Pagina "Contact" verwijderen' });
    await expect(dialog.getByText(/"Ongedaan maken" \(Ctrl\+Z\) haalt hem meteen terug/)).toBeVisible();
    await dialog.getByLabel('Laat deze links wijzen naar').selectOption('/over-ons');
    await dialog.getByRole('button', { name: 'Links omzetten en pagina verwijderen' }).click();
    await expect(page.getByText('De pagina "Contact" is verwijderd.', { exact: false })).toBeVisible({ timeout: 10_000 });
  }

  test('one Ctrl+Z brings a deleted page back with its route and its links; Ctrl+Shift+Z deletes it again', async ({ page }) => {
    const committed = { config: site.file('site.config.json'), contact: site.file('content/pages/contact.json'), home: site.file('content/pages/home.json') };
    await deleteContact(page);
    expect(existsSync(join(site.site, 'content/pages/contact.json'))).toBe(false);
    expect(linksTo('/contact')).toEqual([]);
    // the studio's own state lost the page, without a reload: its file is not listed, and the home page is open
    await expect(fileButton(page, 'content/pages/contact.json')).toHaveCount(0);
    await expect(fileButton(page, 'content/pages/home.json')).toHaveAttribute('aria-current', 'page');
    expect(await stillSameWindow(page)).toBe(true);

    await page.keyboard.press('Control+z');
    // file, route and the six links, back byte for byte: git sees nothing changed
    await expect.poll(changedFiles).toEqual([]);
    expect(site.file('content/pages/contact.json')).toBe(committed.contact);
    expect(site.file('site.config.json')).toBe(committed.config);
    expect(site.file('content/pages/home.json')).toBe(committed.home);
    expect(linksTo('/contact')).toHaveLength(6);
    // the studio lists the page again and opens it, and its preview shows it
    await expect(fileButton(page, 'content/pages/contact.json')).toHaveAttribute('aria-current', 'page');
    await expect(desktopPreview(page).getByText('Bel ons')).toBeVisible({ timeout: 10_000 });
    await expect(statusLine(page)).toHaveText('Ongedaan gemaakt in Site-instellingen, Home en Contact.');
    await expect(undoButton(page)).toBeDisabled();

    await page.keyboard.press('Control+Shift+Z');
    await expect.poll(() => existsSync(join(site.site, 'content/pages/contact.json'))).toBe(false);
    await expect.poll(routes).toEqual(['/', '/over-ons']);
    expect(linksTo('/contact')).toEqual([]);
    expect(linksTo('/over-ons')).toHaveLength(6);
    await expect(fileButton(page, 'content/pages/contact.json')).toHaveCount(0);

    await page.keyboard.press('Control+z');
    await expect.poll(changedFiles).toEqual([]);
    expect(await stillSameWindow(page)).toBe(true);
  });

  test('one Ctrl+Z undoes a new address and every link that followed it; Ctrl+Shift+Z does it again', async ({ page }) => {
    await page.goto(`${site.studio}?route=/contact`);
    await expect(page.getByText('6 links naar deze pagina')).toBeVisible();
    await page.getByRole('button', { name: 'Adres wijzigen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Adres van "Contact" wijzigen' });
    await dialog.getByLabel('Nieuw adres').fill('/neem-contact-op');
    await dialog.getByRole('button', { name: 'Adres wijzigen' }).click();
    await expect(page.getByText('Het adres is nu /neem-contact-op; 6 links zijn mee veranderd.')).toBeVisible();
    // the route and the links of two files (the config, the home page) changed
    await expect.poll(changedFiles).toEqual(['content/pages/home.json', 'site.config.json']);

    await page.keyboard.press('Control+z');
    await expect.poll(changedFiles).toEqual([]);
    await expect(page.locator('.page-route')).toHaveText('/contact');
    await expect(undoButton(page)).toBeDisabled();

    await page.keyboard.press('Control+Shift+Z');
    await expect.poll(() => linksTo('/neem-contact-op')).toHaveLength(6);
    expect(linksTo('/contact')).toEqual([]);
    expect(routes()).toContain('/neem-contact-op');
  });

  test('a delete is undone after a reload of the studio too', async ({ page }) => {
    test.slow();
    await deleteContact(page);
    // the studio's own page answers at once; its script and its previews' pages may take long on a busy machine
    await page.reload({ waitUntil: 'commit' });
    await expect(undoButton(page)).toBeEnabled({ timeout: 30_000 });
    await page.keyboard.press('Control+z');
    await expect.poll(changedFiles).toEqual([]);
    await expect(fileButton(page, 'content/pages/contact.json')).toHaveAttribute('aria-current', 'page');
  });

  test('an undone delete never overwrites a page made again since, nor puts back half of its step', async ({ page }) => {
    await page.goto(`${site.studio}?route=/over-ons`);
    await page.getByRole('button', { name: 'Pagina verwijderen' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Pagina verwijderen' }).click();
    await expect(page.getByText('De pagina "Over ons" is verwijderd.', { exact: false })).toBeVisible({ timeout: 10_000 });
    await expect.poll(routes).toEqual(['/', '/contact']);
    // someone else writes a new content/pages/over-ons.json meanwhile: the studio shows it
    const made = '{\n  "title": "Nieuw over ons",\n  "description": "Door iemand anders.",\n  "blocks": []\n}\n';
    writeFileSync(join(site.site, 'content/pages/over-ons.json'), made);
    await expect(fileButton(page, 'content/pages/over-ons.json')).toBeVisible({ timeout: 10_000 });
    await page.keyboard.press('Control+z');
    await expect(statusLine(page)).toHaveText(/^Ongedaan maken lukte niet/);
    // nothing of the step was put back: the new file stays, and so does the config without the route
    expect(site.file('content/pages/over-ons.json')).toBe(made);
    expect(routes()).toEqual(['/', '/contact']);
  });

  test('one Ctrl+Z takes a new page away again, its file and its route; Ctrl+Shift+Z brings both back', async ({ page }) => {
    await page.goto(site.studio);
    await markWindow(page);
    await page.getByLabel('Titel van een nieuwe pagina').fill('Prijzen');
    await page.getByRole('button', { name: 'Pagina toevoegen' }).click();
    await expect(fileButton(page, 'content/pages/prijzen.json')).toHaveAttribute('aria-current', 'page');
    await expect.poll(routes).toContain('/prijzen');
    await page.keyboard.press('Control+z');
    await expect.poll(changedFiles).toEqual([]);
    // the studio lists it no more, and shows the home page instead
    await expect(fileButton(page, 'content/pages/prijzen.json')).toHaveCount(0);
    await expect(fileButton(page, 'content/pages/home.json')).toHaveAttribute('aria-current', 'page');
    await page.keyboard.press('Control+Shift+Z');
    await expect.poll(changedFiles).toEqual(['content/pages/prijzen.json', 'site.config.json']);
    expect(routes()).toContain('/prijzen');
    await expect(fileButton(page, 'content/pages/prijzen.json')).toBeVisible();
    expect(await stillSameWindow(page)).toBe(true);
  });
});
