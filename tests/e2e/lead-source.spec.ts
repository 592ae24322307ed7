import { execFileSync } from 'node:child_process';
import type { Page, Request } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { e2eDataDir } from '../../playwright.config.ts';
import { openPage } from './helpers.ts';
import { field, status, submitButton } from './forms-support/mocks.ts';
import { closeStores, expectNoAxeViolations, newAccount, signIn } from './backoffice-support.ts';

test.afterAll(closeStores);

/**
 * Where a lead came from (issue 51): a visitor lands by a campaign link, reads on, and sends the contact form on
 * another page of the visit; the real production server stores the lead with the landing's campaign and the other
 * site that linked to it, as `npm run leads -- --json` shows staff. The agency's site has no tags and so no consent
 * banner: nobody agreed to marketing, and an ad's click id never leaves the browser.
 */
interface StoredLead {
  email: string;
  spam: boolean;
  source?: Record<string, string>;
}

function leads(): StoredLead[] {
  const out = execFileSync(process.execPath, ['dist-server/leads.js', '--json'], { env: { ...process.env, DATA_DIR: e2eDataDir }, encoding: 'utf8' });
  return JSON.parse(out) as StoredLead[];
}

async function leadOf(email: string): Promise<StoredLead> {
  let found: StoredLead | undefined;
  await expect.poll(() => (found = leads().find((l) => l.email === email)), { timeout: 10_000 }).toBeTruthy();
  return found!;
}

const unique = (name: string) => `${name}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.nl`;

/** Sends the contact form as a person does: typed, and sent after more than the form's minimum fill time (3 s). */
async function sendContact(page: Page, email: string): Promise<Request> {
  const shown = Date.now();
  await field(page, 'Naam').fill('Bram Visser');
  await field(page, 'E-mailadres').fill(email);
  await field(page, 'Bericht').fill('Ik las over jullie in de nieuwsbrief.');
  const left = shown + 3200 - Date.now();
  if (left > 0) await page.waitForTimeout(left);
  const sent = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/forms/contact');
  await submitButton(page).click();
  await expect(status(page)).toHaveText('Bedankt voor je bericht! We nemen zo spoedig mogelijk contact met je op.');
  return sent;
}

test.describe('where a lead came from', { tag: '@desktop-only' }, () => {
  test('a visitor who landed by a newsletter’s campaign link and sends the contact form on another page: the lead has the campaign', async ({ page }) => {
    const email = unique('campaign');
    await page.goto('/?utm_source=nieuwsbrief&utm_campaign=najaar', { referer: 'http://mail.example.nl/inbox' });
    await expect(page.locator('main')).toBeVisible();
    // on through the site: its own pages are no source of the visit
    await openPage(page, '/web-development');
    await openPage(page, '/contact');
    await sendContact(page, email);
    const lead = await leadOf(email);
    expect(lead).toMatchObject({ spam: false, source: { utm_source: 'nieuwsbrief', utm_campaign: 'najaar', referrer: 'mail.example.nl' } });

    // in the back office: the list says where it came from, the lead's page in words
    await signIn(page, await newAccount('sales'), `/aanmelden?terug=${encodeURIComponent(`/leads?q=${email}`)}`);
    const row = page.getByRole('table', { name: 'Leads' }).locator('tbody tr');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('najaar');
    await row.getByRole('link', { name: 'Bram Visser' }).click();
    const card = page.getByRole('region', { name: 'Herkomst' });
    await expect(card).toContainText('najaar');
    await expect(card).toContainText('nieuwsbrief');
    await expect(card).toContainText('mail.example.nl');
    await expectNoAxeViolations(page);
  });

  test('a visitor who arrived on a landing page by a search ad’s link, forwarded to the home page: the lead has the ad’s campaign', async ({ page }) => {
    const email = unique('landing');
    await page.goto('/seo-utrecht?utm_source=google&utm_campaign=x', { referer: 'http://www.google.com/' });
    // the landing page forwards after its 1.5 s, in real time: a generous wait, for a busy machine
    await expect(page).toHaveURL(/\/$/, { timeout: 20_000 });
    await openPage(page, '/contact');
    await sendContact(page, email);
    expect((await leadOf(email)).source).toEqual({ utm_source: 'google', utm_campaign: 'x', referrer: 'www.google.com' });
  });

  test('a visitor who came by a Google ad without agreeing to marketing: the campaign is sent, the ad’s click id is not', async ({ page }) => {
    const email = unique('ad-click');
    const gclid = `Cj0KCQ-test-${Date.now()}`;
    await page.goto(`/?utm_source=google&utm_medium=cpc&utm_campaign=najaar&gclid=${gclid}`);
    await expect(page.locator('main')).toBeVisible();
    await openPage(page, '/contact');
    const sent = await sendContact(page, email);
    expect(sent.postData()).not.toContain(gclid);
    expect(sent.postDataJSON()).toMatchObject({ source: { utm_source: 'google', utm_medium: 'cpc', utm_campaign: 'najaar' } });
    const lead = await leadOf(email);
    expect(lead.source).toEqual({ utm_source: 'google', utm_medium: 'cpc', utm_campaign: 'najaar' });
    expect(JSON.stringify(leads())).not.toContain(gclid);
  });
});
