import type { Page } from '@playwright/test';
import type { LeadAnswer, LeadsAnswer } from '../../core/admin/contract.ts';
import { test, expect } from './fixtures.ts';
import {
  ADMIN,
  addLead,
  closeStores,
  expectNoAxeViolations,
  leadStorage,
  newAccount,
  signIn,
  uniqueEmail,
  type Account,
  uniqueDigits,
} from './backoffice-support.ts';
import { endSessions, unfoldFilters } from './inbox-support.ts';

/**
 * The inbox a salesperson's day runs on (issue 50), against the production server and its database: nothing typed is
 * lost when the session runs out or the server is briefly out of reach. Every test runs at 1280 and at 390 px.
 */
test.afterAll(closeStores);

/** A mobile number no other test's lead has: leads with the same number are one person's. */

async function openLead(page: Page, account: Account, name: string) {
  const id = await addLead({ name, email: uniqueEmail('klant'), phone: `06 ${uniqueDigits()}`, message: 'Graag een offerte.' });
  await signIn(page, account, `/aanmelden?terug=${encodeURIComponent(`/leads/${id}`)}`);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeFocused();
  return id;
}

test('a note typed after the session ran out is kept: a sign-in over the page, and then the note is saved', async ({ page }) => {
  const sales = await newAccount('sales');
  const id = await openLead(page, sales, 'Sanne Bakker');
  const note = 'Gebeld: wil volgende week een offerte voor twee winkels.';
  await page.getByLabel('Nieuwe notitie').fill(note);
  endSessions(sales.userId);
  await page.getByRole('button', { name: 'Notitie toevoegen' }).click();

  const dialog = page.getByRole('dialog', { name: 'Meld u opnieuw aan' });
  await expect(dialog).toContainText('Wat u hebt ingevuld staat nog op de pagina');
  await expect(dialog.getByLabel('E-mailadres')).toHaveValue(sales.email);
  await expect(page).toHaveURL(new RegExp(`/leads/${id}$`));
  await expectNoAxeViolations(page);
  await dialog.getByLabel('Wachtwoord').fill(sales.password);
  await dialog.getByLabel('Code', { exact: true }).fill(sales.codes.shift()!);
  await dialog.getByRole('button', { name: 'Aanmelden' }).click();

  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Notitie opgeslagen.' })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: note })).toContainText(sales.email);
  await expect(page.getByLabel('Nieuwe notitie')).toHaveValue('');

  // a status chosen after the session ran out goes the same way
  endSessions(sales.userId);
  await page.getByLabel('Status').selectOption('won');
  await dialog.getByLabel('Wachtwoord').fill(sales.password);
  await dialog.getByLabel('Code', { exact: true }).fill(sales.codes.shift()!);
  await dialog.getByRole('button', { name: 'Aanmelden' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Status gewijzigd' })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Status')).toHaveValue('won');
  await expect(page.getByRole('listitem').filter({ hasText: note })).toBeVisible();
});

test('with the server briefly out of reach a note and a status are kept, the page says so, and they are sent on retry', async ({ page }) => {
  const sales = await newAccount('sales');
  await openLead(page, sales, 'Joost Visser');
  const note = 'Voicemail ingesproken, morgen opnieuw bellen.';
  await page.route('**/api/leads/*/notes', (route) => route.abort('connectionrefused'));
  await page.getByLabel('Nieuwe notitie').fill(note);
  await page.getByRole('button', { name: 'Notitie toevoegen' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'niet bereikbaar' })).toContainText('staat nog op de pagina');
  await expect(page.getByLabel('Nieuwe notitie')).toHaveValue(note);
  await expectNoAxeViolations(page);
  await page.unroute('**/api/leads/*/notes');
  await page.getByRole('button', { name: 'Opnieuw versturen' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: note })).toContainText(sales.email);
  await expect(page.getByLabel('Nieuwe notitie')).toHaveValue('');
  await expect(page.getByRole('button', { name: 'Opnieuw versturen' })).toHaveCount(0);

  await page.route('**/api/leads/*/status', (route) => route.abort('connectionrefused'));
  await page.getByLabel('Status').selectOption('contacted');
  await expect(page.getByRole('alert').filter({ hasText: 'niet bereikbaar' })).toBeVisible();
  await expect(page.getByLabel('Status')).toHaveValue('contacted');
  await page.unroute('**/api/leads/*/status');
  await page.getByRole('button', { name: 'Opnieuw versturen' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Status gewijzigd' })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Status')).toHaveValue('contacted');
});

test('what is new at a glance: spam left out unless asked for, counts per status, unread leads in bold with a word for screen readers, and their number in the title', async ({
  page,
}) => {
  const marker = `nieuwtje${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  for (const name of ['Sanne Bakker', 'Joost Visser', 'Eva Smit']) await addLead({ name, email: uniqueEmail('klant'), message: `Vraag over ${marker}` });
  await addLead({ name: 'Goedkope pillen', email: uniqueEmail('spam'), message: `Koop nu ${marker}`, spam: true });
  const sales = await newAccount('sales');
  await signIn(page, sales);
  await expect(page.getByRole('heading', { name: 'Leads', level: 1 })).toBeFocused();
  await expect(page).toHaveTitle(/^\(\d+\) Leads · Backoffice$/);

  await page.getByLabel('Zoeken', { exact: true }).fill(marker);
  await expect(page.getByRole('status').filter({ hasText: 'gevonden' })).toHaveText('3 leads gevonden');
  await expect(page.getByLabel('Spam', { exact: true })).toHaveValue('0');
  await expect(page.getByLabel('Status').locator('option')).toHaveText(['Alle', 'Nieuw (3)', 'Contact opgenomen (0)', 'Gewonnen (0)', 'Verloren (0)']);
  const list = page.viewportSize()!.width < 760 ? page.getByRole('list', { name: 'Leads' }) : page.getByRole('table', { name: 'Leads' });
  const item = (name: string) => list.locator(page.viewportSize()!.width < 760 ? 'li' : 'tr').filter({ hasText: name });
  await expect(item('Sanne Bakker')).toContainText('Ongelezen');
  await expect(item('Sanne Bakker').getByRole('link', { name: 'Sanne Bakker' })).toHaveCSS('font-weight', '800');
  await expectNoAxeViolations(page);

  await item('Sanne Bakker').getByRole('link', { name: 'Sanne Bakker' }).click();
  await expect(page.getByRole('heading', { name: 'Sanne Bakker', level: 1 })).toBeFocused();
  await page.getByLabel('Status').selectOption('contacted');
  await expect(page.getByRole('status').filter({ hasText: 'Status gewijzigd' })).toHaveText('Status gewijzigd in ‘Contact opgenomen’.');
  await page.getByRole('link', { name: '← Terug naar de leads' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'gevonden' })).toHaveText('3 leads gevonden');
  await expect(item('Sanne Bakker')).not.toContainText('Ongelezen');
  await expect(item('Joost Visser')).toContainText('Ongelezen');
  // other tests add leads meanwhile: the title's number lies between the server's count just before and just after
  const unreadNow = async () => ((await (await page.request.get(`${ADMIN}/api/leads`)).json()) as LeadsAnswer).unread!;
  const before = await unreadNow();
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: 'gevonden' })).toHaveText('3 leads gevonden');
  const after = await unreadNow();
  const shown = Number(/^\((\d+)\)/.exec(await page.title())![1]);
  expect(shown).toBeGreaterThanOrEqual(Math.min(before, after));
  expect(shown).toBeLessThanOrEqual(Math.max(before, after));
  await expect(page.getByLabel('Status').locator('option')).toHaveText(['Alle', 'Nieuw (2)', 'Contact opgenomen (1)', 'Gewonnen (0)', 'Verloren (0)']);

  await unfoldFilters(page);
  await page.getByLabel('Spam', { exact: true }).selectOption('1');
  await expect(page.getByRole('status').filter({ hasText: 'gevonden' })).toHaveText('1 lead gevonden');
  await expect(item('Goedkope pillen')).toBeVisible();
  await page.getByLabel('Spam', { exact: true }).selectOption('alles');
  await expect(page.getByRole('status').filter({ hasText: 'gevonden' })).toHaveText('4 leads gevonden');
  await expectNoAxeViolations(page);
});

test('call and mail from the lead: the number dialled in international form, a mail with the form’s name and a greeting; a click anywhere on a row opens its lead', async ({
  page,
}) => {
  const marker = `bellen${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const email = uniqueEmail('anna');
  const id = await addLead({ name: 'Anna de Vries', email, phone: '06 - 123 456 78', message: `Bel mij over ${marker}` });
  const sales = await newAccount('sales');
  await signIn(page, sales, `/leads?q=${marker}`);
  await expect(page.getByRole('status').filter({ hasText: 'gevonden' })).toHaveText('1 lead gevonden');
  // the message, not the name: the whole row (on a phone, the card) opens the lead
  const phone = page.viewportSize()!.width < 760;
  const row = phone ? page.getByRole('list', { name: 'Leads' }).locator('li') : page.getByRole('table', { name: 'Leads' }).locator('tbody tr');
  await (phone ? row : row.getByText(`Bel mij over ${marker}`)).click();
  await expect(page.getByRole('heading', { name: 'Anna de Vries', level: 1 })).toBeFocused();
  await expect(page).toHaveURL(new RegExp(`/leads/${id}\\?terug=`));

  const call = page.getByRole('link', { name: 'Bellen: 06 - 123 456 78' });
  await expect(call).toHaveAttribute('href', 'tel:+31612345678');
  const mail = new URL((await page.getByRole('link', { name: `Mailen: ${email}` }).getAttribute('href'))!);
  const lead = ((await (await page.request.get(`${ADMIN}/api/leads/${id}`)).json()) as LeadAnswer).lead;
  expect([mail.protocol, decodeURIComponent(mail.pathname)]).toEqual(['mailto:', email]);
  expect(mail.searchParams.get('subject')).toBe(lead.formTitle);
  expect(mail.searchParams.get('body')).toBe('Beste Anna de Vries,\r\n\r\n');
  await expectNoAxeViolations(page);

  // the keyboard's way in stays the name's link
  await page.getByRole('link', { name: '← Terug naar de leads' }).click();
  await page.getByRole('link', { name: 'Anna de Vries' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Anna de Vries', level: 1 })).toBeFocused();
});

test('a spam mark by mistake is undone from its confirmation, and the erase date counts from the mark', async ({ page }) => {
  const sales = await newAccount('sales');
  const id = await openLead(page, sales, 'Pieter Jansen');
  const erasedOn = page.getByText(/^Wordt automatisch gewist op /);
  const yearLater = await erasedOn.textContent();
  await page.getByRole('button', { name: 'Markeren als spam' }).click();
  const confirmation = page.getByRole('status').filter({ hasText: 'Gemarkeerd als spam.' });
  await expect(confirmation).toBeVisible();
  await expect(erasedOn).not.toHaveText(yearLater!);
  const lead = ((await (await page.request.get(`${ADMIN}/api/leads/${id}`)).json()) as LeadAnswer).lead;
  expect(Date.parse(lead.erasedOn) - Date.now()).toBeGreaterThan(13.9 * 86_400_000);
  await expectNoAxeViolations(page);

  await confirmation.getByRole('button', { name: 'Ongedaan maken' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Gemarkeerd als geen spam.' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Markeren als spam' })).toBeVisible();
  await expect(erasedOn).toHaveText(yearLater!);
  await expect(page.getByRole('button', { name: 'Ongedaan maken' })).toHaveCount(0);
});

test('Back from a lead keeps the place: the pages loaded with “Meer laden” and how far down the list was', async ({ page }) => {
  const marker = `plek${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  for (let i = 0; i < 53; i++) await addLead({ name: `Klant ${i}`, email: uniqueEmail(`klant${i}`), message: `Vraag ${i} over ${marker}` });
  const sales = await newAccount('sales');
  await signIn(page, sales, `/leads?q=${marker}`);
  await expect(page.getByRole('status').filter({ hasText: 'gevonden' })).toHaveText('53 leads gevonden');
  const list = page.viewportSize()!.width < 760 ? page.getByRole('list', { name: 'Leads' }) : page.getByRole('table', { name: 'Leads' });
  const names = list.getByRole('link');
  await expect(names).toHaveCount(50);
  await page.getByRole('button', { name: 'Meer laden' }).click();
  await expect(names).toHaveCount(53);

  const target = list.getByRole('link', { name: 'Klant 1', exact: true });
  await target.scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(1000);
  await target.click();
  await expect(page.getByRole('heading', { name: 'Klant 1', level: 1 })).toBeFocused();
  await page.goBack();

  await expect(names).toHaveCount(53);
  await expect(page.getByRole('button', { name: 'Meer laden' })).toHaveCount(0);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolled - 5);
  expect(Math.abs((await page.evaluate(() => window.scrollY)) - scrolled)).toBeLessThan(5);
  await expect(target).toBeFocused();
  // the lead just opened reads as opened; the one beside it still new
  const item = (name: string) => list.locator(page.viewportSize()!.width < 760 ? 'li' : 'tr').filter({ has: page.getByRole('link', { name, exact: true }) });
  await expect(item('Klant 1')).not.toContainText('Ongelezen');
  await expect(item('Klant 2')).toContainText('Ongelezen');
  await expectNoAxeViolations(page);
});

test('a person, not only a lead: their other leads, the notes of all their leads on one timeline, one status for all their open leads', async ({ page }) => {
  const email = uniqueEmail('sanne');
  const digits = uniqueDigits();
  const name = 'Sanne de Boer';
  const first = await addLead({ name, email, phone: `06 ${digits}`, message: 'Wat kost een website?' });
  const byPhone = await addLead({ name, email: uniqueEmail('sanne-werk'), phone: `+31 6 ${digits}`, message: 'Via mijn werk', form: 'quote' });
  const spam = await addLead({ name, email, message: 'Koop nu', spam: true });
  await (await leadStorage()).addLeadNote({ leadId: first, authorId: null, body: 'Eerste gesprek: wil een offerte voor twee winkels.' });
  const followUp = await addLead({ name, email, message: 'Nog een vraag over de offerte' });
  const sales = await newAccount('sales');
  await signIn(page, sales, `/aanmelden?terug=${encodeURIComponent(`/leads/${followUp}`)}`);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeFocused();

  const others = page.getByRole('region', { name: 'Andere leads van deze persoon' }).getByRole('listitem');
  await expect(others).toHaveCount(3);
  await expect(others.nth(0)).toContainText('Spam');
  await expect(others.nth(1).getByRole('link')).toHaveText(/^Offerte aanvragen, /);
  await expect(page.getByText(`Exporteren en wissen gelden voor de hele persoon: alles met het e-mailadres ${email}, ook hun andere leads.`)).toBeVisible();
  await page.getByLabel('Nieuwe notitie').fill('Teruggebeld, offerte volgt.');
  await page.getByRole('button', { name: 'Notitie toevoegen' }).click();
  const timeline = page.getByRole('region', { name: 'Notities' }).getByRole('listitem');
  // newest first: today's note on this lead, then the first lead's
  await expect(timeline).toHaveCount(2);
  await expect(timeline.nth(0)).toContainText('Teruggebeld, offerte volgt.');
  await expect(timeline.nth(0)).toContainText('bij deze lead');
  await expect(timeline.nth(1)).toContainText('Eerste gesprek');
  await expectNoAxeViolations(page);

  const form = page.locator('form').filter({ has: page.getByLabel('Alle leads van deze persoon') });
  await page.getByLabel('Alle leads van deze persoon').selectOption('contacted');
  await page.getByRole('button', { name: 'Op alle leads zetten' }).click();
  // the confirmation beside the control: three leads, the spam left as it was
  await expect(form.getByRole('status')).toHaveText('3 leads van deze persoon op ‘Contact opgenomen’ gezet.');
  await expect(page.getByLabel('Status', { exact: true })).toHaveValue('contacted');
  const statusOf = async (id: string) => ((await (await page.request.get(`${ADMIN}/api/leads/${id}`)).json()) as LeadAnswer).lead.status;
  expect([await statusOf(first), await statusOf(byPhone), await statusOf(spam)]).toEqual(['contacted', 'contacted', 'new']);

  await timeline
    .nth(1)
    .getByRole('link', { name: /^bij Contactformulier van / })
    .click();
  await expect(page).toHaveURL(new RegExp(`/leads/${first}$`));
  await expect(page.getByRole('region', { name: 'Andere leads van deze persoon' }).getByRole('listitem')).toHaveCount(3);
  await expectNoAxeViolations(page);
});

test('a lead assigned to me with a call-back day today is in “Mijn leads” and in “Terugbellen vandaag”', async ({ page }) => {
  const marker = `terugbel${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const name = 'Femke Jansen';
  await addLead({ name, email: uniqueEmail('femke'), message: `Bel mij terug over ${marker}` });
  await addLead({ name: 'Niet van mij', email: uniqueEmail('ander'), message: `Ook over ${marker}` });
  const sales = await newAccount('sales');
  await signIn(page, sales, `/leads?q=${marker}`);
  await expect(page.getByRole('status').filter({ hasText: 'gevonden' })).toHaveText('2 leads gevonden');
  await page.getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeFocused();

  await page.getByLabel('Toegewezen aan').selectOption({ label: `${sales.email} (ik)` });
  await expect(page.getByRole('status').filter({ hasText: 'Toegewezen' })).toHaveText(`Toegewezen aan ${sales.email}.`);
  const today = await page.evaluate(() => new Date().toLocaleDateString('en-CA'));
  await page.getByLabel('Terugbellen op').fill(today);
  await page.getByRole('button', { name: 'Datum opslaan' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'genoteerd' })).toHaveText(/^Terugbellen op .+ genoteerd\.$/);
  await expectNoAxeViolations(page);

  await page.getByRole('link', { name: '← Terug naar de leads' }).click();
  await page.getByLabel('Weergave').selectOption('Mijn leads');
  await expect(page.getByRole('status').filter({ hasText: 'gevonden' })).toHaveText('1 lead gevonden');
  const list = page.viewportSize()!.width < 760 ? page.getByRole('list', { name: 'Leads' }) : page.getByRole('table', { name: 'Leads' });
  await expect(list.getByRole('link')).toHaveText([name]);
  await expect(list).toContainText('Terugbellen ');
  await page.getByLabel('Weergave').selectOption('Terugbellen vandaag');
  await expect(page.getByRole('status').filter({ hasText: 'gevonden' })).toHaveText('1 lead gevonden');
  await expect(list.getByRole('link')).toHaveText([name]);
  await expectNoAxeViolations(page);

  // called back: the date taken off, the lead leaves the view
  await list.getByRole('link', { name }).click();
  await page.getByRole('button', { name: 'Teruggebeld: datum weghalen' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'weggehaald' })).toHaveText('Terugbeldatum weggehaald.');
  await page.getByRole('link', { name: '← Terug naar de leads' }).click();
  await expect(page.getByLabel('Weergave')).toHaveValue('terugbellen');
  await expect(page.getByText('Geen leads die hierbij passen.')).toBeVisible();
});

test('a lead sent while the inbox is open appears within seconds, with the count and the title anew', async ({ page }) => {
  const marker = `live${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  await addLead({ name: 'Eerste Klant', email: uniqueEmail('eerste'), message: `Vraag over ${marker}` });
  const sales = await newAccount('sales');
  await signIn(page, sales, `/leads?q=${marker}`);
  await expect(page.getByRole('status').filter({ hasText: 'gevonden' })).toHaveText('1 lead gevonden');
  const unreadInTitle = async () => Number(/^\((\d+)\)/.exec(await page.title())?.[1] ?? 0);
  const before = await unreadInTitle();

  await addLead({ name: 'Nieuwe Klant', email: uniqueEmail('nieuw'), message: `Nog een vraag over ${marker}` });
  // no reload: the server's event brings it
  await expect(page.getByRole('status').filter({ hasText: 'gevonden' })).toHaveText('2 leads gevonden', { timeout: 15_000 });
  const list = page.viewportSize()!.width < 760 ? page.getByRole('list', { name: 'Leads' }) : page.getByRole('table', { name: 'Leads' });
  await expect(list.getByRole('link')).toHaveText(['Nieuwe Klant', 'Eerste Klant']);
  await expect(list.locator(page.viewportSize()!.width < 760 ? 'li' : 'tr').filter({ hasText: 'Nieuwe Klant' })).toContainText('Ongelezen');
  await expect.poll(unreadInTitle).toBeGreaterThan(before);
  await expectNoAxeViolations(page);
});

test('the list opens on the view each person left it with, on this device; a colleague on the same browser has their own', async ({ page }) => {
  const sales = await newAccount('sales');
  await signIn(page, sales);
  await expect(page.getByRole('heading', { name: 'Leads', level: 1 })).toBeFocused();
  // one choice after the other, as a person makes them: each in the address before the next
  await page.getByLabel('Weergave').selectOption('Mijn leads');
  await expect(page).toHaveURL(/view=mijn/);
  await unfoldFilters(page);
  await page.getByLabel('Status', { exact: true }).selectOption('new');
  await expect(page).toHaveURL(/(?=.*view=mijn)(?=.*status=new)/);

  // the menu's Leads, the list without filters: their view
  await page.goto(`${ADMIN}/leads`);
  await expect(page).toHaveURL(/\/leads\?(?=.*view=mijn)(?=.*status=new)/);
  await expect(page.getByLabel('Weergave')).toHaveValue('mijn');
  await expect(page.getByLabel('Status', { exact: true })).toHaveValue('new');
  await expectNoAxeViolations(page);

  // another person signs in on this browser: the list without filters
  const colleague = await newAccount('sales');
  await page.context().clearCookies();
  await signIn(page, colleague, '/aanmelden?terug=%2Fleads');
  await expect(page.getByRole('heading', { name: 'Leads', level: 1 })).toBeFocused();
  await expect(page.getByLabel('Weergave')).toHaveValue('');
  await expect(page).toHaveURL(/\/leads$/);
});

test('the inbox from the keyboard: / to search, j and k from lead to lead, Enter opens it, ? lists the keys @desktop-only', async ({ page }) => {
  const marker = `toetsen${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  for (const name of ['Eerste Toets', 'Tweede Toets', 'Derde Toets']) await addLead({ name, email: uniqueEmail('toets'), message: `Vraag over ${marker}` });
  const sales = await newAccount('sales');
  await signIn(page, sales);
  await expect(page.getByRole('heading', { name: 'Leads', level: 1 })).toBeFocused();

  await page.keyboard.press('/');
  await expect(page.getByLabel('Zoeken', { exact: true })).toBeFocused();
  await page.keyboard.type(marker);
  await expect(page.getByRole('status').filter({ hasText: 'gevonden' })).toHaveText('3 leads gevonden');
  // a j typed in the search box is a letter of the search, not a move
  await expect(page.getByLabel('Zoeken', { exact: true })).toHaveValue(marker);

  const table = page.getByRole('table', { name: 'Leads' });
  // out of the search box (a key there is a letter): back to the menu, then j takes the list's first lead
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('j');
  await expect(table.getByRole('link', { name: 'Derde Toets' })).toBeFocused();
  await page.keyboard.press('j');
  await expect(table.getByRole('link', { name: 'Tweede Toets' })).toBeFocused();
  await page.keyboard.press('j');
  await page.keyboard.press('j');
  await expect(table.getByRole('link', { name: 'Eerste Toets' })).toBeFocused();
  await page.keyboard.press('k');
  await expect(table.getByRole('link', { name: 'Tweede Toets' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Tweede Toets', level: 1 })).toBeFocused();
  await page.goBack();
  await expect(table.getByRole('link', { name: 'Tweede Toets' })).toBeFocused();

  await page.keyboard.press('?');
  const keys = page.getByRole('dialog', { name: 'Sneltoetsen' });
  await expect(keys).toContainText('Naar de volgende lead');
  await expect(keys.locator('kbd')).toHaveText(['/', 'j', 'k', 'Enter', '?']);
  await expectNoAxeViolations(page);
  // under the dialog the keys do nothing; Escape closes it
  await page.keyboard.press('j');
  await page.keyboard.press('Escape');
  await expect(keys).toBeHidden();
  await page.getByRole('button', { name: 'Sneltoetsen' }).click();
  await expect(keys).toBeVisible();
  await keys.getByRole('button', { name: 'Sluiten' }).click();
  await expect(keys).toBeHidden();
});

test('on a phone the filters fold behind one button that says how many are on; the search and the view stay in view @phone-only', async ({ page }) => {
  const sales = await newAccount('sales');
  await signIn(page, sales);
  await expect(page.getByRole('heading', { name: 'Leads', level: 1 })).toBeFocused();
  const fold = page.getByRole('button', { name: 'Filters', exact: true });
  await expect(page.getByLabel('Zoeken', { exact: true })).toBeVisible();
  await expect(fold).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByLabel('Weergave')).toBeVisible();
  await expect(page.getByLabel('Status', { exact: true })).toBeHidden();
  // the first lead begins within the first screen, not under six filters
  const first = page.getByRole('list', { name: 'Leads' }).locator('li').first();
  await expect(first).toBeInViewport();
  await expect(page.getByRole('button', { name: 'Sneltoetsen' })).toBeHidden();
  await expectNoAxeViolations(page);

  await fold.click();
  await expect(fold).toHaveAttribute('aria-expanded', 'true');
  await page.getByLabel('Weergave').selectOption('Mijn leads');
  await page.getByLabel('Status', { exact: true }).selectOption('new');
  await expect(page).toHaveURL(/(?=.*view=mijn)(?=.*status=new)/);
  await expectNoAxeViolations(page);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Filters (1 aan)' })).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByLabel('Status', { exact: true })).toBeHidden();
  await expect(page.getByLabel('Weergave')).toHaveValue('mijn');
});

test('each change is confirmed beside what changed: the note under the notes, the status in its card, the call-back under the date', async ({ page }) => {
  const sales = await newAccount('sales');
  await openLead(page, sales, 'Lotte Dekker');
  const notes = page.getByRole('region', { name: 'Notities' });
  await page.getByLabel('Nieuwe notitie').fill('Offerte volgt vrijdag.');
  await page.getByRole('button', { name: 'Notitie toevoegen' }).click();
  await expect(notes.getByRole('status').filter({ hasText: 'Notitie opgeslagen.' })).toBeInViewport();

  const handle = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Behandelen', level: 2 }) });
  await page.getByLabel('Status', { exact: true }).selectOption('contacted');
  await expect(handle.getByRole('status').filter({ hasText: 'Status gewijzigd' })).toBeInViewport();
  // one confirmation at a time: the note's is gone
  await expect(page.getByText('Notitie opgeslagen.')).toHaveCount(0);

  const followUp = page.getByRole('region', { name: 'Opvolgen' });
  await page.getByLabel('Terugbellen op').fill('2030-01-15');
  await page.getByRole('button', { name: 'Datum opslaan' }).click();
  await expect(followUp.getByRole('status').filter({ hasText: 'genoteerd' })).toBeInViewport();
  await expect(handle.getByRole('status')).toHaveText('');
  await expectNoAxeViolations(page);
});
