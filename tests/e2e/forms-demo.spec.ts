import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { hydrateForm, openPage, watchConsole } from './helpers.ts';
import { field, form, gate, mockImageHost, mockLeads, mockMail, png, status, submitButton, tabTo, type Leads } from './forms-support/mocks.ts';

/**
 * /demo with its form hydrated, and its photo field too: that field's code (react-dropzone) is a chunk of its
 * own that arrives after the form's, and a file picked before then reaches no handler.
 */
async function openDemo(page: Page) {
  await openPage(page, '/demo');
  const photoField = page.waitForResponse((r) => /\/assets\/image-field-[\w-]+\.js$/.test(r.url()));
  // the form hydrates when the visitor reaches it: a file set by the test alone would not count as that
  await hydrateForm(page);
  await photoField;
  // React hydrates the field's boundary in a task of its own once the chunk is in
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

const SUCCESS = 'Bedankt voor uw aanvraag! We nemen binnen 48 uur contact met u op.';
const ERROR = 'Er is iets misgegaan bij het versturen van uw aanvraag. Probeer het later opnieuw.';

const fileInput = (page: Page) => form(page).locator('input[type="file"]');
const previews = (page: Page) => form(page).getByRole('img', { name: /^Voorbeeld van / });
const rejections = (page: Page) => page.getByTestId('upload-rejections');
const dropzone = (page: Page) => form(page).locator('[data-drag]');

async function fillDemo(page: Page) {
  await field(page, 'Naam').fill('Jan Jansen');
  await field(page, 'E-mailadres').fill('jan@example.nl');
  await field(page, 'Bedrijfsnaam').fill('Bakkerij Jansen');
  await form(page).getByRole('checkbox', { name: 'Blog' }).check();
  await form(page).getByRole('checkbox', { name: 'Over ons' }).check();
  await field(page, 'Overige wensen').fill('Een online bestelmodule');
}

test.describe('demo form', () => {
  let leads: Leads;
  test.beforeEach(async ({ page }) => {
    leads = await mockLeads(page);
  });

  test('uploads each photo to the image host and sends the links; form and previews cleared', { tag: '@desktop-only' }, async ({ page }) => {
    const check = watchConsole(page);
    const mail = await mockMail(page);
    const host = await mockImageHost(page, true);
    await openDemo(page);
    await fillDemo(page);
    await fileInput(page).setInputFiles([png('logo.png'), png('pand.png')]);
    await expect(previews(page)).toHaveCount(2);
    await submitButton(page).click();
    await expect(status(page)).toHaveText(SUCCESS);

    expect(host.calls).toHaveLength(2);
    // local mode: the site's own /3/image, which needs no real client id
    expect(host.calls[0]!.authorization).toBe('Client-ID local');
    const origin = new URL(page.url()).origin;
    expect(host.calls[0]!.body).toContain('name="image"; filename="logo.png"');
    expect(mail.calls[0]!.template_id).toBe('template_demo');
    expect(mail.calls[0]!.template_params.message).toBe(
      [
        'Nieuwe demo website aanvraag',
        '',
        'Naam: Jan Jansen',
        'Email: jan@example.nl',
        'Bedrijf: Bakkerij Jansen',
        'Telefoon: Niet opgegeven',
        'Branche: Niet opgegeven',
        "Gewenste pagina's: Over ons, Blog",
        '',
        'Overige wensen:',
        'Een online bestelmodule',
        '',
        "Foto's:",
        `${origin}/uploads/upload-1.png`,
        `${origin}/uploads/upload-2.png`,
      ].join('\n'),
    );
    expect(leads.records).toHaveLength(1);
    expect(leads.records[0]!.formId).toBe('demo');
    expect(leads.records[0]!.body).toMatchObject({
      values: { name: 'Jan Jansen', company: 'Bakkerij Jansen', features: ['blog', 'about'], customFeatures: 'Een online bestelmodule' },
      photos: [`${origin}/uploads/upload-1.png`, `${origin}/uploads/upload-2.png`],
    });
    await expect(previews(page)).toHaveCount(0);
    await expect(field(page, 'Bedrijfsnaam')).toHaveValue('');
    await expect(form(page).getByRole('checkbox', { checked: true })).toHaveCount(0);
    check();
  });

  test("without photos the message says Geen foto's geüpload; company is required", { tag: '@desktop-only' }, async ({ page }) => {
    const mail = await mockMail(page);
    await openDemo(page);
    await field(page, 'Naam').fill('Jan');
    await field(page, 'E-mailadres').fill('jan@example.nl');
    await submitButton(page).click();
    await expect(field(page, 'Bedrijfsnaam')).toBeFocused();
    await expect(field(page, 'Bedrijfsnaam')).toHaveAccessibleDescription('Vul de naam van uw bedrijf in.');
    await field(page, 'Bedrijfsnaam').fill('Jansen');
    await submitButton(page).click();
    await expect(status(page)).toHaveText(SUCCESS);
    expect(mail.calls[0]!.template_params.message).toMatch(/Foto's:\nGeen foto's geüpload$/);
  });

  test('shows progress while uploading one at a time', async ({ page }) => {
    await mockMail(page);
    const host = await mockImageHost(page, true);
    const hold = gate();
    host.control.gate = hold.promise;
    await openDemo(page);
    await fillDemo(page);
    await fileInput(page).setInputFiles([png('a.png'), png('b.png'), png('c.png')]);
    await submitButton(page).click();
    await expect(form(page).getByText("Foto's uploaden: 33%")).toBeVisible();
    await expect(form(page).getByRole('progressbar')).toHaveAttribute('value', '33');
    // one at a time: the second upload is waiting, the third has not started
    await expect.poll(() => host.calls.length).toBe(2);
    // the third request would have arrived by now if uploads ran side by side
    await page.waitForTimeout(300);
    expect(host.calls).toHaveLength(2);
    hold.open();
    await expect(status(page)).toHaveText(SUCCESS);
    expect(host.calls).toHaveLength(3);
    await expect(form(page).getByRole('progressbar')).toHaveCount(0);
  });

  test('a failing image host sends the photo as a data URL', { tag: '@desktop-only' }, async ({ page }) => {
    const mail = await mockMail(page);
    await mockImageHost(page, false);
    await openDemo(page);
    await fillDemo(page);
    await fileInput(page).setInputFiles([png('logo.png')]);
    await submitButton(page).click();
    await expect(status(page)).toHaveText(SUCCESS);
    expect(mail.calls[0]!.template_params.message).toMatch(/Foto's:\ndata:image\/png;base64,iVBORw0KGgo/);
    // the lead gets real links only, never a data URL
    expect(leads.records[0]!.body.photos).toEqual([]);
  });

  test('a refused photo too large for the mail is named instead of embedded; smaller ones still fit', { tag: '@desktop-only' }, async ({ page }) => {
    const mail = await mockMail(page);
    await mockImageHost(page, false);
    await openDemo(page);
    await fillDemo(page);
    await fileInput(page).setInputFiles([png('groot.png', 40_000), png('klein.png')]);
    await expect(previews(page)).toHaveCount(2);
    await submitButton(page).click();
    await expect(status(page)).toHaveText(SUCCESS);
    const message = mail.calls[0]!.template_params.message;
    expect(message).toMatch(/Foto's:\ngroot\.png \(kon niet worden geüpload\)\ndata:image\/png;base64,iVBORw0KGgo[A-Za-z0-9+/=]+$/);
    expect(Buffer.byteLength(message)).toBeLessThan(45_000);
  });

  test('refuses a wrong type, a too-large file and a sixth file with their messages', async ({ page }) => {
    // a file of 5 MB handed to the browser and read there: room for a busy machine
    test.slow();
    await openDemo(page);
    await fileInput(page).setInputFiles([{ name: 'offerte.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') }]);
    await expect(rejections(page)).toContainText('offerte.pdf: File type must be one of image/jpeg, .jpeg, .jpg, image/png, .png, image/gif, .gif');
    await fileInput(page).setInputFiles([png('groot.png', 5242881)]);
    await expect(rejections(page)).toContainText('groot.png: File is larger than 5242880 bytes');
    await expect(previews(page)).toHaveCount(0);

    await fileInput(page).setInputFiles([png('1.png'), png('2.png'), png('3.png', 5242880), png('4.png')]);
    await expect(previews(page)).toHaveCount(4);
    await fileInput(page).setInputFiles([png('5.png'), png('6.png')]);
    await expect(previews(page)).toHaveCount(5);
    await expect(rejections(page)).toHaveText(/6\.png: Too many files/);
    await expect(rejections(page)).not.toContainText('5.png');
    await expect(form(page).getByText("U heeft het maximum aantal foto's gekozen.")).toBeVisible();
    await expect(form(page).getByRole('button', { name: "Foto's kiezen" })).toBeDisabled();

    // removing a photo frees its preview URL and a place
    const src = await previews(page).first().getAttribute('src');
    await form(page).getByRole('button', { name: 'Verwijder 1.png' }).click();
    await expect(previews(page)).toHaveCount(4);
    const stillLoads = await page.evaluate(
      (url) =>
        fetch(url!).then(
          () => true,
          () => false,
        ),
      src,
    );
    expect(stillLoads).toBe(false);
    await expect(form(page).getByRole('button', { name: "Foto's kiezen" })).toBeEnabled();
  });

  test('drag-active, accept and reject states are visible', async ({ page }) => {
    await openDemo(page);
    const drag = async (type: string, name: string) => {
      const data = await page.evaluateHandle(
        ([t, n]) => {
          const dt = new DataTransfer();
          dt.items.add(new File(['x'], n!, { type: t }));
          return dt;
        },
        [type, name],
      );
      await dropzone(page).dispatchEvent('dragenter', { dataTransfer: data });
    };
    await expect(dropzone(page)).toHaveAttribute('data-drag', 'idle');
    await drag('image/png', 'a.png');
    await expect(dropzone(page)).toHaveAttribute('data-drag', 'accept');
    await expect(dropzone(page)).toContainText('Laat los om deze foto');
    await dropzone(page).dispatchEvent('dragleave');
    await expect(dropzone(page)).toHaveAttribute('data-drag', 'idle');
    await drag('application/pdf', 'a.pdf');
    await expect(dropzone(page)).toHaveAttribute('data-drag', 'reject');
    await expect(dropzone(page)).toContainText('Deze bestanden kunnen niet worden toegevoegd');
    await expect(dropzone(page)).toHaveCSS('border-top-style', 'solid');
    // the states are visible only: a screen reader is not told about every drag movement
    await expect(dropzone(page).locator('[aria-live]')).toHaveCount(0);
  });

  test('the pick button is described by the allowed types and sizes and by the count', async ({ page }) => {
    await openDemo(page);
    await expect(form(page).getByRole('button', { name: "Foto's kiezen" })).toHaveAccessibleDescription(
      "Optioneel. JPG, PNG of GIF, maximaal 5 foto's van elk hoogstens 5 MB. 0 van 5 foto's gekozen",
    );
  });

  test('after a successful send the refusals of the old message are gone', async ({ page }) => {
    await mockMail(page);
    await mockImageHost(page, true);
    await openDemo(page);
    await fillDemo(page);
    await fileInput(page).setInputFiles([png('logo.png'), { name: 'offerte.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') }]);
    await expect(rejections(page)).toContainText('offerte.pdf');
    await expect(previews(page)).toHaveCount(1);
    await submitButton(page).click();
    await expect(status(page)).toHaveText(SUCCESS);
    await expect(rejections(page)).toHaveCount(0);
    await expect(previews(page)).toHaveCount(0);
    // the field still works for a next message
    await fileInput(page).setInputFiles([png('nieuw.png')]);
    await expect(previews(page)).toHaveCount(1);
  });

  test('each failure shows the demo error and keeps text, choices and photos', async ({ page }) => {
    const mail = await mockMail(page);
    await mockImageHost(page, true);
    await openDemo(page);
    await fillDemo(page);
    await fileInput(page).setInputFiles([png('logo.png')]);
    for (const answer of [{ status: 500 }, { status: 429 }, { status: 403 }, { status: 451 }, 'abort'] as const) {
      mail.answer.current = answer;
      await submitButton(page).click();
      await expect(status(page)).toHaveText(ERROR);
      await expect(field(page, 'Bedrijfsnaam')).toHaveValue('Bakkerij Jansen');
      await expect(form(page).getByRole('checkbox', { name: 'Blog' })).toBeChecked();
      await expect(field(page, 'Overige wensen')).toHaveValue('Een online bestelmodule');
      await expect(previews(page)).toHaveCount(1);
    }
    expect(mail.calls).toHaveLength(5);
  });

  test('can be completed with the keyboard alone', async ({ page }) => {
    const mail = await mockMail(page);
    await openDemo(page);
    await tabTo(page, field(page, 'Naam'));
    await page.keyboard.type('Jan');
    await page.keyboard.press('Tab');
    await page.keyboard.type('jan@example.nl');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Jansen');
    await page.keyboard.press('Tab');
    await expect(form(page).getByRole('checkbox', { name: 'Over ons' })).toBeFocused();
    await page.keyboard.press('Space');
    await tabTo(page, form(page).getByRole('button', { name: "Foto's kiezen" }));
    await tabTo(page, submitButton(page));
    await page.keyboard.press('Enter');
    await expect(status(page)).toHaveText(SUCCESS);
    expect(mail.calls[0]!.template_params.message).toContain("Gewenste pagina's: Over ons");
  });
});
