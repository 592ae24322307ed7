import { expect, test } from '@playwright/test';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { paths } from '../../core/paths.ts';
import { startStudioServer, type StudioServer } from '../../studio-host/studio-server.ts';
import { buildSite } from '../../scripts/test-support/build-site.ts';
import { desktopPreview, expectAccessible, field } from './studio-support.ts';

/**
 * The same studio in its second host: the studio's server without Vite (studio-host/studio-server.ts), over
 * a copy of the content landing fixture, its preview rendered by the site's build. A heading typed in the form is
 * in the file and in the preview, which is the build's page but for it.
 */
test.describe.configure({ mode: 'serial' });
test.describe('the studio without Vite @desktop-only', () => {
  let work = '';
  let server: StudioServer | undefined;
  test.beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'studio-host-e2e-'));
    cpSync(join(paths.root, 'tests/fixtures/content-landing'), join(work, 'site'), { recursive: true });
    const built = buildSite({ siteRoot: join(work, 'site'), out: join(work, 'build') });
    expect(built.status, built.output).toBe(0);
    server = await startStudioServer({ root: paths.root, siteRoot: join(work, 'site'), schemaDir: paths.schemas, build: join(work, 'build') });
  });
  test.afterAll(async () => {
    await server?.close();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  test('a heading typed in the form is in the file and in the preview the build renders; axe finds nothing', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${server!.url}/__studio`);
    const built = readFileSync(join(work, 'build/index.html'), 'utf8');
    await expect(desktopPreview(page).locator('main h1')).toHaveText(/A website you will be proud to show your customers/);
    await field(page, '/blocks/0/headline').fill('Websites die werken, zonder Vite');
    await expect
      .poll(() => (JSON.parse(readFileSync(join(work, 'site/content/pages/home.json'), 'utf8')) as { blocks: { headline: string }[] }).blocks[0]!.headline)
      .toBe('Websites die werken, zonder Vite');
    await expect(desktopPreview(page).locator('main h1')).toHaveText('Websites die werken, zonder Vite');
    // the page the preview loads now is the build's, with the new heading
    const rendered = await (await fetch(`${server!.url}/`)).text();
    expect(rendered).toBe(built.replaceAll('A website you will be proud to show your customers', 'Websites die werken, zonder Vite'));
    await expectAccessible(page);
  });
});
