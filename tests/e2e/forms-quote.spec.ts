import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { hydrateForm, openPage, watchConsole } from './helpers.ts';
import { field, form, mockLeads, mockMail, status, submitButton, tabTo, type Leads } from './forms-support/mocks.ts';

const SUCCESS = 'Bedankt voor je aanvraag! We nemen zo spoedig mogelijk contact met je op.';
const ERROR = 'Er is iets misgegaan bij het versturen van je aanvraag. Probeer het later opnieuw.';

/** Records fbq calls; installed before any page script runs. */
async function installPixel(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { fbq: (...args: unknown[]) => void; pixelCalls: unknown[][] };
    w.pixelCalls = [];
    w.fbq = (...args: unknown[]) => w.pixelCalls.push(args);
  });
}
const pixelCalls = (page: Page) => page.evaluate(() => (window as unknown as { pixelCalls: unknown[][] }).pixelCalls);

async function fillQuote(page: Page) {
  await field(page, 'Naam').fill('Jan Jansen');
  await field(page, 'E-mailadres').fill('jan@example.nl');
  await field(page, 'Bedrijfsnaam').fill('Jansen BV');
  await form(page).getByRole('checkbox', { name: 'Digitale Marketing' }).check();
  await form(page).getByRole('checkbox', { name: 'Web Development' }).check();
  await field(page, 'Over je project').fill('Een webshop voor onze bakkerij.');
}

test.describe('quote form', () => {
  let leads: Leads;
  test.beforeEach(async ({ page }) => {
    leads = await mockLeads(page);
  });

  test('sends the summary with chosen services, clears the form and fires the pixel once', async ({ page }) => {
    const check = watchConsole(page);
    await installPixel(page);
    const mail = await mockMail(page);
    await openPage(page, '/offerte');
    await expect(field(page, 'Over je project')).toHaveAttribute('rows', '4');
    await fillQuote(page);
    await submitButton(page).click();
    await expect(status(page)).toHaveText(SUCCESS);
    expect(mail.calls).toHaveLength(1);
    expect(mail.calls[0]!.template_id).toBe('template_quote');
    expect(mail.calls[0]!.template_params.message).toBe(
      [
        'Nieuwe offerte aanvraag',
        '',
        'Naam: Jan Jansen',
        'Email: jan@example.nl',
        'Telefoon: Niet opgegeven',
        'Bedrijf: Jansen BV',
        'Diensten: Web Development, Digitale Marketing',
        '',
        'Bericht:',
        'Een webshop voor onze bakkerij.',
      ].join('\n'),
    );
    await expect(field(page, 'Naam')).toHaveValue('');
    await expect(form(page).getByRole('checkbox', { checked: true })).toHaveCount(0);
    expect(await pixelCalls(page)).toEqual([['track', 'CompleteRegistration']]);
    check();
  });

  test('no services reads "Geen diensten geselecteerd"; without a pixel on the page nothing breaks', { tag: '@desktop-only' }, async ({ page }) => {
    const check = watchConsole(page);
    const mail = await mockMail(page);
    await openPage(page, '/offerte');
    await field(page, 'Naam').fill('Jan');
    await field(page, 'E-mailadres').fill('jan@example.nl');
    await submitButton(page).click();
    await expect(status(page)).toHaveText(SUCCESS);
    expect(mail.calls[0]!.template_params.message).toContain('Bedrijf: Niet opgegeven\nDiensten: Geen diensten geselecteerd');
    check();
  });

  test('each failure shows the quote error, keeps every input and fires no pixel', async ({ page }) => {
    await installPixel(page);
    const mail = await mockMail(page);
    await openPage(page, '/offerte');
    // this test is about failures after the form's code is there: a tick while it hydrates is another test's matter
    await hydrateForm(page);
    await fillQuote(page);
    for (const answer of [{ status: 500 }, { status: 429 }, { status: 403 }, { status: 451 }, 'abort'] as const) {
      mail.answer.current = answer;
      await submitButton(page).click();
      await expect(status(page)).toHaveText(ERROR);
      await expect(field(page, 'Bedrijfsnaam')).toHaveValue('Jansen BV');
      await expect(form(page).getByRole('checkbox', { name: 'Web Development' })).toBeChecked();
      await expect(form(page).getByRole('checkbox', { name: 'Digitale Marketing' })).toBeChecked();
      await expect(field(page, 'Over je project')).toHaveValue('Een webshop voor onze bakkerij.');
    }
    expect(mail.calls).toHaveLength(5);
    expect(await pixelCalls(page)).toEqual([]);
  });

  test('the pixel does not fire on contact success', { tag: '@desktop-only' }, async ({ page }) => {
    await installPixel(page);
    await mockMail(page);
    await openPage(page, '/contact');
    await field(page, 'Naam').fill('Jan');
    await field(page, 'E-mailadres').fill('jan@example.nl');
    await submitButton(page).click();
    await expect(status(page)).toContainText('Bedankt');
    expect(await pixelCalls(page)).toEqual([]);
  });

  test('can be completed with the keyboard alone, checkboxes with Space', async ({ page }) => {
    const mail = await mockMail(page);
    await openPage(page, '/offerte');
    await tabTo(page, field(page, 'Naam'));
    await page.keyboard.type('Jan');
    await page.keyboard.press('Tab');
    await page.keyboard.type('jan@example.nl');
    await tabTo(page, form(page).getByRole('checkbox', { name: 'Digitale Marketing' }));
    await page.keyboard.press('Space');
    await tabTo(page, submitButton(page));
    await page.keyboard.press('Enter');
    await expect(status(page)).toHaveText(SUCCESS);
    expect(mail.calls[0]!.template_params.message).toContain('Diensten: Digitale Marketing');
  });

  test('a box ticked before the form’s code arrived stays ticked when another is ticked in the moment it hydrates', async ({ page }) => {
    // hold the island runtime back while the visitor types and ticks the first box
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/hydrate-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    // React tells a devtools hook when a commit's effects have run: the second box is ticked in the task right after
    // the commit that hydrated the form (the quickest a visitor's next click can be)
    await page.addInitScript(() => {
      const hook = {
        supportsFiber: true,
        renderers: new Map(),
        inject: () => 1,
        onCommitFiberUnmount: () => {},
        onCommitFiberRoot: () => {},
        checkDCE: () => {},
        onPostCommitFiberRoot: (_id: number, root: { containerInfo?: Element }) => {
          const form = root.containerInfo?.closest?.('[data-island="form"]') ?? root.containerInfo?.querySelector?.('form');
          const box = form?.querySelector<HTMLInputElement>('input[type=checkbox][value="web-development"]');
          // the form is hydrated once React has taken its inputs (the island's shell may be committed before)
          const taken = box && Object.keys(box).some((key) => key.startsWith('__reactFiber'));
          if (box && taken && !box.checked && !(window as unknown as { ticked?: boolean }).ticked) {
            (window as unknown as { ticked?: boolean }).ticked = true;
            // the next task: as soon as the browser could hand over a visitor's click
            const next = new MessageChannel();
            next.port1.onmessage = () => box.click();
            next.port2.postMessage(null);
          }
        },
      };
      Object.defineProperty(window, '__REACT_DEVTOOLS_GLOBAL_HOOK__', { value: hook });
    });
    const mail = await mockMail(page);
    await openPage(page, '/offerte');
    await field(page, 'Naam').fill('Jan Jansen');
    await field(page, 'E-mailadres').fill('jan@example.nl');
    await form(page).getByRole('checkbox', { name: 'Digitale Marketing' }).check();
    await field(page, 'Over je project').fill('Een webshop voor onze bakkerij.');
    release();
    await expect(page.locator('[data-island="form"]')).toHaveAttribute('data-hydrated', 'true');
    expect(await page.evaluate(() => (window as unknown as { ticked?: boolean }).ticked)).toBe(true);
    await expect(form(page).getByRole('checkbox', { checked: true })).toHaveCount(2);
    await expect(field(page, 'Naam')).toHaveValue('Jan Jansen');
    await submitButton(page).click();
    await expect(status(page)).toHaveText(SUCCESS);
    expect([...(leads.records[0]!.body.values.services as string[])].sort()).toEqual(['digital-marketing', 'web-development']);
    expect(mail.calls[0]!.template_params.message).toContain('Diensten: Web Development, Digitale Marketing');
  });

  test('a lead endpoint that never answers delays the mail by the timeout but does not stop it', { tag: '@desktop-only' }, async ({ page }) => {
    await page.clock.install();
    leads.control.record = 'stall';
    const mail = await mockMail(page);
    await openPage(page, '/offerte');
    await fillQuote(page);
    await submitButton(page).click();
    await expect.poll(() => leads.records.length).toBe(1);
    expect(leads.records[0]!.formId).toBe('quote');
    // the order of the ticks is the order they were made in once the form's code runs, and the page's order for ticks
    // made before: the same choice either way
    expect(leads.records[0]!.body.values).toMatchObject({ company: 'Jansen BV' });
    expect([...(leads.records[0]!.body.values.services as string[])].sort()).toEqual(['digital-marketing', 'web-development']);
    expect(mail.calls).toHaveLength(0);
    await page.clock.fastForward(15_000);
    await expect(status(page)).toHaveText(SUCCESS);
    expect(mail.calls).toHaveLength(1);
    expect(mail.calls[0]!.template_params.submission_id).toBe(leads.records[0]!.body.submissionId);
    // the record did not get through, so there is no delivery to report
    expect(leads.deliveries).toHaveLength(0);
  });
});
