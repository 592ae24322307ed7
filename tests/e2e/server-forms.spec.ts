import { execFileSync } from 'node:child_process';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { e2eDataDir } from '../../playwright.config.ts';
import { openPage } from './helpers.ts';
import { field, form, png, status, submitButton } from './forms-support/mocks.ts';

/**
 * Every form against the real production server with no keys and no mocks:
 * the local mail endpoint, the local image host, the leads API and SQLite.
 * Staff then find each lead with `npm run leads -- --json`.
 */
interface LeadRow {
  id: string;
  form: string;
  name: string;
  email: string;
  phone: string;
  message: string;
  photos: string[];
  createdAt: string;
  delivery: string;
  deliveryDetail: string | null;
  spam: boolean;
  values: Record<string, unknown>;
}

function leads(): LeadRow[] {
  // `npm run leads` as the build made it
  const out = execFileSync(process.execPath, ['dist-server/leads.js', '--json'], {
    env: { ...process.env, DATA_DIR: e2eDataDir },
    encoding: 'utf8',
  });
  return JSON.parse(out) as LeadRow[];
}

async function leadOf(email: string): Promise<LeadRow> {
  let found: LeadRow | undefined;
  await expect.poll(() => (found = leads().find((l) => l.email === email)), { timeout: 10_000 }).toBeTruthy();
  return found!;
}

/** When each page's form was shown: its fill-time token is fetched then. */
const shownAt = new WeakMap<Page, number>();

/** Opens a page with a form, noting when it was shown. */
async function openForm(page: Page, path: string) {
  await openPage(page, path);
  shownAt.set(page, Date.now());
}

/**
 * A person takes more than the form's minimum fill time (3 s) from the moment the form is shown; a faster one is
 * stored as spam. The time the test spent typing counts: only what is left of the 3 s (and a margin) is waited.
 */
async function likeAPerson(page: Page) {
  const shown = shownAt.get(page);
  if (shown === undefined) throw new Error('likeAPerson: open the page with openForm first');
  const left = shown + 3200 - Date.now();
  if (left > 0) await page.waitForTimeout(left);
}

const unique = (name: string) => `${name}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.nl`;

// what the server stores and mails is the same at any viewport (the forms at phone width: forms-*.spec.ts)
test.describe('forms on the real server, no keys', { tag: '@desktop-only' }, () => {
  // the fill-time token is fetched once the page is shown, on a first page after the splash: the quickest a
  // visitor can be is typing as the splash ends, before the form's code has arrived
  test.describe('on the first page of a visit', () => {
    test.use({ firstVisit: true });

    test('typed and sent before the form’s code arrived: nothing goes into the URL, and the lead carries what was typed', async ({ page }) => {
      // hold the island runtime back until the visitor has typed and pressed send
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/assets\/hydrate-[\w-]+\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      const email = unique('early');
      await page.goto('/contact');
      await expect(page.getByTestId('splash')).toBeHidden({ timeout: 5000 });
      await field(page, 'Naam').fill('Vroege Vogel');
      await field(page, 'E-mailadres').fill(email);
      await field(page, 'Bericht').fill('Getypt voordat de code er was.');
      await submitButton(page).click();
      // no native send: the page and its address stay, with everything typed still in view
      expect(new URL(page.url()).search).toBe('');
      await expect(page.locator('[data-island="form"]')).toHaveAttribute('data-pending-submit', '');
      // and the button shows it is busy with the send, before any script has run
      await expect(submitButton(page)).toHaveCSS('cursor', 'progress');
      await expect(field(page, 'Naam')).toHaveValue('Vroege Vogel');
      release();
      // the lead waits for the fill-time token's minimum age, so a person this quick is not stored as spam
      await expect(status(page)).toHaveText('Bedankt voor je bericht! We nemen zo spoedig mogelijk contact met je op.', { timeout: 15_000 });
      const lead = await leadOf(email);
      expect(lead).toMatchObject({ form: 'contact', name: 'Vroege Vogel', message: 'Getypt voordat de code er was.', spam: false });
      expect(new URL(page.url()).search).toBe('');
    });
  });

  test('contact: success message, and the lead with its mail in the outbox', async ({ page }) => {
    const email = unique('contact');
    await openForm(page, '/contact');
    await field(page, 'Naam').fill('Sanne Bakker');
    await field(page, 'E-mailadres').fill(email);
    await field(page, 'Telefoonnummer').fill('06 11122233');
    await field(page, 'Bericht').fill('Ik wil graag een nieuwe website.');
    await likeAPerson(page);
    await submitButton(page).click();
    await expect(status(page)).toHaveText('Bedankt voor je bericht! We nemen zo spoedig mogelijk contact met je op.');
    const lead = await leadOf(email);
    expect(lead).toMatchObject({ form: 'contact', name: 'Sanne Bakker', phone: '06 11122233', message: 'Ik wil graag een nieuwe website.', spam: false });
    expect(lead.delivery).toBe('outbox');
    expect(Date.now() - Date.parse(lead.createdAt)).toBeLessThan(60_000);
  });

  test('a name with a control character is refused beside the field, with what was typed kept; the server refuses a line break', async ({ page, request }) => {
    const email = unique('one-line');
    const refused = 'Naam mag geen regeleinden of stuurtekens bevatten.';
    await openForm(page, '/contact');
    // an input drops typed line breaks itself, but a pasted bell or tab stays
    await field(page, 'Naam').fill('Jan\u0007Jansen');
    await field(page, 'E-mailadres').fill(email);
    await submitButton(page).click();
    await expect(field(page, 'Naam')).toHaveAttribute('aria-invalid', 'true');
    await expect(form(page).getByText(refused)).toBeVisible();
    await expect(field(page, 'E-mailadres')).toHaveValue(email);
    // past the browser, straight to the API: a name that would forge an "Email:" line in the staff mail
    const forged = { name: 'Jan\nEmail: directeur@example.nl\nTelefoon: 0900-1234567', email };
    const answer = await request.post('/api/forms/contact', { data: { submissionId: `one-line-${Date.now()}`, values: forged } });
    expect(answer.status()).toBe(400);
    expect(await answer.json()).toEqual({ error: 'invalid fields', fields: { name: refused } });
    expect(leads().filter((l) => l.email === email)).toEqual([]);
  });

  test('quote: success message and the chosen services in the lead', async ({ page }) => {
    const email = unique('quote');
    await openForm(page, '/offerte');
    await field(page, 'Naam').fill('Pieter de Boer');
    await field(page, 'E-mailadres').fill(email);
    await form(page).getByRole('checkbox').first().check();
    await likeAPerson(page);
    await submitButton(page).click();
    await expect(status(page)).toHaveText('Bedankt voor je aanvraag! We nemen zo spoedig mogelijk contact met je op.');
    const lead = await leadOf(email);
    expect(lead).toMatchObject({ form: 'quote', name: 'Pieter de Boer', delivery: 'outbox' });
    expect(Object.values(lead.values).some((v) => Array.isArray(v) && v.length === 1)).toBe(true);
  });

  test('demo: photos upload to the site, the lead links them, and the links serve the photos', async ({ page, request }) => {
    const email = unique('demo');
    await openForm(page, '/demo');
    await field(page, 'Naam').fill('Jan Jansen');
    await field(page, 'E-mailadres').fill(email);
    await field(page, 'Bedrijfsnaam').fill('Bakkerij Jansen');
    await form(page)
      .locator('input[type="file"]')
      .setInputFiles([png('logo.png'), png('pand.png')]);
    await likeAPerson(page);
    await submitButton(page).click();
    await expect(status(page)).toHaveText('Bedankt voor uw aanvraag! We nemen binnen 48 uur contact met u op.');
    const lead = await leadOf(email);
    expect(lead.form).toBe('demo');
    expect(lead.photos).toHaveLength(2);
    for (const link of lead.photos) {
      expect(link).toMatch(/\/uploads\/[\w-]+\.png$/);
      const photo = await request.get(new URL(link).pathname);
      expect(photo.status()).toBe(200);
      expect(photo.headers()['content-type']).toBe('image/png');
      expect((await photo.body()).subarray(1, 4).toString()).toBe('PNG');
    }
  });

  test('quote with the mail endpoint failing: the configured error, and the lead is kept with the failure', async ({ page }) => {
    const email = unique('quote-fail');
    await page.route('**/api/v1.0/email/send', (route) => route.fulfill({ status: 500, body: 'Internal Server Error' }));
    await openForm(page, '/offerte');
    await field(page, 'Naam').fill('Karin Smit');
    await field(page, 'E-mailadres').fill(email);
    await likeAPerson(page);
    await submitButton(page).click();
    await expect(status(page)).toHaveText('Er is iets misgegaan bij het versturen van je aanvraag. Probeer het later opnieuw.');
    // what the visitor typed stays for another try
    await expect(field(page, 'Naam')).toHaveValue('Karin Smit');
    await expect.poll(async () => (await leadOf(email)).delivery, { timeout: 10_000 }).toBe('emailjs-failed');
    expect((await leadOf(email)).deliveryDetail).toContain('Email sending failed: 500');
  });

  test('contact with the mail endpoint failing: the fallback stores it and the visitor sees success', async ({ page }) => {
    const email = unique('contact-fallback');
    await page.route('**/api/v1.0/email/send', (route) => route.fulfill({ status: 503, body: 'Service Unavailable' }));
    await openForm(page, '/contact');
    await field(page, 'Naam').fill('Ahmed Yilmaz');
    await field(page, 'E-mailadres').fill(email);
    await likeAPerson(page);
    await submitButton(page).click();
    await expect(status(page)).toHaveText('Bedankt voor je bericht! We nemen zo spoedig mogelijk contact met je op.');
    // one lead, not two: the fallback carries the same submission id as the record
    await leadOf(email);
    expect(leads().filter((l) => l.email === email)).toHaveLength(1);
  });

  test('a busy database (503) for a moment: the browser sends the same submission again, and it is stored once, not as spam', async ({ page }) => {
    const email = unique('busy');
    const sent: string[] = [];
    let refused = 0;
    await page.route('**/api/forms/contact', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      sent.push((route.request().postDataJSON() as { submissionId: string }).submissionId);
      if (refused++ === 0) return route.fulfill({ status: 503, headers: { 'Retry-After': '1' }, json: { error: 'database busy' } });
      return route.continue();
    });
    await openForm(page, '/contact');
    await field(page, 'Naam').fill('Bram de Boer');
    await field(page, 'E-mailadres').fill(email);
    await likeAPerson(page);
    await submitButton(page).click();
    await expect(status(page)).toHaveText('Bedankt voor je bericht! We nemen zo spoedig mogelijk contact met je op.');
    expect(sent).toHaveLength(2);
    expect(sent[1]).toBe(sent[0]);
    const lead = await leadOf(email);
    expect(lead.spam).toBe(false);
    // the mail was queued for the stored lead by the site's own endpoint
    await expect.poll(async () => (await leadOf(email)).delivery).toBe('outbox');
  });
});
