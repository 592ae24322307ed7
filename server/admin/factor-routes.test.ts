import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Hono } from 'hono';
import { base32Decode } from '../staff/base32.ts';
import { staffSecretKey } from '../staff/secret-box.ts';
import { DEFAULT_TIMEOUTS, FRESH_SIGN_IN_MS } from '../staff/sessions.ts';
import { FREE_FAILURES } from '../staff/throttle.ts';
import { openStaffStore, type StaffStore } from '../staff/store/staff-store.ts';
import { backends, SETUP_TIMEOUT_MS, testClock } from '../staff/test-support/backends.ts';
import type { StorageOptions } from '../storage/types.ts';
import { hashToken, newToken } from '../staff/tokens.ts';
import { totpAt } from '../staff/totp.ts';
import { createAdminApp } from './admin-app.ts';
import type { AdminEnv } from './routes.ts';
import { browser, ORIGIN, PASSWORD, person as invite } from './test-support/staff-browser.ts';

const NEW_PASSWORD = 'een nieuwe zin voor het voorjaar';
const OWN_KINDS = ['factor.password-changed', 'factor.recovery-codes-renewed', 'factor.totp-moved'];

/**
 * A person's own ways in, changed on the account page: password, recovery codes and the authenticator, each behind
 * a fresh sign-in, over the real routes on both databases, with the TOTP secrets sealed as the server seals them.
 */
describe.each(backends)('a person’s own factors on $name', (backend) => {
  let store: StaffStore;
  let options: StorageOptions;
  let app: Hono<AdminEnv>;
  let clock: ReturnType<typeof testClock>;
  const codeFor = (secret: string, later = 0) => totpAt(base32Decode(secret)!, clock.peek() + later);
  const person = (email: string) => invite(app, store, clock, email, 'sales');
  /** a sign-in from a browser of its own: the status */
  const signIn = async (email: string, password: string, code: string) => (await browser(app).post('/api/sign-in', { email, password, code })).status;
  const ownEvents = async () => (await store.listAudit({ limit: 1000 })).filter((e) => OWN_KINDS.includes(e.kind)).map((e) => [e.kind, e.actorId]);

  beforeAll(() => backend.setup(), SETUP_TIMEOUT_MS);
  afterAll(() => backend.teardown(), 30_000);
  beforeEach(async () => {
    options = await backend.fresh();
    clock = testClock();
    store = await openStaffStore(options, { clock: clock.clock, secretKey: staffSecretKey('a server secret for the tests') });
    ({ app } = createAdminApp({ staff: store, origin: ORIGIN, timeouts: DEFAULT_TIMEOUTS, clientIp: () => '203.0.113.7', issuer: 'Back office' }));
  }, 60_000);
  afterEach(() => store.close());

  it('asks for a fresh sign-in before each change; a stale session changes nothing, and after a step-up it goes through', async () => {
    const an = await person('an@example.nl');
    clock.advance(FRESH_SIGN_IN_MS + 1000);
    const attempts = [
      ['/api/account/password', { currentPassword: PASSWORD, newPassword: NEW_PASSWORD }],
      ['/api/account/recovery-codes', {}],
      ['/api/account/authenticator', {}],
      ['/api/account/authenticator/confirm', { code: an.code() }],
    ] as const;
    for (const [path, body] of attempts) {
      const answer = await an.b.post(path, body);
      expect([answer.status, await answer.json()], path).toEqual([403, { error: 'step-up' }]);
    }
    // what the page shows needs no fresh sign-in
    expect(await (await an.b.get('/api/account/factors')).json()).toMatchObject({ recoveryCodesLeft: 10 });
    expect(await store.getPendingTotp(an.id)).toBeUndefined();
    expect(await ownEvents()).toEqual([]);
    expect(await signIn('an@example.nl', PASSWORD, an.recoveryCodes[0]!)).toBe(200);

    expect((await an.b.post('/api/step-up', { password: PASSWORD, code: an.code() })).status).toBe(200);
    expect((await an.b.post('/api/account/recovery-codes')).status).toBe(200);
  });

  it('changes the password: the current one asked, the new one checked; other sessions end, this one goes on; the old password no longer signs in', async () => {
    const an = await person('an@example.nl');
    const laptop = browser(app);
    expect((await laptop.post('/api/sign-in', { email: 'an@example.nl', password: PASSWORD, code: an.code() })).status).toBe(200);
    const before = (await (await an.b.get('/api/me')).json()) as { freshUntil: string };

    const wrong = await an.b.post('/api/account/password', { currentPassword: 'fiets-zon-regen-43', newPassword: NEW_PASSWORD });
    expect([wrong.status, await wrong.json()]).toEqual([400, { error: 'wrong-password' }]);
    const missing = await an.b.post('/api/account/password', { newPassword: NEW_PASSWORD });
    expect([missing.status, await missing.json()]).toEqual([400, { error: 'wrong-password' }]);
    for (const [newPassword, problem] of [
      ['password1', 'common'],
      ['kort', 'too-short'],
      ['x'.repeat(129), 'too-long'],
    ]) {
      const refused = await an.b.post('/api/account/password', { currentPassword: PASSWORD, newPassword });
      expect([refused.status, await refused.json()]).toEqual([400, { error: 'password', problem }]);
    }
    // nothing changed: the laptop is still signed in, and the old password still signs in
    expect((await laptop.get('/api/me')).status).toBe(200);
    clock.advance(30_000);
    expect(await signIn('an@example.nl', PASSWORD, an.code())).toBe(200);
    expect(await ownEvents()).toEqual([]);

    const oldCookie = an.b.cookie();
    const changed = await an.b.post('/api/account/password', { currentPassword: PASSWORD, newPassword: NEW_PASSWORD });
    expect([changed.status, await changed.json()]).toEqual([200, { sessionsEnded: 2 }]);
    // this browser goes on under a new token, its sign-in as fresh as it was (a password alone does not refresh it)
    expect(an.b.cookie()).not.toBe(oldCookie);
    expect(await (await an.b.get('/api/me')).json()).toMatchObject({ freshUntil: before.freshUntil });
    expect((await laptop.get('/api/me')).status).toBe(401);
    const old = browser(app);
    old.useCookie(oldCookie);
    expect((await old.get('/api/me')).status).toBe(401);

    clock.advance(30_000);
    expect(await signIn('an@example.nl', PASSWORD, an.code())).toBe(401);
    expect(await signIn('an@example.nl', NEW_PASSWORD, an.code())).toBe(200);
    expect(await ownEvents()).toEqual([['factor.password-changed', an.id]]);
  });

  it('checks at most the free failures of 40 wrong current passwords sent at once; the rest wait (429) or find it busy (503), and nothing changes', async () => {
    const an = await person('an@example.nl');
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => an.b.post('/api/account/password', { currentPassword: `guess-${i}-guess`, newPassword: NEW_PASSWORD })),
    );
    const statuses = answers.map((a) => a.status);
    const checked = statuses.filter((s) => s === 400).length;
    expect(checked).toBeGreaterThan(0);
    expect(checked).toBeLessThanOrEqual(FREE_FAILURES);
    expect(statuses.filter((s) => s !== 400).every((s) => s === 429 || s === 503)).toBe(true);
    expect(answers.filter((a) => a.status !== 400).every((a) => Number(a.headers.get('retry-after')) > 0)).toBe(true);
    // the account's sign-in waits as well: the guesses here were guesses of its password
    expect(await signIn('an@example.nl', PASSWORD, an.code())).toBe(429);
    expect(await ownEvents()).toEqual([]);
  });

  it('makes new recovery codes, shown once: every old one stops at once, each new one signs in once', async () => {
    const an = await person('an@example.nl');
    expect(await signIn('an@example.nl', PASSWORD, an.recoveryCodes[0]!)).toBe(200);
    expect(await (await an.b.get('/api/account/factors')).json()).toMatchObject({ recoveryCodesLeft: 9 });

    const renewed = await an.b.post('/api/account/recovery-codes');
    expect(renewed.status).toBe(200);
    const { recoveryCodes } = (await renewed.json()) as { recoveryCodes: string[] };
    expect(recoveryCodes).toHaveLength(10);
    expect(recoveryCodes.filter((code) => an.recoveryCodes.includes(code))).toEqual([]);
    expect(await (await an.b.get('/api/account/factors')).json()).toMatchObject({ recoveryCodesLeft: 10 });

    for (const code of an.recoveryCodes.slice(1, 3)) expect(await signIn('an@example.nl', PASSWORD, code)).toBe(401);
    expect(await signIn('an@example.nl', PASSWORD, recoveryCodes[0]!)).toBe(200);
    expect(await signIn('an@example.nl', PASSWORD, recoveryCodes[0]!)).toBe(401);
    expect(await ownEvents()).toEqual([['factor.recovery-codes-renewed', an.id]]);
  });

  it('moves the authenticator: a new secret kept sealed by the server, the old one working until a code of the new one confirms it, and not after', async () => {
    const an = await person('an@example.nl');
    const none = await an.b.post('/api/account/authenticator/confirm', { code: an.code() });
    expect([none.status, await none.json()]).toEqual([409, { error: 'no-move' }]);

    // a secret in the request is never taken: the server makes its own
    const offered = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    const first = (await (await an.b.post('/api/account/authenticator', { secret: offered, totpSecret: offered })).json()) as { secret: string; uri: string };
    expect(first.secret).not.toBe(offered);
    expect(base32Decode(first.secret)).toHaveLength(20);
    expect(first.uri).toMatch(/^otpauth:\/\/totp\/Back%20office:an%40example\.nl\?secret=/);
    expect((await an.b.post('/api/account/authenticator/confirm', { code: codeFor(offered) })).status).toBe(400);
    // sealed in the database as the authenticator's secret is: a store without the key sees no secret
    const keyless = await openStaffStore(options);
    const stored = await keyless.getPendingTotp(an.id);
    await keyless.close();
    expect(stored?.secret).toBeDefined();
    expect(stored?.secret).not.toContain(first.secret);

    // a second move replaces the waiting secret: a code of the first no longer confirms anything
    const second = (await (await an.b.post('/api/account/authenticator')).json()) as { secret: string };
    expect(second.secret).not.toBe(first.secret);
    const ofFirst = await an.b.post('/api/account/authenticator/confirm', { code: codeFor(first.secret) });
    expect([ofFirst.status, await ofFirst.json()]).toEqual([400, { error: 'code' }]);
    const wrong = await an.b.post('/api/account/authenticator/confirm', { code: '000000' });
    expect([wrong.status, await wrong.json()]).toEqual([400, { error: 'code' }]);
    // until confirmed, the old authenticator signs in, and the new one does not
    expect(await signIn('an@example.nl', PASSWORD, codeFor(second.secret))).toBe(401);
    expect(await signIn('an@example.nl', PASSWORD, an.code())).toBe(200);
    expect(await ownEvents()).toEqual([]);

    const code = codeFor(second.secret);
    const confirmed = await an.b.post('/api/account/authenticator/confirm', { code });
    expect([confirmed.status, await confirmed.json()]).toEqual([200, { ok: true }]);
    // the code that confirmed it is spent, and nothing waits any more
    expect(await signIn('an@example.nl', PASSWORD, code)).toBe(401);
    expect((await an.b.post('/api/account/authenticator/confirm', { code: codeFor(second.secret, 30_000) })).status).toBe(409);
    clock.advance(30_000);
    expect(await signIn('an@example.nl', PASSWORD, an.code())).toBe(401);
    expect(await signIn('an@example.nl', PASSWORD, codeFor(second.secret))).toBe(200);
    expect(await ownEvents()).toEqual([['factor.totp-moved', an.id]]);
  });

  it('confirms only the secret that waits since the time it was read, and a reset takes a waiting secret away too', async () => {
    const an = await person('an@example.nl');
    await store.setPendingTotp(an.id, 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
    const pending = await store.getPendingTotp(an.id);
    expect(pending?.secret).toBe('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
    expect(await store.confirmPendingTotp(an.id, '2000-01-01T00:00:00.000Z', 1)).toBe(false);
    expect(await store.getPendingTotp(an.id)).toEqual(pending);
    await store.resetUser(an.id, { tokenHash: hashToken(newToken()), createdBy: null });
    expect(await store.getPendingTotp(an.id)).toBeUndefined();
  });
});
