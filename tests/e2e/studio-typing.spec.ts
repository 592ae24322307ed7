import { expect, test, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { copySite, startDevServer, type DevServer } from '../../scripts/lib/dev-server.ts';

const root = process.cwd();
const fixture = join(root, 'tests/fixtures/base');
const HOME = 'content/pages/home.json';
type PageFile = { blocks: { type: string; headline?: string; heading?: string; intro?: string }[] };

/**
 * No keystroke is lost or misplaced: the studio in `npm run dev` on a copy of the base fixture in a git work tree of
 * its own, typed into key by key as a person does, with another editor writing the same files from the test. What
 * reached the disk is read from the files and `git diff`; the expected texts come from the fixture.
 */
test.describe('studio typing', { tag: '@desktop-only' }, () => {
  test.describe.configure({ mode: 'serial' });
  let site: string;
  let server: DevServer;
  const port = 4520 + Number(process.env.TEST_PARALLEL_INDEX ?? 0);
  const git = (...args: string[]) => execFileSync('git', ['-C', site, ...args], { encoding: 'utf8' });
  const file = (path: string) => readFileSync(join(site, path), 'utf8');
  const blocks = () => (JSON.parse(file(HOME)) as PageFile).blocks;
  /** The changed lines of one file's diff: + and - lines without the headers. */
  const changed = (path: string) =>
    git('diff', '--no-color', '-U0', '--', path)
      .split('\n')
      .filter((l) => /^[+-]/.test(l) && !/^(\+\+\+|---) /.test(l));

  test.beforeAll(async () => {
    site = copySite('studio-typing-', fixture);
    git('init', '-q');
    git('add', '-A');
    git('-c', 'user.email=studio@test', '-c', 'user.name=studio', 'commit', '-qm', 'site');
    server = await startDevServer(site, port, 20_000);
  });

  test.afterAll(async () => {
    await server?.stop();
    if (site) rmSync(site, { recursive: true, force: true });
  });

  test.afterEach(() => {
    git('checkout', '-q', '--', '.');
    git('clean', '-qfd', 'content', 'public');
  });

  const studio = `http://127.0.0.1:${port}/__studio`;
  async function open(page: Page, name: string) {
    await page.goto(studio);
    await page
      .getByRole('navigation', { name: 'Site files' })
      .getByRole('button', { name, exact: name !== 'home' })
      .first()
      .click();
  }
  /** Puts the caret at the end of a field's text, as a click there would. */
  async function caretAtEnd(page: Page, label: string) {
    const field = page.getByRole('textbox', { name: label, exact: true });
    await field.click();
    await page.keyboard.press('End');
    return field;
  }

  test('a long heading typed key by key is saved whole, and its field keeps the focus', async ({ page }) => {
    await open(page, 'home');
    const text = 'Een kop die lang genoeg is om de grens van tachtig tekens voorbij te gaan, en nog wat verder ook!!!!!';
    expect(text).toHaveLength(101);
    const headline = page.getByLabel('Headline');
    await headline.click();
    await page.keyboard.press('Control+a');
    await page.keyboard.type(text);
    await expect.poll(() => blocks()[0]!.headline, { timeout: 10_000 }).toBe(text);
    await expect(headline).toBeFocused();
    await expect(headline).toHaveValue(text);
  });

  test('typing while another editor saves the file (truncate, then write): every key lands, on the editor’s text', async ({ page }) => {
    await open(page, 'home');
    const original = file(HOME);
    const { headline = '', intro = '' } = blocks()[0]!;
    const headlineField = await caretAtEnd(page, 'Headline');
    await page.keyboard.type('A');
    await expect.poll(() => blocks()[0]!.headline).toBe(`${headline}A`);
    // VS Code's save: the file is emptied, then written whole a moment later; the person types on meanwhile
    const saved = file(HOME).replace(JSON.stringify(intro), '"Intro uit de editor"');
    writeFileSync(join(site, HOME), '');
    await page.keyboard.type('B');
    await sleep(100);
    writeFileSync(join(site, HOME), saved);
    await page.keyboard.type('C');
    await expect.poll(() => blocks()[0]!.headline, { timeout: 10_000 }).toBe(`${headline}ABC`);
    expect(blocks()[0]!.intro).toBe('Intro uit de editor');
    await expect(headlineField).toBeFocused();
    await expect(headlineField).toHaveValue(`${headline}ABC`);
    await expect(page.getByLabel('Intro')).toHaveValue('Intro uit de editor');
    await expect(page.getByText('is not valid JSON')).toHaveCount(0);
    // two lines changed: the heading, the editor's intro
    expect(changed(HOME)).toHaveLength(4);
    expect(original).not.toBe(file(HOME));
  });

  /** Another editor writes a block of the same type right above the text block. */
  function insertTextBlock() {
    const lines = file(HOME).split('\n');
    const at = lines.findIndex((l) => l.includes('"type": "text"')) - 1;
    lines.splice(at, 0, '    {', '      "type": "text",', '      "heading": "Ingevoegd",', '      "paragraphs": ["Van buiten."]', '    },');
    writeFileSync(join(site, HOME), lines.join('\n'));
  }

  test('a key on its way to the disk while another editor inserts a block above lands on its own block', async ({ page }) => {
    await open(page, 'home');
    const list = page.locator('.block-list > li');
    const index = blocks().findIndex((b) => b.type === 'text');
    const heading = blocks()[index]!.heading!;
    await list.nth(index).locator('.block-select').click();
    const field = page.locator('.block-form').getByRole('textbox', { name: 'Heading', exact: true });
    await field.click();
    await page.keyboard.press('End');
    // the key's edit is held on its way to the dev server until the other editor's block is on disk
    let release = () => {};
    const held = new Promise<void>((done) => (release = done));
    await page.route(
      '**/__studio/api/edit',
      async (route) => {
        await held;
        await route.continue();
      },
      { times: 1 },
    );
    await page.keyboard.type('A');
    insertTextBlock();
    await sleep(300);
    release();
    await expect.poll(() => blocks()[index + 1]?.heading, { timeout: 10_000 }).toBe(`${heading}A`);
    expect(blocks()[index]!.heading).toBe('Ingevoegd');
    await expect(list.nth(index + 1)).toHaveClass(/is-selected/);
    await expect(field).toBeFocused();
    await page.keyboard.type('B');
    await expect.poll(() => blocks()[index + 1]!.heading).toBe(`${heading}AB`);
    expect(blocks()[index]!.heading).toBe('Ingevoegd');
  });

  test('another editor inserts a block above the one being edited: the next key still edits that block', async ({ page }) => {
    await open(page, 'home');
    const list = page.locator('.block-list > li');
    const count = blocks().length;
    const index = blocks().findIndex((b) => b.type === 'text');
    const heading = blocks()[index]!.heading!;
    await list.nth(index).locator('.block-select').click();
    const field = page.locator('.block-form').getByRole('textbox', { name: 'Heading', exact: true });
    await expect(field).toHaveValue(heading);
    await field.click();
    await page.keyboard.press('End');
    await page.keyboard.type('A');
    await expect.poll(() => blocks()[index]!.heading).toBe(`${heading}A`);
    insertTextBlock();
    await expect(list).toHaveCount(count + 1);
    await expect(field).toBeFocused();
    await expect(field).toHaveValue(`${heading}A`);
    await page.keyboard.type('B');
    await expect.poll(() => blocks()[index + 1]!.heading, { timeout: 10_000 }).toBe(`${heading}AB`);
    expect(blocks()[index]!.heading).toBe('Ingevoegd');
    await expect(list.nth(index + 1)).toHaveClass(/is-selected/);
  });

  test('another editor inserts a list item above the one being edited: its field stays on its own item', async ({ page }) => {
    const FAQ = 'content/collections/faq.json';
    const questions = () => (JSON.parse(file(FAQ)) as { items: { question: string }[] }).items.map((i) => i.question);
    const [, second = ''] = questions();
    await open(page, 'faq');
    const item = (n: number) => page.getByRole('group', { name: `Items ${n}`, exact: true });
    const field = item(2).getByRole('textbox', { name: 'Question', exact: true });
    await expect(field).toHaveValue(second);
    await field.click();
    await page.keyboard.press('End');
    await page.keyboard.type('A');
    await expect.poll(() => questions()[1]).toBe(`${second}A`);
    writeFileSync(join(site, FAQ), file(FAQ).replace('"items": [\n', '"items": [\n    {\n      "question": "Van buiten?",\n      "answer": "Ja."\n    },\n'));
    await expect(item(3).getByRole('textbox', { name: 'Question', exact: true })).toHaveValue(`${second}A`);
    await expect(item(3).getByRole('textbox', { name: 'Question', exact: true })).toBeFocused();
    await page.keyboard.type('B');
    await expect.poll(() => questions().slice(0, 3)).toEqual(['Van buiten?', expect.any(String), `${second}AB`]);
  });

  test('Ctrl+Z in a field puts back the file and the field’s text, and the next key goes on from there', async ({ page }) => {
    await open(page, 'home');
    const original = file(HOME);
    const headline = blocks()[0]!.headline!;
    const field = await caretAtEnd(page, 'Headline');
    await page.keyboard.type('XYZ');
    await expect.poll(() => blocks()[0]!.headline).toBe(`${headline}XYZ`);
    await page.keyboard.press('Control+z');
    await expect.poll(() => file(HOME)).toBe(original);
    await expect(field).toHaveValue(headline);
    await expect(field).toBeFocused();
    await page.keyboard.press('End');
    await page.keyboard.type('Q');
    await expect.poll(() => blocks()[0]!.headline).toBe(`${headline}Q`);
    expect(changed(HOME)).toHaveLength(2);
  });

  test('a field cleared and typed again keeps its key and its place: a one-line diff', async ({ page }) => {
    await open(page, 'home');
    const line = file(HOME)
      .split('\n')
      .find((l) => l.includes('"intro":'))!;
    const field = await caretAtEnd(page, 'Intro');
    await page.keyboard.press('Control+a');
    await page.keyboard.press('Delete');
    await expect.poll(() => blocks()[0]!.intro).toBe('');
    await page.keyboard.type('Nieuw');
    await expect.poll(() => changed(HOME)).toEqual([`-${line}`, `+${line.replace(/"intro": ".*"/, '"intro": "Nieuw"')}`]);
    await expect(field).toHaveValue('Nieuw');
  });

  test('an empty optional field focused and left as it is writes nothing', async ({ page }) => {
    const DEMO = 'content/forms/demo.json';
    const fields = (JSON.parse(file(DEMO)) as { fields: { default?: string }[] }).fields;
    const index = fields.findIndex((f) => f.default === '');
    await open(page, 'demo');
    const field = page.getByRole('group', { name: `Fields ${index + 1}`, exact: true }).getByRole('textbox', { name: 'Default', exact: true });
    await expect(field).toHaveValue('');
    await field.click();
    await page.keyboard.press('Tab');
    await page.getByRole('textbox', { name: 'Heading', exact: true }).first().click();
    await sleep(500);
    expect(changed(DEMO)).toEqual([]);
  });

  test('the preview ends on the file even when the page missed the reload of the last edit', async ({ page }) => {
    await open(page, 'home');
    const title = page.getByRole('textbox', { name: 'Title', exact: true });
    const before = await title.inputValue();
    const shown = async () => {
      const frame = await (await page.locator('iframe[title^="Desktop preview"]').elementHandle())?.contentFrame();
      return (await frame?.evaluate(() => document.title).catch(() => '')) ?? '';
    };
    await expect.poll(shown, { timeout: 10_000 }).toContain(before);
    // a page that is slow to start (its dev client comes late) misses a reload asked for meanwhile, as a page
    // rendered just before the last save does; the title is outside the text the studio patches in place
    await page.route('**/@vite/client', async (route) => {
      const response = await route.fetch();
      await sleep(1500);
      await route.fulfill({ response });
    });
    await title.click();
    await page.keyboard.press('End');
    await page.keyboard.type('A');
    await expect.poll(() => (JSON.parse(file(HOME)) as { title: string }).title).toBe(`${before}A`);
    await sleep(500);
    await page.keyboard.type('B');
    await expect.poll(() => (JSON.parse(file(HOME)) as { title: string }).title).toBe(`${before}AB`);
    await expect.poll(shown, { timeout: 10_000 }).toContain(`${before}AB`);
    // the slow pages still loading are not waited for when the test ends
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  });

  test('a form’s fields of every type can be edited: the label of a text field is a one-line change', async ({ page }) => {
    await open(page, 'contact');
    const form = JSON.parse(file('content/forms/contact.json')) as { fields: { type: string; label: string }[] };
    const line = file('content/forms/contact.json')
      .split('\n')
      .find((l) => l.includes(JSON.stringify(form.fields[0]!.label)))!;
    const label = page.getByRole('group', { name: 'Fields 1', exact: true }).getByRole('textbox', { name: 'Label', exact: true });
    await expect(label).toHaveValue(form.fields[0]!.label);
    await label.fill('Uw naam');
    await expect
      .poll(() => changed('content/forms/contact.json'))
      .toEqual([`-${line}`, `+${line.replace(JSON.stringify(form.fields[0]!.label), '"Uw naam"')}`]);
    // every field of the form shows its inputs
    for (const [index, field] of form.fields.entries())
      await expect(page.getByRole('group', { name: `Fields ${index + 1}`, exact: true }).getByRole('textbox', { name: 'Label', exact: true })).toHaveValue(
        index === 0 ? 'Uw naam' : field.label,
      );
  });

  test('undo survives a reload of the studio, and never undoes over a change made since', async ({ page }) => {
    const original = file(HOME);
    await open(page, 'home');
    await page.getByLabel('Headline').fill('Voor het herladen');
    await expect.poll(() => blocks()[0]!.headline).toBe('Voor het herladen');
    await page.reload();
    await expect(page.getByLabel('Headline')).toHaveValue('Voor het herladen');
    await expect(page.getByRole('button', { name: 'Undo' })).toBeEnabled();
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => file(HOME)).toBe(original);
    // a step whose file changed since (another editor) is not brought back over a reload
    await page.keyboard.press('Control+Shift+z');
    await expect.poll(() => blocks()[0]!.headline).toBe('Voor het herladen');
    writeFileSync(join(site, HOME), file(HOME).replace('Voor het herladen', 'Van buiten'));
    await expect(page.getByLabel('Headline')).toHaveValue('Van buiten');
    await page.reload();
    await expect(page.getByLabel('Headline')).toHaveValue('Van buiten');
    await expect(page.getByRole('button', { name: 'Undo' })).toBeDisabled();
  });
});
