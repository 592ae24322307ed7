import { expect, test } from '@playwright/test';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expectAccessible, field, openStudio, studioSite } from './studio-support.ts';

type Config = { routes: { path: string; page: string }[] };

/**
 * An address the build writes itself or the server keeps (/healthz, /api, /index, ...), refused in `npm run dev` on a
 * copy of the Dutch fixture site: as it is typed in "Adres wijzigen" and for a new page, and, when a config written by
 * hand has one, on the route's field in plain Dutch.
 */
test.describe('studio: reserved addresses', { tag: '@desktop-only' }, () => {
  // the first visit bundles the studio on demand, on a machine the other tests keep busy
  test.describe.configure({ mode: 'serial', timeout: 90_000 });
  const copy = studioSite({ fixture: 'base', prefix: 'studio-reserved-', port: 4820 + Number(process.env.TEST_PARALLEL_INDEX ?? 0) });
  const config = () => JSON.parse(copy.file('site.config.json')) as Config;

  test.afterEach(() => copy.reset());

  test('"Adres wijzigen" refuses an address the server keeps, says whose it is, and changes nothing', async ({ page }) => {
    await page.goto(`${copy.studio}?route=/contact`);
    await page.getByRole('button', { name: 'Adres wijzigen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Adres van "Contact" wijzigen' });
    const address = dialog.getByLabel('Nieuw adres');
    const change = dialog.getByRole('button', { name: 'Adres wijzigen' });

    await address.fill('/healthz');
    await expect(dialog.getByText('Het adres /healthz is gereserveerd voor de controle of de site werkt: kies een ander adres.')).toBeVisible();
    await expect(address).toHaveAttribute('aria-invalid', 'true');
    await expect(change).toBeDisabled();
    await expectAccessible(page);

    await address.fill('/index');
    await expect(dialog.getByText('Het adres /index is gereserveerd voor de homepage (het bestand index.html): kies een ander adres.')).toBeVisible();
    await expect(change).toBeDisabled();
    // typed in capitals: the address offered in its place is reserved too, so none is offered
    await address.fill('/API');
    await expect(dialog.getByText('Alleen kleine letters, cijfers en losse streepjes')).toBeVisible();
    await expect(dialog.getByRole('button', { name: /gebruiken$/ })).toHaveCount(0);
    await address.press('Enter');
    await expect(dialog).toBeVisible();

    // an address that only starts like one is free
    await address.fill('/api-koppelingen');
    await expect(dialog.locator('.page-dialog-problem').first()).toHaveText('');
    await expect(change).toBeEnabled();
    await dialog.getByRole('button', { name: 'Annuleren' }).click();
    expect(config().routes.map((r) => r.path)).toEqual(['/', '/contact']);
  });

  test('a new page whose title makes a reserved address is refused before it is made', async ({ page }) => {
    await page.goto(copy.studio);
    await page.getByLabel('Titel van een nieuwe pagina').fill('API');
    await expect(page.getByText('Het adres /api is gereserveerd voor de formulieren en e-mail van de site: kies een ander adres.')).toBeVisible();
    await expect(page.locator('form.new-page button[type="submit"]')).toBeDisabled();
    await page.getByLabel('Titel van een nieuwe pagina').press('Enter');
    await page.getByLabel('Titel van een nieuwe pagina').fill('API koppelingen');
    await expect(page.getByText('De pagina komt op /api-koppelingen.')).toBeVisible();
    expect(config().routes.map((r) => r.path)).toEqual(['/', '/contact']);
  });

  test('a route written by hand at /healthz is a problem on the route field, in plain Dutch', async ({ page }) => {
    const written = config();
    written.routes.push({ path: '/healthz', page: 'contact' });
    writeFileSync(join(copy.site, 'site.config.json'), `${JSON.stringify(written, null, 2)}\n`);
    await openStudio(page, copy, 'site.config.json');
    const route = field(page, '/routes/2/path');
    await expect(route).toHaveValue('/healthz');
    await expect(route).toHaveAccessibleDescription(/Het adres \/healthz is gereserveerd voor de controle of de site werkt: kies een ander adres\./);
  });
});
