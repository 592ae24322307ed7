import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { e2eDataDir, e2eStudioOrigin } from '../../playwright.config.ts';
import { paths } from '../../core/paths.ts';
import { liveBuilder } from '../../studio-host/live-builder.ts';
import { git, gitEnv, siteRepo } from '../../scripts/test-support/site-repo.ts';
import { startStudioServer, type StudioServer } from '../../studio-host/studio-server.ts';
import { openStudioGate, type StudioGate } from '../../studio-host/gate/studio-gate.ts';
import { fixtureDist, removeDir, startServer } from '../support/server-process.ts';
import { openStaffStore } from '../../server/staff/store/staff-store.ts';
import { inviteStaff } from '../../server/staff/invitations.ts';
import { acceptInvitation, ADMIN, closeStores, virtualAuthenticator, expectNoAxeViolations, newAccount, signIn } from './backoffice-support.ts';
import { desktopPreview, expectAccessible, field, fileButton } from './studio-support.ts';
import { expectRefused } from './preview-sandbox-support.ts';

/**
 * The studio on the live server, opened from the back office: the production server Playwright runs (its back
 * office knows the studio's address, STUDIO_ORIGIN) and the studio's server (`npm run studio` with
 * STUDIO_BACK_OFFICE) on the same data folder, over a git work tree of the content landing fixture with a bare
 * remote. An editor signs in, opens the studio from the menu, changes the hero heading and publishes: it is live in a
 * new build, and the remote has the commit in the editor's name.
 */
/** An editor's invitation accepted on the screen with a password and a code, and a passkey added while the device is at hand. */
async function acceptWithPasskey(page: Page, admin: string, dataDir: string, email: string) {
  const store = await openStaffStore({ dataDir });
  const invited = await inviteStaff(store, email, 'editor', null);
  await store.close();
  if (!invited.ok) throw new Error(invited.problem);
  await acceptInvitation(page, `${admin}/uitnodiging/${invited.token}`, { passkey: 'Laptop' });
}

test.describe.configure({ mode: 'serial' });
test.describe('the studio behind the back office @desktop-only', () => {
  const heading = 'Websites die werken, vanuit de back office';
  let work = '';
  let gate: StudioGate | undefined;
  let studio: StudioServer | undefined;
  const site = () => join(work, 'site');
  const live = () => join(work, 'live');
  const remote = () => join(work, 'remote.git');

  test.beforeAll(async () => {
    // a first live build and the studio's start (its warm builder): room for a busy machine
    test.setTimeout(120_000);
    work = mkdtempSync(join(tmpdir(), 'backoffice-studio-'));
    siteRepo(work);
    await liveBuilder({ siteRoot: site(), live: live() })();
    gate = await openStudioGate({ dataDir: e2eDataDir }, {});
    studio = await startStudioServer({
      root: paths.root,
      siteRoot: site(),
      schemaDir: paths.schemas,
      build: live(),
      target: { remote: 'origin', branch: 'main' },
      port: Number(new URL(e2eStudioOrigin).port),
      door: { ...gate, backOffice: ADMIN },
    });
  });
  test.afterAll(async () => {
    await studio?.close();
    await gate?.close();
    await closeStores();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  test('an editor signs in straight into the studio, changes the hero heading and publishes it in their name; axe finds nothing', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const editor = await newAccount('editor');
    await signIn(page, editor);
    // an editor's sign-in goes straight into the studio
    await expect(page).toHaveURL(`${e2eStudioOrigin}/__studio`);
    // the studio's first preview is its first render of the working copy: on a busy machine, seconds
    await expect(desktopPreview(page).locator('main h1')).toHaveText(/A website you will be proud to show your customers/, { timeout: 15_000 });
    await expectAccessible(page);
    await field(page, '/blocks/0/headline').fill(heading);
    await expect(desktopPreview(page).locator('main h1')).toHaveText(heading);
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    const dialog = page.getByRole('dialog');
    // the studio knows who is signed in: it does not ask for a name
    await expect(dialog.getByText(`This version goes into the history in the name of ${editor.email}.`)).toBeVisible();
    await expect(dialog.getByLabel('Your name')).toHaveCount(0);
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Publish now' }).click();
    await expect(dialog.getByText('Published: this is now the latest version.')).toBeVisible({ timeout: 30_000 });
    expect(readFileSync(join(realpathSync(live()), 'index.html'), 'utf8')).toContain(heading);
    expect(git(remote(), 'log', '-1', '--format=%ae %s', 'main')).toMatch(new RegExp(`^${editor.email.replace(/[.]/g, '\\.')} `));
    expect(git(site(), 'status', '--porcelain')).toBe('');
    // the way back, first in the studio's bar: the back office, still signed in
    await dialog.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('link', { name: 'Back office' }).click();
    await expect(page).toHaveURL(`${ADMIN}/account`);
    await expect(page.getByRole('heading', { name: 'Mijn account' })).toBeFocused();
  });

  test('History’s restore goes live and to the remote in the signed-in editor’s name', async ({ page }) => {
    // two or three publishes, each a build: room for a busy machine
    test.slow();
    await page.setViewportSize({ width: 1280, height: 800 });
    const editor = await newAccount('editor');
    await signIn(page, editor);
    await expect(page).toHaveURL(`${e2eStudioOrigin}/__studio`);
    const liveBefore = realpathSync(live());
    await page.getByRole('button', { name: 'History' }).click();
    const dialog = page.getByRole('dialog', { name: 'History: published versions' });
    const first = dialog.getByRole('listitem').filter({ hasText: 'site' }).last();
    await first.getByRole('button', { name: 'Restore this version' }).click();
    await expect(first.getByText(`This version goes into the history in the name of ${editor.email}.`)).toBeVisible();
    await first.getByRole('button', { name: 'Yes, restore' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'was restored, as a new version' })).toBeVisible({ timeout: 30_000 });
    // live in a new build, on the remote, in the editor's name: not only a commit in the working copy
    expect(realpathSync(live())).not.toBe(liveBefore);
    expect(readFileSync(join(realpathSync(live()), 'index.html'), 'utf8')).not.toContain(heading);
    expect(git(remote(), 'log', '-1', '--format=%ae|%s', 'main')).toMatch(new RegExp(`^${editor.email.replace(/[.]/g, '\\.')}\\|Restored the version of `));
    expect(git(site(), 'status', '--porcelain')).toBe('');
  });

  test('the editors’ three tasks, each from the back office, counted: a heading published, a city published, a preview link sent', async ({ page }) => {
    // two or three publishes, each a build: room for a busy machine
    test.slow();
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    const counts: string[] = [];
    const task = () => {
      const count = { clicks: 0, keys: 0 };
      return {
        count,
        click: async (target: Locator) => void (count.clicks++, await target.click()),
        type: async (text: string) => void ((count.keys += text.length), await page.keyboard.type(text)),
        press: async (key: string) => void (count.keys++, await page.keyboard.press(key)),
      };
    };
    const publish = async (doing: ReturnType<typeof task>) => {
      await doing.click(page.getByRole('button', { name: 'Publish', exact: true }));
      const dialog = page.getByRole('dialog');
      await doing.click(dialog.getByRole('button', { name: 'Publish now' }));
      await expect(dialog.getByText('Published: this is now the latest version.')).toBeVisible({ timeout: 30_000 });
      await dialog.getByRole('button', { name: 'Close' }).click();
    };
    const liveFile = (file: string) => readFileSync(join(realpathSync(live()), file), 'utf8');

    // the first task begins with the sign-in, which takes an editor into the studio (the sign-in not counted); the
    // others on the back office's first screen, still signed in, where the menu's Studio opens it
    await signIn(page, await newAccount('editor'));
    await expect(page).toHaveURL(`${e2eStudioOrigin}/__studio`);
    const heading = task();
    await heading.click(field(page, '/blocks/0/headline'));
    await heading.press('Control+A');
    await heading.type('Sneller online');
    await publish(heading);
    expect(liveFile('index.html')).toContain('Sneller online');
    counts.push(`change the hero heading and publish: ${heading.count.clicks} clicks, ${heading.count.keys} keys`);

    // the town's own texts are written first in the Towns list (a writer's work, not counted: on a content landing
    // site a town's pages are made of them); the task is to add it to the landing pages and publish
    const towns = join(site(), 'content/collections/cities.json');
    const list = JSON.parse(readFileSync(towns, 'utf8')) as { items: { city: string }[] };
    list.items.push(JSON.parse(JSON.stringify(list.items[1]).replaceAll('Bath', 'Leeds')) as { city: string });
    writeFileSync(towns, `${JSON.stringify(list, null, 2)}\n`);
    await page.goto(ADMIN);
    const city = task();
    await city.click(page.getByRole('button', { name: 'Studio' }));
    await city.click(page.getByRole('textbox', { name: 'New city' }));
    await city.type('Leeds');
    await city.press('Enter');
    await expect(page.getByRole('button', { name: '/web-design-leeds' })).toBeVisible({ timeout: 15_000 });
    await publish(city);
    expect(liveFile('web-design-leeds.html')).toContain('Leeds');
    counts.push(`add a city and publish: ${city.count.clicks} clicks, ${city.count.keys} keys`);

    await page.goto(ADMIN);
    const link = task();
    await link.click(page.getByRole('button', { name: 'Studio' }));
    await link.click(page.getByRole('button', { name: 'Preview link' }));
    const dialog = page.getByRole('dialog', { name: 'Preview link for a client' });
    await link.click(dialog.getByRole('button', { name: 'Make a link' }));
    await link.click(dialog.getByRole('button', { name: 'Copy' }));
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(new RegExp(`^${e2eStudioOrigin}/__studio/link/`));
    counts.push(`send a client a preview link: ${link.count.clicks} clicks, ${link.count.keys} keys`);
    // taken back, for the tests after this one
    await dialog.getByRole('button', { name: /^Revoke the link to / }).click();
    await expect(dialog.getByText('No preview link works now.')).toBeVisible();

    console.log(`the back office's studio, tasks from its first screen:\n  ${counts.join('\n  ')}`);
    expect([heading.count.clicks, city.count.clicks, link.count.clicks]).toEqual([3, 4, 4]);
  });

  test('an editor sends a client a preview link to the draft: it opens without an account, and no longer once expired', async ({ page, browser }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, await newAccount('editor'));
    await expect(page).toHaveURL(`${e2eStudioOrigin}/__studio`);
    await field(page, '/blocks/0/headline').fill('Een kop voor de klant');
    await expect(desktopPreview(page).locator('main h1')).toHaveText('Een kop voor de klant');
    // three clicks: the button, "Make a link", "Copy"
    await page.getByRole('button', { name: 'Preview link' }).click();
    const dialog = page.getByRole('dialog', { name: 'Preview link for a client' });
    await expect(dialog.getByText('No preview link works now.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Make a link' }).click();
    const link = await dialog.getByRole('textbox', { name: 'The link' }).inputValue();
    expect(link).toMatch(new RegExp(`^${e2eStudioOrigin}/__studio/link/[A-Za-z0-9_-]{43}$`));
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await dialog.getByRole('button', { name: 'Copy' }).click();
    await expect(dialog.getByText('Copied.')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await expect(dialog.getByRole('listitem')).toHaveCount(1);
    await expectAccessible(page);
    // the client: another browser, no account
    const client = await browser.newContext();
    const clientPage = await client.newPage();
    const shown = await clientPage.goto(link);
    expect(shown?.headers()['x-robots-tag']).toBe('noindex, nofollow, noarchive');
    await expect(clientPage.locator('main h1')).toHaveText('Een kop voor de klant');
    // the live site does not have it
    expect(readFileSync(join(realpathSync(live()), 'index.html'), 'utf8')).not.toContain('Een kop voor de klant');
    // past its time, it opens nothing
    const db = new Database(join(e2eDataDir, 'leads.sqlite'));
    try {
      db.prepare('UPDATE studio_preview_links SET expires_at = ?').run(new Date(Date.now() - 1000).toISOString());
    } finally {
      db.close();
    }
    await clientPage.reload();
    await expect(clientPage.getByText('This preview link does not work (any more)')).toBeVisible();
    await client.close();
  });

  test('an editor plans a publish for later, sees it waiting, and calls it off', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, await newAccount('editor'));
    await expect(page).toHaveURL(`${e2eStudioOrigin}/__studio`);
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    const dialog = page.getByRole('dialog');
    const later = dialog.getByRole('region', { name: 'Publish later' });
    await expect(later.getByText('Nothing is scheduled.')).toBeVisible();
    // tomorrow at 09:00, in the browser's own time zone, as a person types it
    const tomorrow = new Date(Date.now() + 86_400_000);
    const local = `${tomorrow.getFullYear()}-${String(tomorrow.getMonth() + 1).padStart(2, '0')}-${String(tomorrow.getDate()).padStart(2, '0')}T09:00`;
    await later.getByLabel('Date and time').fill(local);
    await later.getByRole('button', { name: 'Schedule' }).click();
    await expect(later.getByRole('listitem')).toHaveCount(1);
    await expect(later.getByRole('listitem')).toContainText('9:00 AM');
    await expect(later.getByRole('listitem')).toContainText('waiting');
    await expectAccessible(page);
    await later.getByRole('button', { name: /^Call off the publish of / }).click();
    await expect(later.getByRole('listitem')).toContainText('called off');
    await expect(later.getByRole('button', { name: /^Call off the publish of / })).toHaveCount(0);
  });

  test('two editors on one page: the second reads along, takes it over, and neither loses a key', async ({ page, browser }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const anna = await newAccount('editor');
    await signIn(page, anna);
    await expect(page).toHaveURL(`${e2eStudioOrigin}/__studio`);
    await fileButton(page, 'content/pages/contact.json').click();
    await field(page, '/blocks/0/eyebrow').fill('Van Anna');
    const bramContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const bram = await bramContext.newPage();
    await signIn(bram, await newAccount('editor'));
    await expect(bram).toHaveURL(`${e2eStudioOrigin}/__studio`);
    await fileButton(bram, 'content/pages/contact.json').click();
    const banner = bram.locator('.lease-banner');
    await expect(banner).toContainText(`${anna.email} is editing this file now`);
    await expect(bram.locator('.editor > [inert]')).toHaveCount(1);
    await expect(field(bram, '/blocks/0/eyebrow')).toHaveValue('Van Anna');
    await expectAccessible(bram);
    await banner.getByRole('button', { name: 'Take over' }).click();
    await expect(banner).toHaveCount(0);
    await expect(bram.locator('.editor > [inert]')).toHaveCount(0);
    await field(bram, '/blocks/0/headline').fill('Van Bram');
    // Anna, back in her tab, is told, and reads along
    await page.bringToFront();
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await expect(page.locator('.lease-banner')).toContainText('took this file over from you');
    await expect(page.locator('.editor > [inert]')).toHaveCount(1);
    const contact = () => JSON.parse(readFileSync(join(site(), 'content/pages/contact.json'), 'utf8')) as { blocks: { eyebrow: string; headline: string }[] };
    await expect.poll(() => [contact().blocks[0]!.eyebrow, contact().blocks[0]!.headline]).toEqual(['Van Anna', 'Van Bram']);
    await expect(field(page, '/blocks/0/headline')).toHaveValue('Van Bram');
    await bramContext.close();
  });

  test('a script in the preview, with an editor signed in, can neither read the studio nor edit through its calls', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, await newAccount('editor'));
    await expect(page).toHaveURL(`${e2eStudioOrigin}/__studio`);
    // the preview is sandboxed: its page is on an origin of its own, and its requests carry no cookie of the studio's
    await expectRefused(page, () => readFileSync(join(site(), 'content/pages/home.json'), 'utf8'));
  });

  test('a person whose role has no content gets no studio: no menu item, 403 for a ticket, and the studio shows the way in', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, await newAccount('sales'));
    await expect(page.getByRole('link', { name: 'Leads' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Studio' })).toHaveCount(0);
    const status = await page.evaluate(
      async () =>
        (await fetch('/api/studio/ticket', { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Staff-Request': '1' }, body: '{}' })).status,
    );
    expect(status).toBe(403);
    await page.goto(`${e2eStudioOrigin}/__studio`);
    await expect(page.getByText('You are not signed in to the studio (any more).')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Open the studio from the back office' })).toHaveAttribute('href', `${ADMIN}/`);
    await expectNoAxeViolations(page);
  });
  test('an editor signs in and is in the studio without a click; the back office opened again stays the back office; sales land on the leads', async ({
    page,
    browser,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, await newAccount('editor'));
    await expect(page).toHaveURL(`${e2eStudioOrigin}/__studio`);
    await expect(page.getByRole('link', { name: 'Back office' })).toBeVisible();
    // the way back: the back office's account screen, with the studio in its menu; only a sign-in goes into the studio
    await page.getByRole('link', { name: 'Back office' }).click();
    await expect(page).toHaveURL(`${ADMIN}/account`);
    await expect(page.getByRole('heading', { name: 'Mijn account' })).toBeFocused();
    await expect(page.getByRole('button', { name: 'Studio' })).toBeVisible();
    await page.goto(`${ADMIN}/`);
    await expect(page).toHaveURL(`${ADMIN}/account`);
    await expect(page.getByRole('heading', { name: 'Mijn account' })).toBeFocused();
    // the studio not opening: the sign-in lands on the account screen, and says so
    const failing = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const refused = await failing.newPage();
    await refused.route('**/api/studio/ticket', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":"unknown"}' }));
    await signIn(refused, await newAccount('editor'));
    await expect(refused).toHaveURL(`${ADMIN}/account`);
    await expect(refused.getByRole('alert').filter({ hasText: 'De studio ging niet open. Probeer het nog eens.' })).toBeVisible();
    await failing.close();
    // a sales person: the leads, as before
    const sales = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const salesPage = await sales.newPage();
    await signIn(salesPage, await newAccount('sales'));
    await expect(salesPage).toHaveURL(`${ADMIN}/leads`);
    await expect(salesPage.getByRole('heading', { name: 'Leads', level: 1 })).toBeFocused();
    await sales.close();
  });
  test('signed in with a passkey alone, an editor is in the studio and publishes in their name', async ({ page }) => {
    // a back office and a studio of their own, started here, and a publish's build: room for a busy machine
    test.slow();
    // WebAuthn needs a host name: a back office and a studio of their own at localhost, on their own database
    const admin = 'http://localhost:4860';
    const studioOrigin = 'http://localhost:4861';
    const dist = fixtureDist();
    const server = await startServer({ distDir: dist, env: { ADMIN_PORT: '4860', ADMIN_ORIGIN: admin, STUDIO_ORIGIN: studioOrigin } });
    const door = await openStudioGate({ dataDir: server.dataDir }, {});
    const own = await startStudioServer({
      root: paths.root,
      siteRoot: site(),
      schemaDir: paths.schemas,
      build: live(),
      target: { remote: 'origin', branch: 'main' },
      port: 4861,
      door: { ...door, backOffice: admin },
      releaseTickMs: 0,
    });
    try {
      await expect.poll(() => server.output()).toContain(`back office on ${admin}`);
      await virtualAuthenticator(page);
      const email = 'passkey-editor@example.nl';
      await page.setViewportSize({ width: 1280, height: 800 });
      await acceptWithPasskey(page, admin, server.dataDir, email);
      // the invitation's end is a sign-in: into the studio; signed out from the back office, then in with the passkey alone
      await expect(page).toHaveURL(`${studioOrigin}/__studio`);
      await page.goto(`${admin}/`);
      await page.getByRole('button', { name: 'Afmelden' }).first().click();
      await page.getByRole('button', { name: 'Aanmelden met een passkey' }).click();
      await expect(page).toHaveURL(`${studioOrigin}/__studio`);
      await field(page, '/blocks/0/headline').fill('Met een passkey gepubliceerd');
      await page.getByRole('button', { name: 'Publish', exact: true }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByText(`This version goes into the history in the name of ${email}.`)).toBeVisible();
      await dialog.getByRole('button', { name: 'Publish now' }).click();
      await expect(dialog.getByText('Published: this is now the latest version.')).toBeVisible({ timeout: 30_000 });
      expect(readFileSync(join(realpathSync(live()), 'index.html'), 'utf8')).toContain('Met een passkey gepubliceerd');
      expect(git(remote(), 'log', '-1', '--format=%ae', 'main')).toBe(email);
    } finally {
      await own.close();
      await door.close();
      await server.stop();
      removeDir(server.dataDir);
      rmSync(dist, { recursive: true, force: true });
    }
  });
  /** Someone else's heading for the home page, sent to the remote from a clone of their own. */
  const headingFromElsewhere = (headline: string) => {
    const other = mkdtempSync(join(work, 'other-'));
    execFileSync('git', ['clone', '-q', remote(), other], { env: gitEnv });
    const file = join(other, 'content/pages/home.json');
    const home = JSON.parse(readFileSync(file, 'utf8')) as { blocks: { headline: string }[] };
    home.blocks[0]!.headline = headline;
    writeFileSync(file, `${JSON.stringify(home, null, 2)}\n`);
    git(other, '-c', 'user.name=Elders', '-c', 'user.email=elders@test', 'commit', '-qam', 'elders');
    git(other, 'push', '-q', 'origin', 'main');
  };

  test('a page published elsewhere too: Publish is refused in plain words, both versions are shown, and Publish then sends mine on top of theirs', async ({
    page,
  }) => {
    // two publishes, each a build: room for a busy machine
    test.slow();
    await page.setViewportSize({ width: 1280, height: 800 });
    headingFromElsewhere('Van elders');
    const liveBefore = realpathSync(live());
    await signIn(page, await newAccount('editor'));
    await expect(page).toHaveURL(`${e2eStudioOrigin}/__studio`);
    await field(page, '/blocks/0/headline').fill('Van hier');
    let clicks = 0;
    const click = async (target: Locator) => {
      clicks++;
      await target.click();
    };
    await click(page.getByRole('button', { name: 'Publish', exact: true }));
    const dialog = page.getByRole('dialog');
    await click(dialog.getByRole('button', { name: 'Publish now' }));
    await expect(dialog.getByText('Not published: someone else published Home meanwhile, in the same place.')).toBeVisible({ timeout: 30_000 });
    // nothing went live, nothing was sent, no rebase left; theirs is the published version now, mine the change
    expect(realpathSync(live())).toBe(liveBefore);
    expect(git(remote(), 'log', '-1', '--format=%s', 'main')).toBe('elders');
    expect(['rebase-merge', 'rebase-apply'].filter((name) => existsSync(join(site(), '.git', name)))).toEqual([]);
    await expect(dialog.locator('del', { hasText: 'Van elders' })).toBeVisible();
    await expect(dialog.locator('ins', { hasText: 'Van hier' })).toBeVisible();
    await expectAccessible(page);
    // the editor keeps theirs: Publish again, and it goes
    await click(dialog.getByRole('button', { name: 'Publish now' }));
    await expect(dialog.getByText('Published: this is now the latest version.')).toBeVisible({ timeout: 30_000 });
    console.log(`a conflict finished by publishing mine: ${clicks} clicks`);
    expect(git(remote(), 'log', '-2', '--format=%s', 'main').split('\n')[1]).toBe('elders');
    expect(readFileSync(join(realpathSync(live()), 'index.html'), 'utf8')).toContain('Van hier');
    expect(git(site(), 'status', '--porcelain')).toBe('');
  });

  test('a page published elsewhere too, and the editor keeps theirs: Discard brings the published version into the studio', async ({ page }) => {
    // two or three publishes, each a build: room for a busy machine
    test.slow();
    await page.setViewportSize({ width: 1280, height: 800 });
    headingFromElsewhere('Nog eens van elders');
    await signIn(page, await newAccount('editor'));
    await expect(page).toHaveURL(`${e2eStudioOrigin}/__studio`);
    await field(page, '/blocks/0/headline').fill('Toch van hier');
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Publish now' }).click();
    await expect(dialog.getByText('Not published: someone else published Home meanwhile')).toBeVisible({ timeout: 30_000 });
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Discard changes' }).click();
    const discard = page.getByRole('dialog', { name: 'Discard changes' });
    await expect(discard).toContainText('Toch van hier');
    await discard.getByRole('button', { name: 'Discard', exact: true }).click();
    await expect(field(page, '/blocks/0/headline')).toHaveValue('Nog eens van elders', { timeout: 15_000 });
    expect(git(site(), 'status', '--porcelain')).toBe('');
    expect(git(site(), 'rev-parse', 'HEAD')).toBe(git(remote(), 'rev-parse', 'main'));
  });
});
