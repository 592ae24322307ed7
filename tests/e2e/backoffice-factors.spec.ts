import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { ADMIN, closeStores, codeFor, expectNoAxeViolations, makeSignInStale, newAccount, signIn, staffStore, type Account } from './backoffice-support.ts';

/**
 * A person looks after their own ways in on the account page, as they would: a new password, new recovery codes,
 * and the authenticator moved to a new phone, each after confirming who they are (the sign-in made older than
 * 10 minutes first). At 1280 and 390 px, axe on the account page in each state, and what the server then accepts
 * checked by signing in beside the browser.
 */
test.afterAll(closeStores);

const STEP_UP = 'Bevestig dat u het bent';

/** A sign-in beside the browser (another device): its status, and the cookie it was given. */
async function signInElsewhere(account: Pick<Account, 'email'>, password: string, code: string): Promise<{ status: number; cookie?: string }> {
  const answer = await fetch(`${ADMIN}/api/sign-in`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Staff-Request': '1', Origin: ADMIN },
    body: JSON.stringify({ email: account.email, password, code }),
  });
  return { status: answer.status, cookie: answer.headers.get('set-cookie')?.split(';')[0] };
}

const stillSignedIn = async (cookie: string) => (await fetch(`${ADMIN}/api/me`, { headers: { cookie } })).status === 200;

/** The step-up dialog, answered with the password and one of the recovery codes; `look`: axe and a screenshot first. */
async function confirmItsMe(page: Page, account: Account, look?: string) {
  const dialog = page.getByRole('dialog', { name: STEP_UP });
  await expect(dialog).toBeVisible();
  if (look) {
    await expectNoAxeViolations(page);
    await shot(page, look);
  }
  await dialog.getByLabel('Wachtwoord').fill(account.password);
  await dialog.getByLabel('Code', { exact: true }).fill(account.codes.shift()!);
  await dialog.getByRole('button', { name: 'Bevestigen' }).click();
  await expect(dialog).toBeHidden();
}

/** The page as it looks now, kept for a person to look at (test-results/, or PW_OUT). */
async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

async function openAccount(page: Page, account: Account) {
  await signIn(page, account, `/aanmelden?terug=${encodeURIComponent('/account')}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Mijn account' })).toBeFocused();
  await expect(page.getByText(/^Laatst gewijzigd op /)).toBeVisible();
}

/** The activity log names the event in words. */
async function logShows(page: Page, name: string) {
  await page.getByRole('navigation', { name: 'Onderdelen' }).getByRole('link', { name: 'Logboek' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Logboek' })).toBeFocused();
  await expect(page.getByText(name, { exact: true }).filter({ visible: true }).first()).toBeVisible();
}

test('a person changes their password: the current one asked, a common one refused in words, the other device signed out', async ({ page }) => {
  // eight password checks and hashes, one at a time on the server
  test.setTimeout(60_000);
  const me = await newAccount('admin');
  await openAccount(page, me);
  await expectNoAxeViolations(page);
  await shot(page, 'account');
  const laptop = await signInElsewhere(me, me.password, me.codes.shift()!);
  expect(laptop.status).toBe(200);
  await page.reload();
  await expect(page.getByRole('listitem').filter({ hasText: 'Dit apparaat' })).toBeVisible();
  // the set-up's own session (the invitation signed in) and the laptop's
  await expect(page.getByRole('button', { name: /^Beëindigen/ })).toHaveCount(2);

  makeSignInStale(me.userId);
  await page.getByRole('button', { name: 'Wachtwoord wijzigen' }).click();
  await expect(page.getByLabel('Huidig wachtwoord')).toBeFocused();
  await expect(page.getByText('Na het wijzigen wordt u op al uw andere apparaten afgemeld. Op dit apparaat blijft u aangemeld.')).toBeVisible();
  await page.getByLabel('Huidig wachtwoord').fill(me.password);
  await page.getByLabel('Nieuw wachtwoord').fill('password');
  await page.getByRole('button', { name: 'Nieuw wachtwoord opslaan' }).click();
  await confirmItsMe(page, me, 'password-step-up');
  await expect(page.getByRole('alert').filter({ hasText: /\S/ })).toHaveText(
    'Dit wachtwoord komt te vaak voor en is makkelijk te raden. Kies een ander, bijvoorbeeld een zin van een paar woorden.',
  );
  await expectNoAxeViolations(page);
  await shot(page, 'password-refused');

  const fresh = 'de boot vaart om zeven uur naar Texel';
  await page.getByLabel('Huidig wachtwoord').fill('niet mijn wachtwoord');
  await page.getByLabel('Nieuw wachtwoord').fill(fresh);
  await page.getByRole('button', { name: 'Nieuw wachtwoord opslaan' }).click();
  await expect(page.getByRole('alert').filter({ hasText: /\S/ })).toHaveText('Uw huidige wachtwoord klopt niet. Er is niets gewijzigd.');
  expect(await stillSignedIn(laptop.cookie!)).toBe(true);

  await page.getByLabel('Huidig wachtwoord').fill(me.password);
  await page.getByRole('button', { name: 'Nieuw wachtwoord opslaan' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'gewijzigd' })).toHaveText(
    'Uw wachtwoord is gewijzigd. U bent afgemeld op 2 andere apparaten; op dit apparaat blijft u aangemeld.',
  );
  await expect(page.getByRole('button', { name: 'Wachtwoord wijzigen' })).toBeFocused();
  await expect(page.getByRole('button', { name: /^Beëindigen/ })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await shot(page, 'password-changed');

  expect(await stillSignedIn(laptop.cookie!)).toBe(false);
  expect((await signInElsewhere(me, me.password, me.codes[0]!)).status).toBe(401);
  expect((await signInElsewhere(me, fresh, me.codes.shift()!)).status).toBe(200);
  await logShows(page, 'Eigen wachtwoord gewijzigd');
});

test('a person makes new recovery codes after a confirmation: shown once, the old ones refused at once, a new one signs in', async ({ page }) => {
  const me = await newAccount('admin');
  await openAccount(page, me);
  await expect(page.getByText('U hebt nog 9 ongebruikte herstelcodes.')).toBeVisible();

  makeSignInStale(me.userId);
  await page.getByRole('button', { name: 'Nieuwe herstelcodes maken' }).click();
  const confirm = page.getByRole('dialog', { name: 'Nieuwe herstelcodes maken?' });
  await expect(confirm).toContainText('Uw huidige herstelcodes werken daarna meteen niet meer');
  await expectNoAxeViolations(page);
  await shot(page, 'recovery-confirm');
  await confirm.getByRole('button', { name: 'Ja, nieuwe codes maken' }).click();
  await confirmItsMe(page, me);

  await expect(page.getByRole('heading', { name: 'Uw nieuwe herstelcodes' })).toBeFocused();
  await expect(page.getByRole('status').filter({ hasText: 'Er zijn nieuwe herstelcodes gemaakt' })).toHaveText(
    'Er zijn nieuwe herstelcodes gemaakt. De oude werken niet meer.',
  );
  const codes = await page.getByRole('list', { name: 'Herstelcodes' }).locator('code').allTextContents();
  expect(codes).toHaveLength(10);
  expect(codes.filter((code) => me.codes.includes(code))).toEqual([]);
  await expectNoAxeViolations(page);
  await shot(page, 'recovery-shown');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Downloaden' }).click();
  expect((await download).suggestedFilename()).toBe('herstelcodes-backoffice.txt');

  await page.getByRole('button', { name: 'Ik heb ze bewaard' }).click();
  await expect(page.getByRole('list', { name: 'Herstelcodes' })).toHaveCount(0);
  await expect(page.getByText('U hebt nog 10 ongebruikte herstelcodes.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Nieuwe herstelcodes maken' })).toBeFocused();
  await expectNoAxeViolations(page);
  await shot(page, 'recovery-saved');

  expect((await signInElsewhere(me, me.password, me.codes[0]!)).status).toBe(401);
  expect((await signInElsewhere(me, me.password, codes[0]!)).status).toBe(200);
  await logShows(page, 'Nieuwe herstelcodes gemaakt (de oude werken niet meer)');
});

/** The authenticator's 30-second time steps: a code of each step signs in once. */
const STEP_MS = 30_000;
const stepOf = (ms: number) => Math.floor(ms / STEP_MS);

test('a person moves their authenticator to a new phone: the old app works until a code of the new one confirms it, a wrong code changes nothing', async ({
  page,
}) => {
  // the old app's code is tried twice below, in two time steps after the one that set it up: up to 30 s of waiting
  test.setTimeout(90_000);
  const me = await newAccount('admin');
  const setUpStep = stepOf(Date.now());
  await openAccount(page, me);
  await expect(page.getByText(/^Gekoppeld op /)).toBeVisible();

  makeSignInStale(me.userId);
  await page.getByRole('button', { name: 'Naar een nieuwe telefoon verhuizen' }).click();
  await confirmItsMe(page, me);
  await expect(page.getByRole('heading', { name: '1. Scan de QR-code met uw nieuwe telefoon' })).toBeFocused();
  const qr = page.getByRole('img', { name: /QR-code/ });
  await expect(qr).toBeVisible();
  expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
  const secret = (await page.getByText(/^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/).textContent())!.replace(/ /g, '');
  expect(secret).not.toBe(me.secret);
  await expectNoAxeViolations(page);
  await shot(page, 'move-scan');

  // the old app's code typed by mistake
  await page.getByLabel('Code van 6 cijfers uit de nieuwe app').fill(codeFor(me.secret));
  await page.getByRole('button', { name: 'Nieuwe app bevestigen' }).click();
  await expect(page.getByRole('alert').filter({ hasText: /\S/ })).toHaveText('Die code klopt niet. Kijk in de app naar de code van nu en typ de 6 cijfers.');
  await expectNoAxeViolations(page);
  await shot(page, 'move-wrong-code');

  // until the new app is confirmed, the old one signs in, with a code of a step after the one that set it up
  const untilNextStep = (setUpStep + 1) * STEP_MS - Date.now();
  if (untilNextStep > 0) await page.waitForTimeout(untilNextStep + 100);
  const pendingStep = stepOf(Date.now());
  expect((await signInElsewhere(me, me.password, codeFor(me.secret, pendingStep * STEP_MS))).status).toBe(200);

  const confirmAt = Date.now();
  await page.getByLabel('Code van 6 cijfers uit de nieuwe app').fill(codeFor(secret, confirmAt));
  await page.getByRole('button', { name: 'Nieuwe app bevestigen' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'verhuisd' })).toHaveText(
    'De authenticator-app is verhuisd. Vanaf nu werken alleen de codes uit de nieuwe app. In de app op uw oude telefoon kunt u de oude vermelding verwijderen.',
  );
  await expect(page.getByRole('button', { name: 'Naar een nieuwe telefoon verhuizen' })).toBeFocused();
  await expectNoAxeViolations(page);
  await shot(page, 'move-done');

  // the old app's next code, which it would have signed in with, is refused; the new app's next code signs in
  expect((await signInElsewhere(me, me.password, codeFor(me.secret, (pendingStep + 1) * STEP_MS))).status).toBe(401);
  expect((await signInElsewhere(me, me.password, codeFor(secret, (stepOf(confirmAt) + 1) * STEP_MS))).status).toBe(200);
  const events = await (await staffStore()).listAudit({ limit: 200 });
  expect(events.filter((e) => e.kind === 'factor.totp-moved' && e.actorId === me.userId)).toHaveLength(1);
  await logShows(page, 'Authenticator-app naar een nieuwe telefoon verhuisd');
});
