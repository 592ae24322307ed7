import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { fixtureDist, removeDir, type ServerProcess } from '../support/server-process.ts';
import { openStaffStore } from '../../server/staff/store/staff-store.ts';
import { inviteStaff } from '../../server/staff/invitations.ts';
import { openStorage } from '../../server/storage/open-storage.ts';
import { SERVER_SITE_FILE } from '../../core/site/server-site.ts';
import { addLead, codeFor, expectNoAxeViolations, startOwnBackOffice } from './backoffice-support.ts';
import { unfoldFilters } from './inbox-support.ts';

/**
 * The back office on a site in English (issue 50: every screen axe clean at 390 and 1280 px, in both languages):
 * the same build with the site's language English, its own server and database, an administrator who sees every
 * screen. The Dutch screens are checked at both widths in the other back office specs.
 */
test.describe.configure({ mode: 'default' });

let server: ServerProcess;
let dist: string;
let admin: string;

test.beforeAll(async ({ browserName: _browser }, testInfo) => {
  dist = fixtureDist();
  const siteFile = join(dist, SERVER_SITE_FILE);
  writeFileSync(siteFile, JSON.stringify({ ...(JSON.parse(readFileSync(siteFile, 'utf8')) as object), lang: 'en' }));
  const port = 4820 + (testInfo.project.name === 'phone' ? 1 : 0) + 4 * testInfo.parallelIndex;
  ({ server, admin } = await startOwnBackOffice(port, dist));
});

test.afterAll(async () => {
  await server?.stop();
  if (server) removeDir(server.dataDir);
  if (dist) rmSync(dist, { recursive: true, force: true });
});

/** An administrator's invitation accepted in this page, as the invitation screen does it: the page is signed in after it. */
async function signedInAdmin(page: Page) {
  const store = await openStaffStore({ dataDir: server.dataDir });
  const invited = await inviteStaff(store, `admin-${test.info().project.name}@example.com`, 'admin', null);
  await store.close();
  if (!invited.ok) throw new Error(invited.problem);
  await page.goto(`${admin}/api/passkeys/available`);
  const status = await page.evaluate(async (token) => {
    const headers = { 'Content-Type': 'application/json', 'X-Staff-Request': '1' };
    const { totp } = (await (await fetch(`/api/invitations/${token}`)).json()) as { totp: { secret: string } };
    const body = JSON.stringify({ password: 'cycling along the river in may', totpSecret: totp.secret, code: await window.codeFor(totp.secret) });
    return (await fetch(`/api/invitations/${token}`, { method: 'POST', headers, body })).status;
  }, invited.token);
  expect(status).toBe(200);
}

test('in English every screen reads English and axe finds nothing, at 1280 and at 390 px @desktop-only', async ({ page }) => {
  test.setTimeout(120_000);
  await page.exposeFunction('codeFor', (secret: string) => codeFor(secret));
  const storage = await openStorage({ dataDir: server.dataDir });
  const id = await addLead(
    { name: 'Ann Smith', email: 'ann@example.com', phone: '+44 20 7946 0958', message: 'Could you call me about a new website?' },
    storage,
  );
  await storage.close();
  await signedInAdmin(page);

  const screens: [string, string][] = [
    ['/leads', 'Leads'],
    [`/leads/${id}`, 'Ann Smith'],
    ['/account', 'My account'],
    ['/mensen', 'People'],
    ['/logboek', 'Activity log'],
    ['/systeem', 'System'],
  ];
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width > 700 ? 800 : 844 });
    for (const [path, heading] of screens) {
      await page.goto(`${admin}${path}`);
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Sign out' }).first()).toBeAttached();
      // none of the back office's own Dutch words (the site's form names are the site's, in its config)
      await expect(page.locator('body')).not.toContainText(/Afmelden|Zoeken|Terug naar|Bellen|Notitie|Wachtwoord|Opslaan|Laden/);
      if (path === '/leads') {
        await expect(page.getByRole('status').filter({ hasText: 'found' })).toHaveText('1 lead found');
        await unfoldFilters(page);
        await expect(page.getByLabel('View')).toHaveValue('');
      }
      if (path === `/leads/${id}`) await expect(page.getByRole('heading', { name: 'What was filled in', level: 2 })).toBeVisible();
      await expectNoAxeViolations(page);
    }
  }
  // the shortcuts, on a laptop
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${admin}/leads`);
  await expect(page.getByRole('heading', { level: 1, name: 'Leads' })).toBeFocused();
  await page.keyboard.press('?');
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toContainText('Next lead');
  await expectNoAxeViolations(page);
});

declare global {
  interface Window {
    codeFor: (secret: string) => Promise<string>;
  }
}
