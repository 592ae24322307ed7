import { randomBytes } from 'node:crypto';
import type { Hono } from 'hono';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_TIMEOUTS } from '../staff/sessions.ts';
import type { StaffStore } from '../staff/store/staff-store.ts';
import { SIGN_IN_OPTIONS_PER_MINUTE } from './passkey-routes.ts';
import { FREE_FAILURES, MAX_DELAY_MS } from '../staff/throttle.ts';
import { backends, openTestStore, SETUP_TIMEOUT_MS } from '../staff/test-support/backends.ts';
import { createAdminApp } from './admin-app.ts';
import type { AdminEnv } from './routes.ts';
import { SESSION_COOKIE } from './session-cookie.ts';
import { OWN, person } from './test-support/staff-browser.ts';
import { assertion, b64url, createCredential, softwarePasskey } from './test-support/software-passkey.ts';

/**
 * Passkey ceremonies bound to the server (issue 46): each challenge is one the server made and kept, taken once by
 * the first verification. The authenticator is a software one (test-support/software-passkey.ts): P-256, attestation 'none', and a
 * signature counter that stays 0, as synced passkeys have, so the counter never tells a replay apart.
 */

// WebAuthn needs a host name for the relying party: localhost counts
const ORIGIN = 'http://localhost:4330';
const CHALLENGE_COOKIE = '__Host-staff-challenge';
const FIVE_MINUTES = 5 * 60 * 1000;

/**
 * A passkey on a software device (test-support/software-passkey.ts) with a counter that stays 0: `create` as the
 * account screen's browser answers the registration options, `get` as the sign-in's.
 */
function softwareAuthenticator() {
  const device = softwarePasskey(ORIGIN);
  return {
    id: b64url(device.credentialId),
    create: (challenge: string, options: { userId: string; origin?: string }): RegistrationResponseJSON =>
      createCredential(device, challenge, b64url(new TextEncoder().encode(options.userId)), options.origin),
    get: (challenge: string): AuthenticationResponseJSON => assertion(device, challenge),
  };
}

/** A plain HTTP client with a cookie jar: every cookie it was given is sent back, and any can be set by hand. */
function client(app: Hono<AdminEnv>, cookies = new Map<string, string>()) {
  const keep = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const name = pair.slice(0, pair.indexOf('='));
      const value = pair.slice(pair.indexOf('=') + 1);
      if (!value || attributes.some((a) => /^\s*max-age=0\s*$/i.test(a))) cookies.delete(name);
      else cookies.set(name, value);
    }
    return response;
  };
  const cookieHeader = (): Record<string, string> => (cookies.size ? { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') } : {});
  return {
    cookies,
    get: async (path: string) => keep(await app.request(path, { headers: cookieHeader() })),
    post: async (path: string, body: unknown = {}) =>
      keep(await app.request(path, { method: 'POST', headers: { ...OWN, ...cookieHeader() }, body: JSON.stringify(body) })),
    /** a new session was set by this answer */
    signedIn: (response: Response) =>
      response.headers.getSetCookie().some((line) => line.startsWith(`${SESSION_COOKIE}=`) && !line.startsWith(`${SESSION_COOKIE}=;`)),
  };
}

type Client = ReturnType<typeof client>;

describe.each(backends)('passkey challenges on $name', (backend) => {
  let store: StaffStore;
  let advance: (ms: number) => void;
  let peek: () => number;
  let app: Hono<AdminEnv>;

  beforeAll(() => backend.setup(), SETUP_TIMEOUT_MS);
  afterAll(() => backend.teardown(), 30_000);
  beforeEach(async () => {
    ({ store, advance, peek } = await openTestStore(backend));
    ({ app } = createAdminApp({ staff: store, origin: ORIGIN, timeouts: DEFAULT_TIMEOUTS, clientIp: () => '203.0.113.7', issuer: 'Back office' }));
  }, 60_000);
  afterEach(() => store.close());

  /** A signed-in person (just now: fresh enough to add a passkey) in a client that keeps every cookie. */
  async function signedIn(email: string) {
    const invited = await person(app, store, { advance, peek }, email, 'sales');
    return { id: invited.id, c: client(app, new Map([[SESSION_COOKIE, invited.b.cookie()!]])) };
  }

  async function registrationOptions(c: Client): Promise<string> {
    const options = await c.post('/api/passkeys/options');
    expect(options.status).toBe(200);
    return ((await options.json()) as { challenge: string }).challenge;
  }

  /** Adds a counter-0 passkey to the person's account through the real routes. */
  async function registered(email: string) {
    const { id, c } = await signedIn(email);
    const device = softwareAuthenticator();
    const challenge = await registrationOptions(c);
    const added = await c.post('/api/passkeys', { response: device.create(challenge, { userId: id }), name: 'Telefoon' });
    expect(added.status).toBe(201);
    return { id, c, device };
  }

  async function signInOptions(c: Client): Promise<string> {
    const options = await c.post('/api/sign-in/passkey/options');
    expect(options.status).toBe(200);
    return ((await options.json()) as { challenge: string }).challenge;
  }

  /**
   * A sign-in past any throttle wait (so the check answers, unless `pastThrottle` is false: a first try needs no
   * wait): its status, whether it gave a session, and /api/me's status after it.
   */
  async function trySignIn(c: Client, response: AuthenticationResponseJSON, pastThrottle = true): Promise<[number, boolean, number]> {
    if (pastThrottle) advance(MAX_DELAY_MS + 1000);
    const answer = await c.post('/api/sign-in/passkey', { response });
    return [answer.status, c.signedIn(answer), (await c.get('/api/me')).status];
  }
  const REFUSED: [number, boolean, number] = [401, false, 401];

  /** One refused sign-in: 401, no session given, none in use after it. */
  async function refusedSignIn(c: Client, response: AuthenticationResponseJSON) {
    expect(await trySignIn(c, response)).toEqual(REFUSED);
  }

  it('registers a passkey whose counter stays 0 and signs in with it alone: 200 and a session', async () => {
    const { id, device } = await registered('an@example.nl');
    expect((await store.listPasskeys(id)).map((p) => [p.id, p.counter])).toEqual([[device.id, 0]]);
    const c = client(app);
    const signed = await c.post('/api/sign-in/passkey', { response: device.get(await signInOptions(c)) });
    expect(signed.status).toBe(200);
    expect(c.signedIn(signed)).toBe(true);
    expect(await (await c.get('/api/me')).json()).toMatchObject({ email: 'an@example.nl', role: 'sales' });
    expect((await store.getPasskey(device.id))?.counter).toBe(0);
  });

  it('refuses a captured sign-in replayed from another client, with the same cookie or any cookie, every time', async () => {
    const { device } = await registered('an@example.nl');
    const first = client(app);
    const challenge = await signInOptions(first);
    const captured = { cookie: first.cookies.get(CHALLENGE_COOKIE), response: device.get(challenge) };
    expect((await first.post('/api/sign-in/passkey', { response: captured.response })).status).toBe(200);
    const replays: Record<string, [number, boolean, number][]> = { sameCookie: [], otherCookie: [], noCookie: [] };
    for (let attempt = 0; attempt < 3; attempt++) {
      // the cookie the first client had, if the server gave it one, else a cookie set to the challenge
      replays.sameCookie!.push(await trySignIn(client(app, new Map([[CHALLENGE_COOKIE, captured.cookie ?? challenge]])), captured.response));
      replays.otherCookie!.push(await trySignIn(client(app, new Map([[CHALLENGE_COOKIE, b64url(randomBytes(32))]])), captured.response));
      replays.noCookie!.push(await trySignIn(client(app), captured.response));
    }
    expect(replays).toEqual({ sameCookie: [REFUSED, REFUSED, REFUSED], otherCookie: [REFUSED, REFUSED, REFUSED], noCookie: [REFUSED, REFUSED, REFUSED] });
  });

  it('checks at most the free failures of 60 passkey sign-ins sent at once; the rest wait with 429 and Retry-After', async () => {
    // a device the server does not know, over challenges the server did make (asked from many addresses, as a
    // botnet would, so that each got one); then all sent at once from one address
    let address = '';
    const { app: spread } = createAdminApp({ staff: store, origin: ORIGIN, timeouts: DEFAULT_TIMEOUTS, clientIp: () => address, issuer: 'Back office' });
    const stranger = softwareAuthenticator();
    const attempts = [];
    for (let i = 0; i < 60; i++) {
      address = `198.51.100.${i}`;
      const c = client(spread);
      attempts.push({ c, response: stranger.get(await signInOptions(c)) });
    }
    address = '203.0.113.9';
    const answers = await Promise.all(attempts.map(({ c, response }) => c.post('/api/sign-in/passkey', { response })));
    const statuses = answers.map((a) => a.status);
    const checked = statuses.filter((s) => s === 401).length;
    expect(checked).toBeGreaterThan(0);
    expect(checked).toBeLessThanOrEqual(FREE_FAILURES);
    expect(statuses.filter((s) => s === 429)).toHaveLength(60 - checked);
    expect(answers.filter((a) => a.status === 429).every((a) => Number(a.headers.get('retry-after')) > 0)).toBe(true);
  });

  it('gives one address a few sign-in challenges a minute, not a table full of them', async () => {
    const asked = await Promise.all(Array.from({ length: SIGN_IN_OPTIONS_PER_MINUTE + 10 }, () => client(app).post('/api/sign-in/passkey/options')));
    expect(asked.filter((a) => a.status === 200)).toHaveLength(SIGN_IN_OPTIONS_PER_MINUTE);
    expect(asked.filter((a) => a.status === 429).every((a) => Number(a.headers.get('retry-after')) > 0)).toBe(true);
    expect(asked.filter((a) => a.status === 429)).toHaveLength(10);
  });

  it('refuses a sign-in over a challenge the server never made, even with a cookie set to it', async () => {
    const { device } = await registered('an@example.nl');
    const made = b64url(randomBytes(32));
    await refusedSignIn(client(app, new Map([[CHALLENGE_COOKIE, made]])), device.get(made));
  });

  it('signs in over a challenge within its five minutes, not past them; and takes a challenge once even when the first try fails', async () => {
    const { device } = await registered('an@example.nl');
    const inTime = client(app);
    const fresh = await signInOptions(inTime);
    advance(FIVE_MINUTES - 1000);
    expect(await trySignIn(inTime, device.get(fresh), false)).toEqual([200, true, 200]);
    const late = client(app);
    const expired = await signInOptions(late);
    advance(FIVE_MINUTES + 1);
    expect(await trySignIn(late, device.get(expired), false)).toEqual(REFUSED);

    // a first verification that fails (another origin signed) still uses the challenge up
    const c = client(app);
    const challenge = await signInOptions(c);
    const cookie = c.cookies.get(CHALLENGE_COOKIE);
    const elsewhere = device.get(challenge);
    const clientData = JSON.parse(Buffer.from(elsewhere.response.clientDataJSON, 'base64url').toString()) as Record<string, unknown>;
    elsewhere.response.clientDataJSON = b64url(Buffer.from(JSON.stringify({ ...clientData, origin: 'https://phish.example' })));
    expect((await c.post('/api/sign-in/passkey', { response: elsewhere })).status).toBe(401);
    await refusedSignIn(client(app, new Map(cookie ? [[CHALLENGE_COOKIE, cookie]] : [])), device.get(challenge));
  });

  it('refuses a sign-in over a challenge made for adding a passkey', async () => {
    const { c, device } = await registered('an@example.nl');
    const forRegistration = await registrationOptions(c);
    await refusedSignIn(client(app, new Map([[CHALLENGE_COOKIE, forRegistration]])), device.get(forRegistration));
  });

  it('refuses a registration over a challenge not made, made for another person or for a sign-in, or used before; no passkey is stored', async () => {
    const { id, c } = await signedIn('an@example.nl');
    const other = await signedIn('bo@example.nl');
    const refused = async (challenge: string, device = softwareAuthenticator()) => {
      c.cookies.set(CHALLENGE_COOKIE, challenge);
      const answer = await c.post('/api/passkeys', { response: device.create(challenge, { userId: id }), name: 'Nep' });
      expect([answer.status, await answer.json()]).toEqual([400, { error: 'refused' }]);
    };
    await refused(b64url(randomBytes(32)));
    await refused(await registrationOptions(other.c));
    await refused(await signInOptions(client(app)));
    await refused(await registrationOptions(c).then((challenge) => (advance(FIVE_MINUTES + 1), challenge)));
    expect(await store.listPasskeys(id)).toEqual([]);
    expect(await store.listPasskeys(other.id)).toEqual([]);
  });

  it('takes a registration challenge once: a response replayed, or a second one over a challenge whose first try failed, is refused', async () => {
    const { id, c } = await signedIn('an@example.nl');
    const device = softwareAuthenticator();
    const challenge = await registrationOptions(c);
    const cookie = c.cookies.get(CHALLENGE_COOKIE);
    const response = device.create(challenge, { userId: id });
    expect((await c.post('/api/passkeys', { response, name: 'Telefoon' })).status).toBe(201);
    for (let attempt = 0; attempt < 3; attempt++) {
      if (cookie) c.cookies.set(CHALLENGE_COOKIE, cookie);
      const replayed = await c.post('/api/passkeys', { response, name: 'Nog een' });
      expect([replayed.status, await replayed.json()]).toEqual([400, { error: 'refused' }]);
    }

    const failed = await registrationOptions(c);
    const again = c.cookies.get(CHALLENGE_COOKIE);
    const second = softwareAuthenticator();
    expect((await c.post('/api/passkeys', { response: second.create(failed, { userId: id, origin: 'https://phish.example' }), name: 'Nep' })).status).toBe(400);
    if (again) c.cookies.set(CHALLENGE_COOKIE, again);
    const retried = await c.post('/api/passkeys', { response: second.create(failed, { userId: id }), name: 'Nep' });
    expect([retried.status, await retried.json()]).toEqual([400, { error: 'refused' }]);
    expect((await store.listPasskeys(id)).map((p) => p.name)).toEqual(['Telefoon']);
  });
});
