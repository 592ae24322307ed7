import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { fixtureDist, removeDir, type ServerProcess } from '../support/server-process.ts';
import { openStaffStore } from '../../server/staff/store/staff-store.ts';
import { inviteStaff } from '../../server/staff/invitations.ts';
import { codeFor, expectNoAxeViolations, startOwnBackOffice } from './backoffice-support.ts';
import { SESSION_COOKIE } from '../../server/admin/session-cookie.ts';
import { TOTP_PERIOD_SECONDS } from '../../server/staff/totp.ts';
import { SERVER_SITE_FILE } from '../../core/site/server-site.ts';

/**
 * Signing in, in Chromium, against a real server of this spec's own (its own database, so the throttle's count
 * of this address is this spec's alone): the cookie as the browser keeps it, codes computed by the test, and
 * what the server says when a session ends, is guessed at, or is asked about an account that does not exist.
 * The server's answers, the same at any width: asked in the desktop project (the screens are in backoffice.spec.ts
 * at both widths).
 */
test.describe.configure({ mode: 'default' });
test.use({ firstVisit: true });

let server: ServerProcess;
let dist: string;
let admin: string;

const startBackOffice = (port: number, env: Record<string, string> = {}, distDir = dist) => startOwnBackOffice(port, distDir, env);

test.beforeAll(async ({ browserName: _browser }, testInfo) => {
  dist = fixtureDist();
  // one port per project and worker, in this spec's own range (the passkeys spec has 4760+)
  ({ server, admin } = await startBackOffice(4780 + (testInfo.project.name === 'phone' ? 1 : 0) + 4 * testInfo.parallelIndex));
});

test.afterAll(async () => {
  await server?.stop();
  if (server) removeDir(server.dataDir);
  if (dist) rmSync(dist, { recursive: true, force: true });
});

interface Answer {
  status: number;
  json: Record<string, unknown>;
}

/** A call of the back office's API from the page, as its own screens make them. */
async function api(page: Page, path: string, body?: unknown): Promise<Answer> {
  return page.evaluate(
    async ({ path, body }) => {
      const init: RequestInit =
        body === undefined ? {} : { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Staff-Request': '1' }, body: JSON.stringify(body) };
      const response = await fetch(path, init);
      const json = (await response.json()) as Record<string, unknown>;
      return { status: response.status, json };
    },
    { path, body },
  );
}

interface Person {
  email: string;
  password: string;
  secret: string;
  recoveryCodes: string[];
}

/** An invitation as `npm run staff -- add` makes it, accepted in this page: the person is signed in after it. */
async function acceptedPerson(page: Page, on: { server: ServerProcess; admin: string }, name: string): Promise<Person> {
  const store = await openStaffStore({ dataDir: on.server.dataDir });
  const email = `${name}-${test.info().project.name}@example.nl`;
  const invited = await inviteStaff(store, email, 'sales', null);
  await store.close();
  if (!invited.ok) throw new Error(invited.problem);
  await page.goto(`${on.admin}/api/passkeys/available`);
  const secret = ((await api(page, `/api/invitations/${invited.token}`)).json.totp as { secret: string }).secret;
  const password = 'fietsen langs de Eem in mei';
  const accepted = await api(page, `/api/invitations/${invited.token}`, { password, totpSecret: secret, code: codeFor(secret) });
  expect(accepted.status).toBe(200);
  return { email, password, secret, recoveryCodes: accepted.json.recoveryCodes as string[] };
}

async function sessionCookie(context: BrowserContext, origin: string) {
  return (await context.cookies(origin)).find((cookie) => cookie.name === SESSION_COOKIE);
}

/** The same request with a cookie of the test's choosing, from outside the page: what a stolen or kept token gets. */
async function meWith(page: Page, origin: string, token: string): Promise<number> {
  return (await page.request.get(`${origin}/api/me`, { headers: { Cookie: `${SESSION_COOKIE}=${token}` } })).status();
}

/** The code of the authenticator's next 30-second step: the server takes one step of clock drift either way. */
const nextCode = (secret: string) => codeFor(secret, Date.now() + TOTP_PERIOD_SECONDS * 1000);

// first in the file: the throttle counts this address's failures, and the other tests here fail on purpose too
test(
  'an unknown account gets the same answer as a wrong password; 20 wrong passwords are slowed down, and the real person still signs in after the wait',
  { tag: '@desktop-only' },
  async ({ page }) => {
    // the throttle's wait and a generous margin: on a busy machine each argon2 check takes longer
    test.setTimeout(180_000);
    const person = await acceptedPerson(page, { server, admin }, 'throttle');
    expect((await api(page, '/api/sign-out', {})).status).toBe(200);

    // a first refusal, then two of each, alternately: five in all, within the free failures of this address, so each
    // is checked in full
    const warm = await api(page, '/api/sign-in', { email: person.email, password: 'niet het wachtwoord', code: '123456' });
    const wrong: Answer[] = [];
    const unknown: Answer[] = [];
    for (let round = 0; round < 2; round++) {
      wrong.push(await api(page, '/api/sign-in', { email: person.email, password: 'niet het wachtwoord', code: '123456' }));
      unknown.push(await api(page, '/api/sign-in', { email: `niemand-${round}@example.nl`, password: 'niet het wachtwoord', code: '123456' }));
    }
    for (const answer of [warm, ...wrong, ...unknown]) expect([answer.status, answer.json]).toEqual([401, { error: 'refused' }]);
    // both are one argon2 verification (a dummy hash for the unknown address), so neither answers in a fraction of the
    // other's time: server/staff/sign-in.test.ts compares the work of each by CPU time, which a busy machine does not
    // change as it changes the clock's

    const guesses: Answer[] = [];
    for (let n = 0; n < 20; n++) guesses.push(await api(page, '/api/sign-in', { email: person.email, password: `gok nummer ${n}`, code: '000000' }));
    expect(guesses.filter((g) => g.status === 200)).toEqual([]);
    for (const guess of guesses) expect([401, 429]).toContain(guess.status);
    const throttled = guesses.filter((g) => g.status === 429);
    expect(throttled.length).toBeGreaterThanOrEqual(10);
    expect(throttled[0]!.json).toMatchObject({ error: 'throttled' });

    // the right password now is not even checked: it waits as a guess would, and is told how long (what is left of
    // the wait when the answer comes, which the server holds a second)
    const askedAt = Date.now();
    const early = await api(page, '/api/sign-in', { email: person.email, password: person.password, code: person.recoveryCodes[0] });
    expect(early.status).toBe(429);
    const wait = early.json.retryAfterSeconds as number;
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);
    // after the wait the real person is let in: never a permanent lock-out (an attempt while throttled is not
    // checked, so asking again meanwhile neither counts as a failure nor spends the code)
    await expect
      .poll(async () => (await api(page, '/api/sign-in', { email: person.email, password: person.password, code: person.recoveryCodes[0] })).status, {
        intervals: [250],
        timeout: (wait + 60) * 1000,
      })
      .toBe(200);
    expect(Date.now() - askedAt).toBeGreaterThanOrEqual((wait - 1) * 1000);
    expect((await api(page, '/api/me')).json).toMatchObject({ email: person.email, role: 'sales' });
  },
);

test(
  'password and code: the cookie is __Host-, Secure, HttpOnly and SameSite=Strict, a new token at sign-in and at step-up, and a code once used is refused',
  { tag: '@desktop-only' },
  async ({ page }) => {
    const person = await acceptedPerson(page, { server, admin }, 'cookie');
    const first = (await sessionCookie(page.context(), admin))!;
    expect(first).toMatchObject({ name: '__Host-staff-session', path: '/', secure: true, httpOnly: true, sameSite: 'Strict', domain: 'localhost' });
    // a session cookie: it goes when the browser closes, and the server ends it sooner (idle and absolute time-outs)
    expect(first.expires).toBe(-1);

    expect((await api(page, '/api/sign-out', {})).status).toBe(200);
    expect(await sessionCookie(page.context(), admin)).toBeUndefined();
    // signed out on the server: the old token opens nothing, even sent by someone who kept it
    expect(await meWith(page, admin, first.value)).toBe(401);

    // the acceptance spent the code of this step; the next step's code signs in once
    const code = nextCode(person.secret);
    const signedIn = await api(page, '/api/sign-in', { email: person.email, password: person.password, code });
    expect(signedIn.status).toBe(200);
    expect(signedIn.json).toMatchObject({ email: person.email, role: 'sales', usedRecoveryCode: false });
    const second = (await sessionCookie(page.context(), admin))!;
    expect(second.value).not.toBe(first.value);
    expect(second).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Strict' });

    // the step-up (before export, erase, people) renews the token: the one before it no longer works
    const recovery = person.recoveryCodes[0]!;
    expect((await api(page, '/api/step-up', { password: person.password, code: recovery })).status).toBe(200);
    const third = (await sessionCookie(page.context(), admin))!;
    expect(third.value).not.toBe(second.value);
    expect(await meWith(page, admin, second.value)).toBe(401);
    expect(await meWith(page, admin, third.value)).toBe(200);

    // the same code again, with the right password, from a new sign-in: refused with the one answer of every failure
    expect((await api(page, '/api/sign-out', {})).status).toBe(200);
    const reused = await api(page, '/api/sign-in', { email: person.email, password: person.password, code });
    expect([reused.status, reused.json]).toEqual([401, { error: 'refused' }]);
    const reusedRecovery = await api(page, '/api/sign-in', { email: person.email, password: person.password, code: recovery });
    expect([reusedRecovery.status, reusedRecovery.json]).toEqual([401, { error: 'refused' }]);
    expect((await api(page, '/api/me')).status).toBe(401);
  },
);

test(
  'a device kept signed in: its cookie outlives the browser, the account page says until when, and "Op alle andere apparaten afmelden" ends the others',
  { tag: '@desktop-only' },
  async ({ page, browser }) => {
    const person = await acceptedPerson(page, { server, admin }, 'kept');
    expect((await api(page, '/api/sign-out', {})).status).toBe(200);
    await page.goto(`${admin}/aanmelden`);
    await page.getByLabel('E-mailadres').fill(person.email);
    await page.getByLabel('Wachtwoord').fill(person.password);
    await page.getByLabel('Code', { exact: true }).fill(nextCode(person.secret));
    const keep = page.getByRole('checkbox', { name: 'Op dit apparaat 30 dagen aangemeld blijven' });
    // never ticked for the person: a shared computer stays a session that ends with the browser
    await expect(keep).not.toBeChecked();
    await expect(keep).toHaveAccessibleDescription(/Alleen op een eigen apparaat/);
    await keep.check();
    await page.getByRole('button', { name: 'Aanmelden', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Leads', level: 1 })).toBeVisible();
    const kept = (await sessionCookie(page.context(), admin))!;
    expect(Math.abs(kept.expires - (Date.now() / 1000 + 30 * 24 * 60 * 60))).toBeLessThan(120);

    // the same person on another computer, not kept: a cookie that goes with that browser
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await otherPage.goto(`${admin}/api/passkeys/available`);
    expect((await api(otherPage, '/api/sign-in', { email: person.email, password: person.password, code: person.recoveryCodes[0] })).status).toBe(200);
    expect((await sessionCookie(other, admin))!.expires).toBe(-1);

    await page.goto(`${admin}/account`);
    await expect(page.getByText(/^Blijft aangemeld tot /)).toHaveCount(1);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Op alle andere apparaten afmelden' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'afgemeld' })).toHaveText('U bent op 1 ander apparaat afgemeld.');
    await expect(page.getByRole('button', { name: 'Op alle andere apparaten afmelden' })).toHaveCount(0);
    expect((await api(otherPage, '/api/me')).status).toBe(401);
    expect((await api(page, '/api/me')).status).toBe(200);
    await other.close();
  },
);

test('an invitation is refused after it expired, on the screen and by the server', { tag: '@desktop-only' }, async ({ page }) => {
  // made 73 hours ago, as the command would have made it then: its 72 hours are over
  const store = await openStaffStore({ dataDir: server.dataDir }, { clock: () => new Date(Date.now() - 73 * 3_600_000) });
  const invited = await inviteStaff(store, `verlopen-${test.info().project.name}@example.nl`, 'sales', null);
  await store.close();
  if (!invited.ok) throw new Error(invited.problem);
  await page.goto(`${admin}/uitnodiging/${invited.token}`);
  await expect(page.getByRole('heading', { name: 'Deze uitnodiging werkt niet' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('onbekend, al gebruikt of verlopen');
  await expectNoAxeViolations(page);
  const accept = await api(page, `/api/invitations/${invited.token}`, { password: 'fietsen langs de Eem in mei', totpSecret: 'A'.repeat(32), code: '123456' });
  expect([accept.status, accept.json]).toEqual([404, { error: 'invitation' }]);
});

test('idle and absolute time-outs end the session on the server', { tag: '@desktop-only' }, async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  // a server of its own with time-outs of seconds: 3 s idle, 9 s in all
  const short = await startBackOffice(4790 + (testInfo.project.name === 'phone' ? 1 : 0) + 4 * testInfo.parallelIndex, {
    STAFF_SESSION_IDLE_MINUTES: String(3 / 60),
    STAFF_SESSION_MAX_HOURS: String(9 / 3600),
  });
  try {
    const person = await acceptedPerson(page, short, 'timeouts');
    const idleToken = (await sessionCookie(page.context(), short.admin))!.value;
    expect((await api(page, '/api/me')).status).toBe(200);
    // nothing for longer than the idle time-out: the session has ended on the server, whatever the browser keeps
    await page.waitForTimeout(3500);
    expect(await meWith(page, short.admin, idleToken)).toBe(401);
    expect((await api(page, '/api/me')).status).toBe(401);

    const signedIn = await api(page, '/api/sign-in', { email: person.email, password: person.password, code: person.recoveryCodes[0] });
    expect(signedIn.status).toBe(200);
    const startedAt = Date.now();
    // a request each second keeps it from idling, until the absolute time-out ends it all the same
    const answers: { at: number; status: number }[] = [];
    await expect
      .poll(
        async () => {
          const status = (await api(page, '/api/me')).status;
          answers.push({ at: Date.now() - startedAt, status });
          return status;
        },
        { intervals: [1000], timeout: 60_000 },
      )
      .toBe(401);
    const lastOk = Math.max(...answers.filter((a) => a.status === 200).map((a) => a.at));
    // alive well past the idle time-out, and ended all the same: by the 9 seconds since sign-in
    expect(lastOk).toBeGreaterThan(4000);
  } finally {
    await short.server.stop();
    removeDir(short.server.dataDir);
  }
});

test('on a site in English the back office speaks English: the sign-in, its refusal, and the inbox', { tag: '@desktop-only' }, async ({ page }, testInfo) => {
  // the same build with the site's language English, as a site whose config says "lang": "en" builds it
  const englishDist = fixtureDist();
  const siteFile = join(englishDist, SERVER_SITE_FILE);
  writeFileSync(siteFile, JSON.stringify({ ...(JSON.parse(readFileSync(siteFile, 'utf8')) as object), lang: 'en' }));
  const english = await startBackOffice(4800 + (testInfo.project.name === 'phone' ? 1 : 0) + 4 * testInfo.parallelIndex, {}, englishDist);
  try {
    await page.goto(`${english.admin}/aanmelden`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await page.getByLabel('Email address').fill('nobody@example.nl');
    await page.getByLabel('Password').fill('not the password at all');
    await page.getByLabel('Code', { exact: true }).fill('123456');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText('The email address, password or code is wrong.');
    await expectNoAxeViolations(page);

    await acceptedPerson(page, english, 'english');
    await page.goto(`${english.admin}/leads`);
    await expect(page.getByRole('heading', { level: 1, name: 'Leads' })).toBeVisible();
    await expect(page.getByText('No leads match this.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign out' }).first()).toBeVisible();
    await expectNoAxeViolations(page);
  } finally {
    await english.server.stop();
    removeDir(english.server.dataDir);
    rmSync(englishDist, { recursive: true, force: true });
  }
});
