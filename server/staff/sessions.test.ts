import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { agentSummary, DEFAULT_TIMEOUTS, isFresh, renewSessionToken, resumeSession, sessionTimeouts, startSession } from './sessions.ts';
import { backends, openTestStore, SETUP_TIMEOUT_MS } from './test-support/backends.ts';
import type { StaffStore } from './store/staff-store.ts';
import { hashToken } from './tokens.ts';

describe('session settings', () => {
  it('defaults to 60 minutes idle and 12 hours in all', () => {
    expect(sessionTimeouts({})).toEqual({ idleMs: 60 * 60_000, absoluteMs: 12 * 60 * 60_000 });
    expect(sessionTimeouts({})).toEqual(DEFAULT_TIMEOUTS);
  });

  it('reads STAFF_SESSION_IDLE_MINUTES and STAFF_SESSION_MAX_HOURS, the idle one never past the other', () => {
    expect(sessionTimeouts({ STAFF_SESSION_IDLE_MINUTES: '15', STAFF_SESSION_MAX_HOURS: '8' })).toEqual({ idleMs: 15 * 60_000, absoluteMs: 8 * 60 * 60_000 });
    expect(sessionTimeouts({ STAFF_SESSION_IDLE_MINUTES: '600', STAFF_SESSION_MAX_HOURS: '1' })).toEqual({ idleMs: 60 * 60_000, absoluteMs: 60 * 60_000 });
    expect(() => sessionTimeouts({ STAFF_SESSION_IDLE_MINUTES: 'soon' })).toThrow(/STAFF_SESSION_IDLE_MINUTES must be a positive number/);
    expect(() => sessionTimeouts({ STAFF_SESSION_MAX_HOURS: '0' })).toThrow(/STAFF_SESSION_MAX_HOURS/);
  });

  it('sums up a browser without keeping its header', () => {
    expect(agentSummary('Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36')).toBe(
      'Chrome op Android',
    );
    expect(
      agentSummary('Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1'),
    ).toBe('Safari op iOS');
    expect(agentSummary('Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0')).toBe('Firefox op Windows');
    expect(agentSummary(undefined)).toBeNull();
  });
});

describe.each(backends)('sessions on $name', (backend) => {
  let store: StaffStore;
  let advance: (ms: number) => void;
  let userId: string;
  beforeEach(async () => {
    ({ store, advance } = await openTestStore(backend));
    userId = (await store.addUser('an@example.nl', 'admin', { tokenHash: 'h', createdBy: null })).user.id;
  }, 60_000);
  afterEach(() => store.close());
  beforeAll(() => backend.setup(), SETUP_TIMEOUT_MS);
  afterAll(() => backend.teardown(), 30_000);

  it('starts a session on a new token, kept only as its hash, that a cookie resumes', async () => {
    const { token, session } = await startSession(store, userId, { ipSummary: '203.0.113.0/24', userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/133.0' });
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(session).toMatchObject({ userId, ipSummary: '203.0.113.0/24', agentSummary: 'Firefox op Linux' });
    expect((await resumeSession(store, token))?.id).toBe(session.id);
    expect(await store.touchSession(token, DEFAULT_TIMEOUTS.idleMs)).toBeUndefined();
    expect(await store.touchSession(hashToken(token), DEFAULT_TIMEOUTS.idleMs)).toBeDefined();
    expect(await resumeSession(store, undefined)).toBeUndefined();
    expect(await resumeSession(store, 'short')).toBeUndefined();
    const second = await startSession(store, userId, {});
    expect(second.token).not.toBe(token);
  });

  it('is fresh for ten minutes after sign-in, and again after a step-up with a new token', async () => {
    const { token, session } = await startSession(store, userId, {});
    expect(isFresh(session, store.now())).toBe(true);
    advance(11 * 60_000);
    const later = (await resumeSession(store, token))!;
    expect(isFresh(later, store.now())).toBe(false);
    const renewed = await renewSessionToken(store, token);
    expect(renewed).toBeDefined();
    expect(await resumeSession(store, token)).toBeUndefined();
    expect(isFresh((await resumeSession(store, renewed))!, store.now())).toBe(true);
    expect(await renewSessionToken(store, token)).toBeUndefined();
  });
});
