import { test, expect } from './fixtures.ts';
import { ADMIN, addLead, closeStores, expectNoAxeViolations, newAccount, uniqueDigits, uniqueEmail } from './backoffice-support.ts';
import { endSessions, unfoldFilters } from './inbox-support.ts';
import { counted, type Counted } from './counted.ts';

/**
 * A salesperson's morning (issue 50), walked on a laptop and on a phone against the production server: each task
 * counted in clicks (a tap; a choice from a list is two: the list opened, the option chosen) and keys, beside the
 * counts of the same tasks before the issue. No task may take more clicks than it did.
 */
test.afterAll(closeStores);

/** The clicks of each task before issue 50 (its keys were 58 to sign in, 13 to find, 78 for the note typed). */
const BEFORE = { signIn: 1, findAndOpen: 2, markContacted: 2, note: 2, filter: 2 } as const;

function report(task: keyof typeof BEFORE | string, { count }: Counted) {
  const line = `${task}: ${count.clicks} clicks + ${count.keys} keys`;
  test.info().annotations.push({ type: 'counted', description: line });
  console.log(`${test.info().project.name} ${line}`);
  if (task in BEFORE) expect(count.clicks, line).toBeLessThanOrEqual(BEFORE[task as keyof typeof BEFORE]);
}

test('a salesperson’s morning, counted: unread leads, a person’s timeline, assign and call back, tap to call, a note after the session ran out, back to the same place', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const phone = page.viewportSize()!.width < 760;
  const marker = `ochtend${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const name = `Fenna ${marker.slice(-6)}`;
  const email = uniqueEmail('fenna');
  const digits = uniqueDigits();
  // the night's leads: enough for a second page, and two from one person
  for (let i = 0; i < 51; i++) await addLead({ name: `Klant ${i}`, email: uniqueEmail(`klant${i}`), message: `Vraag ${i} over ${marker}` });
  await addLead({ name, email, phone: `06 ${digits}`, message: `Eerder: wat kost een webshop? ${marker}`, form: 'quote' });
  await addLead({ name, email, phone: `06 ${digits}`, message: `Bel mij vandaag over de webshop ${marker}` });
  const sales = await newAccount('sales');

  // signing in: the address, Tab, the password, Tab, the code, Enter
  const signIn = counted(page);
  await page.goto(`${ADMIN}/aanmelden`);
  await signIn.click(page.getByLabel('E-mailadres'));
  await signIn.type(sales.email);
  await signIn.press('Tab');
  await expect(page.getByLabel('Wachtwoord')).toBeFocused();
  await signIn.type(sales.password);
  await signIn.press('Tab');
  await expect(page.getByLabel('Code', { exact: true })).toBeFocused();
  await signIn.type(sales.codes.shift()!);
  await signIn.press('Enter');
  await expect(page.getByRole('heading', { name: 'Leads', level: 1 })).toBeFocused();
  report('signIn', signIn);

  // what is new: the number of unread leads in the title, the new ones marked
  await expect(page).toHaveTitle(/^\(\d+\) Leads · Backoffice$/);
  expect(Number(/^\((\d+)\)/.exec(await page.title())![1])).toBeGreaterThanOrEqual(53);

  // find and open the person's newest lead: the search (on a laptop its key, on a phone a tap), the name, the lead
  const find = counted(page);
  if (phone) await find.click(page.getByLabel('Zoeken', { exact: true }));
  else await find.press('/');
  await find.type(name);
  await expect(page.getByRole('status').filter({ hasText: 'gevonden' })).toHaveText('2 leads gevonden');
  const list = phone ? page.getByRole('list', { name: 'Leads' }) : page.getByRole('table', { name: 'Leads' });
  await expect(
    list
      .locator(phone ? 'li' : 'tr')
      .filter({ hasText: name })
      .first(),
  ).toContainText('Ongelezen');
  await find.click(list.getByRole('link', { name }).first());
  await expect(page.getByRole('heading', { name, level: 1 })).toBeFocused();
  report('findAndOpen', find);

  // the person, not only this lead: the earlier lead is here, linked
  await expect(page.getByRole('region', { name: 'Andere leads van deze persoon' }).getByRole('link')).toHaveCount(1);
  // tap to call: the number dialled in international form
  await expect(page.getByRole('link', { name: `Bellen: 06 ${digits}` })).toHaveAttribute('href', `tel:+316${digits}`);

  const contacted = counted(page);
  await contacted.choose(page.getByLabel('Status', { exact: true }), 'contacted');
  await expect(page.getByRole('status').filter({ hasText: 'Status gewijzigd' })).toBeInViewport();
  report('markContacted', contacted);

  const followUp = counted(page);
  await followUp.choose(page.getByLabel('Toegewezen aan'), { label: `${sales.email} (ik)` });
  await expect(page.getByRole('status').filter({ hasText: 'Toegewezen' })).toBeInViewport();
  const today = await page.evaluate(() => new Date().toLocaleDateString('en-CA'));
  await followUp.click(page.getByLabel('Terugbellen op'));
  await page.getByLabel('Terugbellen op').fill(today);
  await followUp.click(page.getByRole('button', { name: 'Datum opslaan' }));
  await expect(page.getByRole('status').filter({ hasText: 'genoteerd' })).toBeInViewport();
  report('assign and call back', followUp);

  // the session runs out while the note is typed: kept, a sign-in over the page, then saved
  endSessions(sales.userId);
  const note = counted(page);
  const text = 'Gebeld: wil een webshop met iDEAL, offerte vrijdag sturen.';
  await note.click(page.getByLabel('Nieuwe notitie'));
  await note.type(text);
  await note.click(page.getByRole('button', { name: 'Notitie toevoegen' }));
  report('note', note);
  const again = counted(page);
  const dialog = page.getByRole('dialog', { name: /Meld u opnieuw aan/ });
  await expect(dialog).toBeVisible();
  await expect(page.getByLabel('Nieuwe notitie')).toHaveValue(text);
  await again.click(dialog.getByLabel('Wachtwoord'));
  await again.type(sales.password);
  await again.press('Tab');
  await again.type(sales.codes.shift()!);
  await again.press('Enter');
  await expect(page.getByRole('region', { name: 'Notities' }).getByRole('status')).toHaveText('Notitie opgeslagen.');
  report('signed in again, the note saved', again);
  // on the earlier lead the note is on the person's timeline, linked to this lead
  await page.getByRole('region', { name: 'Andere leads van deze persoon' }).getByRole('link').click();
  await expect(page.getByRole('region', { name: 'Notities' }).getByRole('listitem').filter({ hasText: text })).toContainText(sales.email);
  await expectNoAxeViolations(page);

  // the day's views: "Mijn leads" has her lead (the filter), "Terugbellen vandaag" too
  await page.getByRole('link', { name: '← Terug naar de leads' }).click();
  const filter = counted(page);
  await filter.choose(page.getByLabel('Weergave'), 'Mijn leads');
  await expect(list.getByRole('link', { name })).toHaveCount(1);
  report('filter', filter);
  await page.getByLabel('Weergave').selectOption('Terugbellen vandaag');
  await expect(list.getByRole('link', { name })).toHaveCount(1);
  await page.getByLabel('Weergave').selectOption('');

  // back to the same place in a long list: the night's leads, the second page, one opened far down, and Back
  await page.getByLabel('Zoeken', { exact: true }).fill(marker);
  await expect(page.getByRole('status').filter({ hasText: 'gevonden' })).toHaveText('53 leads gevonden');
  await page.getByRole('button', { name: 'Meer laden' }).click();
  const target = list.getByRole('link', { name: 'Klant 1', exact: true });
  await target.scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  await target.click();
  await expect(page.getByRole('heading', { name: 'Klant 1', level: 1 })).toBeFocused();
  await page.goBack();
  await expect(target).toBeFocused();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolled - 5);
  await unfoldFilters(page);
  await expectNoAxeViolations(page);
});
