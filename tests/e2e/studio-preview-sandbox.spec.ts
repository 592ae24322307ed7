import { expect, test, type Page } from '@playwright/test';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { paths } from '../../core/paths.ts';
import { startStudioServer, type StudioServer } from '../../studio-host/studio-server.ts';
import { buildSite } from '../../scripts/test-support/build-site.ts';
import { expectRefused } from './preview-sandbox-support.ts';
import { studioSite } from './studio-support.ts';

/**
 * The preview runs the site's own scripts (and whatever a tag, an embed or a package brings): sandboxed, on an
 * origin of its own, a script in it can neither read the studio's page nor write through the studio's calls, on
 * either host (`npm run dev` and `npm run studio`). The preview still does what the site does there: an island
 * hydrates, a form says what is missing, the chat opens.
 */
const HOME = 'content/pages/home.json';

/** The content landing fixture with its chat on (it is off there). A `prepare` of studioSite. */
function chatOn(site: string) {
  const path = join(site, 'site.config.json');
  writeFileSync(path, readFileSync(path, 'utf8').replace('"chat": {\n    "enabled": false', '"chat": {\n    "enabled": true'));
}

/**
 * The site's scripts run in the preview as on the site: the chat's island wakes when a pointer comes over it and
 * opens, and the contact form, sent empty, says what is missing. The events are dispatched in the page: the frame is
 * drawn scaled, where Playwright's pointer would miss, and a click in a block of the preview selects the block.
 */
async function expectTheSiteWorks(page: Page, studio: string) {
  await page.goto(studio);
  const preview = page.frameLocator('.side iframe[data-device="desktop"]');
  const chat = preview.getByRole('button', { name: /^Open chat/ });
  // again should the page be loaded anew meanwhile; the island's code may take a while the first time (the dev server's first loads)
  await expect(async () => {
    await chat.dispatchEvent('pointerover');
    await expect(preview.locator('[data-island="chat"]')).toHaveAttribute('data-hydrated', 'true', { timeout: 10_000 });
  }).toPass({ timeout: 60_000 });
  await chat.dispatchEvent('click');
  await expect(preview.getByRole('dialog')).toBeVisible();
  await page.goto(`${studio}?route=%2Fcontact`);
  const form = preview.locator('main form');
  await expect(form).toBeAttached({ timeout: 30_000 });
  await expect(async () => {
    await form.evaluate((element) => (element as HTMLFormElement).requestSubmit());
    await expect(preview.getByText('Please enter your name.')).toBeVisible({ timeout: 10_000 });
  }).toPass({ timeout: 60_000 });
}

test.describe('the preview cannot reach the studio @desktop-only', () => {
  // a dev server's first pages, or a build, before the first test
  test.slow();
  test.describe('in npm run dev', () => {
    test.describe.configure({ mode: 'serial' });
    const port = 4730 + Number(process.env.TEST_PARALLEL_INDEX ?? 0);
    const context = studioSite({ fixture: 'content-landing', prefix: 'studio-sandbox-', port, prepare: chatOn });

    test('a script in the preview can neither read the studio nor edit through its calls', async ({ page }) => {
      await page.goto(context.studio);
      await expectRefused(page, () => context.file(HOME));
    });

    test('the site works in the preview: the chat wakes and opens, a form says what is missing', async ({ page }) => {
      await expectTheSiteWorks(page, context.studio);
    });
  });

  test.describe('in npm run studio', () => {
    test.describe.configure({ mode: 'serial' });
    let work = '';
    let server: StudioServer | undefined;
    const file = () => readFileSync(join(work, 'site', HOME), 'utf8');
    test.beforeAll(async () => {
      work = mkdtempSync(join(tmpdir(), 'studio-sandbox-host-'));
      cpSync(join(paths.root, 'tests/fixtures/content-landing'), join(work, 'site'), { recursive: true });
      chatOn(join(work, 'site'));
      const built = buildSite({ siteRoot: join(work, 'site'), out: join(work, 'build') });
      expect(built.status, built.output).toBe(0);
      server = await startStudioServer({ root: paths.root, siteRoot: join(work, 'site'), schemaDir: paths.schemas, build: join(work, 'build') });
    });
    test.afterAll(async () => {
      await server?.close();
      if (work) rmSync(work, { recursive: true, force: true });
    });

    test('a script in the preview can neither read the studio nor edit through its calls', async ({ page }) => {
      await page.goto(`${server!.url}/__studio`);
      await expectRefused(page, file);
    });

    test('the site works in the preview: the chat wakes and opens, a form says what is missing', async ({ page }) => {
      await expectTheSiteWorks(page, `${server!.url}/__studio`);
    });
  });
});
