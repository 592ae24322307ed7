import { expect, test, type Page } from '@playwright/test';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { field, openStudio, studioSite } from './studio-support.ts';

const HOME = 'content/pages/home.json';
type PageFile = { blocks: { type: string; headline?: string; heading?: string; intro?: string }[] };

/**
 * No keystroke is lost or misplaced: the studio in `npm run dev` on a copy of the base fixture in a git work tree of
 * its own, typed into key by key as a person does, with another editor writing the same files from the test. What
 * reached the disk is read from the files and `git diff`; the expected texts come from the fixture, and the fields
 * are found by their value's place in the file.
 */
test.describe('studio typing', { tag: '@desktop-only' }, () => {
  test.describe.configure({ mode: 'serial' });
  const port = 4520 + Number(process.env.TEST_PARALLEL_INDEX ?? 0);
  const context = studioSite({ fixture: 'base', prefix: 'studio-typing-', port });
  const { file, changed } = context;
  const site = () => context.site;
  const blocks = () => (JSON.parse(file(HOME)) as PageFile).blocks;

  test.afterEach(() => context.reset());

  const open = (page: Page, path: string) => openStudio(page, context, path);
  /** Puts the caret at the end of a field's text, as a click there would. */
  async function caretAtEnd(page: Page, pointer: string) {
    const input = field(page, pointer);
    await input.click();
    await page.keyboard.press('End');
    return input;
  }

  test('a long heading typed key by key is saved whole, and its field keeps the focus', async ({ page }) => {
    await open(page, HOME);
    const text = 'Een kop die lang genoeg is om de grens van tachtig tekens voorbij te gaan, en nog wat verder ook!!!!!';
    expect(text).toHaveLength(101);
    const headline = field(page, '/blocks/0/headline');
    await headline.click();
    await page.keyboard.press('Control+a');
    await page.keyboard.type(text);
    await expect.poll(() => blocks()[0]!.headline, { timeout: 10_000 }).toBe(text);
    await expect(headline).toBeFocused();
    await expect(headline).toHaveValue(text);
  });

  test('typing while another editor saves the file (truncate, then write): every key lands, on the editor’s text', async ({ page }) => {
    await open(page, HOME);
    const original = file(HOME);
    const { headline = '', intro = '' } = blocks()[0]!;
    const headlineField = await caretAtEnd(page, '/blocks/0/headline');
    await page.keyboard.type('A');
    await expect.poll(() => blocks()[0]!.headline).toBe(`${headline}A`);
    // VS Code's save: the file is emptied, then written whole a moment later; the person types on meanwhile
    const saved = file(HOME).replace(JSON.stringify(intro), '"Intro uit de editor"');
    writeFileSync(join(site(), HOME), '');
    await page.keyboard.type('B');
    await sleep(100);
    writeFileSync(join(site(), HOME), saved);
    await page.keyboard.type('C');
    await expect.poll(() => blocks()[0]!.headline, { timeout: 10_000 }).toBe(`${headline}ABC`);
    expect(blocks()[0]!.intro).toBe('Intro uit de editor');
    await expect(headlineField).toBeFocused();
    await expect(headlineField).toHaveValue(`${headline}ABC`);
    await expect(field(page, '/blocks/0/intro')).toHaveValue('Intro uit de editor');
    await expect(page.locator('.editor [role="alert"]')).toHaveCount(0);
    // two lines changed: the heading, the editor's intro
    expect(changed(HOME)).toHaveLength(4);
    expect(original).not.toBe(file(HOME));
  });

  /** Another editor writes a block of the same type right above the text block. */
  function insertTextBlock() {
    const lines = file(HOME).split('\n');
    const at = lines.findIndex((l) => l.includes('"type": "text"')) - 1;
    lines.splice(at, 0, '    {', '      "type": "text",', '      "heading": "Ingevoegd",', '      "paragraphs": ["Van buiten."]', '    },');
    writeFileSync(join(site(), HOME), lines.join('\n'));
  }

  test('a key on its way to the disk while another editor inserts a block above lands on its own block', async ({ page }) => {
    await open(page, HOME);
    const list = page.locator('.block-list > li');
    const index = blocks().findIndex((b) => b.type === 'text');
    const heading = blocks()[index]!.heading!;
    await list.nth(index).locator('.block-select').click();
    // the block form's heading, wherever the block is in the file (the form follows it)
    const input = page.locator('.block-form [data-pointer$="/heading"]');
    await input.click();
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
    await expect(input).toBeFocused();
    await page.keyboard.type('B');
    await expect.poll(() => blocks()[index + 1]!.heading).toBe(`${heading}AB`);
    expect(blocks()[index]!.heading).toBe('Ingevoegd');
  });

  test('another editor inserts a block above the one being edited: the next key still edits that block', async ({ page }) => {
    await open(page, HOME);
    const list = page.locator('.block-list > li');
    const count = blocks().length;
    const index = blocks().findIndex((b) => b.type === 'text');
    const heading = blocks()[index]!.heading!;
    await list.nth(index).locator('.block-select').click();
    // the block form's heading, wherever the block is in the file (the form follows it)
    const input = page.locator('.block-form [data-pointer$="/heading"]');
    await expect(input).toHaveValue(heading);
    await input.click();
    await page.keyboard.press('End');
    await page.keyboard.type('A');
    await expect.poll(() => blocks()[index]!.heading).toBe(`${heading}A`);
    insertTextBlock();
    await expect(list).toHaveCount(count + 1);
    await expect(input).toBeFocused();
    await expect(input).toHaveValue(`${heading}A`);
    await page.keyboard.type('B');
    await expect.poll(() => blocks()[index + 1]!.heading, { timeout: 10_000 }).toBe(`${heading}AB`);
    expect(blocks()[index]!.heading).toBe('Ingevoegd');
    await expect(list.nth(index + 1)).toHaveClass(/is-selected/);
  });

  test('another editor inserts a list item above the one being edited: its field stays on its own item', async ({ page }) => {
    const FAQ = 'content/collections/faq.json';
    const questions = () => (JSON.parse(file(FAQ)) as { items: { question: string }[] }).items.map((i) => i.question);
    const [, second = ''] = questions();
    await open(page, FAQ);
    const question = (n: number) => field(page, `/items/${n - 1}/question`);
    const input = question(2);
    await expect(input).toHaveValue(second);
    await input.click();
    await page.keyboard.press('End');
    await page.keyboard.type('A');
    await expect.poll(() => questions()[1]).toBe(`${second}A`);
    writeFileSync(join(site(), FAQ), file(FAQ).replace('"items": [\n', '"items": [\n    {\n      "question": "Van buiten?",\n      "answer": "Ja."\n    },\n'));
    await expect(question(3)).toHaveValue(`${second}A`);
    await expect(question(3)).toBeFocused();
    await page.keyboard.type('B');
    await expect.poll(() => questions().slice(0, 3)).toEqual(['Van buiten?', expect.any(String), `${second}AB`]);
  });

  test('Ctrl+Z in a field puts back the file and the field’s text, and the next key goes on from there', async ({ page }) => {
    await open(page, HOME);
    const original = file(HOME);
    const headline = blocks()[0]!.headline!;
    const input = await caretAtEnd(page, '/blocks/0/headline');
    await page.keyboard.type('XYZ');
    await expect.poll(() => blocks()[0]!.headline).toBe(`${headline}XYZ`);
    await page.keyboard.press('Control+z');
    await expect.poll(() => file(HOME)).toBe(original);
    await expect(input).toHaveValue(headline);
    await expect(input).toBeFocused();
    await page.keyboard.press('End');
    await page.keyboard.type('Q');
    await expect.poll(() => blocks()[0]!.headline).toBe(`${headline}Q`);
    expect(changed(HOME)).toHaveLength(2);
  });

  test('a field cleared and typed again keeps its key and its place: a one-line diff', async ({ page }) => {
    await open(page, HOME);
    const line = file(HOME)
      .split('\n')
      .find((l) => l.includes('"intro":'))!;
    const input = await caretAtEnd(page, '/blocks/0/intro');
    await page.keyboard.press('Control+a');
    await page.keyboard.press('Delete');
    await expect.poll(() => blocks()[0]!.intro).toBe('');
    await page.keyboard.type('Nieuw');
    await expect.poll(() => changed(HOME)).toEqual([`-${line}`, `+${line.replace(/"intro": ".*"/, '"intro": "Nieuw"')}`]);
    await expect(input).toHaveValue('Nieuw');
  });

  test('an empty optional field focused and left as it is writes nothing', async ({ page }) => {
    const DEMO = 'content/forms/demo.json';
    const fields = (JSON.parse(file(DEMO)) as { fields: { default?: string }[] }).fields;
    const index = fields.findIndex((f) => f.default === '');
    await open(page, DEMO);
    const input = field(page, `/fields/${index}/default`);
    await expect(input).toHaveValue('');
    await input.click();
    await page.keyboard.press('Tab');
    await field(page, '/heading').click();
    await sleep(500);
    expect(changed(DEMO)).toEqual([]);
  });

  test('the preview ends on the file even when the page missed the reload of the last edit', async ({ page }) => {
    // each load of the preview waits 1.5 s for its dev client here, and a busy machine renders slowly
    test.slow();
    await open(page, HOME);
    const title = field(page, '/title');
    const before = await title.inputValue();
    const shown = async () => {
      const frame = await (await page.locator('.side iframe').first().elementHandle())?.contentFrame();
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
    await expect.poll(shown, { timeout: 30_000 }).toContain(`${before}AB`);
    // the slow pages still loading are not waited for when the test ends
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  });

  test('a form’s fields of every type can be edited: the label of a text field is a one-line change', async ({ page }) => {
    await open(page, 'content/forms/contact.json');
    const form = JSON.parse(file('content/forms/contact.json')) as { fields: { type: string; label: string }[] };
    const line = file('content/forms/contact.json')
      .split('\n')
      .find((l) => l.includes(JSON.stringify(form.fields[0]!.label)))!;
    const label = field(page, '/fields/0/label');
    await expect(label).toHaveValue(form.fields[0]!.label);
    await label.fill('Uw naam');
    await expect
      .poll(() => changed('content/forms/contact.json'))
      .toEqual([`-${line}`, `+${line.replace(JSON.stringify(form.fields[0]!.label), '"Uw naam"')}`]);
    // every field of the form shows its inputs
    for (const [index, formField] of form.fields.entries())
      await expect(field(page, `/fields/${index}/label`)).toHaveValue(index === 0 ? 'Uw naam' : formField.label);
  });

  test('undo survives a reload of the studio, and never undoes over a change made since', async ({ page }) => {
    const original = file(HOME);
    await open(page, HOME);
    await field(page, '/blocks/0/headline').fill('Voor het herladen');
    await expect.poll(() => blocks()[0]!.headline).toBe('Voor het herladen');
    // the file is on disk a moment before the studio has the answer (and its undo step) in hand
    await expect(page.getByRole('button', { name: 'Ongedaan maken' })).toBeEnabled();
    await page.reload();
    await expect(field(page, '/blocks/0/headline')).toHaveValue('Voor het herladen');
    await expect(page.getByRole('button', { name: 'Ongedaan maken' })).toBeEnabled();
    await page.getByRole('button', { name: 'Ongedaan maken' }).click();
    await expect.poll(() => file(HOME)).toBe(original);
    // a step whose file changed since (another editor) is not brought back over a reload
    await page.keyboard.press('Control+Shift+z');
    await expect.poll(() => blocks()[0]!.headline).toBe('Voor het herladen');
    writeFileSync(join(site(), HOME), file(HOME).replace('Voor het herladen', 'Van buiten'));
    await expect(field(page, '/blocks/0/headline')).toHaveValue('Van buiten');
    await page.reload();
    await expect(field(page, '/blocks/0/headline')).toHaveValue('Van buiten');
    await expect(page.getByRole('button', { name: 'Ongedaan maken' })).toBeDisabled();
  });
});
