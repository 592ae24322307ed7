import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { blockItem, expectAccessible, field, fileButton, openStudio, schemaKeys, studioSite, type StudioSite } from './studio-support.ts';

/**
 * The studio speaks the site's language: on a copy of the Dutch fixture (tests/fixtures/base) and of the English one
 * (tests/fixtures/en) the page's `<html lang>` and every text of the interface are in that language, no label,
 * legend, button or heading shows a key of the schemas, the block palette shows every block type with its name and
 * picture, the phone number is typed once, and a problem is said in plain words where it is.
 */

const KEYS = schemaKeys();

/** The block types, in the schema's order. */
const BLOCK_TYPES = (JSON.parse(readFileSync(join(process.cwd(), 'schemas/block.schema.json'), 'utf8')) as { oneOf: { $ref: string }[] }).oneOf.map(
  ({ $ref }) => (JSON.parse(readFileSync(join(process.cwd(), 'schemas', $ref), 'utf8')) as { properties: { type: { const: string } } }).properties.type.const,
);

/**
 * Whether a text the studio shows is a raw schema key: a key as it is ("headline", "phoneHref", "cta_label"), or a
 * camelCase word anywhere in it. Counts and marks around a label ("Vragen (3)", "Kop *") are left out first.
 */
function isRaw(text: string): boolean {
  const bare = text
    .replace(/\s*\*\s*$/, '')
    .replace(/\s*\(\d+\)$/, '')
    .trim();
  if (bare === '') return false;
  if (KEYS.has(bare) || BLOCK_TYPES.includes(bare)) return true;
  return bare
    .split(/[\s›:,.()"'“”‘’/]+/)
    .some((word) => /^[a-z]+[A-Z][A-Za-z]*$/.test(word) || ((KEYS.has(word) || BLOCK_TYPES.includes(word)) && /[-_]/.test(word)));
}

/** The visible labels, legends, buttons (and their accessible names), headings and choices of the studio, outside the previews. */
function shownTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts: string[] = [];
    const visible = (el: Element) => (el as HTMLElement).offsetParent !== null || el.tagName === 'OPTION';
    for (const el of document.querySelectorAll(
      '.studio label, .studio legend, .studio button, .studio h1, .studio h2, .studio h3, .studio option, .studio .field-hint',
    )) {
      if (el.closest('iframe, .preview') || !visible(el)) continue;
      texts.push((el as HTMLElement).innerText ?? el.textContent ?? '');
      const name = el.getAttribute('aria-label');
      if (name) texts.push(name);
    }
    return texts.map((t) => t.replace(/\s+/g, ' ').trim()).filter(Boolean);
  });
}

interface Language {
  fixture: string;
  lang: string;
  port: number;
  undo: string;
  files: string;
  problems: string;
  addBlock: string;
  blocks: string;
  /** the desktop preview's title (its accessible name) on the home page */
  desktopFrame: string;
  /** the phone typed, and the call link that follows */
  phone: [string, string];
  /** what the palette says of a block whose list the site lacks (neither fixture has marketing services) */
  needs: string;
}

const DUTCH: Language = {
  fixture: 'base',
  lang: 'nl',
  port: 4600,
  undo: 'Ongedaan maken',
  files: 'Pagina’s en instellingen',
  problems: 'Problemen',
  addBlock: 'Blok toevoegen',
  blocks: 'Blokken op deze pagina',
  desktopFrame: 'Computer: voorbeeld van /',
  phone: ['085 060 1234', 'tel:+31850601234'],
  needs: 'Nog niet te gebruiken: de site heeft nog geen lijst ‘Marketingdiensten’ om te tonen.',
};
const ENGLISH: Language = {
  fixture: 'en',
  lang: 'en',
  port: 4605,
  undo: 'Undo',
  files: 'Pages and settings',
  problems: 'Problems',
  addBlock: 'Add a block',
  blocks: 'Blocks on this page',
  desktopFrame: 'Desktop: preview of /',
  phone: ['0117 496 0999', 'tel:+441174960999'],
  needs: 'Not available yet: the site has no list of ‘Marketing services’ to show.',
};

/** The page and the interface in the site's language, down to the preview's title. */
async function interfaceInLanguage(page: Page, language: Language, context: StudioSite): Promise<void> {
  // the page as served already says its language (a screen reader reads it in that voice from the start)
  expect(await (await page.request.get(context.studio)).text()).toContain(`<html lang="${language.lang}">`);
  await openStudio(page, context);
  await expect(page.locator('html')).toHaveAttribute('lang', language.lang);
  await expect(page.getByRole('button', { name: language.undo })).toBeVisible();
  await expect(page.getByRole('navigation', { name: language.files })).toBeVisible();
  await expect(page.getByRole('heading', { name: new RegExp(`^${language.problems}`) })).toBeVisible();
  await expect(page.getByRole('heading', { name: language.blocks })).toBeVisible();
  await expect(page.getByRole('button', { name: language.addBlock })).toBeVisible();
  // the preview's title too: a screen reader and a pointer's tooltip say it
  await expect(page.locator('iframe[data-device="desktop"]')).toHaveAttribute('title', language.desktopFrame);
}

/** No label, legend, button, heading or choice of any file, block or the palette is a schema key. */
async function noSchemaKeys(page: Page, language: Language, context: StudioSite): Promise<void> {
  await page.goto(context.studio);
  await expect(page.locator('.files [data-file]').first()).toBeVisible();
  const paths = await page.locator('.files [data-file]').evaluateAll((all) => all.map((el) => el.getAttribute('data-file')!));
  expect(paths.length).toBeGreaterThan(3);
  const raw = new Set<string>();
  let seen = 0;
  const look = async (where: string) => {
    const texts = await shownTexts(page);
    seen += texts.length;
    for (const text of texts) if (isRaw(text)) raw.add(`${where}: ${text}`);
  };
  for (const path of paths) {
    await fileButton(page, path).click();
    await expect(fileButton(page, path)).toHaveAttribute('aria-current', 'page');
    await expect(page.locator('.editor [data-pointer]').first()).toBeAttached();
    const blocks = await page.locator('.block-list > li').count();
    if (blocks === 0) await look(path);
    for (let index = 0; index < blocks; index++) {
      await blockItem(page, index).locator('.block-select').click();
      await expect(page.locator(`.block-form [data-pointer^="/blocks/${index}"]`).first()).toBeAttached();
      await look(`${path} block ${index + 1}`);
    }
  }
  // the palette too
  await openStudio(page, context);
  await page.getByRole('button', { name: language.addBlock }).click();
  await look('palette');
  expect(seen).toBeGreaterThan(500);
  expect([...raw]).toEqual([]);
}

/** The palette: every block type named and pictured, one of a missing list refused, the keyboard's choice added after the selected block. */
async function paletteAddsChosenBlock(page: Page, language: Language, context: StudioSite): Promise<void> {
  await openStudio(page, context);
  const before = (JSON.parse(context.file('content/pages/home.json')) as { blocks: { type: string }[] }).blocks.map((b) => b.type);
  await blockItem(page, 0).locator('.block-select').click();
  const toggle = page.getByRole('button', { name: language.addBlock });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const cards = page.locator('.palette-item');
  await expect(cards).toHaveCount(BLOCK_TYPES.length);
  expect(await cards.evaluateAll((all) => all.map((el) => el.getAttribute('data-block-type')))).toEqual(BLOCK_TYPES);
  // the keyboard is on the first card at once
  await expect(cards.first()).toBeFocused();
  for (const type of BLOCK_TYPES) {
    const card = page.locator(`.palette-item[data-block-type="${type}"]`);
    const picture = card.locator('img');
    await expect(picture).toHaveAttribute('alt', '');
    await expect(picture).toHaveAttribute('src', /^data:image\/svg\+xml,/);
    expect(await picture.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    const name = (await card.locator('.palette-name').innerText()).trim();
    expect(name, type).not.toBe('');
    expect(isRaw(name), `${type} is named ${name}`).toBe(false);
    // the card's accessible name is the block's name (its description describes it)
    await expect(page.locator('.palette').getByRole('button', { name, exact: true })).toHaveAttribute('data-block-type', type);
  }
  // a block of a list the site lacks could never be valid: it is not added, and the card says what is missing
  const unavailable = page.locator('.palette-item[data-block-type="marketing-services"]');
  await expect(unavailable).toBeDisabled();
  await expect(unavailable).toHaveAccessibleDescription(language.needs);
  await expect(page.locator('.palette-item[data-block-type="faq"]')).toBeEnabled();
  // chosen with the keyboard: the FAQ block goes after the selected (first) block, and the keyboard goes to it
  const faq = page.locator('.palette-item[data-block-type="faq"]');
  await faq.focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('.palette')).toHaveCount(0);
  await expect
    .poll(() => (JSON.parse(context.file('content/pages/home.json')) as { blocks: { type: string }[] }).blocks.map((b) => b.type))
    .toEqual([before[0], 'faq', ...before.slice(1)]);
  await expect(blockItem(page, 1)).toHaveClass(/is-selected/);
  await expect(blockItem(page, 1).locator('.block-select')).toBeFocused();
  // the block form is titled with the block's name, as the list names it
  await expect(page.locator('.block-form h2')).toContainText(await blockItem(page, 1).locator('.block-type').innerText());
  // Escape closes the palette and gives the keyboard back to its button
  await toggle.click();
  await page.keyboard.press('Escape');
  await expect(page.locator('.palette')).toHaveCount(0);
  await expect(toggle).toBeFocused();
  await expectAccessible(page);
}

/** The phone number typed once: the call link, WhatsApp and the chat's number follow in one undo step. */
async function phoneTypedOnce(page: Page, language: Language, context: StudioSite): Promise<void> {
  const original = context.file('site.config.json');
  await openStudio(page, context, 'site.config.json');
  for (const pointer of ['/contact/phoneHref', '/contact/whatsapp', '/chat/phoneNumber']) await expect(field(page, pointer)).toHaveCount(0);
  const phone = field(page, '/contact/phone');
  // its hint says what follows it
  const hint = await phone.getAttribute('aria-describedby');
  await expect(page.locator(`[id="${hint!.split(' ')[0]}"]`)).toContainText(language.lang === 'nl' ? 'bel-link' : 'call link');
  await phone.fill(language.phone[0]);
  const digits = language.phone[1].replace(/\D/g, '');
  const config = () => JSON.parse(context.file('site.config.json')) as { contact: Record<string, string>; chat: Record<string, string> };
  await expect.poll(() => config().contact.phoneHref).toBe(language.phone[1]);
  expect(config().contact.phone).toBe(language.phone[0]);
  expect(config().contact.whatsapp).toBe(digits);
  expect(config().chat.phoneNumber).toBe(digits);
  await expect(page.getByRole('heading', { name: new RegExp(`^${language.problems}`) })).toContainText('0');
  await page.getByRole('button', { name: language.undo }).click();
  await expect.poll(() => context.file('site.config.json')).toBe(original);
}

/** The tests every language has; the site is made and served by the group that calls this. */
function speaks(language: Language, context: StudioSite) {
  test(`the page and the interface are in ${language.lang === 'nl' ? 'Dutch' : 'English'}`, ({ page }) => interfaceInLanguage(page, language, context));
  test('no label, legend, button, heading or choice shows a schema key, on every file and every block', ({ page }) => noSchemaKeys(page, language, context));
  test('the palette shows every block type with its name and picture, and adds the one chosen from the keyboard after the selected block', ({ page }) =>
    paletteAddsChosenBlock(page, language, context));
  test('the phone number is typed once: the call link, WhatsApp and the chat follow, in one undo step', ({ page }) => phoneTypedOnce(page, language, context));
}

test.describe('studio in Dutch', { tag: '@desktop-only' }, () => {
  test.describe.configure({ mode: 'serial' });
  const context = studioSite({ fixture: DUTCH.fixture, prefix: 'studio-nl-', port: DUTCH.port + Number(process.env.TEST_PARALLEL_INDEX ?? 0) });
  test.afterEach(() => context.reset());
  speaks(DUTCH, context);

  test('a problem shows in plain Dutch on its field and in the list, where it is in words; the list leads to the field', async ({ page }) => {
    await openStudio(page, context);
    const headline = field(page, '/blocks/0/headline');
    const label = (await page.locator(`label[for="${await headline.getAttribute('id')}"]`).innerText()).replace(/\s*\*$/, '');
    const blockName = (await blockItem(page, 0).locator('.block-type').innerText()).trim();
    await headline.fill('');
    const message = page.locator('.editor .field-problems');
    await expect(message).toBeVisible({ timeout: 10_000 });
    const said = (await message.innerText()).trim();
    // the validator's own words are not what the person reads
    const raw = (await (await page.request.get(`${context.studio}/api/problems`)).json()) as { problems: { message: string; pointer: string }[] };
    const problem = raw.problems.find((p) => p.pointer === '/blocks/0/headline')!;
    expect(said).not.toBe(problem.message);
    expect(said).not.toMatch(/\bmust\b|\bshould\b|\.json|\/blocks\//);
    // in the list: where, in words, and the same plain words
    const list = page.getByRole('region', { name: /^Problemen/ });
    const item = list.getByRole('listitem').filter({ hasText: said });
    await expect(item).toHaveCount(1);
    const where = item.getByRole('button').first();
    await expect(where).toHaveText(`Home › Blok 1 (${blockName}) › ${label}`);
    expect(await list.innerText()).not.toMatch(/\.json:\d+|\/blocks\/\d/);
    // from elsewhere in the studio, the list leads back: the file opens, the block is selected, the field has the keyboard
    await fileButton(page, 'site.config.json').click();
    await expect(headline).toHaveCount(0);
    await where.click();
    await expect(fileButton(page, 'content/pages/home.json')).toHaveAttribute('aria-current', 'page');
    await expect(blockItem(page, 0)).toHaveClass(/is-selected/);
    await expect(headline).toBeFocused();
    await expect(headline).toBeInViewport();
    await expect(headline).toHaveAttribute('aria-invalid', 'true');
    await expectAccessible(page);
  });

  test('axe finds nothing at 1280×800 and at 1440×900, with the palette open and on the site settings', async ({ page }) => {
    // six runs of axe over the whole studio: over 30 s on a loaded machine (CI)
    test.setTimeout(120_000);
    for (const size of [
      { width: 1280, height: 800 },
      { width: 1440, height: 900 },
    ]) {
      await page.setViewportSize(size);
      await openStudio(page, context);
      await expect(field(page, '/blocks/0/headline')).toBeVisible();
      await expectAccessible(page);
      await page.getByRole('button', { name: DUTCH.addBlock }).click();
      await expect(page.locator('.palette-item').first()).toBeFocused();
      await expectAccessible(page);
      await fileButton(page, 'site.config.json').click();
      await expect(field(page, '/contact/phone')).toBeVisible();
      await expectAccessible(page);
    }
  });
});

test.describe('studio in English', { tag: '@desktop-only' }, () => {
  test.describe.configure({ mode: 'serial' });
  const context = studioSite({ fixture: ENGLISH.fixture, prefix: 'studio-en-', port: ENGLISH.port + Number(process.env.TEST_PARALLEL_INDEX ?? 0) });
  test.afterEach(() => context.reset());
  speaks(ENGLISH, context);

  test('axe finds nothing at 1280×800 and at 1440×900', async ({ page }) => {
    for (const size of [
      { width: 1280, height: 800 },
      { width: 1440, height: 900 },
    ]) {
      await page.setViewportSize(size);
      await openStudio(page, context);
      await expect(field(page, '/blocks/0/headline')).toBeVisible();
      await expectAccessible(page);
    }
  });
});
