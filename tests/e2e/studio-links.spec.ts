import { expect, test, type Page } from '@playwright/test';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { studioWrite } from '../../scripts/test-support/studio-writes.ts';
import { addAboutPage, linksTo as linksToRoute, expectAccessible, servesAgain, studioSite } from './studio-support.ts';

type Json = Record<string, unknown>;
type Config = { routes: { path: string; page: string }[] };

/**
 * The link picker, a page's address changed with its links, a page deleted, and the site search, in `npm run dev` on
 * a copy of the Dutch fixture site in a git work tree of its own, with two more pages: "Over ons" (nothing links to
 * it) and a link to a place on the contact page. Each test starts from the committed site.
 */
test.describe('studio links, pages and search', { tag: '@desktop-only' }, () => {
  test.describe.configure({ mode: 'serial' });
  const copy = studioSite({ fixture: 'base', prefix: 'studio-links-', port: 4640 + Number(process.env.TEST_PARALLEL_INDEX ?? 0), prepare: addAboutPage });
  const studio = copy.studio;
  const read = (path: string) => JSON.parse(copy.file(path)) as Json;
  const config = () => read('site.config.json') as unknown as Config;
  const linksTo = (route: string) => linksToRoute(copy, route);
  /**
   * What `read` finds, or undefined while a file is missing or half-written: git puts files back one at a time,
   * each unlinked and then written, so a poll meanwhile reads again.
   */
  const whileRestoring = <T>(read: () => T): T | undefined => {
    try {
      return read();
    } catch {
      return undefined;
    }
  };
  const field = (page: Page, pointer: string) => page.locator(`[data-pointer="${pointer}"]`);

  test.beforeAll(() => {
    expect(config().routes.map((r) => r.path)).toEqual(['/', '/contact', '/over-ons']);
  });

  test.afterEach(async () => {
    copy.reset();
    await servesAgain(copy, '/contact', 'Bel ons');
  });

  test("a button's link: a page picked by typing its title, then a phone number as a plain choice", async ({ page }) => {
    await page.goto(studio);
    // the home page is open and its hero selected: its button's link is a combobox
    const to = field(page, '/blocks/0/buttons/0/to');
    await expect(to).toHaveAttribute('role', 'combobox');
    await expect(page.getByText('→ Contact', { exact: true })).toBeVisible();
    await to.click();
    await to.press('Control+A');
    await to.pressSequentially('over');
    const list = page.getByRole('listbox', { name: "Pagina's" });
    await expect(list.getByRole('option', { name: /^Over ons/ })).toBeVisible();
    await expect(list.getByRole('group', { name: 'Ander soort link' }).getByRole('option')).toHaveText(['Andere website', 'Telefoonnummer', 'E-mailadres']);
    await expectAccessible(page);
    await to.press('ArrowDown');
    await expect(to).toHaveAttribute('aria-activedescendant', /.+/);
    await to.press('Enter');
    await expect(to).toHaveValue('/over-ons');
    await expect(list).toBeHidden();
    await expect(page.getByText('→ Over ons', { exact: true })).toBeVisible();
    await expect.poll(() => ((read('content/pages/home.json').blocks as Json[])[0]!.buttons as Json[])[0]!.to).toBe('/over-ons');

    // a phone number typed plainly becomes a tel: link
    await to.press('Control+A');
    await to.pressSequentially('06 1234 5678');
    await list.getByRole('option', { name: /Telefoonnummer/ }).click();
    await expect(to).toHaveValue('tel:0612345678');
    await expect(to).toBeFocused();
    await expect(page.getByText('→ Telefoonnummer', { exact: true })).toBeVisible();
    await expect.poll(() => ((read('content/pages/home.json').blocks as Json[])[0]!.buttons as Json[])[0]!.to).toBe('tel:0612345678');

    // typed by hand, fast, the field is a text field as any other: every key lands
    await to.press('Control+A');
    await to.pressSequentially('https://www.voorbeeld.nl/over-ons?bron=studio', { delay: 5 });
    await expect(page.getByText('→ Andere website', { exact: true })).toBeVisible();
    await expect
      .poll(() => ((read('content/pages/home.json').blocks as Json[])[0]!.buttons as Json[])[0]!.to)
      .toBe('https://www.voorbeeld.nl/over-ons?bron=studio');
  });

  test("a page's new address: every link follows, anchors kept, and the preview's link goes there", async ({ page }) => {
    const before = linksTo('/contact');
    expect(before).toHaveLength(6);
    await page.goto(`${studio}?route=/contact`);
    await expect(page.getByText('6 links naar deze pagina')).toBeVisible();
    await page.getByRole('button', { name: 'Adres wijzigen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Adres van "Contact" wijzigen' });
    const address = dialog.getByLabel('Nieuw adres');
    await expect(address).toBeFocused();
    await expect(dialog.getByRole('list', { name: /Deze 6 links gaan mee/ }).getByRole('listitem')).toHaveCount(6);
    // written as a person would, it is refused with the reason, and a usable address offered
    await address.fill('/Neem contact op');
    await expect(dialog.getByText('Alleen kleine letters, cijfers en losse streepjes')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Adres wijzigen' })).toBeDisabled();
    await expectAccessible(page);
    await address.fill('/over-ons');
    await expect(dialog.getByText('Dit adres is al in gebruik: Over ons (/over-ons).')).toBeVisible();
    await address.fill('neem contact op');
    await dialog.getByRole('button', { name: '/neem-contact-op gebruiken' }).click();
    await expect(address).toHaveValue('/neem-contact-op');
    await dialog.getByRole('button', { name: 'Adres wijzigen' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Het adres is nu /neem-contact-op; 6 links zijn mee veranderd.')).toBeVisible();
    await expect.poll(() => linksTo('/contact')).toEqual([]);
    expect(linksTo('/neem-contact-op')).toEqual(before.map((link) => link.replace(' /contact', ' /neem-contact-op')));
    expect(linksTo('/neem-contact-op')).toContain('content/pages/home.json /neem-contact-op#formulier');
    expect(config().routes).toContainEqual({ path: '/neem-contact-op', page: 'contact' });
    // the home page's preview links its button to the new address
    await page.goto(studio);
    const preview = page.frameLocator('iframe').first();
    await expect(preview.locator('main a', { hasText: 'Contact' }).first()).toHaveAttribute('href', '/neem-contact-op', { timeout: 10_000 });
    await expect(page.getByRole('button', { name: 'Adres wijzigen' })).toHaveCount(0);
    await expect(page.getByText('De homepage staat altijd op / en kan niet worden verwijderd.')).toBeVisible();
  });

  test('a linked page is deleted only once its links point elsewhere; the studio says how to get it back', async ({ page }) => {
    // a reload of the studio (the discard) and a git restore
    test.slow();
    await page.goto(`${studio}?route=/contact`);
    await page.getByRole('button', { name: 'Pagina verwijderen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Pagina "Contact" verwijderen' });
    // the links, in words: which page, which block, which field
    const places = dialog.getByRole('list', { name: 'Er wijzen nog 6 links naar deze pagina:' }).getByRole('listitem');
    await expect(places).toHaveCount(6);
    await expect(places.filter({ hasText: /^Home › Blok 1 \(.+\) › .+: \/contact$/ })).toHaveCount(1);
    await expect(places.filter({ hasText: /^Instellingen van de site › / })).toHaveCount(4);
    const remove = dialog.getByRole('button', { name: 'Links omzetten en pagina verwijderen' });
    await expect(remove).toBeDisabled();
    await expect(dialog.getByText('Zolang er links naar deze pagina wijzen, kan hij niet weg')).toBeVisible();
    await expect(dialog.getByText(/"Wijzigingen weggooien" bovenaan/)).toBeVisible();
    await expectAccessible(page);
    await dialog.getByLabel('Laat deze links wijzen naar').selectOption('/over-ons');
    await remove.click();
    // the studio drops the page (no reload), and says what happened and how to undo it
    await expect(page.getByText('De pagina "Contact" is verwijderd.', { exact: false })).toBeVisible({ timeout: 10_000 });
    expect(existsSync(join(copy.site, 'content/pages/contact.json'))).toBe(false);
    expect(config().routes.map((r) => r.path)).toEqual(['/', '/over-ons']);
    expect(linksTo('/contact')).toEqual([]);
    expect(linksTo('/over-ons')).toHaveLength(6);
    expect(linksTo('/over-ons')).toContain('content/pages/home.json /over-ons#formulier');
    await expect(page.locator('body')).not.toContainText('/contact');
    // and "Wijzigingen weggooien" brings it back, as the studio said
    await page.getByRole('button', { name: 'Wijzigingen weggooien' }).click();
    const discard = page.getByRole('dialog', { name: 'Wijzigingen weggooien' });
    await expect(discard).toContainText('pagina verwijderd');
    await discard.getByRole('button', { name: 'Weggooien' }).click();
    await expect.poll(() => existsSync(join(copy.site, 'content/pages/contact.json'))).toBe(true);
    // git puts the files back one after another
    await expect.poll(() => whileRestoring(() => config().routes.map((r) => r.path))).toEqual(['/', '/contact', '/over-ons']);
    await expect.poll(() => whileRestoring(() => linksTo('/contact'))).toHaveLength(6);
  });

  test('an unlinked page is deleted with its route; the home page cannot be', async ({ page }) => {
    await page.goto(`${studio}?route=/over-ons`);
    await expect(page.getByText('Geen links naar deze pagina')).toBeVisible();
    await page.getByRole('button', { name: 'Pagina verwijderen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Pagina "Over ons" verwijderen' });
    await expect(dialog.getByText('Er wijzen geen links naar deze pagina.')).toBeVisible();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Pagina verwijderen' }).click();
    await expect(page.getByText('De pagina "Over ons" is verwijderd.', { exact: false })).toBeVisible({ timeout: 10_000 });
    expect(existsSync(join(copy.site, 'content/pages/over-ons.json'))).toBe(false);
    expect(config().routes.map((r) => r.path)).toEqual(['/', '/contact']);
    // the server deletes nothing but a page, and only at the version the studio saw
    const refuse = async (path: string, base: string) =>
      (await page.request.post(`${studio}/api/remove`, { data: { path, base }, headers: studioWrite(new URL(studio).origin) })).status();
    expect(await refuse('site.config.json', 'x')).toBe(400);
    expect(await refuse('content/collections/faq.json', 'x')).toBe(400);
    expect(await refuse('content/pages/contact.json', 'not-its-version')).toBe(409);
    expect(await refuse('../package.json', 'x')).toBe(400);
    expect(existsSync(join(copy.site, 'content/pages/contact.json'))).toBe(true);
  });

  test('the site search finds a text, case and accents aside, and lands in its field', async ({ page }) => {
    await page.goto(studio);
    const search = page.getByRole('combobox', { name: 'Zoeken in de site' });
    await expect(field(page, '/blocks/0/headline')).toBeVisible();
    await page.keyboard.press('Control+K');
    await expect(search).toBeFocused();
    await search.pressSequentially('TWEEDE alinéa');
    const hits = page.getByRole('listbox', { name: 'Zoeken in de site' }).getByRole('option');
    await expect(hits).toHaveCount(1);
    await expect(hits.first()).toContainText(/^Home › Blok 2 \(.+\) › .+Tweede alinea\.$/);
    await expect(hits.first().locator('mark')).toHaveText('Tweede alinea');
    await expectAccessible(page);
    await search.press('ArrowDown');
    await search.press('Enter');
    await expect(field(page, '/blocks/1/paragraphs/1')).toBeFocused();
    // in another file: a question of the FAQ collection
    await search.fill('');
    await search.pressSequentially('derde vraag');
    await expect(hits.first()).toContainText('Derde vraag?');
    await search.press('Enter');
    await expect(field(page, '/items/2/question')).toBeFocused();
    await expect(field(page, '/items/2/question')).toHaveValue('Derde vraag?');
  });
});

/** The same tools on the English fixture site, at the larger laptop size: an English studio, and axe finds nothing. */
test.describe('studio links, pages and search in English', { tag: '@desktop-only' }, () => {
  const copy = studioSite({ fixture: 'en', prefix: 'studio-links-en-', port: 4645 + Number(process.env.TEST_PARALLEL_INDEX ?? 0), git: false });
  const studio = copy.studio;

  test('the link picker, the page actions and the search speak English at 1440 x 900', async ({ page }) => {
    // three axe runs and a studio's first load: more than the default 30 s when CI's two cores are busy
    test.slow();
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(studio);
    const to = page.locator('[data-pointer="/blocks/0/buttons/0/to"]');
    await expect(page.getByText('→ Free website demo', { exact: true })).toBeVisible();
    await to.click();
    await to.press('Control+A');
    await to.pressSequentially('free');
    const list = page.getByRole('listbox', { name: 'Pages' });
    await expect(list.getByRole('option', { name: /^Free website demo/ })).toContainText('/demo');
    await expect(list.getByRole('group', { name: 'Another kind of link' }).getByRole('option')).toHaveText([
      'Another website',
      'Phone number',
      'E-mail address',
    ]);
    await expectAccessible(page);
    await to.press('ArrowDown');
    await to.press('Enter');
    await expect(to).toHaveValue('/demo');
    await expect(list).toBeHidden();

    const search = page.getByRole('combobox', { name: 'Search the site' });
    await search.pressSequentially('frequently ASKED');
    const hits = page.getByRole('listbox', { name: 'Search the site' }).getByRole('option');
    await expect(hits.first()).toContainText(/^.+ › Block 2 \(.+\) › .+Frequently asked questions$/);
    await expectAccessible(page);
    await search.press('Enter');
    await expect(page.locator('[data-pointer="/blocks/1/header/heading"]')).toBeFocused();

    await page.goto(`${studio}?route=/demo`);
    await expect(page.getByText('Address: /demo · 6 links to this page')).toBeVisible();
    await page.getByRole('button', { name: 'Delete page' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete the page "Free website demo"' });
    await expect(dialog.getByRole('list', { name: '6 links still point to this page:' }).getByRole('listitem')).toHaveCount(6);
    await expect(dialog.getByRole('button', { name: 'Move the links and delete the page' })).toBeDisabled();
    await expect(dialog.getByText('"Discard changes" at the top brings back everything not yet published')).toBeVisible();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Change address' }).click();
    await expect(page.getByRole('dialog', { name: 'Change the address of "Free website demo"' }).getByRole('textbox', { name: 'New address' })).toHaveValue(
      '/demo',
    );
    await expectAccessible(page);
  });
});
