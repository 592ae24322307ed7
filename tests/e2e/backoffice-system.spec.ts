import { hostname } from 'node:os';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { ADMIN, closeStores, expectNoAxeViolations, leadStorage, newAccount, signIn } from './backoffice-support.ts';

/**
 * The System screen (admin/system.tsx) against the real production server Playwright starts: its fresh data folder
 * has no backup recorded, and the server's own heartbeat lists it among the servers. Mails are put in the outbox the
 * way the form endpoint does; with no mail server set up they wait there.
 */
test.afterAll(closeStores);

const queueMail = async () =>
  (await leadStorage()).addMail({
    leadId: null,
    to: 'verkoop@example.nl',
    replyTo: null,
    subject: 'Systeemtest',
    text: 'Een mail die in de uitbak wacht.',
    templateId: 'e2e-system',
  });

/** The number of mails the Mail section says are waiting ("geen", "1 mail", "3 mails"). */
async function waitingMails(page: Page): Promise<number> {
  const text = (await page.getByRole('region', { name: 'Mail' }).getByRole('definition').first().textContent()) ?? '';
  return text === 'geen' ? 0 : Number(/^(\d+) mails?$/.exec(text)?.[1] ?? NaN);
}

test('an admin sees the System screen: the missing backup said first, the mails waiting, and this server active', async ({ page }) => {
  const admin = await newAccount('admin');
  await queueMail();
  await signIn(page, admin);
  await expect(page.getByRole('heading', { name: 'Leads', level: 1 })).toBeFocused();
  await page.getByRole('navigation', { name: 'Onderdelen' }).getByRole('link', { name: 'Systeem' }).click();
  await expect(page).toHaveURL(`${ADMIN}/systeem`);
  await expect(page.getByRole('heading', { name: 'Systeem', level: 1 })).toBeFocused();
  await expect(page).toHaveTitle('Systeem · Backoffice');

  // the warnings first, in words (a mail the suite's earlier tests left waiting over 15 minutes may be warned of too)
  await expect(page.getByRole('alert').filter({ hasText: 'back-up' })).toContainText(
    'Er is nog geen back-up vastgelegd. Vraag uw beheerder de dagelijkse back-up in te stellen.',
  );
  await expect(page.getByRole('region', { name: 'Back-up' })).toContainText('Er is nog geen back-up vastgelegd.');
  for (const name of ['Mail', 'Leads', 'Schijf', 'Back-up', 'Publiceren', 'Servers'])
    await expect(page.getByRole('heading', { name, level: 2, exact: true })).toBeVisible();

  const mail = page.getByRole('region', { name: 'Mail' });
  await expect(mail.getByRole('term').first()).toHaveText('Wacht op verzenden');
  const waiting = await waitingMails(page);
  expect(waiting).toBeGreaterThanOrEqual(1);
  await expect(mail).toContainText(/Oudste wachtende mail(zojuist|\d+ (minuut|minuten|uur|dagen?) geleden) \(/);
  await expect(page.getByRole('region', { name: 'Schijf' })).toContainText(/Vrij\d+(,\d)? [GMT]B van \d+(,\d)? [GMT]B\d+% vrij/);

  // this server, heard of just now
  const host = hostname();
  const phone = page.viewportSize()!.width < 760;
  const servers = phone ? page.getByRole('list', { name: 'Servers' }).getByRole('listitem') : page.getByRole('table').getByRole('row');
  const thisServer = servers.filter({ hasText: host }).filter({ hasText: 'Site' }).first();
  await expect(thisServer).toContainText('actief');
  await expect(thisServer).toContainText('zojuist');
  if (!phone) await expect(page.getByRole('columnheader')).toHaveText(['Server', 'Soort', 'Staat', 'Gestart', 'Laatst gezien', 'Versie']);

  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath(`system-${page.viewportSize()!.width}.png`), fullPage: true });

  // Vernieuwen asks again: a new mail counts
  await queueMail();
  await page.getByRole('button', { name: 'Vernieuwen' }).click();
  await expect.poll(() => waitingMails(page)).toBeGreaterThan(waiting);
  await expect(page.getByRole('heading', { name: 'Systeem', level: 1 })).toBeVisible();
});

test('a sales person has no System in the menu, and /systeem says it is not for their role', async ({ page }) => {
  const sales = await newAccount('sales');
  await signIn(page, sales);
  await expect(page.getByRole('heading', { name: 'Leads', level: 1 })).toBeFocused();
  await expect(page.getByRole('navigation', { name: 'Onderdelen' }).getByRole('link')).toHaveText(['Leads', 'Account']);

  await page.goto(`${ADMIN}/systeem`);
  await expect(page.getByRole('heading', { name: 'Niet voor uw rol' })).toBeFocused();
  await expect(page.getByText('Dit onderdeel is niet voor uw rol')).toBeVisible();
  await expect(page.getByText('Servers')).toHaveCount(0);
  await expectNoAxeViolations(page);
});
