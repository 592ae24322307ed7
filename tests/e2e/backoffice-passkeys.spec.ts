import { rmSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { fixtureDist, removeDir, startServer, type ServerProcess } from '../support/server-process.ts';
import { openStaffStore } from '../../server/staff/store/staff-store.ts';
import { inviteStaff } from '../../server/staff/invitations.ts';
import { base32Decode } from '../../server/staff/base32.ts';
import { totpAt } from '../../server/staff/totp.ts';
import { expectNoAxeViolations, startOwnBackOffice, virtualAuthenticator } from './backoffice-support.ts';

/**
 * Passkeys in a real browser with Chromium's virtual authenticator, against the real server: a signed-in person
 * adds one, and then signs in with it alone; user verification is required. WebAuthn needs a host name for the
 * relying party, so this server's back office is configured as http://localhost:<port>.
 */
test.describe.configure({ mode: 'default' });
// the API of the back office, from a page of its origin: no screen is needed to prove the ceremony
test.use({ firstVisit: true });

let server: ServerProcess;
let dist: string;
let admin: string;

test.beforeAll(async ({ browserName: _browser }, testInfo) => {
  // one port per project and worker, in this spec's own range
  const port = 4760 + (testInfo.project.name === 'phone' ? 1 : 0) + 2 * testInfo.parallelIndex;
  dist = fixtureDist();
  ({ server, admin } = await startOwnBackOffice(port, dist));
});

test.afterAll(async () => {
  await server?.stop();
  if (server) removeDir(server.dataDir);
  if (dist) rmSync(dist, { recursive: true, force: true });
});

/** A call of the back office's API from the page, as its own screens make them. */
async function api(page: Page, path: string, body?: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
  return page.evaluate(
    async ({ path, body }) => {
      const init: RequestInit =
        body === undefined ? {} : { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Staff-Request': '1' }, body: JSON.stringify(body) };
      const response = await fetch(path, init);
      return { status: response.status, json: (await response.json()) as Record<string, unknown> };
    },
    { path, body },
  );
}

/** An account made with `npm run staff`'s own function, accepted in this page with a password and an authenticator code. */
async function signedInPerson(page: Page, email: string) {
  const store = await openStaffStore({ dataDir: server.dataDir });
  const invited = await inviteStaff(store, email, 'sales', null);
  await store.close();
  if (!invited.ok) throw new Error(invited.problem);
  await page.goto(`${admin}/api/me`);
  const invitation = await api(page, `/api/invitations/${invited.token}`);
  const secret = (invitation.json.totp as { secret: string }).secret;
  const accepted = await api(page, `/api/invitations/${invited.token}`, {
    password: 'fiets-zon-regen-42',
    totpSecret: secret,
    code: totpAt(base32Decode(secret)!, Date.now()),
  });
  expect(accepted.status).toBe(200);
}

test(
  'a person adds a passkey, signs out, and signs in with the passkey alone; a replay and an unverified user are refused',
  { tag: '@desktop-only' },
  async ({ page }) => {
    const { cdp, authenticatorId } = await virtualAuthenticator(page);
    await signedInPerson(page, `passkey-${test.info().project.name}@example.nl`);
    const added = await page.evaluate(async () => {
      const post = (path: string, body: unknown) =>
        fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Staff-Request': '1' }, body: JSON.stringify(body) });
      const options = (await (await post('/api/passkeys/options', {})).json()) as PublicKeyCredentialCreationOptionsJSON;
      const credential = (await navigator.credentials.create({ publicKey: PublicKeyCredential.parseCreationOptionsFromJSON(options) })) as PublicKeyCredential;
      return (await post('/api/passkeys', { response: credential.toJSON(), name: 'Laptop' })).status;
    });
    expect(added).toBe(201);
    expect(((await api(page, '/api/passkeys')).json.passkeys as { name: string }[]).map((p) => p.name)).toEqual(['Laptop']);
    expect((await api(page, '/api/sign-out', {})).status).toBe(200);
    expect((await api(page, '/api/me')).status).toBe(401);

    const signIn = () =>
      page.evaluate(async () => {
        const post = (path: string, body: unknown) =>
          fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Staff-Request': '1' }, body: JSON.stringify(body) });
        const options = (await (await post('/api/sign-in/passkey/options', {})).json()) as PublicKeyCredentialRequestOptionsJSON;
        let assertion: PublicKeyCredential;
        try {
          assertion = (await navigator.credentials.get({ publicKey: PublicKeyCredential.parseRequestOptionsFromJSON(options) })) as PublicKeyCredential;
        } catch (error) {
          return { status: 0, error: (error as Error).name, replay: 0 };
        }
        const response = assertion.toJSON();
        const status = (await post('/api/sign-in/passkey', { response })).status;
        // the same assertion again: its challenge was used up
        const replay = (await post('/api/sign-in/passkey', { response })).status;
        return { status, error: '', replay };
      });
    expect(await signIn()).toEqual({ status: 200, error: '', replay: 401 });
    expect((await api(page, '/api/me')).json).toMatchObject({ role: 'sales' });

    expect((await api(page, '/api/sign-out', {})).status).toBe(200);
    await cdp.send('WebAuthn.setUserVerified', { authenticatorId, isUserVerified: false });
    expect((await signIn()).status).not.toBe(200);
    expect((await api(page, '/api/me')).status).toBe(401);
  },
);

// the screens at both widths, axe on each
test('on the screens: a passkey is added on the account page, and the sign-in page signs in with it', async ({ page }) => {
  await virtualAuthenticator(page);
  await signedInPerson(page, `passkey-screens-${test.info().project.name}@example.nl`);
  await page.goto(`${admin}/account`);
  await page.getByLabel('Naam van dit apparaat').fill('Laptop kantoor');
  await page.getByRole('button', { name: 'Passkey toevoegen' }).click();
  await expect(page.getByText('Passkey “Laptop kantoor” toegevoegd: u kunt er voortaan mee aanmelden.')).toBeVisible();
  await expect(page.getByText('Laptop kantoor', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Afmelden' }).first().click();
  await expect(page).toHaveURL(/\/aanmelden$/);
  await expect(page.getByRole('button', { name: 'Aanmelden met een passkey' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Aanmelden met een passkey' }).click();
  // signed in again, on their first screen: they had signed out, so there is no "back where they were"
  await expect(page).toHaveURL(/\/leads$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Leads' })).toBeVisible();
  expect((await api(page, '/api/me')).json).toMatchObject({ email: `passkey-screens-${test.info().project.name}@example.nl` });
});

test('a back office on an IP address offers no passkeys and says so', { tag: '@desktop-only' }, async ({ request }) => {
  const plain = await startServer({ distDir: dist, env: { PORT: '0' } });
  try {
    await expect.poll(() => /back office on (http:\/\/127\.0\.0\.1:\d+)/.exec(plain.output())?.[1]).toBeDefined();
    const url = /back office on (http:\/\/127\.0\.0\.1:\d+)/.exec(plain.output())![1]!;
    const answer = await request.post(`${url}/api/sign-in/passkey/options`, {
      headers: { 'Content-Type': 'application/json', 'X-Staff-Request': '1', Origin: url },
      data: {},
    });
    expect([answer.status(), await answer.json()]).toEqual([404, { error: 'passkeys-unavailable' }]);
  } finally {
    await plain.stop();
    removeDir(plain.dataDir);
  }
});

test('at the invitation a passkey is set up with the password and code; on the account page it is removed, and then signs in no more', async ({ page }) => {
  await virtualAuthenticator(page);
  const store = await openStaffStore({ dataDir: server.dataDir });
  const invited = await inviteStaff(store, `passkey-invitation-${test.info().project.name}@example.nl`, 'sales', null);
  await store.close();
  if (!invited.ok) throw new Error(invited.problem);
  await page.goto(`${admin}/uitnodiging/${invited.token}`);
  const secret = (await page.getByText(/^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/).textContent())!.replace(/ /g, '');
  await page.getByLabel('Nieuw wachtwoord').fill('fietsen langs de Eem in mei');
  await page.getByLabel('Code van 6 cijfers').fill(totpAt(base32Decode(secret)!, Date.now()));
  await page.getByRole('button', { name: 'Account instellen' }).click();
  await expect(page.getByRole('heading', { name: 'Bewaar uw herstelcodes' })).toBeFocused();
  // while the device is at hand: no second sign-in is asked, the acceptance was one
  await page.getByLabel('Naam van dit apparaat').fill('Telefoon');
  await page.getByRole('button', { name: 'Passkey toevoegen' }).click();
  await expect(page.getByText('Passkey “Telefoon” toegevoegd: u kunt er voortaan mee aanmelden.')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Ik heb ze bewaard, ga verder' }).click();
  await expect(page.getByRole('heading', { name: 'Leads', level: 1 })).toBeFocused();

  await page.goto(`${admin}/account`);
  await expect(page.getByText('Telefoon', { exact: true })).toBeVisible();
  page.once('dialog', (dialog) => {
    expect(dialog.message()).toBe('Passkey “Telefoon” verwijderen? Met dat apparaat kunt u daarna niet meer aanmelden.');
    void dialog.accept();
  });
  await page.getByRole('button', { name: 'Passkey “Telefoon” verwijderen' }).click();
  await expect(page.getByText('Passkey “Telefoon” verwijderd.')).toBeVisible();
  await expect(page.getByText('Telefoon', { exact: true })).toBeHidden();
  await expectNoAxeViolations(page);
  const logbook = await openStaffStore({ dataDir: server.dataDir });
  const events = await logbook.listAudit({ limit: 20 });
  await logbook.close();
  expect(events.filter((e) => e.kind === 'factor.passkey-removed').map((e) => e.actorId)).toEqual([invited.userId]);

  // the device still holds the key, but the server no longer knows it
  await page.getByRole('button', { name: 'Afmelden' }).first().click();
  await expect(page).toHaveURL(/\/aanmelden/);
  await page.getByRole('button', { name: 'Aanmelden met een passkey' }).click();
  await expect(page.getByRole('alert')).toContainText('klopt niet');
  expect((await api(page, '/api/me')).status).toBe(401);
});
