import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect } from './fixtures.ts';
import { e2eSiteRoot } from '../../playwright.config.ts';
import {
  ADMIN,
  addLead,
  closeStores,
  codeFor,
  expectNoAxeViolations,
  invitationLink,
  makeSignInStale,
  newAccount,
  signIn,
  uniqueDigits,
  uniqueEmail,
} from './backoffice-support.ts';
import { unfoldFilters } from './inbox-support.ts';

/**
 * The back office's pages (admin/, built into dist-admin/) against the real production server and its database:
 * accounts are invited as `npm run staff` does, and leads stored as the form endpoint does, by the test itself.
 * Every test runs at 1280 and at 390 px, and axe checks each screen it opens.
 */
test.afterAll(closeStores);

/** the name of the site the suite's server serves, which the back office's header shows */
const siteName = (JSON.parse(readFileSync(join(e2eSiteRoot, 'site.config.json'), 'utf8')) as { brand: { name: string } }).brand.name;

test('an invitation is accepted: a refused password explained, QR code and key shown, recovery codes once; sign out, and in with a recovery code after a wrong code', async ({
  page,
}) => {
  await page.goto(`${ADMIN}/uitnodiging/${'x'.repeat(43)}`);
  await expect(page.getByRole('heading', { name: 'Deze uitnodiging werkt niet' })).toBeFocused();
  await expect(page.getByRole('alert')).toContainText('onbekend, al gebruikt of verlopen');
  await expect(page.getByText('Vraag een beheerder om een nieuwe uitnodigingslink')).toBeVisible();

  const { email, link } = await invitationLink('sales');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Welkom! Stel uw account in' })).toBeFocused();
  await expect(page.getByText(email)).toBeVisible();
  const qr = page.getByRole('img', { name: /QR-code/ });
  await expect(qr).toBeVisible();
  expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
  const secret = (await page.getByText(/^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/).textContent())!;
  expect(secret.replace(/ /g, '')).toHaveLength(32);
  // on the phone that has the authenticator app, a tap opens the key in it: the same secret as the QR code's
  const href = (await page.getByRole('link', { name: 'Op deze telefoon? Open de sleutel in uw authenticator-app' }).getAttribute('href'))!;
  expect(href).toMatch(/^otpauth:\/\/totp\//);
  expect(new URL(href).searchParams.get('secret')).toBe(secret.replace(/ /g, ''));
  await expectNoAxeViolations(page);

  await page.getByLabel('Nieuw wachtwoord').fill('password');
  await page.getByLabel('Code van 6 cijfers').fill(codeFor(secret));
  await page.getByRole('button', { name: 'Account instellen' }).click();
  await expect(page.getByRole('alert')).toContainText('komt te vaak voor');
  await expectNoAxeViolations(page);

  const password = 'fietsen langs de Eem in mei';
  await page.getByLabel('Nieuw wachtwoord').fill(password);
  await page.getByRole('button', { name: 'Account instellen' }).click();
  await expect(page.getByRole('heading', { name: 'Bewaar uw herstelcodes' })).toBeFocused();
  const codes = await page.getByRole('list', { name: 'Herstelcodes' }).locator('code').allTextContents();
  expect(codes).toHaveLength(10);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Downloaden' }).click();
  expect((await download).suggestedFilename()).toBe('herstelcodes-backoffice.txt');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Ik heb ze bewaard, ga verder' }).click();
  await expect(page.getByRole('heading', { name: 'Leads', level: 1 })).toBeFocused();

  await page.getByRole('button', { name: 'Afmelden' }).click();
  await expect(page.getByRole('heading', { name: 'Aanmelden' })).toBeVisible();
  // said so, and not "carry on where you were": the person chose to leave
  await expect(page.getByText('U bent afgemeld.')).toBeVisible();
  await expect(page.getByText('Meld u aan om verder te gaan')).toHaveCount(0);
  await page.getByLabel('E-mailadres').fill(email);
  await page.getByLabel('Wachtwoord').fill(password);
  await page.getByLabel('Code', { exact: true }).fill('000000');
  await page.getByRole('button', { name: 'Aanmelden' }).click();
  await expect(page.getByRole('alert')).toHaveText('E-mailadres, wachtwoord of code klopt niet.');
  await expectNoAxeViolations(page);
  await page.getByLabel('Code', { exact: true }).fill(codes[0]!);
  await page.getByRole('button', { name: 'Aanmelden' }).click();
  await expect(page.getByRole('heading', { name: 'Leads', level: 1 })).toBeFocused();

  // the link works once
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Deze uitnodiging werkt niet' })).toBeVisible();
});

test('signed out, a screen sends to the sign-in and back; sales see Leads and Account, and /mensen says it is not for them', async ({ page }) => {
  const sales = await newAccount('sales');
  await page.goto(`${ADMIN}/account`);
  await expect(page).toHaveURL(/\/aanmelden\?terug=%2Faccount$/);
  // whose back office: the site's name above the word
  await expect(page.getByRole('main').getByText(siteName, { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
  await signIn(page, sales, page.url().slice(ADMIN.length));
  await expect(page.getByRole('heading', { name: 'Mijn account' })).toBeFocused();
  const nav = page.getByRole('navigation', { name: 'Onderdelen' });
  await expect(nav.getByRole('link')).toHaveText(['Leads', 'Account']);
  await expect(page.getByText('Dit apparaat')).toBeVisible();
  await expect(page.getByRole('banner').getByText(siteName, { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto(`${ADMIN}/mensen`);
  await expect(page.getByRole('heading', { name: 'Niet voor uw rol' })).toBeFocused();
  await expect(page.getByText('Dit onderdeel is niet voor uw rol')).toBeVisible();
  await expectNoAxeViolations(page);
  // a way on, to the person's first screen; from a page that does not exist too
  await page.getByRole('link', { name: 'Naar Leads' }).click();
  await expect(page.getByRole('heading', { name: 'Leads', level: 1 })).toBeFocused();
  await page.goto(`${ADMIN}/bestaat-niet`);
  await expect(page.getByRole('heading', { name: 'Deze pagina bestaat niet' })).toBeFocused();
  await page.getByRole('link', { name: 'Naar Leads' }).click();
  await expect(page.getByRole('heading', { name: 'Leads', level: 1 })).toBeFocused();

  // the server out of reach while the account page loads: said, and asked again with one click
  await page.route('**/api/sessions', (route) => route.abort('connectionrefused'), { times: 1 });
  await page.goto(`${ADMIN}/account`);
  await expect(page.getByRole('alert')).toContainText('De server is niet bereikbaar');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Opnieuw proberen' }).click();
  await expect(page.getByText('Dit apparaat')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Opnieuw proberen' })).toHaveCount(0);
});

test('an admin invites someone and gets the link; a role change after 10 minutes asks for password and code, then goes through', async ({ page }) => {
  const admin = await newAccount('admin');
  const other = await newAccount('editor');
  await signIn(page, admin);
  await expect(page.getByRole('heading', { name: 'Leads', level: 1 })).toBeFocused();
  await page.getByRole('navigation', { name: 'Onderdelen' }).getByRole('link', { name: 'Mensen' }).click();
  await expect(page.getByRole('heading', { name: 'Mensen' })).toBeFocused();
  await expectNoAxeViolations(page);

  const invitee = uniqueEmail('nieuw');
  await page.getByLabel('E-mailadres').fill(invitee);
  await page.getByLabel('Rol', { exact: true }).selectOption('sales');
  await page.getByRole('button', { name: 'Uitnodigen' }).click();
  await expect(page.getByText(`Uitnodigingslink voor ${invitee}`)).toBeVisible();
  await expect(page.locator('code').filter({ hasText: `${ADMIN}/uitnodiging/` })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: invitee })).toContainText('Uitnodiging open');

  makeSignInStale(admin.userId);
  // asked first, saying it signs the colleague out: cancelled, nothing changes
  const asked: string[] = [];
  page.once('dialog', (d) => void (asked.push(d.message()), d.dismiss()));
  await page.getByLabel(`Rol van ${other.email}`).selectOption('sales');
  await expect
    .poll(() => asked)
    .toEqual([`De rol van ${other.email} wordt Verkoop? Ze worden overal afgemeld en zien na het aanmelden wat bij die rol hoort.`]);
  await expect(page.getByLabel(`Rol van ${other.email}`)).toHaveValue('editor');
  await expect(page.getByRole('dialog', { name: 'Bevestig dat u het bent' })).toHaveCount(0);
  page.once('dialog', (d) => void d.accept());
  await page.getByLabel(`Rol van ${other.email}`).selectOption('sales');
  const dialog = page.getByRole('dialog', { name: 'Bevestig dat u het bent' });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByLabel('Wachtwoord').fill(admin.password);
  await dialog.getByLabel('Code', { exact: true }).fill(admin.codes.shift()!);
  await dialog.getByRole('button', { name: 'Bevestigen' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('listitem').filter({ hasText: other.email })).toContainText('Verkoop');

  await page.getByRole('navigation', { name: 'Onderdelen' }).getByRole('link', { name: 'Logboek' }).click();
  await expect(page.getByRole('heading', { name: 'Logboek' })).toBeFocused();
  await expect(page.getByText('Rol gewijzigd').filter({ visible: true }).first()).toBeVisible();
  await expectNoAxeViolations(page);

  // filtered to what was done to that colleague, of the people kind: their invitation and the role change, no sign-in
  const filters = page.getByRole('search', { name: 'Logboek filteren' });
  await filters.getByLabel('Persoon (door of over)').selectOption({ label: other.email });
  // one choice after the other, as a person makes them: each in the address before the next
  await expect(page).toHaveURL(new RegExp(`person=${other.userId}`));
  await filters.getByLabel('Soort').selectOption({ label: 'Mensen en uitnodigingen' });
  await expect(page).toHaveURL(new RegExp(`person=${other.userId}.*group=people|group=people.*person=${other.userId}`));
  const shown = page.locator('tbody tr, ul[aria-label="Gebeurtenissen"] > li').filter({ visible: true });
  await expect(shown.filter({ hasText: 'Rol gewijzigd' })).toHaveCount(1);
  await expect(shown.filter({ hasText: 'Uitnodiging aangenomen' })).toHaveCount(1);
  await expect(shown.filter({ hasText: 'Aangemeld' })).toHaveCount(0);
  await expectNoAxeViolations(page);
  // a day with nothing in it says so, with the way back
  await filters.getByLabel('Vanaf').fill('2000-01-01');
  await expect(page).toHaveURL(/from=2000-01-01/);
  await filters.getByLabel('Tot en met').fill('2000-01-02');
  await expect(page.getByText('Niets in het logboek met deze filters.')).toBeVisible();
  await filters.getByRole('button', { name: 'Filters wissen' }).click();
  await expect(page.getByText('Aangemeld').filter({ visible: true }).first()).toBeVisible();
});

test('the leads list: newest first, search after a pause in typing, filters, and more pages with the total', async ({ page }) => {
  const marker = `zoekwoord${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const emails = Array.from({ length: 52 }, (_, i) => uniqueEmail(`klant${i}`));
  for (const [i, email] of emails.entries()) await addLead({ name: `Klant ${i}`, email, message: `Vraag ${i} over ${marker}` });
  await addLead({ name: 'Spammer', email: uniqueEmail('spam'), message: `Goedkope ${marker}`, spam: true });
  const sales = await newAccount('sales');
  await signIn(page, sales);
  await expect(page.getByRole('heading', { name: 'Leads', level: 1 })).toBeFocused();

  // spam is left out unless asked for (issue 50): this walk asks for everything
  await unfoldFilters(page);
  await page.getByLabel('Spam', { exact: true }).selectOption('alles');
  await page.getByLabel('Zoeken', { exact: true }).fill(marker);
  await expect(page.getByRole('status').filter({ hasText: 'gevonden' })).toHaveText('53 leads gevonden');
  const names = (page.viewportSize()!.width < 760 ? page.getByRole('list', { name: 'Leads' }) : page.getByRole('table', { name: 'Leads' })).getByRole('link');
  await expect(names).toHaveCount(50);
  await expect(names.first()).toHaveText('Spammer');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Meer laden' }).click();
  await expect(names).toHaveCount(53);
  await expect(names.last()).toHaveText('Klant 0');
  await expect(page.getByRole('button', { name: 'Meer laden' })).toHaveCount(0);

  await page.getByLabel('Spam', { exact: true }).selectOption('1');
  await expect(page.getByRole('status').filter({ hasText: 'gevonden' })).toHaveText('1 lead gevonden');
  await page.getByLabel('Spam', { exact: true }).selectOption('0');
  await page.getByLabel('Zoeken', { exact: true }).fill(emails[51]!);
  await expect(page.getByRole('status').filter({ hasText: 'gevonden' })).toHaveText('1 lead gevonden');
  await page.getByLabel('Status').selectOption('won');
  await expect(page.getByText('Geen leads die hierbij passen.')).toBeVisible();
  await page.getByLabel('Status').selectOption('');
  const today = new Date().toISOString().slice(0, 10);
  await page.getByLabel('Vanaf').fill(today);
  await expect(page.getByRole('status').filter({ hasText: 'gevonden' })).toHaveText('1 lead gevonden');
  await expectNoAxeViolations(page);
});

test('a lead: its fields, status, a note, spam, the export as a JSON file, and the erasure after a confirmation and a fresh sign-in', async ({ page }) => {
  const email = uniqueEmail('lead');
  // the same person wrote before, by the contact form
  const earlier = await addLead({ name: 'Anna de Vries', email, message: 'Kunt u mij terugbellen?', form: 'contact' });
  const id = await addLead({ name: 'Anna de Vries', email, phone: `06 ${uniqueDigits()}`, message: 'Graag een offerte voor een nieuwe website.' });
  const admin = await newAccount('admin');
  await signIn(page, admin, `/aanmelden?terug=${encodeURIComponent(`/leads/${id}`)}`);
  await expect(page.getByRole('heading', { name: 'Anna de Vries' })).toBeFocused();
  await expect(page.getByText('Graag een offerte voor een nieuwe website.')).toBeVisible();
  await expect(page.getByText(/Wordt automatisch gewist op \d+ \w+ \d{4}\./)).toBeVisible();
  await expectNoAxeViolations(page);
  // on a phone the work comes first, in the page's order too: the status and the notes above what was filled in;
  // on a laptop the handling is beside it
  const box = async (name: string) => (await page.getByRole('heading', { name, exact: true }).boundingBox())!;
  const [handling, notes, filled] = [await box('Behandelen'), await box('Notities'), await box('Wat er is ingevuld')];
  if (test.info().project.name === 'phone') expect([handling.y < filled.y, notes.y < filled.y]).toEqual([true, true]);
  else expect(handling.x).toBeGreaterThan(filled.x + filled.width);

  await page.getByLabel('Status').selectOption('contacted');
  await expect(page.getByRole('status').filter({ hasText: 'Status gewijzigd' })).toHaveText('Status gewijzigd in ‘Contact opgenomen’.');
  await page.getByLabel('Nieuwe notitie').fill('Gebeld, belt morgen terug.');
  await page.getByRole('button', { name: 'Notitie toevoegen' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: 'Gebeld, belt morgen terug.' })).toContainText(admin.email);
  await page.getByRole('button', { name: 'Markeren als spam' }).click();
  await expect(page.getByRole('button', { name: 'Markeren als geen spam' })).toBeVisible();
  await page.getByRole('button', { name: 'Markeren als geen spam' }).click();
  await expect(page.getByRole('button', { name: 'Markeren als spam' })).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exporteren' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`lead-${id}.json`);
  const exported = JSON.parse(await (await import('node:fs/promises')).readFile((await file.path())!, 'utf8')) as { leads: { id: string; email: string }[] };
  expect(exported.leads.map((l) => [l.id, l.email]).sort()).toEqual(
    [
      [earlier, email],
      [id, email],
    ].sort(),
  );

  makeSignInStale(admin.userId);
  await page.getByRole('button', { name: 'Wissen' }).click();
  const confirm = page.getByRole('dialog', { name: 'Alles van deze persoon wissen?' });
  await expect(confirm).toContainText(email);
  await expectNoAxeViolations(page);
  await confirm.getByRole('button', { name: 'Ja, alles wissen' }).click();
  const stepUp = page.getByRole('dialog', { name: 'Bevestig dat u het bent' });
  await stepUp.getByLabel('Wachtwoord').fill(admin.password);
  await stepUp.getByLabel('Code', { exact: true }).fill(admin.codes.shift()!);
  await stepUp.getByRole('button', { name: 'Bevestigen' }).click();
  await expect(page.getByRole('heading', { name: 'Gewist' })).toBeFocused();
  await expect(page.getByRole('status').filter({ hasText: 'Alles van deze persoon is gewist' })).toContainText('2 leads');
  for (const gone of [id, earlier]) {
    await page.goto(`${ADMIN}/leads/${gone}`);
    await expect(page.getByRole('alert')).toContainText('bestaat niet');
  }
});
