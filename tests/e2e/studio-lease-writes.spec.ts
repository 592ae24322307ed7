import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { paths } from '../../core/paths.ts';
import { STUDIO_ENTRY_PATH } from '../../core/studio/contract.ts';
import { liveBuilder } from '../../studio-host/live-builder.ts';
import { siteRepo } from '../../scripts/test-support/site-repo.ts';
import { startStudioServer, type StudioServer } from '../../studio-host/studio-server.ts';
import { openStaffStore, type StaffStore } from '../../server/staff/store/staff-store.ts';
import { hashToken, newToken } from '../../server/staff/tokens.ts';
import { openStudioGate, type StudioGate } from '../../studio-host/gate/studio-gate.ts';
import { openStudioState, type StudioState } from '../../studio-host/state/studio-state.ts';
import { field } from './studio-support.ts';

/**
 * Two editors on one page in two browsers, in the studio behind the back office's sign-in (its server as `npm run
 * studio` runs it, on a database of the back office's of its own): Bram takes the page over from Anna and changes the
 * heading; Anna, whose tab has not been told yet, types on. Her write is refused, not written over Bram's heading;
 * her tab says who has the page now, reads along, and keeps her text, readable and copied with one click.
 */
const HEADLINE = '/blocks/0/headline';
const ANNA = 'anna-lease@example.nl';
const BRAM = 'bram-lease@example.nl';

test.describe('a page taken over in the studio behind the back office @desktop-only', () => {
  let work = '';
  let staff: StaffStore | undefined;
  let state: StudioState | undefined;
  let gate: StudioGate | undefined;
  let studio: StudioServer | undefined;
  const homeOnDisk = () =>
    (JSON.parse(readFileSync(join(work, 'site/content/pages/home.json'), 'utf8')) as { blocks: { headline: string }[] }).blocks[0]!.headline;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    work = mkdtempSync(join(tmpdir(), 'studio-lease-writes-'));
    const { site } = siteRepo(work);
    const live = join(work, 'live');
    await liveBuilder({ siteRoot: site, live })();
    const storage = { dataDir: join(work, 'data') };
    staff = await openStaffStore(storage);
    state = await openStudioState(storage);
    gate = await openStudioGate(storage, {});
    studio = await startStudioServer({
      root: paths.root,
      siteRoot: site,
      schemaDir: paths.schemas,
      build: live,
      door: { ...gate, backOffice: 'http://127.0.0.1:9' },
      releaseTickMs: 0,
    });
    for (const email of [ANNA, BRAM]) await staff.addUser(email, 'editor', { tokenHash: `invited-${email}`, createdBy: null });
  });
  test.afterAll(async () => {
    await studio?.close();
    await Promise.all([gate?.close(), state?.close(), staff?.close()]);
    if (work) rmSync(work, { recursive: true, force: true });
  });

  /** A person's own browser with the studio open, as the back office's Studio button opens it: a one-time ticket. */
  async function openAs(browser: Browser, email: string, before?: (page: Page) => Promise<void>): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const page = await context.newPage();
    await before?.(page);
    const user = await staff!.findUserByEmail(email);
    const ticket = newToken();
    await state!.createTicket(hashToken(ticket), user!.id);
    await page.goto(`${studio!.url}${STUDIO_ENTRY_PATH}?ticket=${ticket}`);
    await expect(page).toHaveURL(`${studio!.url}/__studio`);
    await expect(field(page, HEADLINE)).toBeVisible({ timeout: 15_000 });
    return page;
  }

  test('the one who lost the page cannot write over the new holder’s heading, and keeps their text to copy', async ({ browser }) => {
    // two browsers and a studio each: room for a busy machine (a budget, not a measure)
    test.setTimeout(90_000);
    // Anna's tab keeps its timers still: its heartbeat does not come, so it is not told when Bram takes the page over
    const anna = await openAs(browser, ANNA, async (page) => {
      await page.clock.install();
      await page.clock.pauseAt(Date.now() + 1_000);
    });
    await field(anna, HEADLINE).fill('Kop van Anna');
    await expect.poll(homeOnDisk).toBe('Kop van Anna');

    const bram = await openAs(browser, BRAM);
    const banner = bram.locator('.lease-banner');
    await expect(banner).toContainText(`${ANNA} is editing this file now`);
    await banner.getByRole('button', { name: 'Take over' }).click();
    await expect(banner).toHaveCount(0);
    await field(bram, HEADLINE).fill('Kop van Bram');
    await expect.poll(homeOnDisk).toBe('Kop van Bram');

    // Anna types on, in a tab not told yet
    await field(anna, HEADLINE).fill('Anna typt door');
    const lost = anna.locator('.lease-lost');
    await expect(lost).toContainText(`${BRAM} has this file now. Your last change was not saved`);
    const text = lost.getByRole('textbox', { name: 'Your text' });
    await expect(text).toHaveValue('Anna typt door');
    await expect(text).not.toBeEditable();
    // Bram's heading stays, on disk and in both studios; Anna's form is read along, no longer hers to type in
    expect(homeOnDisk()).toBe('Kop van Bram');
    await expect(anna.locator('.lease-banner')).toContainText(`${BRAM} is editing this file now`);
    await expect(anna.locator('.editor > [inert]')).toHaveCount(1);
    await expect(field(anna, HEADLINE)).toHaveValue('Kop van Bram', { timeout: 15_000 });
    await expect(field(bram, HEADLINE)).toHaveValue('Kop van Bram');
    // her text: selectable, and copied with one click
    await text.selectText();
    expect(await text.evaluate((area: HTMLTextAreaElement) => area.value.slice(area.selectionStart, area.selectionEnd))).toBe('Anna typt door');
    await lost.getByRole('button', { name: 'Copy text' }).click();
    await expect(lost.getByText('Copied.')).toBeVisible();
    expect(await anna.evaluate(() => navigator.clipboard.readText())).toBe('Anna typt door');
    expect(homeOnDisk()).toBe('Kop van Bram');
    await anna.context().close();
    await bram.context().close();
  });
});
