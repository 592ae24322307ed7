import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Hono } from 'hono';
import { DEFAULT_TIMEOUTS, FRESH_SIGN_IN_MS, REMEMBERED_DEVICE_MS } from '../staff/sessions.ts';
import type { StaffStore } from '../staff/store/staff-store.ts';
import { backends, SETUP_TIMEOUT_MS } from '../staff/test-support/backends.ts';
import type { AdminEnv } from './routes.ts';
import { openTestAdminApp } from './test-support/admin-test-app.ts';
import { browser, PASSWORD, person as invite } from './test-support/staff-browser.ts';

/**
 * "This device stays signed in for 30 days": a choice at sign-in, with its own time-outs (30 days from the sign-in,
 * whatever the idle time between), a cookie that outlives the browser, and still a fresh sign-in before export,
 * erase and people changes. A sign-in without the choice is as it was: 60 idle minutes, a cookie without Max-Age.
 */
describe.each(backends)('a device kept signed in on $name', (backend) => {
  let store: StaffStore;
  let advance: (ms: number) => void;
  let peek: () => number;
  let app: Hono<AdminEnv>;
  let close: () => Promise<void>;
  const HOUR = 60 * 60 * 1000;

  beforeAll(() => backend.setup(), SETUP_TIMEOUT_MS);
  afterAll(() => backend.teardown(), 30_000);
  beforeEach(async () => {
    ({ app, store, advance, peek, close } = await openTestAdminApp(backend, { clientIp: '203.0.113.9', leads: true }));
  }, 60_000);
  afterEach(() => close());

  /** a new browser of the person, signed in with password and code, kept signed in or not */
  const signIn = async (who: Awaited<ReturnType<typeof invite>>, remember: unknown) => {
    const b = browser(app);
    const answer = await b.post('/api/sign-in', { email: 'verkoop@example.nl', password: PASSWORD, code: who.code(), remember });
    expect(answer.status).toBe(200);
    advance(30_000);
    return { b, setCookie: answer.headers.get('set-cookie') ?? '' };
  };

  it('stays signed in through a day without a request, and ends 30 days after the sign-in', async () => {
    const sales = await invite(app, store, { advance, peek }, 'verkoop@example.nl', 'sales');
    const signedInAt = peek();
    const { b, setCookie } = await signIn(sales, true);
    // the cookie outlives the browser: it carries the 30 days
    expect(setCookie).toContain(`Max-Age=${REMEMBERED_DEVICE_MS / 1000};`);
    advance(26 * HOUR);
    expect((await b.get('/api/me')).status).toBe(200);
    const listed = (await (await b.get('/api/sessions')).json()) as { sessions: { current: boolean; keptUntil: string | null }[] };
    const keptUntil = Date.parse(listed.sessions.find((s) => s.current)?.keptUntil ?? '');
    expect(Math.abs(keptUntil - (signedInAt + REMEMBERED_DEVICE_MS))).toBeLessThan(1000);
    advance(REMEMBERED_DEVICE_MS - 26 * HOUR);
    expect((await b.get('/api/me')).status).toBe(401);
  });

  it('a sign-in without the choice still ends after 60 idle minutes, with a cookie that ends with the browser', async () => {
    const sales = await invite(app, store, { advance, peek }, 'verkoop@example.nl', 'sales');
    for (const remember of [false, 'true', 1, undefined]) {
      const { b, setCookie } = await signIn(sales, remember);
      expect(setCookie).not.toContain('Max-Age');
      advance(DEFAULT_TIMEOUTS.idleMs + 1000);
      expect((await b.get('/api/me')).status).toBe(401);
    }
  });

  it('asks a device kept signed in for a fresh sign-in before people changes; the step-up keeps the 30 days, never adds to them', async () => {
    const admin = await invite(app, store, { advance, peek }, 'baas@example.nl', 'admin');
    const b = browser(app);
    expect((await b.post('/api/sign-in', { email: 'baas@example.nl', password: PASSWORD, code: admin.code(), remember: true })).status).toBe(200);
    advance(FRESH_SIGN_IN_MS + 1000);
    const stale = await b.post('/api/people', { email: 'nieuw@example.nl', role: 'sales' });
    expect([stale.status, await stale.json()]).toEqual([403, { error: 'step-up' }]);
    advance(30_000);
    const stepUp = await b.post('/api/step-up', { password: PASSWORD, code: admin.code(), remember: true });
    expect(stepUp.status).toBe(200);
    // the renewed cookie lives as long as the session has left, not 30 days more
    const maxAge = Number(/Max-Age=(\d+)/.exec(stepUp.headers.get('set-cookie') ?? '')?.[1]);
    expect(maxAge).toBeGreaterThan(0);
    expect(maxAge).toBeLessThan(REMEMBERED_DEVICE_MS / 1000 - (FRESH_SIGN_IN_MS + 30_000) / 1000 + 1);
    expect((await b.post('/api/people', { email: 'nieuw@example.nl', role: 'sales' })).status).toBe(201);
    advance(REMEMBERED_DEVICE_MS);
    expect((await b.get('/api/me')).status).toBe(401);
  });

  it('"sign out everywhere else" ends every other session of the person, a kept device too, never this one or a colleague’s', async () => {
    const sales = await invite(app, store, { advance, peek }, 'verkoop@example.nl', 'sales');
    const colleague = await invite(app, store, { advance, peek }, 'collega@example.nl', 'sales');
    const phone = await signIn(sales, true);
    const laptop = await signIn(sales, false);
    const listed = (await (await laptop.b.get('/api/sessions')).json()) as { sessions: { current: boolean; keptUntil: string | null }[] };
    // the phone alone is kept signed in
    expect(listed.sessions.map((s) => s.keptUntil !== null).sort()).toEqual([false, false, true]);
    const ended = await laptop.b.post('/api/sessions/end-others');
    // the invitation's session and the phone kept signed in
    expect(await ended.json()).toEqual({ ended: 2 });
    expect([(await phone.b.get('/api/me')).status, (await sales.b.get('/api/me')).status]).toEqual([401, 401]);
    expect([(await laptop.b.get('/api/me')).status, (await colleague.b.get('/api/me')).status]).toEqual([200, 200]);
    // signed out, the call ends nothing
    expect((await browser(app).post('/api/sessions/end-others')).status).toBe(401);
  });

  it('a step-up never turns a session that was not kept into one that is', async () => {
    const admin = await invite(app, store, { advance, peek }, 'baas@example.nl', 'admin');
    advance(FRESH_SIGN_IN_MS + 1000);
    const stepUp = await admin.b.post('/api/step-up', { password: PASSWORD, code: admin.code(), remember: true });
    expect(stepUp.status).toBe(200);
    expect(stepUp.headers.get('set-cookie')).not.toContain('Max-Age');
    advance(DEFAULT_TIMEOUTS.idleMs + 1000);
    expect((await admin.b.get('/api/me')).status).toBe(401);
  });
});
