import { expect, test, type BrowserContext, type FrameLocator, type Page } from '@playwright/test';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { copySite, startDevServer, type DevServer } from '../../scripts/test-support/dev-server.ts';

type Json = Record<string, unknown>;
type PageFile = { blocks: (Json & { type: string; headline?: string })[] };

/**
 * Every page and frame of the test counts the developer overlays that ever appear in it, on the studio's window
 * (the frames are the studio's own origin): the preview must never show one, not even for a moment.
 */
function countOverlays() {
  const seen = () => {
    const top = window.top as (Window & { overlaysSeen?: number }) | null;
    if (top) top.overlaysSeen = (top.overlaysSeen ?? 0) + 1;
  };
  new MutationObserver((changes) => {
    for (const change of changes)
      for (const node of change.addedNodes)
        if (node instanceof Element && (node.matches('vite-error-overlay') || node.querySelector('vite-error-overlay'))) seen();
  }).observe(document, { childList: true, subtree: true });
}

/** Collections of the kinds the base fixture lacks, so that every block type can name one of its kind. */
const MORE_COLLECTIONS: Record<string, Json> = {
  testimonials: { kind: 'testimonials', items: [{ name: 'Anna', company: 'Bakkerij', content: 'Heel tevreden.', rating: 5 }] },
  portfolio: {
    kind: 'portfolio',
    items: [
      { title: 'Bakkerij', description: 'Een site voor een bakker.', image: { src: '/images/og.png', alt: '', width: 1200, height: 630 }, icon: 'check' },
    ],
  },
  'marketing-services': { kind: 'marketing-services', items: [{ title: 'SEO', description: 'Gevonden worden.', features: ['Zoekwoorden'], icon: 'search' }] },
};

/** The fixture site copied with the collections it lacks, its dev server, and what the tests read of them. */
interface ValidSite {
  port: number;
  studio: string;
  read: <T>(file: string) => T;
  problems: (page: Page) => Promise<string[]>;
}

const preview = (page: Page): FrameLocator => page.frameLocator('iframe[data-device="desktop"]');
const overlaysSeen = (page: Page) => page.evaluate(() => (window as Window & { overlaysSeen?: number }).overlaysSeen ?? 0);

/** Copies the Dutch fixture with every kind of collection, and starts its dev server before the tests. */
function validSite(port: number): ValidSite {
  let site: string;
  let server: DevServer;
  const studio = `http://127.0.0.1:${port}/__studio`;
  test.beforeAll(async () => {
    site = copySite('studio-valid-', join(process.cwd(), 'tests/fixtures/base'));
    for (const [name, data] of Object.entries(MORE_COLLECTIONS))
      writeFileSync(
        join(site, `content/collections/${name}.json`),
        `${JSON.stringify({ $schema: '../../schemas/collection.schema.json', ...data }, null, 2)}\n`,
      );
    server = await startDevServer(site, port, 20_000);
  });
  test.afterAll(async () => {
    await server?.stop();
    if (site) rmSync(site, { recursive: true, force: true });
  });
  return {
    port,
    studio,
    read: <T>(file: string) => JSON.parse(readFileSync(join(site, file), 'utf8')) as T,
    problems: async (page: Page) => {
      const ask = () => page.request.get(`${studio}/api/problems`);
      // the dev server's keep-alive time-out may close a kept connection just as it is reused: ask once more
      const answer = await ask().catch((error: Error) => {
        if (!/ECONNRESET|socket hang up/.test(error.message)) throw error;
        return ask();
      });
      return ((await answer.json()) as { problems: { pointer: string; message: string }[] }).problems.map((p) => `${p.pointer} ${p.message}`);
    },
  };
}

async function addsFaqQuestion(page: Page, { studio, read, problems }: ValidSite): Promise<void> {
  await page.goto(studio);
  await page.locator('[data-file="content/collections/faq.json"], nav.files button:has-text("faq")').first().click();
  const before = read<{ items: Json[] }>('content/collections/faq.json').items.length;
  await page
    .locator('fieldset[data-pointer="/items"] > button')
    .or(page.getByRole('button', { name: 'Add to items' }))
    .first()
    .click();
  await expect.poll(() => read<{ items: Json[] }>('content/collections/faq.json').items.length).toBe(before + 1);
  expect(read<{ items: Json[] }>('content/collections/faq.json').items.at(-1)).toEqual({ question: 'Nieuwe vraag', answer: 'Het antwoord op de vraag' });
  await expect.poll(() => problems(page)).toEqual([]);
  expect(await overlaysSeen(page)).toBe(0);
}

async function addsEveryBlockType(page: Page, { studio, read, problems }: ValidSite): Promise<void> {
  await page.goto(studio);
  // the dev server's first render of this site after the test before it reset the files: seconds on a loaded machine
  await expect(preview(page).locator('main')).toBeVisible({ timeout: 30_000 });
  const types = await blockTypes(page);
  expect(types.length).toBeGreaterThan(15);
  for (const type of types) {
    const count = read<PageFile>('content/pages/home.json').blocks.length;
    await addBlock(page, type);
    await expect.poll(() => read<PageFile>('content/pages/home.json').blocks.length, { message: type }).toBe(count + 1);
    expect(read<PageFile>('content/pages/home.json').blocks.some((b) => b.type === type)).toBe(true);
    await expect.poll(() => problems(page), { message: `after adding a ${type} block` }).toEqual([]);
    expect(await overlaysSeen(page), `after adding a ${type} block`).toBe(0);
  }
  // the last one added shows in the preview, rendered from the files as they are
  await expect(preview(page).locator('main > :not(script):not(template)')).toHaveCount(read<PageFile>('content/pages/home.json').blocks.length, {
    timeout: 15_000,
  });
  expect(await overlaysSeen(page)).toBe(0);
}

async function emptiesAndRetypesHeading(page: Page, context: BrowserContext, { port, studio, read, problems }: ValidSite): Promise<void> {
  await page.goto(studio);
  const heading = read<PageFile>('content/pages/home.json').blocks[0]!.headline!;
  const h1 = preview(page).locator('h1').first();
  await expect(h1).toHaveText(heading);
  const field = page
    .locator('[data-pointer="/blocks/0/headline"]')
    .or(page.getByLabel(/^Headline\b/))
    .first();
  await field.fill('');
  // the studio writes what the person did (one undo step, a one-line diff): the file has the empty heading
  await expect.poll(() => read<PageFile>('content/pages/home.json').blocks[0]!.headline).toBe('');
  await expect.poll(() => problems(page)).toEqual(['/blocks/0/headline must not be empty']);
  // the preview reloads a moment after the change (the studio makes sure it shows the files): the last valid page
  await page.waitForTimeout(2500);
  await expect(h1).toHaveText(heading);
  expect(await overlaysSeen(page)).toBe(0);
  // a developer's own tab on the same page shows the problem in the overlay, as before
  const tab = await context.newPage();
  await tab.goto(`http://127.0.0.1:${port}/`);
  await expect(tab.locator('vite-error-overlay')).toBeAttached();

  await field.pressSequentially('Een kop na een lege');
  await expect(h1).toHaveText('Een kop na een lege', { timeout: 10_000 });
  await expect.poll(() => problems(page)).toEqual([]);
  await page.waitForTimeout(2000);
  await expect(h1).toHaveText('Een kop na een lege');
  expect(await overlaysSeen(page)).toBe(0);
  // the developer's tab reloads itself after a write of the studio's (the studio reloads only its own previews);
  // one write, once the tab is done with the reloads of the typing (a reload asked for mid-reload is lost)
  await tab.waitForLoadState('load');
  await field.fill('Een kop voor de ontwikkelaar');
  await expect(tab.locator('h1').first()).toHaveText('Een kop voor de ontwikkelaar', { timeout: 10_000 });
  await expect(tab.locator('vite-error-overlay')).toHaveCount(0);
  await tab.close();
}

/**
 * The studio's "add" actions on a copy of the Dutch fixture site: whatever is added is valid at once (the validator
 * finds nothing), and the preview never shows Vite's developer overlay; while a field is emptied, the preview keeps
 * the last valid render, and shows the new text once it is typed.
 */
test.describe('studio: nothing invalid is added, and the preview has no overlay', { tag: '@desktop-only' }, () => {
  test.describe.configure({ mode: 'serial' });
  const site = validSite(4620 + Number(process.env.TEST_PARALLEL_INDEX ?? 0));
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(countOverlays);
  });

  test('an FAQ question added is a whole, valid question in the site’s language', ({ page }) => addsFaqQuestion(page, site));

  test('every block type from the palette is added valid, and the preview never shows the overlay', async ({ page }) => {
    test.setTimeout(180_000);
    await addsEveryBlockType(page, site);
  });

  test('an emptied heading: the file has it empty, the preview keeps the last valid page without the overlay, then shows the new heading', ({
    page,
    context,
  }) => emptiesAndRetypesHeading(page, context, site));
});

/** The block types the palette offers, from whichever palette the studio has (a list of buttons, or a select). */
async function blockTypes(page: Page): Promise<string[]> {
  const select = page.locator('#add-block-type');
  if ((await select.count()) > 0) return select.locator('option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
  await page.locator('.palette-toggle').click();
  const types = await page.locator('.palette-item[data-block-type]').evaluateAll((buttons) => buttons.map((b) => b.getAttribute('data-block-type') ?? ''));
  await page.keyboard.press('Escape');
  return types;
}

async function addBlock(page: Page, type: string) {
  const select = page.locator('#add-block-type');
  if ((await select.count()) > 0) {
    await select.selectOption(type);
    await page.getByRole('button', { name: 'Add block' }).click();
    return;
  }
  await page.locator('.palette-toggle').click();
  await page.locator(`.palette-item[data-block-type="${type}"]`).click();
}
