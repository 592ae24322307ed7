import { expect, test, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';

const root = process.cwd();

/**
 * The studio in `npm run dev`, on a copy of the site in a git work tree of its own: every test reads what the
 * studio wrote with `git diff`, as the person who reviews it would.
 */
test.describe('studio', { tag: '@desktop-only' }, () => {
  test.describe.configure({ mode: 'serial' });
  let site: string;
  let server: ChildProcess;
  let output = '';
  const port = 4490 + Number(process.env.TEST_PARALLEL_INDEX ?? 0);
  const git = (...args: string[]) => execFileSync('git', ['-C', site, ...args], { encoding: 'utf8' });
  const file = (path: string) => readFileSync(join(site, path), 'utf8');
  /** The changed lines of one file's diff: + and - lines without the headers. */
  const changed = (path: string) =>
    git('diff', '--no-color', '-U0', '--', path)
      .split('\n')
      .filter((l) => /^[+-]/.test(l) && !/^(\+\+\+|---) /.test(l));

  test.beforeAll(async () => {
    site = mkdtempSync(join(tmpdir(), 'studio-site-'));
    cpSync(join(root, 'site.config.json'), join(site, 'site.config.json'));
    cpSync(join(root, 'content'), join(site, 'content'), { recursive: true });
    cpSync(join(root, 'public'), join(site, 'public'), { recursive: true });
    git('init', '-q');
    git('add', '-A');
    git('-c', 'user.email=studio@test', '-c', 'user.name=studio', 'commit', '-qm', 'site');
    server = spawn(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), '--port', String(port), '--strictPort'], {
      cwd: root,
      env: { ...process.env, SITE_ROOT: site },
    });
    server.stdout?.on('data', (d: Buffer) => (output += d.toString()));
    server.stderr?.on('data', (d: Buffer) => (output += d.toString()));
    await expect.poll(() => output, { timeout: 20_000 }).toContain(`${port}`);
  });

  test.afterAll(() => {
    server?.kill();
    if (site) rmSync(site, { recursive: true, force: true });
  });

  test.afterEach(() => {
    // each test starts from the committed site
    git('checkout', '-q', '--', '.');
    git('clean', '-qfd', 'content');
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
    const headline = page.getByLabel('Headline');
    await headline.fill('Een nieuwe kop voor de studio');
    await expect
      .poll(() => changed('content/pages/home.json'))
      .toEqual(['-      "headline": "Krijg een website waar je echt trots op kunt zijn",', '+      "headline": "Een nieuwe kop voor de studio",']);
    await expect(desktopPreview(page).locator('main h1')).toHaveText('Een nieuwe kop voor de studio', { timeout: 10_000 });
  });

  test('reordering FAQ items changes only the moved lines', async ({ page }) => {
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
    const items = (JSON.parse(file('content/collections/faq.json')) as { items: { question: string }[] }).items.map((i) => i.question);
    expect(items.slice(0, 2)).toEqual(['Wat kost een website bij Helder Digitaal?', 'Hoe snel staat mijn website online?']);
  });

  test('a block moves from the keyboard alone', async ({ page }) => {
    await open(page, 'home');
    const blocks = page.locator('.block-list > li');
    await expect(blocks.nth(0)).toContainText('hero');
    await blocks.nth(1).getByRole('button').first().focus();
    await page.keyboard.press('Alt+ArrowUp');
    await expect(blocks.nth(0)).toContainText('services-overview');
    await expect
      .poll(() => (JSON.parse(file('content/pages/home.json')) as { blocks: { type: string }[] }).blocks.slice(0, 2).map((b) => b.type))
      .toEqual(['services-overview', 'hero']);
  });

  test('a city typed in adds its routes to the list at once', async ({ page }) => {
    await open(page, 'home');
    const routes = page.getByRole('list', { name: 'Routes' });
    await expect(routes.getByRole('button', { name: '/webdesign-amersfoort' })).toBeVisible();
    const before = await routes.getByRole('listitem').count();
    await page.getByLabel('New city').fill('Den Haag');
    await page.getByRole('button', { name: 'Add city' }).click();
    await expect(routes.getByRole('listitem')).toHaveCount(before + 8);
    await expect(routes.getByRole('button', { name: '/webdesign-den-haag' })).toBeVisible();
    expect(changed('site.config.json')).toEqual([
      '-    "cities": ["Amersfoort", "Amsterdam", "Hilversum", "Utrecht", "Soest"],',
      '+    "cities": ["Amersfoort", "Amsterdam", "Hilversum", "Utrecht", "Soest", "Den Haag"],',
    ]);
    await routes.getByRole('button', { name: '/webdesign-den-haag' }).click();
    await expect(desktopPreview(page).locator('main h1')).toContainText('Den Haag', { timeout: 10_000 });
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
    await page.getByRole('button', { name: 'Move block 2 down' }).click();
    await expect.poll(() => (JSON.parse(file('content/pages/home.json')) as { blocks: { type: string }[] }).blocks[2]!.type).toBe('services-overview');
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => (JSON.parse(file('content/pages/home.json')) as { blocks: { type: string }[] }).blocks[1]!.type).toBe('services-overview');
    await page.keyboard.press('Control+z');
    await expect.poll(() => file('content/pages/home.json')).toBe(original);
    await page.keyboard.press('Control+Shift+z');
    await expect.poll(() => file('content/pages/home.json')).toContain('Tijdelijke kop');
  });

  test('an edit made in another editor meanwhile is kept: the studio applies its edit to the new text', async ({ page }) => {
    await open(page, 'home');
    await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue('Websites en online marketing voor ondernemers');
    // another editor changes the same file while the studio has it open, and a moment later the person types
    const outside = file('content/pages/home.json').replace('"Webdesign & online marketing"', '"Webdesign & marketing"');
    writeFileSync(join(site, 'content/pages/home.json'), outside);
    await page.getByLabel('Headline').fill('Kop uit de studio');
    // the studio shows the outside change too
    await expect(page.getByLabel('Eyebrow')).toHaveValue('Webdesign & marketing');
    await expect.poll(() => file('content/pages/home.json')).toContain('Kop uit de studio');
    expect(file('content/pages/home.json')).toContain('"eyebrow": "Webdesign & marketing"');
    expect(changed('content/pages/home.json')).toHaveLength(4);
  });

  test('a new page writes its file and its route, and opens in the studio', async ({ page }) => {
    await open(page, 'home');
    expect(output).toContain(`/__studio`);
    await page.getByLabel('New page title').fill('Prijzen');
    await page.getByRole('button', { name: 'Add page' }).click();
    await expect(page.getByRole('navigation', { name: 'Site files' }).getByRole('button', { name: /^prijzen \/prijzen/ })).toBeVisible();
    await expect.poll(() => changed('site.config.json')).toContain('+    { "path": "/prijzen", "page": "prijzen" }');
    expect(JSON.parse(file('content/pages/prijzen.json'))).toMatchObject({ title: 'Prijzen', blocks: [{ type: 'hero', headline: 'Prijzen' }] });
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
