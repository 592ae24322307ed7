import { expect, test, type Page } from '@playwright/test';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { studioWrite } from '../../scripts/test-support/studio-writes.ts';
import { expectAccessible, studioSite } from './studio-support.ts';
const png = (width: number, height: number, background: string) =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
type Upload = { name: string; mimeType: string; buffer: Buffer };

/** Files dropped on the media library's drop zone, all at once, as a browser hands them over from the desktop. */
async function drop(page: Page, files: Upload[]) {
  const dataTransfer = await page.evaluateHandle(
    (list) => {
      const transfer = new DataTransfer();
      for (const f of list) transfer.items.add(new File([Uint8Array.from(atob(f.data), (c) => c.charCodeAt(0))], f.name, { type: f.mimeType }));
      return transfer;
    },
    files.map((f) => ({ name: f.name, mimeType: f.mimeType, data: f.buffer.toString('base64') })),
  );
  const zone = page.getByTestId('media-drop');
  for (const type of ['dragenter', 'dragover', 'drop']) await zone.dispatchEvent(type, { dataTransfer });
}

test.describe('studio media library, on a Dutch site', { tag: '@desktop-only' }, () => {
  test.describe.configure({ mode: 'serial' });
  const port = 4560 + Number(process.env.TEST_PARALLEL_INDEX ?? 0);
  const context = studioSite({ fixture: 'base', prefix: 'studio-media-', port });
  const { file, changed } = context;

  test.afterEach(() => context.reset());

  async function openMedia(page: Page) {
    await page.goto(`http://127.0.0.1:${port}/__studio`);
    await page.getByRole('button', { name: 'Media' }).click();
    return page.getByRole('dialog', { name: 'Afbeeldingen' });
  }
  const item = (page: Page, name: string) => page.getByRole('dialog').getByRole('listitem', { name, exact: true });

  test('lists every image of public/images with its size and where it is used, in Dutch', async ({ page }) => {
    const media = await openMedia(page);
    await expect(media.getByRole('list', { name: 'Afbeeldingen' }).getByRole('listitem', { name: /\.(webp|png)$/ })).toHaveCount(2);
    const meta = await sharp(join(context.site, 'public/images/og.png')).metadata();
    const og = item(page, 'og.png');
    await expect(og.locator('img')).toHaveAttribute('src', '/images/og.png');
    await expect(og.locator('img')).toHaveAttribute('loading', 'lazy');
    await expect(og).toContainText(`${meta.width} × ${meta.height} pixels`);
    // where it is used, by the page's name as the file list says it: no file path
    await expect(og).toContainText('Home');
    await expect(og).not.toContainText('content/');
    await expect(og).toContainText('Site-instellingen');
    await expect(item(page, 'avatar.webp')).toContainText('Gebruikt op');
  });

  test('two images dropped at once both become WebP files, listed at once; a file that is no image is refused by name', async ({ page }) => {
    const media = await openMedia(page);
    await drop(page, [
      { name: 'Eerste Foto.png', mimeType: 'image/png', buffer: await png(800, 400, '#1d4ed8') },
      { name: 'tweede.png', mimeType: 'image/png', buffer: await png(300, 300, '#b91c1c') },
      { name: 'notities.png', mimeType: 'image/png', buffer: Buffer.from('geen plaatje') },
    ]);
    await expect(item(page, 'eerste-foto.webp')).toContainText('800 × 400 pixels', { timeout: 15_000 });
    await expect(item(page, 'tweede.webp')).toContainText('Nergens gebruikt', { timeout: 15_000 });
    await expect(media.getByText('notities.png is niet geüpload: het is geen afbeelding')).toBeVisible({ timeout: 15_000 });
    for (const name of ['eerste-foto.webp', 'tweede.webp']) expect((await sharp(join(context.site, 'public/images', name)).metadata()).format).toBe('webp');
  });

  test('an image nothing uses is deleted after a confirm; one in use is refused with where it is used', async ({ page }) => {
    writeFileSync(
      join(context.site, 'public/images/reserve.webp'),
      await sharp(await png(40, 20, '#15803d'))
        .webp()
        .toBuffer(),
    );
    await openMedia(page);
    const reserve = item(page, 'reserve.webp');
    await reserve.getByRole('button', { name: 'reserve.webp verwijderen' }).click();
    await reserve.getByRole('button', { name: 'Ja, verwijderen' }).click();
    await expect(reserve).toHaveCount(0);
    await expect(page.getByRole('dialog').getByText('reserve.webp is verwijderd.')).toBeVisible();
    expect(existsSync(join(context.site, 'public/images/reserve.webp'))).toBe(false);
    // in use: refused in the panel, and by the server when asked anyway
    const og = item(page, 'og.png');
    await og.getByRole('button', { name: 'og.png verwijderen' }).click();
    await expect(og.getByRole('status')).toHaveText('og.png kan niet weg: het staat op Site-instellingen, Home.');
    const headers = studioWrite(`http://127.0.0.1:${port}`);
    const refused = await page.request.post(`http://127.0.0.1:${port}/__studio/api/media/delete`, { headers, data: { src: '/images/og.png' } });
    expect(refused.status()).toBe(409);
    expect(existsSync(join(context.site, 'public/images/og.png'))).toBe(true);
    for (const src of ['/images/../site.config.json', '/site.config.json', '/images/.x.webp'])
      expect((await page.request.post(`http://127.0.0.1:${port}/__studio/api/media/delete`, { headers, data: { src } })).status(), src).toBe(400);
  });

  test('an alt text typed beside the picture is a one-line diff', async ({ page }) => {
    const line = file('content/pages/home.json')
      .split('\n')
      .find((l) => l.includes('"image":'))!;
    await openMedia(page);
    const use = item(page, 'og.png').getByRole('listitem').filter({ hasText: 'Home' });
    await use.getByLabel('Alt-tekst').fill('Een blauw vlak');
    await expect.poll(() => changed('content/pages/home.json')).toEqual([`-${line}`, `+${line.replace('"alt": ""', '"alt": "Een blauw vlak"')}`]);
  });

  test('an upload into a field that is undone removes its file; a redo brings it back', async ({ page }) => {
    await page.goto(`http://127.0.0.1:${port}/__studio`);
    const hero = page.locator('.editor fieldset[data-pointer="/blocks/0/image"]');
    await hero.getByLabel('Of upload een afbeelding').setInputFiles({ name: 'Weg Ermee.png', mimeType: 'image/png', buffer: await png(600, 300, '#7c3aed') });
    const path = join(context.site, 'public/images/weg-ermee.webp');
    await expect.poll(() => file('content/pages/home.json')).toContain('/images/weg-ermee.webp');
    expect(existsSync(path)).toBe(true);
    await page.getByRole('button', { name: 'Ongedaan maken' }).click();
    await expect.poll(() => existsSync(path)).toBe(false);
    await page.getByRole('button', { name: 'Opnieuw doen' }).click();
    await expect.poll(() => existsSync(path)).toBe(true);
  });

  test('replace the hero image with an uploaded one and write its alt text: three clicks', async ({ page }) => {
    const before = file('content/pages/home.json');
    const line = before.split('\n').find((l) => l.includes('"image":'))!;
    await page.goto(`http://127.0.0.1:${port}/__studio`);
    let clicks = 0;
    await page.getByRole('button', { name: 'Media' }).click();
    clicks += 1;
    const chooser = page.waitForEvent('filechooser');
    await item(page, 'og.png').getByRole('button', { name: 'Andere afbeelding op Home' }).click();
    clicks += 1;
    // picking the file in the chooser is one more
    await (await chooser).setFiles({ name: 'Team.png', mimeType: 'image/png', buffer: await png(600, 300, '#0f766e') });
    clicks += 1;
    // the new picture's alt text has the keyboard: typed straight away
    await expect(item(page, 'team.webp').getByLabel('Alt-tekst')).toBeFocused({ timeout: 15_000 });
    await page.keyboard.type('Het team');
    const after = line.replace('"/images/og.png"', '"/images/team.webp"').replace('"alt": ""', '"alt": "Het team"');
    await expect
      .poll(() => changed('content/pages/home.json'))
      .toEqual([`-${line}`, `+${after.replace(/"width": \d+, "height": \d+/, '"width": 300, "height": 150')}`]);
    expect(clicks).toBe(3);
  });

  test('axe finds nothing in the media library', async ({ page }) => {
    await openMedia(page);
    await expect(item(page, 'og.png')).toBeVisible();
    await item(page, 'og.png').getByRole('button', { name: 'og.png verwijderen' }).click();
    await expect(item(page, 'og.png').getByRole('status')).not.toBeEmpty();
    await expectAccessible(page, '.media-panel');
  });
});

test.describe('studio media library, on an English site', { tag: '@desktop-only' }, () => {
  const port = 4570 + Number(process.env.TEST_PARALLEL_INDEX ?? 0);
  studioSite({ fixture: 'en', prefix: 'studio-media-en-', port });

  test('speaks English and lists the images with their uses', async ({ page }) => {
    await page.goto(`http://127.0.0.1:${port}/__studio`);
    await page.getByRole('button', { name: 'Media' }).click();
    const media = page.getByRole('dialog', { name: 'Images' });
    const portfolio = media.getByRole('listitem', { name: 'portfolio-voltkracht.webp', exact: true });
    await expect(portfolio).toContainText('Used on');
    // the list by its kind's name and the page that shows it, the page by its name: no file path
    await expect(portfolio).toContainText('List ‘Portfolio on Home’, shown on Home');
    await expect(portfolio.getByLabel('Alt text').first()).toBeVisible();
  });
});
