import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Hono } from 'hono';
import { base32Decode } from '../staff/base32.ts';
import { inviteStaff } from '../staff/invitations.ts';
import { DEFAULT_TIMEOUTS, FRESH_SIGN_IN_MS } from '../staff/sessions.ts';
import type { StaffStore } from '../staff/store/staff-store.ts';
import { totpAt } from '../staff/totp.ts';
import { FREE_FAILURES } from '../staff/throttle.ts';
import { ROLES, type Role } from '../staff/identity.ts';
import { backends, SETUP_TIMEOUT_MS } from '../staff/test-support/backends.ts';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAdminApp } from './admin-app.ts';
import { allows } from './permissions.ts';
import { STAFF_REQUEST_HEADER } from './request-guard.ts';
import type { AdminEnv, RouteSpec } from './routes.ts';
import { SESSION_COOKIE } from './session-cookie.ts';
import { openTestAdminApp } from './test-support/admin-test-app.ts';
import { browser, OWN, ORIGIN, PASSWORD, person as invite } from './test-support/staff-browser.ts';

describe.each(backends)('the back office on $name', (backend) => {
  let store: StaffStore;
  let advance: (ms: number) => void;
  let peek: () => number;
  let app: Hono<AdminEnv>;
  let routes: RouteSpec[];
  let close: () => Promise<void>;
  const codeFor = (secret: string) => totpAt(base32Decode(secret)!, peek());

  const person = (email: string, role: Role) => invite(app, store, { advance, peek }, email, role);

  beforeAll(() => backend.setup(), SETUP_TIMEOUT_MS);
  afterAll(() => backend.teardown(), 30_000);
  beforeEach(async () => {
    // the inbox, the studio's door and the System screen's call too, so the role matrix walks their routes
    ({ app, routes, store, advance, peek, close } = await openTestAdminApp(backend, { clientIp: '203.0.113.7', leads: true, studio: true, system: true }));
  }, 60_000);
  afterEach(() => close());

  it('an invitation link sets up a password and an authenticator, gives ten recovery codes once and signs in; it works once', async () => {
    const invited = await inviteStaff(store, 'an@example.nl', 'sales', null);
    if (!invited.ok) throw new Error(invited.problem);
    const b = browser(app);
    const shown = await b.get(`/api/invitations/${invited.token}`);
    const invitation = (await shown.json()) as { email: string; role: string; totp: { secret: string; uri: string } };
    expect(invitation).toMatchObject({ email: 'an@example.nl', role: 'sales' });
    expect(invitation.totp.uri).toMatch(/^otpauth:\/\/totp\//);
    const secret = invitation.totp.secret;
    const common = await b.post(`/api/invitations/${invited.token}`, { password: 'password1', totpSecret: secret, code: codeFor(secret) });
    expect([common.status, await common.json()]).toEqual([400, { error: 'password', problem: 'common' }]);
    const wrongCode = await b.post(`/api/invitations/${invited.token}`, { password: PASSWORD, totpSecret: secret, code: '000000' });
    expect([wrongCode.status, await wrongCode.json()]).toEqual([400, { error: 'code' }]);
    const accepted = await b.post(`/api/invitations/${invited.token}`, { password: PASSWORD, totpSecret: secret, code: codeFor(secret) });
    expect(accepted.status).toBe(200);
    expect(((await accepted.json()) as { recoveryCodes: string[] }).recoveryCodes).toHaveLength(10);
    const cookie = accepted.headers.get('set-cookie')!;
    expect(cookie).toMatch(new RegExp(`^${SESSION_COOKIE}=[\\w-]{40,};`));
    for (const part of ['Path=/', 'HttpOnly', 'Secure', 'SameSite=Strict']) expect(cookie).toContain(part);
    expect(cookie).not.toMatch(/Domain=/i);
    expect(await (await b.get('/api/me')).json()).toMatchObject({ email: 'an@example.nl', role: 'sales' });
    expect((await browser(app).get(`/api/invitations/${invited.token}`)).status).toBe(404);
  });

  it('keeps the authenticator seed it showed: a seed sent with the acceptance is never taken, the shown one stays the same', async () => {
    const invited = await inviteStaff(store, 'an@example.nl', 'sales', null);
    if (!invited.ok) throw new Error(invited.problem);
    const b = browser(app);
    const zeros = 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'; // 20 zero bytes in base32
    // before the screen was shown, and after: the attacker's own seed and its code
    const unseen = await b.post(`/api/invitations/${invited.token}`, { password: PASSWORD, totpSecret: zeros, code: codeFor(zeros) });
    expect(unseen.status).toBe(400);
    const shown = ((await (await b.get(`/api/invitations/${invited.token}`)).json()) as { totp: { secret: string } }).totp.secret;
    expect(shown).not.toBe(zeros);
    // the screen again (a reload, a second device): the same seed, since it is the server's
    expect(((await (await b.get(`/api/invitations/${invited.token}`)).json()) as { totp: { secret: string } }).totp.secret).toBe(shown);
    const forged = await b.post(`/api/invitations/${invited.token}`, { password: PASSWORD, totpSecret: zeros, code: codeFor(zeros) });
    expect([forged.status, await forged.json()]).toEqual([400, { error: 'code' }]);
    const accepted = await b.post(`/api/invitations/${invited.token}`, { password: PASSWORD, code: codeFor(shown) });
    expect(accepted.status).toBe(200);
    advance(30_000);
    // the account's authenticator is the shown seed, never the zeros
    expect((await browser(app).post('/api/sign-in', { email: 'an@example.nl', password: PASSWORD, code: codeFor(zeros) })).status).toBe(401);
    expect((await browser(app).post('/api/sign-in', { email: 'an@example.nl', password: PASSWORD, code: codeFor(shown) })).status).toBe(200);
  });

  it('checks at most the free failures of 60 wrong invitation codes sent at once; the right code works after the wait', async () => {
    const invited = await inviteStaff(store, 'an@example.nl', 'sales', null);
    if (!invited.ok) throw new Error(invited.problem);
    const b = browser(app);
    const secret = ((await (await b.get(`/api/invitations/${invited.token}`)).json()) as { totp: { secret: string } }).totp.secret;
    const right = codeFor(secret);
    const wrong = (i: number) => String((Number(right) + 1 + i) % 1e6).padStart(6, '0');
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => b.post(`/api/invitations/${invited.token}`, { password: PASSWORD, code: wrong(i) })),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 400).length).toBeGreaterThan(0);
    expect(statuses.filter((s) => s === 400).length).toBeLessThanOrEqual(FREE_FAILURES);
    expect(statuses.filter((s) => s !== 400).every((s) => s === 429 || s === 503)).toBe(true);
    advance(15 * 60 * 1000);
    expect((await b.post(`/api/invitations/${invited.token}`, { password: PASSWORD, code: codeFor(secret) })).status).toBe(200);
  });

  it('signs in with password and code, refuses anything else with one answer, and sign-out ends the session on the server', async () => {
    const an = await person('an@example.nl', 'sales');
    const b = browser(app);
    const wrong = await b.post('/api/sign-in', { email: 'an@example.nl', password: 'fiets-zon-regen-43', code: an.code() });
    const unknown = await b.post('/api/sign-in', { email: 'nobody@example.nl', password: PASSWORD, code: an.code() });
    expect([wrong.status, await wrong.json()]).toEqual([401, { error: 'refused' }]);
    expect([unknown.status, await unknown.json()]).toEqual([401, { error: 'refused' }]);
    expect(b.cookie()).toBeUndefined();
    const signedIn = await b.post('/api/sign-in', { email: 'AN@example.nl', password: PASSWORD, code: an.code() });
    expect(signedIn.status).toBe(200);
    const token = b.cookie();
    expect(token).toBeDefined();
    expect((await b.get('/api/me')).status).toBe(200);
    expect((await b.post('/api/sign-out')).status).toBe(200);
    b.useCookie(token);
    expect((await b.get('/api/me')).status).toBe(401);
  });

  it('a recovery code signs in once instead of the authenticator', async () => {
    const an = await person('an@example.nl', 'sales');
    const b = browser(app);
    const first = await b.post('/api/sign-in', { email: 'an@example.nl', password: PASSWORD, code: an.recoveryCodes[0] });
    expect(await first.json()).toMatchObject({ usedRecoveryCode: true });
    const again = await browser(app).post('/api/sign-in', { email: 'an@example.nl', password: PASSWORD, code: an.recoveryCodes[0] });
    expect(again.status).toBe(401);
  });

  it('throttles guessing with 429 and Retry-After, and lets the person in once the wait is over', async () => {
    const an = await person('an@example.nl', 'sales');
    const b = browser(app);
    for (let i = 0; i < FREE_FAILURES; i++)
      expect((await b.post('/api/sign-in', { email: 'an@example.nl', password: 'guess-' + i, code: '123456' })).status).toBe(401);
    const throttled = await b.post('/api/sign-in', { email: 'an@example.nl', password: PASSWORD, code: an.code() });
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0);
    advance(Number(throttled.headers.get('retry-after')) * 1000);
    expect((await b.post('/api/sign-in', { email: 'an@example.nl', password: PASSWORD, code: an.code() })).status).toBe(200);
  });

  it('checks at most the free failures of 60 wrong sign-ins or step-ups sent at once; the rest wait (429) or find it busy (503)', async () => {
    await person('an@example.nl', 'sales');
    const burst = async (send: (i: number) => Promise<Response>) => {
      const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => send(i)));
      const statuses = answers.map((a) => a.status);
      expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(FREE_FAILURES);
      expect(statuses.filter((s) => s === 401).length).toBeGreaterThan(0);
      expect(statuses.filter((s) => s !== 401).every((s) => s === 429 || s === 503)).toBe(true);
      expect(answers.filter((a) => a.status !== 401).every((a) => Number(a.headers.get('retry-after')) > 0)).toBe(true);
      return statuses;
    };
    const b = browser(app);
    await burst((i) => b.post('/api/sign-in', { email: 'an@example.nl', password: `guess-${i}`, code: '123456' }));
    // another person, signed in from the invitation: someone at their desk guesses the password for the step-up
    advance(25 * 60 * 60 * 1000); // yesterday's failures of this address are forgotten
    const bo = await person('bo@example.nl', 'sales');
    await burst((i) => bo.b.post('/api/step-up', { password: `guess-${i}`, code: '123456' }));
  });

  it('writes nothing to the session for the pages’ static files, and its last-seen time at most once a minute for calls', async () => {
    const pagesDir = mkdtempSync(join(tmpdir(), 'admin-pages-'));
    mkdirSync(join(pagesDir, 'assets'));
    writeFileSync(join(pagesDir, 'index.html'), '<!doctype html><html lang="en"><title>Back office</title>');
    writeFileSync(join(pagesDir, 'assets/app-1.js'), 'console.log(1)');
    writeFileSync(join(pagesDir, 'assets/app-1.css'), 'body{}');
    const withPages = createAdminApp({
      staff: store,
      origin: ORIGIN,
      timeouts: DEFAULT_TIMEOUTS,
      clientIp: () => '203.0.113.7',
      issuer: 'Back office',
      pagesDir,
    }).app;
    const an = await person('an@example.nl', 'sales');
    const cookie = { cookie: `${SESSION_COOKIE}=${an.b.cookie()}` };
    const lastSeen = async () => (await store.listSessions(an.id))[0]!.lastSeenAt;
    const before = await lastSeen();
    for (let i = 0; i < 25; i++) {
      advance(2 * 60_000);
      for (const file of ['/assets/app-1.js', '/assets/app-1.css']) expect((await withPages.request(file, { headers: cookie })).status).toBe(200);
    }
    expect(await lastSeen()).toBe(before);
    // the calls keep the session alive: fifty in a minute write it once
    for (let i = 0; i < 50; i++) expect((await withPages.request('/api/me', { headers: cookie })).status).toBe(200);
    const seen = await lastSeen();
    expect(seen > before).toBe(true);
    for (let i = 0; i < 50; i++) await withPages.request('/api/me', { headers: cookie });
    expect(await lastSeen()).toBe(seen);
    rmSync(pagesDir, { recursive: true, force: true });
  });

  it('refuses a state-changing request that does not prove it comes from the back office’s own pages', async () => {
    const an = await person('an@example.nl', 'sales');
    const attempt = { email: 'an@example.nl', password: PASSWORD, code: an.code() };
    const { 'sec-fetch-site': _, ...noFetchSite } = OWN;
    const refused = [
      { ...OWN, 'sec-fetch-site': 'cross-site' },
      { ...OWN, 'sec-fetch-site': 'same-site' },
      { ...noFetchSite, origin: 'https://evil.example' },
      noFetchSite,
      { ...OWN, 'content-type': 'text/plain' },
      { ...OWN, [STAFF_REQUEST_HEADER]: '' },
    ];
    for (const headers of refused) {
      const answer = await browser(app).post('/api/sign-in', attempt, headers);
      expect([answer.status, answer.headers.get('set-cookie')]).toEqual([403, null]);
    }
    // a browser without Sec-Fetch-Site, with our own Origin
    expect((await browser(app).post('/api/sign-in', attempt, { ...noFetchSite, origin: ORIGIN })).status).toBe(200);
    // a GET never changes anything: there is no GET of sign-out
    expect((await an.b.get('/api/sign-out')).status).toBe(404);
    expect((await an.b.get('/api/me')).status).toBe(200);
  });

  it('refuses every hostile request to every state-changing route with 403, and nothing changes', async () => {
    const admin = await person('baas@example.nl', 'admin');
    const sales = await person('verkoop@example.nl', 'sales');
    const { 'sec-fetch-site': _, ...noFetchSite } = OWN;
    const hostile = {
      'a foreign Origin': { ...noFetchSite, origin: 'https://evil.example' },
      'a cross-site request': { ...OWN, 'sec-fetch-site': 'cross-site' },
      'a form content type': { ...OWN, 'content-type': 'application/x-www-form-urlencoded' },
      'no custom header': { ...OWN, [STAFF_REQUEST_HEADER]: '' },
    };
    const eventsBefore = (await store.listAudit({ limit: 1000 })).length;
    const peopleBefore = await store.listUsers();
    for (const route of routes.filter((r) => r.method === 'POST')) {
      const path = route.path.replace(':id', sales.id).replace(':token', admin.token).replace(/:\w+/g, 'x');
      for (const [what, headers] of Object.entries(hostile)) {
        const body = { email: 'baas@example.nl', password: PASSWORD, code: admin.code(), role: 'admin', status: 'won', spam: true, body: 'x' };
        const answer = await admin.b.post(path, body, headers);
        expect(answer.status, `${what}: POST ${route.path}`).toBe(403);
        expect(answer.headers.get('set-cookie'), `${what}: POST ${route.path}`).toBeNull();
      }
    }
    expect((await store.listAudit({ limit: 1000 })).length).toBe(eventsBefore);
    expect(await store.listUsers()).toEqual(peopleBefore);
    expect((await admin.b.get('/api/me')).status).toBe(200);
    expect((await sales.b.get('/api/me')).status).toBe(200);
  });

  it('every route declares a permission, and each role reaches exactly the routes its permissions allow', async () => {
    const declared = new Set(routes.map((r) => `${r.method} ${r.path}`));
    const answered = app.routes.filter((r) => r.method !== 'ALL').map((r) => `${r.method} ${r.path}`);
    expect(answered.length).toBeGreaterThan(0);
    for (const route of answered) expect(declared, `${route} has no permission`).toContain(route);
    type Person = Awaited<ReturnType<typeof person>>;
    const made = await Promise.all(ROLES.map(async (role) => [role, await person(`${role}@example.nl`, role)] as const));
    const people: Record<string, Person | undefined> = { none: undefined, ...Object.fromEntries(made) };
    // the routes that end a session are walked last, below, as they would end the one the walk goes on with
    const endsASession = (path: string) => path === '/api/sign-out' || path.endsWith('/end') || path.endsWith('/end-others');
    for (const [role, someone] of Object.entries(people)) {
      for (const route of routes.filter((r) => !endsASession(r.path))) {
        const path = route.path.replace(/:\w+/g, 'x');
        const b = someone?.b ?? browser(app);
        const answer = await (route.method === 'GET' ? b.get(path) : b.post(path, {}));
        // a stream of events (the inbox's) is no JSON: let through, it is closed here
        const streamed = answer.headers.get('content-type') === 'text/event-stream';
        if (streamed) await answer.body?.cancel();
        // the gate's own answers; a route's answer to a wrong body (401 for a refused sign-in) is not the gate's
        const gate = { status: answer.status, error: streamed ? undefined : ((await answer.json()) as { error?: string }).error };
        const expected = allows(someone ? (role as Role) : undefined, route.permission);
        const where = `${role} ${route.method} ${route.path}`;
        if (expected) expect(['signed-out', 'forbidden'], where).not.toContain(gate.error);
        else expect(gate, where).toEqual(someone ? { status: 403, error: 'forbidden' } : { status: 401, error: 'signed-out' });
      }
    }
    // and the permissions say what the issue says: sales see leads, not people or the audit log; editors neither
    const status = async (role: Role, path: string) => (await people[role]!.b.get(path)).status;
    expect([await status('sales', '/api/people'), await status('sales', '/api/audit'), await status('editor', '/api/people')]).toEqual([403, 403, 403]);
    expect([await status('admin', '/api/people'), await status('admin', '/api/audit')]).toEqual([200, 200]);
    expect([await status('sales', '/api/leads'), await status('admin', '/api/leads'), await status('editor', '/api/leads')]).toEqual([200, 200, 403]);
    // the inbox's events: whoever reads leads, as the list
    const events = async (role: Role) => {
      const answer = await people[role]!.b.get('/api/lead-events');
      await answer.body?.cancel();
      return answer.status;
    };
    expect([await events('sales'), await events('admin'), await events('editor')]).toEqual([200, 200, 403]);
    // the studio: editors and admins, not sales, and /me says so to the screens
    const ticket = async (role: Role) => (await people[role]!.b.post('/api/studio/ticket')).status;
    expect([await ticket('editor'), await ticket('admin'), await ticket('sales')]).toEqual([200, 200, 403]);
    // the System screen: admins alone
    expect([await status('admin', '/api/system'), await status('editor', '/api/system'), await status('sales', '/api/system')]).toEqual([200, 403, 403]);
    const studioOf = async (role: Role) => ((await (await people[role]!.b.get('/api/me')).json()) as { studio?: boolean }).studio ?? false;
    expect([await studioOf('editor'), await studioOf('admin'), await studioOf('sales')]).toEqual([true, true, false]);
    // the routes that end sessions, in the matrix too: nobody 401, each signed-in role let through; sign-out last
    const ending = ['/api/sessions/end-others', '/api/sessions/:id/end', '/api/sign-out'];
    expect(
      routes
        .filter((r) => endsASession(r.path))
        .map((r) => r.path)
        .sort(),
    ).toEqual([...ending].sort());
    for (const [role, someone] of Object.entries(people)) {
      for (const path of ending) {
        const answer = await (someone?.b ?? browser(app)).post(path.replace(/:\w+/g, 'x'), {});
        const gate = { status: answer.status, error: ((await answer.json()) as { error?: string }).error };
        const where = `${role} POST ${path}`;
        if (someone) expect(['signed-out', 'forbidden'], where).not.toContain(gate.error);
        else expect(gate, where).toEqual({ status: 401, error: 'signed-out' });
      }
    }
    expect(
      await Promise.all(
        ROLES.map(async (role) => {
          const b = people[role]!.b;
          return [(await b.post('/api/sessions/end-others', {})).status, (await b.get('/api/me')).status];
        }),
      ),
    ).toEqual(ROLES.map(() => [401, 401]));
  });

  it('asks for a fresh sign-in before people changes after 10 minutes; a step-up renews the cookie and ends the old one', async () => {
    const admin = await person('baas@example.nl', 'admin');
    advance(FRESH_SIGN_IN_MS + 1000);
    const stale = await admin.b.post('/api/people', { email: 'nieuw@example.nl', role: 'sales' });
    expect([stale.status, await stale.json()]).toEqual([403, { error: 'step-up' }]);
    const before = admin.b.cookie();
    expect((await admin.b.post('/api/step-up', { password: PASSWORD, code: admin.code() })).status).toBe(200);
    expect(admin.b.cookie()).not.toBe(before);
    const invited = await admin.b.post('/api/people', { email: 'nieuw@example.nl', role: 'sales' });
    expect(invited.status).toBe(201);
    expect(((await invited.json()) as { link: string }).link).toMatch(new RegExp(`^${ORIGIN}/uitnodiging/[\\w-]{40,}$`));
    const old = browser(app);
    old.useCookie(before);
    expect((await old.get('/api/me')).status).toBe(401);
  });

  it('a role change or disabling ends the person’s sessions; an admin cannot change their own account', async () => {
    const admin = await person('baas@example.nl', 'admin');
    const sales = await person('verkoop@example.nl', 'sales');
    expect((await admin.b.post(`/api/people/${sales.id}/role`, { role: 'editor' })).status).toBe(200);
    expect((await sales.b.get('/api/me')).status).toBe(401);
    const again = browser(app);
    expect((await again.post('/api/sign-in', { email: 'verkoop@example.nl', password: PASSWORD, code: sales.code() })).status).toBe(200);
    expect(await (await again.get('/api/me')).json()).toMatchObject({ role: 'editor' });
    expect((await admin.b.post(`/api/people/${sales.id}/disable`)).status).toBe(200);
    expect((await again.get('/api/me')).status).toBe(401);
    const self = await admin.b.post(`/api/people/${admin.id}/role`, { role: 'sales' });
    expect([self.status, await self.json()]).toEqual([400, { error: 'self' }]);
    const kinds = ((await (await admin.b.get('/api/audit')).json()) as { events: { kind: string }[] }).events.map((e) => e.kind);
    expect(kinds).toEqual(expect.arrayContaining(['staff.role-changed', 'staff.disabled', 'invitation.accepted', 'sign-in.succeeded']));
  });

  it('each person sees their own sessions and can end another of them', async () => {
    const an = await person('an@example.nl', 'sales');
    const phone = browser(app);
    await phone.post('/api/sign-in', { email: 'an@example.nl', password: PASSWORD, code: an.code() });
    const listed = (await an.b.get('/api/sessions')).json() as Promise<{ sessions: { id: string; current: boolean }[] }>;
    const { sessions } = await listed;
    expect(sessions).toHaveLength(2);
    const other = sessions.find((s) => !s.current)!;
    expect((await an.b.post(`/api/sessions/${other.id}/end`)).status).toBe(200);
    expect((await phone.get('/api/me')).status).toBe(401);
    expect((await an.b.get('/api/me')).status).toBe(200);
    // someone else's session is not one's own to end
    const bo = await person('bo@example.nl', 'sales');
    const mine = ((await (await an.b.get('/api/sessions')).json()) as { sessions: { id: string }[] }).sessions[0]!;
    expect((await bo.b.post(`/api/sessions/${mine.id}/end`)).status).toBe(404);
    expect((await an.b.get('/api/me')).status).toBe(200);
  });

  it('answers with the back office’s own headers: no framing, no inline script, nothing cached', async () => {
    const answer = await browser(app).get('/api/me');
    expect(answer.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(answer.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(answer.headers.get('x-frame-options')).toBe('DENY');
    expect(answer.headers.get('cache-control')).toBe('no-store');
  });
});
