import { expect, test, type Page } from '@playwright/test';
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { studioWrite } from '../../scripts/test-support/studio-writes.ts';
import { blockItem, desktopPreview, expectAccessible, field, fileButton, openStudio, studioSite } from './studio-support.ts';

/** The line of a file that holds a key, as it is before any edit. */
const lineWith = (text: string, key: string) => text.split('\n').find((l) => l.includes(`"${key}":`))!;
type PageFile = { title: string; blocks: { type: string; headline?: string; intro?: string }[] };

/**
 * The studio in `npm run dev`, on a copy of the base fixture site (Dutch) in a git work tree of its own: every test
 * reads what the studio wrote with `git diff`, as the person who reviews it would. The expected lines come from the
 * fixture's own files, and the fields are found by their value's place in the file (their labels are the label
 * catalog's), so only the studio's behaviour is pinned, never a text of the site.
 */
test.describe('studio', { tag: '@desktop-only' }, () => {
  test.describe.configure({ mode: 'serial' });
  const port = 4490 + Number(process.env.TEST_PARALLEL_INDEX ?? 0);
  const context = studioSite({ fixture: 'base', prefix: 'studio-site-', port });
  const { file, changed, studio } = context;
  const site = () => context.site;

  // each test starts from the committed site
  test.afterEach(() => context.reset());

  const open = (page: Page, path: string) => openStudio(page, context, path);
  const HOME = 'content/pages/home.json';
  const homeBlocks = () => (JSON.parse(file(HOME)) as PageFile).blocks;
  const faqIndex = () => homeBlocks().findIndex((b) => b.type === 'faq');

  test('a hero heading typed in its field is a one-line diff, and the preview shows it', async ({ page }) => {
    await open(page, HOME);
    const before = lineWith(file(HOME), 'headline');
    const headline = field(page, '/blocks/0/headline');
    await headline.fill('Een nieuwe kop voor de studio');
    await expect.poll(() => changed(HOME)).toEqual([`-${before}`, `+${before.replace(/"headline": ".*"/, '"headline": "Een nieuwe kop voor de studio"')}`]);
    await expect(desktopPreview(page).locator('main h1')).toHaveText('Een nieuwe kop voor de studio', { timeout: 10_000 });
  });

  test('after a saved edit the preview renders the page again where it was scrolled to', async ({ page }) => {
    await open(page, HOME);
    await expect(desktopPreview(page).locator('main h1')).toBeVisible({ timeout: 15_000 }); // the dev server's first render of the page
    const preview = async () => (await (await page.locator('.side iframe').first().elementHandle())!.contentFrame())!;
    // the last block (the FAQ, at the bottom) is selected: the preview scrolls to it
    await page.locator('.block-item').last().locator('.block-select').click();
    // the frame may be between two documents (a reload) when asked: no number then, and the poll asks again
    const scrollY = async () => (await preview()).evaluate(() => window.scrollY).catch(() => Number.NaN);
    let scrolled = Number.NaN;
    await expect.poll(async () => (scrolled = await scrollY())).toBeGreaterThan(200);
    const mark = async (top?: boolean) =>
      (await preview())
        .evaluate((toTop) => {
          if (toTop) window.scrollTo(0, 0);
          return ((window as unknown as { before: boolean }).before = true);
        }, top ?? false)
        .catch(() => false);
    await expect.poll(() => mark()).toBe(true);
    // an edit of its heading is saved, and the page is rendered again (a new document)
    await field(page, `/blocks/${faqIndex()}/header/heading`).fill('Nieuwe vragen');
    await expect
      .poll(async () => (await preview()).evaluate(() => (window as unknown as { before?: boolean }).before ?? false).catch(() => true), { timeout: 10_000 })
      .toBe(false);
    await expect(desktopPreview(page).locator('main h2', { hasText: 'Nieuwe vragen' })).toBeVisible();
    await expect.poll(scrollY).toBeGreaterThan(scrolled - 40);
    await expect.poll(scrollY).toBeLessThan(scrolled + 40);
    // scrolled back to the top by hand, the preview stays there while the person types and the page renders again
    await expect.poll(() => mark(true)).toBe(true);
    await field(page, `/blocks/${faqIndex()}/header/heading`).fill('Nog nieuwere vragen');
    await expect
      .poll(async () => (await preview()).evaluate(() => (window as unknown as { before?: boolean }).before ?? false).catch(() => true), { timeout: 10_000 })
      .toBe(false);
    await expect(desktopPreview(page).locator('main h2', { hasText: 'Nog nieuwere vragen' })).toBeAttached();
    await expect.poll(scrollY).toBe(0);
  });

  test('two tasks, counted: change the hero heading, and add an FAQ question', async ({ page }) => {
    let clicks = 0;
    let keys = 0;
    const type = async (text: string) => {
      keys += text.length;
      await page.keyboard.type(text);
    };
    // the home page is open and its hero selected when the studio opens: click its heading, select all, type
    await page.goto(studio);
    await field(page, '/blocks/0/headline').click();
    clicks++;
    await page.keyboard.press('Control+A');
    keys++;
    await type('Websites die werken');
    await expect.poll(() => homeBlocks()[0]!.headline).toBe('Websites die werken');
    console.log(`change the hero heading: ${clicks} click, ${keys} keystrokes (Ctrl+A and the ${keys - 1} letters of the heading)`);
    // the questions are a list of their own: open it, add one (its question field takes the keyboard), type, Tab, type
    const FAQ = 'content/collections/faq.json';
    const count = (JSON.parse(file(FAQ)) as { items: unknown[] }).items.length;
    clicks = 0;
    keys = 0;
    await fileButton(page, FAQ).click();
    clicks++;
    await page.getByRole('button', { name: /^Toevoegen aan / }).click();
    clicks++;
    await expect(field(page, `/items/${count}/question`)).toBeFocused();
    await type('Werken jullie ook in het weekend?');
    await page.keyboard.press('Tab');
    keys++;
    await expect(field(page, `/items/${count}/answer`)).toBeFocused();
    await type('Nee, maar we antwoorden op maandag.');
    await expect
      .poll(() => (JSON.parse(file(FAQ)) as { items: unknown[] }).items[count])
      .toEqual({ question: 'Werken jullie ook in het weekend?', answer: 'Nee, maar we antwoorden op maandag.' });
    console.log(`add an FAQ question: ${clicks} clicks, ${keys} keystrokes (the question, Tab, the answer)`);
    expect(clicks).toBe(2);
  });

  test('reordering FAQ items changes only the moved lines', async ({ page }) => {
    const questions = () => (JSON.parse(file('content/collections/faq.json')) as { items: { question: string }[] }).items.map((i) => i.question);
    const [first, second, ...rest] = questions();
    await open(page, 'content/collections/faq.json');
    // the first question's move-down button, named by the item ("Vraag 1 omlaag")
    await page.locator('li.item:has(> [data-pointer="/items/0"]) > .item-actions button').nth(1).click();
    // two items of two lines each swap places: four lines out, the same four in, nothing else
    await expect.poll(() => changed('content/collections/faq.json').length).toBe(8);
    const lines = changed('content/collections/faq.json');
    expect(
      lines
        .filter((l) => l.startsWith('-'))
        .map((l) => l.slice(1))
        .sort(),
    ).toEqual(
      lines
        .filter((l) => l.startsWith('+'))
        .map((l) => l.slice(1))
        .sort(),
    );
    expect(questions()).toEqual([second, first, ...rest]);
  });

  test('a block moves from the keyboard alone', async ({ page }) => {
    const types = () => homeBlocks().map((b) => b.type);
    const [first, second] = types();
    await open(page, HOME);
    await expect(blockItem(page, 0)).toHaveAttribute('data-block-type', first!);
    await blockItem(page, 1).getByRole('button').first().focus();
    await page.keyboard.press('Alt+ArrowUp');
    await expect(blockItem(page, 0)).toHaveAttribute('data-block-type', second!);
    await expect(blockItem(page, 0).getByRole('button').first()).toBeFocused();
    await expect.poll(() => types().slice(0, 2)).toEqual([second, first]);
  });

  test('a city typed in adds its routes to the list at once', async ({ page }) => {
    const config = file('site.config.json');
    const { landing } = JSON.parse(config) as { landing: { cities: string[]; services: { slug: string }[] } };
    const service = landing.services[0]!.slug;
    await open(page, HOME);
    const routes = page.getByRole('list', { name: 'Adressen' });
    await expect(routes.getByRole('button', { name: `/${service}-${landing.cities[0]!.toLowerCase().replace(/ /g, '-')}` })).toBeVisible();
    const before = await routes.getByRole('listitem').count();
    await page.getByLabel('Nieuwe stad').fill('Bergen op Zoom');
    await page.getByRole('button', { name: 'Stad toevoegen' }).click();
    // one route per service, listed before the preview has rendered any of them
    await expect(routes.getByRole('listitem')).toHaveCount(before + landing.services.length);
    await expect(routes.getByRole('button', { name: `/${service}-bergen-op-zoom` })).toBeVisible();
    // the list has one city per line: the last one gets its comma, the new one follows in the same layout
    const lines = config.split('\n');
    const last = lines[lines.indexOf('    ],', lines.indexOf(lineWith(config, 'cities'))) - 1]!;
    expect(changed('site.config.json')).toEqual([`-${last}`, `+${last},`, `+${last.replace(/".*"/, '"Bergen op Zoom"')}`]);
    await routes.getByRole('button', { name: `/${service}-bergen-op-zoom` }).click();
    await expect(desktopPreview(page).locator('main h1')).toContainText('Bergen op Zoom', { timeout: 10_000 });
  });

  test('a service described in the landing panel adds one route per city, each previewable', async ({ page }) => {
    const { landing } = JSON.parse(file('site.config.json')) as { landing: { cities: string[]; services: unknown[] } };
    await open(page, HOME);
    const routes = page.getByRole('list', { name: 'Adressen' });
    await expect(routes.getByRole('listitem').first()).toBeVisible();
    const before = await routes.getByRole('listitem').count();
    const form = page.getByRole('form', { name: 'Nieuwe dienst' });
    await form.getByLabel('Naam').fill('Webshops');
    await expect(form.getByText('Adressen /webshops-{stad}, één per stad.')).toBeVisible();
    // sent without its templates, the browser points at the first empty field and nothing is added
    await form.getByRole('button', { name: 'Dienst toevoegen' }).click();
    expect(await form.getByLabel('Paginatitel').evaluate((el) => (el as HTMLInputElement).validity.valueMissing)).toBe(true);
    await expect(page.locator(':focus')).toHaveAttribute('id', 'new-service-title');
    await form.getByLabel('Paginatitel').fill('Webshop laten maken in {city}');
    await form.getByLabel('Beschrijving voor zoekmachines').fill('Een webshop voor ondernemers in {city}.');
    await form.getByRole('button', { name: 'Dienst toevoegen' }).click();
    await expect(routes.getByRole('listitem')).toHaveCount(before + landing.cities.length);
    expect((JSON.parse(file('site.config.json')) as { landing: { services: unknown[] } }).landing.services).toEqual([
      ...landing.services,
      { slug: 'webshops', name: 'Webshops', title: 'Webshop laten maken in {city}', description: 'Een webshop voor ondernemers in {city}.' },
    ]);
    // the other services keep their bytes: git sees only added lines and the comma after the last service
    expect(changed('site.config.json').filter((l) => l.startsWith('-')).length).toBeLessThanOrEqual(1);
    const city = landing.cities[landing.cities.length - 1]!;
    await routes.getByRole('button', { name: `/webshops-${city.toLowerCase().replace(/ /g, '-')}` }).click();
    await expect(desktopPreview(page).locator('main h1')).toContainText(`Webshops in ${city}`, { timeout: 10_000 });
  });

  test('a schema error shows on its field and in the list in plain words, where it is in words, then goes when fixed', async ({ page }) => {
    await open(page, HOME);
    const headline = field(page, '/blocks/0/headline');
    await headline.fill('');
    const message = page.locator('.field-problems');
    await expect(message).toBeVisible({ timeout: 10_000 });
    await expect(headline).toHaveAttribute('aria-invalid', 'true');
    // the input names its message (and its help), for a screen reader
    const described = (await headline.getAttribute('aria-describedby'))!.split(' ');
    expect(described).toContain(await message.getAttribute('id'));
    await expect(blockItem(page, 0).locator('.badge')).toHaveText('1');
    const list = page.getByRole('region', { name: /^Problemen/ });
    const said = (await message.innerText()).trim();
    await expect(list.getByRole('listitem')).toContainText(said);
    // no file:line:column and no JSON pointer: the place in words, from the page to the field
    for (const text of [said, await list.innerText()]) {
      expect(text).not.toMatch(/\.json:\d+|\/blocks\/\d|must NOT/);
    }
    await expect(list.getByRole('button').first()).toHaveText(/^Home › Blok 1 \(.+\) › .+/);
    await headline.fill('Weer een kop');
    await expect(message).toHaveCount(0, { timeout: 10_000 });
    await expect(page.getByText('De site is in orde.')).toBeVisible();
  });

  test('undo takes every kind of edit back to a byte-identical file; redo puts it back', async ({ page }) => {
    const original = file(HOME);
    await open(page, HOME);
    await field(page, '/blocks/0/headline').fill('Tijdelijke kop');
    await expect.poll(() => file(HOME)).toContain('Tijdelijke kop');
    const types = () => homeBlocks().map((b) => b.type);
    const order = types();
    await blockItem(page, 1).locator('.block-actions button').nth(1).click();
    await expect.poll(types).toEqual([order[0], order[2], order[1], ...order.slice(3)]);
    await page.getByRole('button', { name: 'Ongedaan maken' }).click();
    await expect.poll(types).toEqual(order);
    await page.keyboard.press('Control+z');
    await expect.poll(() => file(HOME)).toBe(original);
    await page.keyboard.press('Control+Shift+z');
    await expect.poll(() => file(HOME)).toContain('Tijdelijke kop');
  });

  test('an edit made in another editor meanwhile is kept: the studio applies its edit to the new text', async ({ page }) => {
    const home = JSON.parse(file(HOME)) as PageFile;
    await open(page, HOME);
    await expect(field(page, '/title')).toHaveValue(home.title);
    // another editor changes the same file while the studio has it open, and a moment later the person types
    const intro = home.blocks[0]!.intro!;
    writeFileSync(join(site(), HOME), file(HOME).replace(JSON.stringify(intro), '"Intro uit de editor"'));
    await field(page, '/blocks/0/headline').fill('Kop uit de studio');
    // the studio shows the outside change too
    await expect(field(page, '/blocks/0/intro')).toHaveValue('Intro uit de editor');
    await expect.poll(() => file(HOME)).toContain('Kop uit de studio');
    expect(file(HOME)).toContain('"intro": "Intro uit de editor"');
    expect(changed(HOME)).toHaveLength(4);
  });

  test('a new page writes its file and its route, and opens in the studio', async ({ page }) => {
    await open(page, HOME);
    await page.getByLabel('Titel van een nieuwe pagina').fill('Prijzen');
    await expect(page.getByText('De pagina komt op /prijzen.')).toBeVisible();
    await page.getByRole('button', { name: 'Pagina toevoegen' }).click();
    await expect(fileButton(page, 'content/pages/prijzen.json')).toHaveText(/^Prijzen \/prijzen/);
    await expect(fileButton(page, 'content/pages/prijzen.json')).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('status').filter({ hasText: 'De pagina Prijzen is toegevoegd, op /prijzen.' })).toBeVisible();
    await expect.poll(() => (JSON.parse(file('site.config.json')) as { routes: unknown[] }).routes).toContainEqual({ path: '/prijzen', page: 'prijzen' });
    // the route is added in the layout of the others: git sees added lines only
    expect(changed('site.config.json').filter((l) => l.startsWith('-'))).toEqual([]);
    expect(changed('site.config.json').filter((l) => l.startsWith('+'))).toHaveLength(4);
    expect(JSON.parse(file('content/pages/prijzen.json'))).toMatchObject({
      title: 'Prijzen',
      description: 'Prijzen',
      blocks: [{ type: 'hero', headline: 'Prijzen' }],
    });
    await expect(page.getByText('De site is in orde.')).toBeVisible();
    // the preview shows the new page itself, not the 404 page
    await expect(desktopPreview(page).locator('main h1')).toHaveText('Prijzen', { timeout: 10_000 });
  });

  test('an uploaded image becomes a WebP in public/images, and the hero takes its path and size in one undo step', async ({ page }) => {
    const before = file(HOME);
    const png = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#1d4ed8' } })
      .png()
      .toBuffer();
    await open(page, HOME);
    const hero = page.locator('.editor fieldset[data-pointer="/blocks/0/image"]');
    await hero.getByLabel('Of upload een afbeelding').setInputFiles({ name: 'Nieuwe Hero.png', mimeType: 'image/png', buffer: png });
    await expect(hero.getByRole('status')).toHaveText('/images/nieuwe-hero.webp is toegevoegd (800 × 450).');
    const saved = await sharp(readFileSync(join(site(), 'public/images/nieuwe-hero.webp'))).metadata();
    expect([saved.format, saved.width, saved.height]).toEqual(['webp', 1600, 900]);
    // three values of the hero's image change, on the one line that holds them
    const line = lineWith(before, 'image');
    await expect
      .poll(() => changed(HOME))
      .toEqual([
        `-${line}`,
        `+${line.replace(/"src": "[^"]*"/, '"src": "/images/nieuwe-hero.webp"').replace(/"width": \d+, "height": \d+/, '"width": 800, "height": 450')}`,
      ]);
    // the preview shows it, with the widths the build would make (the dev server renders them)
    const img = desktopPreview(page).locator('main img[src="/images/nieuwe-hero.webp"]');
    await expect(img).toHaveCount(1, { timeout: 10_000 });
    // asked again when the preview reloads meanwhile (its page, and the image in it, is then a new one)
    await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth).catch(() => 0)).toBeGreaterThan(0);
    // a file that is no image is refused with a message, and nothing changes
    await hero.getByLabel('Of upload een afbeelding').setInputFiles({ name: 'notities.png', mimeType: 'image/png', buffer: Buffer.from('geen plaatje') });
    await expect(hero.getByRole('status')).toHaveText('Niet geüpload: notities.png is geen afbeelding (JPEG, PNG, WebP, GIF of AVIF).');
    // one undo takes the path and the size back together
    await page.getByRole('button', { name: 'Ongedaan maken' }).click();
    await expect.poll(() => file(HOME)).toBe(before);
  });

  test('each page of the dev server links to the studio at that page, over the error overlay too', async ({ page }) => {
    await page.goto(`http://127.0.0.1:${port}/contact`);
    await page.getByRole('link', { name: 'Edit in the studio' }).click();
    await expect(page).toHaveURL(`${studio}?route=%2Fcontact`);
    await expect(fileButton(page, 'content/pages/contact.json')).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('banner')).toContainText('Contact');
    // the studio's own previews show the page without the link
    await expect(desktopPreview(page).locator('main')).toBeVisible({ timeout: 10_000 });
    // (once the link's script has run there)
    await expect(desktopPreview(page).locator('html')).toHaveAttribute('data-studio-link-state', 'framed');
    await expect(desktopPreview(page).locator('[data-studio-link]')).toHaveCount(0);
    // a page with a broken config: the overlay covers it, and the link is still there to click
    await page.goto(`http://127.0.0.1:${port}/`);
    await page.waitForLoadState('load');
    writeFileSync(join(site(), HOME), file(HOME).replace('"type": "hero"', '"type": "hreo"'));
    // the overlay comes as Vite's event, or, when the page's Vite client was not connected yet to take it, with the
    // page loaded again (a developer's tab gets the problems page and its overlay while the files are invalid)
    await expect(async () => {
      if ((await page.locator('vite-error-overlay').count()) === 0) await page.reload();
      await expect(page.locator('vite-error-overlay')).toBeAttached({ timeout: 5_000 });
    }).toPass({ timeout: 30_000 });
    await page.getByRole('link', { name: 'Edit in the studio' }).click();
    await expect(page.getByRole('region', { name: /^Problemen/ })).toContainText('hreo');
  });

  test('an image missing from public/ is a problem until the file is there', async ({ page }) => {
    await open(page, HOME);
    await field(page, '/blocks/0/image/src').fill('/images/komt-nog.webp');
    const problem = page
      .getByRole('region', { name: /^Problemen/ })
      .getByRole('listitem')
      .filter({ hasText: '/images/komt-nog.webp' });
    await expect(problem).toBeVisible({ timeout: 10_000 });
    // the file arrives by another way (copied in, exported by a designer): the problem goes without an edit
    cpSync(join(site(), 'public/images/avatar.webp'), join(site(), 'public/images/komt-nog.webp'));
    await expect(problem).toHaveCount(0, { timeout: 10_000 });
    await expect(page.getByText('De site is in orde.')).toBeVisible();
  });

  test('a field for a file offers the files its pattern takes: sounds for the chat sound, with no image upload', async ({ page }) => {
    mkdirSync(join(site(), 'public/sounds'), { recursive: true });
    writeFileSync(join(site(), 'public/sounds/ping.wav'), 'RIFF');
    await open(page, 'site.config.json');
    const sound = field(page, '/chat/notificationSoundSrc');
    const options = async (input: typeof sound) =>
      page.locator(`datalist[id="${await input.getAttribute('list')}"] option`).evaluateAll((all) => all.map((o) => (o as HTMLOptionElement).value));
    // the new folder and its file reach the studio through the file watcher, a moment later on a busy machine
    await expect.poll(() => options(sound), { timeout: 10_000 }).toEqual(['/sounds/ping.wav']);
    await expect(sound.locator('xpath=..').getByLabel('Of upload een afbeelding')).toHaveCount(0);
    // an image field beside it lists images only, and takes an upload
    const logo = field(page, '/chat/avatar/src');
    expect(await options(logo)).not.toContain('/sounds/ping.wav');
    await expect(logo.locator('xpath=..').getByLabel('Of upload een afbeelding')).toHaveCount(1);
  });

  test('a file that is not valid JSON is said in plain words, and the studio keeps working', async ({ page }) => {
    writeFileSync(join(site(), 'content/collections/faq.json'), '{ "kind": "faq", "items": [ }\n');
    await open(page, 'content/collections/faq.json');
    await expect(page.locator('.editor').getByRole('alert')).toContainText('Veelgestelde vragen kan niet worden gelezen: het bestand is beschadigd.');
    // the parser's words are there for a developer, folded away
    await expect(page.locator('.editor details code')).toBeHidden();
    // the list says it too, by the list's name and without a file:line
    const problems = page.getByRole('region', { name: /^Problemen/ }).getByRole('listitem');
    await expect(problems.first()).toContainText('Veelgestelde vragen');
    await expect(problems.first()).not.toContainText(/faq\.json:\d/);
    await fileButton(page, HOME).click();
    await expect(field(page, '/blocks/0/headline')).toBeVisible();
  });

  test('answers only its own address: another Host or Origin gets 403, and a write only as its own page sends one', async ({ request }) => {
    const other = await request.get(`http://127.0.0.1:${port}/__studio/api/state`, { headers: { Host: `rebound.example:${port}` } });
    expect(other.status()).toBe(403);
    const crossSite = await request.post(`http://127.0.0.1:${port}/__studio/api/edit`, {
      headers: { Origin: 'https://evil.example' },
      data: { path: 'content/pages/home.json', base: 'x', ops: [{ op: 'set', path: ['title'], value: 'x' }] },
    });
    expect(crossSite.status()).toBe(403);
    const own = studioWrite(`http://127.0.0.1:${port}`);
    const outside = await request.post(`http://127.0.0.1:${port}/__studio/api/create`, { headers: own, data: { path: '../package.json', text: '{}' } });
    expect(outside.status()).toBe(400);
    // without the header the studio's page sends with every write: refused before it is read
    const { 'x-staff-request': _, ...noHeader } = own;
    const created = await request.post(`http://127.0.0.1:${port}/__studio/api/create`, {
      headers: noHeader,
      data: { path: 'content/pages/x.json', text: '{}' },
    });
    expect(created.status()).toBe(403);
  });

  test('axe finds nothing on the studio', async ({ page }) => {
    await open(page, HOME);
    await expect(field(page, '/blocks/0/headline')).toBeVisible();
    await expectAccessible(page);
  });
});
