import { test, expect } from './fixtures.ts';
import { openPage, watchConsole } from './helpers.ts';
import { field, form, gate, mockFallback, mockLeads, mockMail, status, submitButton, tabTo, TOKEN, type Leads } from './forms-support/mocks.ts';

const SUCCESS = 'Bedankt voor je bericht! We nemen zo spoedig mogelijk contact met je op.';
const ERROR = 'Er is iets misgegaan bij het versturen van je bericht. Probeer het later opnieuw of neem contact met ons op via een ander kanaal.';

test.describe('contact form', () => {
  let leads: Leads;
  test.beforeEach(async ({ page }) => {
    leads = await mockLeads(page);
  });

  test('sends the Dutch summary, shows the busy state once, then success and an empty form', async ({ page }) => {
    const check = watchConsole(page);
    const mail = await mockMail(page);
    const fallback = await mockFallback(page, 200);
    const hold = gate();
    mail.answer.gate = hold.promise;
    await openPage(page, '/contact');
    await field(page, 'Naam').fill('Jan Jansen');
    await field(page, 'E-mailadres').fill('jan@example.nl');
    await field(page, 'Bericht').fill('Graag een nieuwe website.');

    await submitButton(page).click();
    await expect(submitButton(page)).toBeDisabled();
    await expect(submitButton(page)).toHaveText('Bezig met versturen...');
    // a second submit while the first is in flight goes nowhere
    await field(page, 'Naam').press('Enter');
    hold.open();

    await expect(status(page)).toHaveText(SUCCESS);
    expect(mail.calls).toHaveLength(1);
    expect(fallback).toHaveLength(0);
    const sent = mail.calls[0]!;
    expect(sent).toMatchObject({ user_id: 'helder-public-key', service_id: 'service_helder', template_id: 'template_contact' });
    expect(sent.template_params).toEqual({
      from_name: 'Jan Jansen',
      from_email: 'jan@example.nl',
      reply_to: 'jan@example.nl',
      to_email: 'info@helderdigitaal.nl',
      message: 'Nieuwe contact aanvraag\n\nNaam: Jan Jansen\nEmail: jan@example.nl\nTelefoon: Niet opgegeven\n\nBericht:\nGraag een nieuwe website.',
      submission_id: leads.records[0]!.body.submissionId,
    });
    await expect(field(page, 'Naam')).toHaveValue('');
    await expect(field(page, 'E-mailadres')).toHaveValue('');
    await expect(field(page, 'Bericht')).toHaveValue('');
    await expect(submitButton(page)).toHaveText('Verstuur bericht');
    check();
  });

  test('validates on submit, focuses the first invalid field, and clears messages as they are corrected', async ({ page }) => {
    const mail = await mockMail(page);
    await openPage(page, '/contact');
    await field(page, 'E-mailadres').fill('jan@voorbeeld');
    await submitButton(page).click();
    const name = field(page, 'Naam');
    const email = field(page, 'E-mailadres');
    await expect(name).toBeFocused();
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(name).toHaveAccessibleDescription('Vul je naam in.');
    await expect(email).toHaveAccessibleDescription('Vul een geldig e-mailadres in, bijvoorbeeld naam@bedrijf.nl.');
    expect(mail.calls).toHaveLength(0);

    await name.fill('Jan');
    await expect(name).not.toHaveAttribute('aria-invalid');
    await expect(page.getByText('Vul je naam in.')).toHaveCount(0);
    await email.fill('jan@voorbeeld.nl');
    await expect(email).not.toHaveAttribute('aria-invalid');
    await expect(field(page, 'Bericht')).toHaveAttribute('rows', '6');
    await expect(name).toHaveAttribute('maxlength', '100');
  });

  test('every mail failure shows the contact error with the input kept when the fallback fails too', async ({ page }) => {
    const mail = await mockMail(page, { status: 500 });
    const fallback = await mockFallback(page, 500);
    await openPage(page, '/contact');
    await field(page, 'Naam').fill('Jan');
    await field(page, 'E-mailadres').fill('jan@example.nl');
    await field(page, 'Telefoonnummer').fill('0612345678');
    await field(page, 'Bericht').fill('<b>niet vet</b>');
    const answers = [
      { status: 500 },
      { status: 429, body: 'Too Many Requests' },
      { status: 403, body: 'Forbidden' },
      { status: 451, body: 'Unavailable For Headless Browser' },
      'abort',
    ] as const;
    for (const [i, answer] of answers.entries()) {
      mail.answer.current = answer;
      await submitButton(page).click();
      await expect(status(page)).toHaveText(ERROR);
      expect(mail.calls, `attempt ${i + 1}`).toHaveLength(i + 1);
      expect(fallback).toHaveLength(i + 1);
      await expect(field(page, 'Naam')).toHaveValue('Jan');
      await expect(field(page, 'Telefoonnummer')).toHaveValue('0612345678');
      await expect(field(page, 'Bericht')).toHaveValue('<b>niet vet</b>');
      await expect(form(page).locator('b')).toHaveCount(0);
      // typing again starts a new attempt: the old message goes
      await field(page, 'Naam').fill('Jan');
    }
  });

  test('the fallback rescues a failed mail: JSON with an ISO timestamp, then success', { tag: '@desktop-only' }, async ({ page }) => {
    const mail = await mockMail(page, 'abort');
    const fallback = await mockFallback(page, 200);
    await openPage(page, '/contact');
    await field(page, 'Naam').fill('Jan');
    await field(page, 'E-mailadres').fill('jan@example.nl');
    await field(page, 'Bericht').fill('Hallo');
    await submitButton(page).click();
    await expect(status(page)).toHaveText(SUCCESS);
    expect(mail.calls).toHaveLength(1);
    expect(fallback).toHaveLength(1);
    expect(fallback[0]).toMatchObject({ name: 'Jan', email: 'jan@example.nl', phone: '', message: 'Hallo', submissionId: leads.records[0]!.body.submissionId });
    expect(new Date(fallback[0]!.timestamp).toISOString()).toBe(fallback[0]!.timestamp);
    await expect(field(page, 'Naam')).toHaveValue('');
  });

  test('can be completed with the keyboard alone', async ({ page }) => {
    const mail = await mockMail(page);
    await openPage(page, '/contact');
    await tabTo(page, field(page, 'Naam'));
    await page.keyboard.type('Jan Jansen');
    await page.keyboard.press('Tab');
    await page.keyboard.type('jan@example.nl');
    await page.keyboard.press('Tab');
    await page.keyboard.type('0612345678');
    await page.keyboard.press('Tab');
    await expect(field(page, 'Bericht')).toBeFocused();
    await page.keyboard.type('Bel me maar.');
    await page.keyboard.press('Tab');
    await expect(submitButton(page)).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(status(page)).toHaveText(SUCCESS);
    await expect(status(page)).toBeFocused();
    expect(mail.calls[0]!.template_params.message).toContain('Telefoon: 0612345678');
  });

  test(
    'records the submission on the site before the mail, with one id for retries and a new one after a success',
    { tag: '@desktop-only' },
    async ({ page }) => {
      const mail = await mockMail(page, { status: 500 });
      await mockFallback(page, 500);
      const order: string[] = [];
      page.on('request', (r) => {
        const path = new URL(r.url()).pathname;
        if (/^\/api\/(forms|v1\.0|contact)/.test(path)) order.push(`${r.method()} ${path}`);
      });
      await openPage(page, '/contact');
      await expect.poll(() => leads.tokens).toBe(1);
      await field(page, 'Naam').fill('Jan');
      await field(page, 'E-mailadres').fill('jan@example.nl');
      await field(page, 'Bericht').fill('Hallo');
      await submitButton(page).click();
      await expect(status(page)).toHaveText(ERROR);
      await submitButton(page).click();
      await expect(status(page)).toHaveText(ERROR);
      mail.answer.current = { status: 200 };
      await submitButton(page).click();
      await expect(status(page)).toHaveText(SUCCESS);
      await field(page, 'Naam').fill('Jan');
      await field(page, 'E-mailadres').fill('jan@example.nl');
      await field(page, 'Bericht').fill('Hallo');
      await submitButton(page).click();
      await expect(status(page)).toHaveText(SUCCESS);

      const ids = leads.records.map((r) => r.body.submissionId);
      expect(ids).toHaveLength(4);
      expect(ids[0]).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
      expect(ids.slice(0, 3)).toEqual([ids[0], ids[0], ids[0]]);
      expect(ids[3]).not.toBe(ids[0]);
      expect(leads.records[0]).toEqual({
        formId: 'contact',
        body: { submissionId: ids[0], values: { name: 'Jan', email: 'jan@example.nl', phone: '', message: 'Hallo' }, photos: [], token: TOKEN, hp: '' },
      });
      expect(mail.calls.map((c) => c.template_params.submission_id)).toEqual(ids);
      await expect.poll(() => leads.deliveries.length).toBe(4);
      expect(leads.deliveries.map((d) => [d.submissionId, d.body.status])).toEqual([
        [ids[0], 500],
        [ids[0], 500],
        [ids[0], 200],
        [ids[3], 200],
      ]);
      // the token when the form is shown, then the lead is stored before the mail goes out
      expect(order[0]).toBe('GET /api/forms/contact/token');
      expect(order.filter((r) => !r.endsWith('/token')).slice(0, 2)).toEqual(['POST /api/forms/contact', 'POST /api/v1.0/email/send']);
      // each submission has a token of its own: the page's, then one fetched for the next submission after each new one
      expect(order.filter((r) => r.endsWith('/token'))).toHaveLength(3);
    },
  );

  test('a mail request that never answers ends in the error message with the button enabled, after the timeout', { tag: '@desktop-only' }, async ({ page }) => {
    await page.clock.install();
    const mail = await mockMail(page, 'stall');
    const fallback = await mockFallback(page, 500);
    await openPage(page, '/contact');
    await field(page, 'Naam').fill('Jan');
    await field(page, 'E-mailadres').fill('jan@example.nl');
    await field(page, 'Bericht').fill('Hallo');
    await submitButton(page).click();
    await expect.poll(() => mail.calls.length).toBe(1);
    await expect(submitButton(page)).toBeDisabled();
    // integrations.leads.timeoutMs in site.config.json
    await page.clock.fastForward(15_000);
    await expect(status(page)).toHaveText(ERROR);
    await expect(submitButton(page)).toBeEnabled();
    await expect(submitButton(page)).toHaveText('Verstuur bericht');
    await expect(field(page, 'Naam')).toHaveValue('Jan');
    await expect(field(page, 'Bericht')).toHaveValue('Hallo');
    expect(fallback).toHaveLength(1);
    await expect.poll(() => leads.deliveries.map((d) => d.body)).toEqual([{ status: 0, text: 'Timeout' }]);
  });
});
