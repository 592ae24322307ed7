import { expect, test, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { copySite, startDevServer, type DevServer } from '../../scripts/lib/dev-server.ts';

const root = process.cwd();
const fixture = join(root, 'tests/fixtures/base');
/** The line of a file that holds a key, as it is before any edit. */
const lineWith = (text: string, key: string) => text.split('\n').find((l) => l.includes(`"${key}":`))!;
type PageFile = { title: string; blocks: { type: string; headline?: string; intro?: string }[] };

/**
 * The studio in `npm run dev`, on a copy of the base fixture site in a git work tree of its own: every test reads
 * what the studio wrote with `git diff`, as the person who reviews it would. The expected lines come from the
 * fixture's own files, so only the studio's behaviour is pinned, never a text.
 */
test.describe('studio', { tag: '@desktop-only' }, () => {
  test.describe.configure({ mode: 'serial' });
  let site: string;
  let server: DevServer;
  const port = 4490 + Number(process.env.TEST_PARALLEL_INDEX ?? 0);
  const git = (...args: string[]) => execFileSync('git', ['-C', site, ...args], { encoding: 'utf8' });
  const file = (path: string) => readFileSync(join(site, path), 'utf8');
  /** The changed lines of one file's diff: + and - lines without the headers. */
  const changed = (path: string) =>
    git('diff', '--no-color', '-U0', '--', path)
      .split('\n')
      .filter((l) => /^[+-]/.test(l) && !/^(\+\+\+|---) /.test(l));

  test.beforeAll(async () => {
    site = copySite('studio-site-', fixture);
    git('init', '-q');
    git('add', '-A');
    git('-c', 'user.email=studio@test', '-c', 'user.name=studio', 'commit', '-qm', 'site');
    server = await startDevServer(site, port, 20_000);
  });

  test.afterAll(async () => {
    // gone before the next run of this group in the same worker starts its server on the same port
    await server?.stop();
    if (site) rmSync(site, { recursive: true, force: true });
  });

  test.afterEach(() => {
    // each test starts from the committed site
    git('checkout', '-q', '--', '.');
    git('clean', '-qfd', 'content', 'public');
  });

  const studio = `http://127.0.0.1:${port}/__studio`;
  async function open(page: Page, name: string) {
    await page.goto(studio);
    await page
      .getByRole('navigation', { name: 'Site files' })
      .getByRole('button', { name: new RegExp(`^${name}\\b`) })
      .click();
  }
  const desktopPreview = (page: Page) => page.frameLocator('iframe[title^="Desktop preview"]');

  test('a hero heading typed in its field is a one-line diff, and the preview shows it', async ({ page }) => {
    await open(page, 'home');
    const before = lineWith(file('content/pages/home.json'), 'headline');
    const headline = page.getByLabel('Headline');
    await headline.fill('Een nieuwe kop voor de studio');
    await expect
      .poll(() => changed('content/pages/home.json'))
      .toEqual([`-${before}`, `+${before.replace(/"headline": ".*"/, '"headline": "Een nieuwe kop voor de studio"')}`]);
    await expect(desktopPreview(page).locator('main h1')).toHaveText('Een nieuwe kop voor de studio', { timeout: 10_000 });
  });

  test('after a saved edit the preview renders the page again where it was scrolled to', async ({ page }) => {
    await open(page, 'home');
    await expect(desktopPreview(page).locator('main h1')).toBeVisible();
    const preview = async () => (await (await page.locator('iframe[title^="Desktop preview"]').elementHandle())!.contentFrame())!;
    // the last block (the FAQ, at the bottom) is selected: the preview scrolls to it
    await page.locator('.block-item').last().locator('.block-select').click();
    const scrollY = async () => (await preview()).evaluate(() => window.scrollY);
    await expect.poll(scrollY).toBeGreaterThan(200);
    const scrolled = await scrollY();
    await (await preview()).evaluate(() => ((window as unknown as { before: boolean }).before = true));
    // an edit of its heading is saved, and the page is rendered again (a new document)
    await page.getByRole('group', { name: 'Header' }).getByLabel('Heading').fill('Nieuwe vragen');
    await expect
      .poll(async () => (await preview()).evaluate(() => (window as unknown as { before?: boolean }).before ?? false).catch(() => true), { timeout: 10_000 })
      .toBe(false);
    await expect(desktopPreview(page).locator('main h2', { hasText: 'Nieuwe vragen' })).toBeVisible();
    await expect.poll(scrollY).toBeGreaterThan(scrolled - 40);
    expect(await scrollY()).toBeLessThan(scrolled + 40);
    // scrolled back to the top by hand, the preview stays there while the person types and the page renders again
    await (
      await preview()
    ).evaluate(() => {
      window.scrollTo(0, 0);
      (window as unknown as { before: boolean }).before = true;
    });
    await page.getByRole('group', { name: 'Header' }).getByLabel('Heading').fill('Nog nieuwere vragen');
    await expect
      .poll(async () => (await preview()).evaluate(() => (window as unknown as { before?: boolean }).before ?? false).catch(() => true), { timeout: 10_000 })
      .toBe(false);
    await expect(desktopPreview(page).locator('main h2', { hasText: 'Nog nieuwere vragen' })).toBeAttached();
    expect(await scrollY()).toBe(0);
  });

  test('reordering FAQ items changes only the moved lines', async ({ page }) => {
    const questions = () => (JSON.parse(file('content/collections/faq.json')) as { items: { question: string }[] }).items.map((i) => i.question);
    const [first, second, ...rest] = questions();
    await open(page, 'faq');
    await page.getByRole('button', { name: 'Move Items 1 down' }).click();
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
    const types = () => (JSON.parse(file('content/pages/home.json')) as PageFile).blocks.map((b) => b.type);
    const [first, second] = types();
    await open(page, 'home');
    const blocks = page.locator('.block-list > li');
    await expect(blocks.nth(0)).toContainText(first!);
    await blocks.nth(1).getByRole('button').first().focus();
    await page.keyboard.press('Alt+ArrowUp');
    await expect(blocks.nth(0)).toContainText(second!);
    await expect.poll(() => types().slice(0, 2)).toEqual([second, first]);
  });

  test('a city typed in adds its routes to the list at once', async ({ page }) => {
    const config = file('site.config.json');
    const { landing } = JSON.parse(config) as { landing: { cities: string[]; services: { slug: string }[] } };
    const service = landing.services[0]!.slug;
    await open(page, 'home');
    const routes = page.getByRole('list', { name: 'Routes' });
    await expect(routes.getByRole('button', { name: `/${service}-${landing.cities[0]!.toLowerCase().replace(/ /g, '-')}` })).toBeVisible();
    const before = await routes.getByRole('listitem').count();
    await page.getByLabel('New city').fill('Bergen op Zoom');
    await page.getByRole('button', { name: 'Add city' }).click();
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
    await open(page, 'home');
    const routes = page.getByRole('list', { name: 'Routes' });
    await expect(routes.getByRole('listitem').first()).toBeVisible();
    const before = await routes.getByRole('listitem').count();
    const form = page.getByRole('form', { name: 'New service' });
    await form.getByLabel('Name').fill('Webshops');
    await expect(form.getByText('Routes /webshops-{city}, one per city.')).toBeVisible();
    // sent without its templates, the browser points at the first empty field and nothing is added
    await form.getByRole('button', { name: 'Add service' }).click();
    expect(await form.getByLabel('Page title').evaluate((el) => (el as HTMLInputElement).validity.valueMissing)).toBe(true);
    await expect(page.locator(':focus')).toHaveAttribute('id', 'new-service-title');
    await form.getByLabel('Page title').fill('Webshop laten maken in {city}');
    await form.getByLabel('Meta description').fill('Een webshop voor ondernemers in {city}.');
    await form.getByRole('button', { name: 'Add service' }).click();
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

  test('a schema error shows on its field with the validator’s message and file:line, then goes when fixed', async ({ page }) => {
    await open(page, 'home');
    const headline = page.getByLabel('Headline');
    await headline.fill('');
    const message = page.locator('.field-problems').filter({ hasText: 'content/pages/home.json:' });
    await expect(message).toBeVisible({ timeout: 10_000 });
    await expect(headline).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('.block-item').first().locator('.badge')).toHaveText('1');
    await expect(page.getByRole('region', { name: /Problems/ })).toContainText('content/pages/home.json:');
    await headline.fill('Weer een kop');
    await expect(message).toHaveCount(0, { timeout: 10_000 });
    await expect(page.getByText('The site is valid.')).toBeVisible();
  });

  test('undo takes every kind of edit back to a byte-identical file; redo puts it back', async ({ page }) => {
    const original = file('content/pages/home.json');
    await open(page, 'home');
    await page.getByLabel('Headline').fill('Tijdelijke kop');
    await expect.poll(() => file('content/pages/home.json')).toContain('Tijdelijke kop');
    const types = () => (JSON.parse(file('content/pages/home.json')) as PageFile).blocks.map((b) => b.type);
    const order = types();
    await page.getByRole('button', { name: 'Move block 2 down' }).click();
    await expect.poll(types).toEqual([order[0], order[2], order[1], ...order.slice(3)]);
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(types).toEqual(order);
    await page.keyboard.press('Control+z');
    await expect.poll(() => file('content/pages/home.json')).toBe(original);
    await page.keyboard.press('Control+Shift+z');
    await expect.poll(() => file('content/pages/home.json')).toContain('Tijdelijke kop');
  });

  test('an edit made in another editor meanwhile is kept: the studio applies its edit to the new text', async ({ page }) => {
    const home = JSON.parse(file('content/pages/home.json')) as PageFile;
    await open(page, 'home');
    await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue(home.title);
    // another editor changes the same file while the studio has it open, and a moment later the person types
    const intro = home.blocks[0]!.intro!;
    writeFileSync(join(site, 'content/pages/home.json'), file('content/pages/home.json').replace(JSON.stringify(intro), '"Intro uit de editor"'));
    await page.getByLabel('Headline').fill('Kop uit de studio');
    // the studio shows the outside change too
    await expect(page.getByLabel('Intro')).toHaveValue('Intro uit de editor');
    await expect.poll(() => file('content/pages/home.json')).toContain('Kop uit de studio');
    expect(file('content/pages/home.json')).toContain('"intro": "Intro uit de editor"');
    expect(changed('content/pages/home.json')).toHaveLength(4);
  });

  test('a new page writes its file and its route, and opens in the studio', async ({ page }) => {
    await open(page, 'home');
    await page.getByLabel('New page title').fill('Prijzen');
    await page.getByRole('button', { name: 'Add page' }).click();
    await expect(page.getByRole('navigation', { name: 'Site files' }).getByRole('button', { name: /^prijzen \/prijzen/ })).toBeVisible();
    await expect.poll(() => (JSON.parse(file('site.config.json')) as { routes: unknown[] }).routes).toContainEqual({ path: '/prijzen', page: 'prijzen' });
    // the route is added in the layout of the others: git sees added lines only
    expect(changed('site.config.json').filter((l) => l.startsWith('-'))).toEqual([]);
    expect(changed('site.config.json').filter((l) => l.startsWith('+'))).toHaveLength(4);
    expect(JSON.parse(file('content/pages/prijzen.json'))).toMatchObject({
      title: 'Prijzen',
      description: 'Prijzen',
      blocks: [{ type: 'hero', headline: 'Prijzen' }],
    });
    await expect(page.getByText('The site is valid.')).toBeVisible();
    // the preview shows the new page itself, not the 404 page
    await expect(desktopPreview(page).locator('main h1')).toHaveText('Prijzen', { timeout: 10_000 });
  });

  test('an uploaded image becomes a WebP in public/images, and the hero takes its path and size in one undo step', async ({ page }) => {
    const before = file('content/pages/home.json');
    const png = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#1d4ed8' } })
      .png()
      .toBuffer();
    await open(page, 'home');
    const hero = page.getByRole('group', { name: 'Image' });
    await hero.getByLabel('Or upload an image').setInputFiles({ name: 'Nieuwe Hero.png', mimeType: 'image/png', buffer: png });
    await expect(hero.getByRole('status')).toHaveText('/images/nieuwe-hero.webp added (800 × 450).');
    const saved = await sharp(readFileSync(join(site, 'public/images/nieuwe-hero.webp'))).metadata();
    expect([saved.format, saved.width, saved.height]).toEqual(['webp', 1600, 900]);
    // three values of the hero's image change, on the one line that holds them
    const line = lineWith(before, 'image');
    await expect
      .poll(() => changed('content/pages/home.json'))
      .toEqual([
        `-${line}`,
        `+${line.replace(/"src": "[^"]*"/, '"src": "/images/nieuwe-hero.webp"').replace(/"width": \d+, "height": \d+/, '"width": 800, "height": 450')}`,
      ]);
    // the preview shows it, with the widths the build would make (the dev server renders them)
    const img = desktopPreview(page).locator('main img[src="/images/nieuwe-hero.webp"]');
    await expect(img).toHaveCount(1, { timeout: 10_000 });
    await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    // a file that is no image is refused with a message, and nothing changes
    await hero.getByLabel('Or upload an image').setInputFiles({ name: 'notities.png', mimeType: 'image/png', buffer: Buffer.from('geen plaatje') });
    await expect(hero.getByRole('status')).toContainText('Not uploaded: notities.png is not an image the studio can use');
    // one undo takes the path and the size back together
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => file('content/pages/home.json')).toBe(before);
  });

  test('each page of the dev server links to the studio at that page, over the error overlay too', async ({ page }) => {
    await page.goto(`http://127.0.0.1:${port}/contact`);
    await page.getByRole('link', { name: 'Edit in the studio' }).click();
    await expect(page).toHaveURL(`${studio}?route=%2Fcontact`);
    await expect(page.getByRole('banner')).toContainText('content/pages/contact.json');
    // the studio's own previews show the page without the link
    await expect(desktopPreview(page).locator('main')).toBeVisible({ timeout: 10_000 });
    // (once the link's script has run there)
    await expect(desktopPreview(page).locator('html')).toHaveAttribute('data-studio-link-state', 'framed');
    await expect(desktopPreview(page).locator('[data-studio-link]')).toHaveCount(0);
    // a page with a broken config: the overlay covers it, and the link is still there to click
    await page.goto(`http://127.0.0.1:${port}/`);
    writeFileSync(join(site, 'content/pages/home.json'), file('content/pages/home.json').replace('"type": "hero"', '"type": "hreo"'));
    await expect(page.locator('vite-error-overlay')).toBeAttached({ timeout: 10_000 });
    await page.getByRole('link', { name: 'Edit in the studio' }).click();
    await expect(page.getByRole('region', { name: /Problems/ })).toContainText('unknown block type "hreo"');
  });

  test('an image missing from public/ is a problem until the file is there', async ({ page }) => {
    await open(page, 'home');
    const src = page.getByRole('group', { name: 'Image' }).getByLabel('Src');
    await src.fill('/images/komt-nog.webp');
    const problem = page.getByRole('region', { name: /Problems/ }).getByText('image "/images/komt-nog.webp" not found');
    await expect(problem).toBeVisible({ timeout: 10_000 });
    // the file arrives by another way (copied in, exported by a designer): the problem goes without an edit
    cpSync(join(site, 'public/images/avatar.webp'), join(site, 'public/images/komt-nog.webp'));
    await expect(problem).toHaveCount(0, { timeout: 10_000 });
    await expect(page.getByText('The site is valid.')).toBeVisible();
  });

  test('a field for a file offers the files its pattern takes: sounds for the chat sound, with no image upload', async ({ page }) => {
    mkdirSync(join(site, 'public/sounds'), { recursive: true });
    writeFileSync(join(site, 'public/sounds/ping.wav'), 'RIFF');
    await open(page, 'site.config');
    const sound = page.getByRole('group', { name: 'Chat' }).getByLabel('Notification sound src');
    const options = async (field: typeof sound) =>
      page.locator(`datalist[id="${await field.getAttribute('list')}"] option`).evaluateAll((all) => all.map((o) => (o as HTMLOptionElement).value));
    expect(await options(sound)).toEqual(['/sounds/ping.wav']);
    await expect(sound.locator('xpath=..').getByLabel('Or upload an image')).toHaveCount(0);
    // an image field beside it lists images only, and takes an upload
    const logo = page.getByRole('group', { name: 'Chat' }).getByRole('group', { name: 'Avatar' }).getByLabel('Src');
    expect(await options(logo)).not.toContain('/sounds/ping.wav');
    await expect(logo.locator('xpath=..').getByLabel('Or upload an image')).toHaveCount(1);
  });

  test('a file that is not valid JSON is listed with its error, and the studio keeps working', async ({ page }) => {
    writeFileSync(join(site, 'content/collections/faq.json'), '{ "kind": "faq", "items": [ }\n');
    await open(page, 'faq');
    await expect(page.getByRole('alert')).toContainText('content/collections/faq.json is not valid JSON');
    await page
      .getByRole('navigation', { name: 'Site files' })
      .getByRole('button', { name: /^home\b/ })
      .click();
    await expect(page.getByLabel('Headline')).toBeVisible();
  });

  test('answers only its own address: another Host or Origin gets 403', async ({ request }) => {
    const other = await request.get(`http://127.0.0.1:${port}/__studio/api/state`, { headers: { Host: `rebound.example:${port}` } });
    expect(other.status()).toBe(403);
    const crossSite = await request.post(`http://127.0.0.1:${port}/__studio/api/edit`, {
      headers: { Origin: 'https://evil.example' },
      data: { path: 'content/pages/home.json', base: 'x', ops: [{ op: 'set', path: ['title'], value: 'x' }] },
    });
    expect(crossSite.status()).toBe(403);
    const outside = await request.post(`http://127.0.0.1:${port}/__studio/api/create`, { data: { path: '../package.json', text: '{}' } });
    expect(outside.status()).toBe(400);
  });

  test('axe finds nothing on the studio', async ({ page }) => {
    await open(page, 'home');
    await expect(page.getByLabel('Headline')).toBeVisible();
    const results = await new AxeBuilder({ page }).exclude('iframe').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
  });
});
