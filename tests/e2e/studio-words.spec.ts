import { expect, test, type Locator, type Page } from '@playwright/test';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { blockItem, field, fileButton, openStudio, schemaKeys, studioSite, type StudioSite } from './studio-support.ts';

/**
 * The staff's words everywhere they read before going live: on a copy of the Dutch fixture (tests/fixtures/base) and
 * of the English one (tests/fixtures/en), changes of many kinds are made as staff make them (a block's field, an item
 * added to a list, a city, a picture replaced, a page), and then every text that Publish, Discard, History, the media
 * library and the file list show, and the help of every field of every file and block, is read: none is a key of the
 * schemas, a file path, a placeholder in braces, a backtick or a unit in brackets.
 */

const KEYS = schemaKeys({ blockTypes: true });

/**
 * What is wrong with a text a person reads, or undefined: a file path, a placeholder, a backtick, "(ms)", a list's
 * item by its bare number ("› 6"), or a piece of it between "›", commas and brackets that is a schema key as it is
 * ("› headline", "(src, alt)") or a camelCase word. `plain` are the catalog's own words that happen to be keys.
 */
function wrong(text: string, plain: string[], keys = true): string | undefined {
  if (/content\/|public\/|schemas\/|\.json\b|\.tsx?\b/.test(text)) return 'a file path';
  if (/\{[^}]*\}/.test(text)) return 'a placeholder';
  if (text.includes('`')) return 'a backtick';
  if (/\bms\)|\(ms\b/.test(text)) return 'milliseconds as "ms"';
  if (/›\s*\d+(\s|$|\()/.test(text)) return 'an item by its bare number';
  if (!keys) return undefined;
  for (const piece of text.split(/\s*(?:›|,|\(|\)|:)\s*/)) {
    const bare = piece.trim();
    if (bare === '' || plain.includes(bare)) continue;
    if (KEYS.has(bare)) return `the key "${bare}"`;
    if (/(^|\s)[a-z]{2,}[A-Z][a-z]+/.test(bare)) return `the camelCase word in "${bare}"`;
  }
  return undefined;
}

/** The texts of an element as a person reads them: its lines, and the accessible names and titles inside it. */
async function textsOf(where: Locator): Promise<string[]> {
  const lines = (await where.innerText()).split('\n');
  const names = await where.evaluate((root) =>
    [root, ...root.querySelectorAll('*')].flatMap((el) => [el.getAttribute('aria-label'), el.getAttribute('title')]).filter((t): t is string => !!t),
  );
  return [...lines, ...names].map((t) => t.replace(/\s+/g, ' ').trim()).filter(Boolean);
}

interface Language {
  fixture: string;
  port: number;
  /** the catalog's own words that are keys too ("empty" in English) */
  plain: string[];
  headline: string;
  question: [string, string];
  /** how the change list says the question added */
  questionSaid: string;
  addQuestion: string;
  city: string;
  citySaid: string;
  newCity: string;
  addCity: string;
  page: string;
  newPageTitle: string;
  addPage: string;
  upload: string;
  altNote: string;
  publish: string;
  publishTitle: string;
  name: string;
  confirm: string;
  published: string;
  close: string;
  cancel: string;
  discard: string;
  history: string;
  media: string;
  /** the start of the commit's subject, and its line of the headline */
  subject: string;
  line: string;
  /** a form or list and the page where it shows, and the preview's title there */
  shown: [string, string];
  /** changes the copy before it is committed */
  prepare?: (site: string) => void;
}

const DUTCH: Language = {
  fixture: 'base',
  port: 4436,
  plain: [],
  headline: 'Sneller online',
  question: ['Werken jullie ook in het weekend?', 'Ja, op afspraak.'],
  questionSaid: 'Vraag: Werken jullie ook in het weekend? (toegevoegd)',
  addQuestion: 'Toevoegen aan vragen',
  city: 'Leiden',
  citySaid: 'Plaats: Leiden (toegevoegd)',
  newCity: 'Nieuwe stad',
  addCity: 'Stad toevoegen',
  page: 'Over ons',
  newPageTitle: 'Titel van een nieuwe pagina',
  addPage: 'Pagina toevoegen',
  upload: 'Of upload een afbeelding',
  altNote: 'de omschrijving van de vorige is weggehaald',
  publish: 'Publiceren',
  publishTitle: 'Publiceren: dit gaat live',
  name: 'Uw naam',
  confirm: 'Nu publiceren',
  published: 'Gepubliceerd: dit is nu de laatste versie.',
  close: 'Sluiten',
  cancel: 'Annuleren',
  discard: 'Wijzigingen weggooien',
  history: 'Geschiedenis',
  media: 'Media',
  subject: 'Inhoud bijgewerkt: Veelgestelde vragen (Vraag toegevoegd), ',
  line: '- Home, Blok 1 (Openingsblok) › Kop: Welkom → Sneller online',
  shown: ['content/forms/contact.json', 'Computer: voorbeeld van /contact'],
  // the Dutch fixture's contact page gets the contact form, which no page of it shows yet
  prepare: (site) => {
    const path = join(site, 'content/pages/contact.json');
    const contact = JSON.parse(readFileSync(path, 'utf8')) as { blocks: unknown[] };
    contact.blocks.push({ type: 'form', form: 'contact' });
    writeFileSync(path, `${JSON.stringify(contact, null, 2)}\n`);
  },
};

const ENGLISH: Language = {
  fixture: 'en',
  port: 4446,
  plain: ['empty'],
  headline: 'Online sooner',
  question: ['Do you work at weekends?', 'Yes, by appointment.'],
  questionSaid: 'Question: Do you work at weekends? (added)',
  addQuestion: 'Add to questions',
  city: 'Oxford',
  citySaid: 'Town: Oxford (added)',
  newCity: 'New city',
  addCity: 'Add city',
  page: 'About us',
  newPageTitle: 'Title of a new page',
  addPage: 'Add page',
  upload: 'Or upload an image',
  altNote: 'the description of the old one was taken away',
  publish: 'Publish',
  publishTitle: 'Publish: this goes live',
  name: 'Your name',
  confirm: 'Publish now',
  published: 'Published: this is now the latest version.',
  close: 'Close',
  cancel: 'Cancel',
  discard: 'Discard changes',
  history: 'History',
  media: 'Media',
  subject: 'Content updated: Frequently asked questions (Question added), ',
  line: '- Home, Block 1 (Opening section) › Main heading: A website you will be proud to show your customers → Online sooner',
  shown: ['content/collections/portfolio.json', 'Desktop: preview of /demo'],
};

/** Reads the texts of one place of the studio and keeps each wrong one with where it was. */
async function look(where: string, texts: string[], language: Language, found: string[], keys = true): Promise<number> {
  for (const text of texts) {
    const reason = wrong(text, language.plain, keys);
    if (reason) found.push(`${where}: "${text}" (${reason})`);
  }
  return texts.length;
}

/** The changes of many kinds, made as staff make them. */
async function makeChanges(page: Page, language: Language, site: StudioSite) {
  await openStudio(page, site);
  // a block's field
  await field(page, '/blocks/0/headline').fill(language.headline);
  // a picture replaced in the hero: its old alt text goes with it, and the keyboard goes to write the new one
  const alt = field(page, '/blocks/0/image/alt');
  await alt.fill('Oude omschrijving');
  await expect.poll(() => site.file('content/pages/home.json')).toContain('Oude omschrijving');
  const png = await sharp({ create: { width: 800, height: 450, channels: 3, background: '#1d4ed8' } })
    .png()
    .toBuffer();
  await page
    .locator('.editor fieldset[data-pointer="/blocks/0/image"]')
    .getByLabel(language.upload)
    .setInputFiles({ name: 'team.png', mimeType: 'image/png', buffer: png });
  await expect(alt).toBeFocused();
  await expect(alt).toHaveValue('');
  await expect(page.locator(`[id="${(await alt.getAttribute('aria-describedby'))!.split(' ')[0]}"]`)).toContainText(language.altNote);
  await expect.poll(() => site.file('content/pages/home.json')).toContain('/images/team.webp');
  expect(site.file('content/pages/home.json')).not.toContain('Oude omschrijving');
  await page.keyboard.type('Het team');
  await expect.poll(() => site.file('content/pages/home.json')).toContain('"alt": "Het team"');
  // an item added to a list
  await fileButton(page, 'content/collections/faq.json').click();
  const count = (JSON.parse(site.file('content/collections/faq.json')) as { items: unknown[] }).items.length;
  await page.getByRole('button', { name: language.addQuestion }).click();
  const question = field(page, `/items/${count}/question`);
  await expect(question).toBeFocused();
  await question.fill(language.question[0]);
  await field(page, `/items/${count}/answer`).fill(language.question[1]);
  await expect.poll(() => site.file('content/collections/faq.json')).toContain(language.question[1]);
  // a city
  await page.getByLabel(language.newCity).fill(language.city);
  await page.getByRole('button', { name: language.addCity }).click();
  await expect.poll(() => site.file('site.config.json')).toContain(`"${language.city}"`);
  // a page
  await page.getByLabel(language.newPageTitle).fill(language.page);
  await page.getByRole('button', { name: language.addPage }).click();
  await expect(fileButton(page, `content/pages/${language.page.toLowerCase().replace(/ /g, '-')}.json`)).toHaveAttribute('aria-current', 'page');
}

/** Every text of Publish, Discard, Media and the file list; then published, every text of History and the commit. */
async function readEverything(page: Page, language: Language, site: StudioSite, found: string[]) {
  let seen = 0;
  seen += await look('the file list', await textsOf(page.locator('.files')), language, found);

  await page.getByRole('button', { name: language.discard }).click();
  const discard = page.getByRole('dialog', { name: language.discard });
  await expect(discard.locator('.change-list')).toBeVisible();
  seen += await look('Discard', await textsOf(discard), language, found);
  await discard.getByRole('button', { name: language.cancel }).click();

  await page.getByRole('button', { name: language.media, exact: true }).click();
  const media = page.locator('dialog.media-panel');
  await expect(media.locator('.media-item').first()).toBeVisible();
  await expect(media.getByText(/team\.webp/).first()).toBeVisible();
  seen += await look('Media', await textsOf(media), language, found);
  await media.getByRole('button', { name: language.close }).first().click();

  await page.getByRole('button', { name: language.publish, exact: true }).click();
  const publish = page.getByRole('dialog', { name: language.publishTitle });
  await expect(publish.locator('.change-list')).toBeVisible();
  const summary = await textsOf(publish);
  seen += await look('Publish', summary, language, found);
  // the page at / is "Home", the list's item and the city by their own text
  expect(summary).toContain('Home');
  expect(summary).toContain(language.questionSaid);
  expect(summary.join('\n')).toContain(language.citySaid);
  await publish.getByLabel(language.name).fill('Anna de Vries');
  await publish.getByRole('button', { name: language.confirm }).click();
  await expect(publish.getByText(language.published)).toBeVisible({ timeout: 20_000 });
  await publish.getByRole('button', { name: language.close }).click();

  const message = site.git('log', '-1', '--format=%B');
  expect(message.startsWith(language.subject), message).toBe(true);
  expect(message.split('\n')).toContain(language.line);
  seen += await look('the commit message', message.split('\n'), language, found);
  await page.getByRole('button', { name: language.history }).click();
  const history = page.getByRole('dialog', { name: new RegExp(`^${language.history}`) });
  await expect(history.locator('.version-list > li').first()).toContainText(language.subject);
  // the fixture's own first commit ("site") was written by a developer, not by the studio
  seen += await look('History', (await textsOf(history.locator('.version-list > li').first())).concat(await textsOf(history.locator('h2'))), language, found);
  await history.getByRole('button', { name: language.close }).last().click();
  return seen;
}

/** The help and labels of every field of every file, and of every block of every page. */
async function readEveryHelp(page: Page, language: Language, found: string[]) {
  const paths = await page.locator('.files [data-file]').evaluateAll((all) => all.map((el) => el.getAttribute('data-file')!));
  let seen = 0;
  const read = async (where: string) => {
    // the forms' labels and choices are checked for keys by studio-language.spec.ts, which knows their words
    seen += await look(where, await textsOf(page.locator('.editor')), language, found, false);
  };
  for (const path of paths) {
    await fileButton(page, path).click();
    await expect(fileButton(page, path)).toHaveAttribute('aria-current', 'page');
    await expect(page.locator('.editor [data-pointer]').first()).toBeAttached();
    const blocks = await page.locator('.block-list > li').count();
    if (blocks === 0) await read(path);
    for (let index = 0; index < blocks; index++) {
      await blockItem(page, index).locator('.block-select').click();
      await expect(page.locator(`.block-form [data-pointer^="/blocks/${index}"]`).first()).toBeAttached();
      await read(`${path} block ${index + 1}`);
    }
  }
  return seen;
}

function speaks(language: Language) {
  const site = studioSite({
    fixture: language.fixture,
    prefix: `studio-words-${language.fixture}-`,
    port: language.port + Number(process.env.TEST_PARALLEL_INDEX ?? 0),
    ...(language.prepare ? { prepare: language.prepare } : {}),
  });

  test('after changes of many kinds, Publish, Discard, History, Media and the file list say them in the staff’s words', async ({ page }) => {
    test.setTimeout(120_000);
    await makeChanges(page, language, site);
    const found: string[] = [];
    const seen = await readEverything(page, language, site, found);
    expect(seen).toBeGreaterThan(40);
    expect(found).toEqual([]);
  });

  test('no help of any field of any file or block holds a placeholder, a backtick or "(ms)"', async ({ page }) => {
    test.setTimeout(180_000);
    await openStudio(page, site);
    const found: string[] = [];
    expect(await readEveryHelp(page, language, found)).toBeGreaterThan(300);
    expect(found).toEqual([]);
  });

  test('the preview of a list or a form shows a page that uses it', async ({ page }) => {
    const [path, title] = language.shown;
    await openStudio(page, site, path);
    await expect(page.locator('iframe[data-device="desktop"]')).toHaveAttribute('title', title);
  });
}

test.describe('the staff’s words, in Dutch', { tag: '@desktop-only' }, () => {
  test.describe.configure({ mode: 'serial' });
  speaks(DUTCH);
});

test.describe('the staff’s words, in English', { tag: '@desktop-only' }, () => {
  test.describe.configure({ mode: 'serial' });
  speaks(ENGLISH);
});
