import { Kysely, Migrator } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { chooseDialect } from '../storage/dialect.ts';
import { migrations } from '../storage/migrations.ts';
import { agentSummary, DEFAULT_TIMEOUTS, isFresh, renewSessionToken, resumeSession, sessionTimeouts, startSession } from './sessions.ts';
import { backends, openTestStore, SETUP_TIMEOUT_MS, testClock } from './test-support/backends.ts';
import { openStaffStore, type StaffStore } from './store/staff-store.ts';
import { hashToken, newToken } from './tokens.ts';

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
    const { token, session } = await startSession(store, userId, 'back-office', {
      ipSummary: '203.0.113.0/24',
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/133.0',
    });
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(session).toMatchObject({ userId, ipSummary: '203.0.113.0/24', agentSummary: 'Firefox op Linux' });
    expect((await resumeSession(store, token, 'back-office'))?.id).toBe(session.id);
    expect(await store.touchSession(token, 'back-office', DEFAULT_TIMEOUTS.idleMs)).toBeUndefined();
    expect(await store.touchSession(hashToken(token), 'back-office', DEFAULT_TIMEOUTS.idleMs)).toBeDefined();
    expect(await resumeSession(store, undefined, 'back-office')).toBeUndefined();
    expect(await resumeSession(store, 'short', 'back-office')).toBeUndefined();
    const second = await startSession(store, userId, 'back-office', {});
    expect(second.token).not.toBe(token);
  });

  it('is fresh for ten minutes after sign-in, and again after a step-up with a new token', async () => {
    const { token, session } = await startSession(store, userId, 'back-office', {});
    expect(isFresh(session, store.now())).toBe(true);
    advance(11 * 60_000);
    const later = (await resumeSession(store, token, 'back-office'))!;
    expect(isFresh(later, store.now())).toBe(false);
    const renewed = await renewSessionToken(store, token);
    expect(renewed).toBeDefined();
    expect(await resumeSession(store, token, 'back-office')).toBeUndefined();
    expect(isFresh((await resumeSession(store, renewed, 'back-office'))!, store.now())).toBe(true);
    expect(await renewSessionToken(store, token)).toBeUndefined();
  });

  it('a studio session never resumes as a back office session, nor a back office session as a studio one', async () => {
    const office = await startSession(store, userId, 'back-office', {});
    const studio = await startSession(store, userId, 'studio', {});
    expect(await resumeSession(store, studio.token, 'back-office')).toBeUndefined();
    expect(await resumeSession(store, office.token, 'studio')).toBeUndefined();
    // refused at the wrong door, each still works at its own
    expect((await resumeSession(store, office.token, 'back-office'))?.id).toBe(office.session.id);
    expect((await resumeSession(store, studio.token, 'studio'))?.id).toBe(studio.session.id);
    // the person's list of sessions holds both, each saying which it is
    const listed = await store.listSessions(userId);
    expect(listed.map((s) => [s.id, s.kind]).sort()).toEqual(
      [
        [office.session.id, 'back-office'],
        [studio.session.id, 'studio'],
      ].sort(),
    );
  });
});

describe.each(backends)('migration 0013 on $name', (backend) => {
  beforeAll(() => backend.setup(), SETUP_TIMEOUT_MS);
  afterAll(() => backend.teardown(), 30_000);

  it('keeps the sessions begun before it as back office sessions, never studio ones', async () => {
    const options = await backend.fresh();
    // the database as the release before 0013 left it, with one person signed in to the back office
    const { kind, dialect } = chooseDialect(options);
    const older = new Kysely<Record<string, Record<string, unknown>>>({ dialect });
    const before = Object.fromEntries(Object.entries(migrations(kind)).filter(([name]) => name < '0013'));
    const { error } = await new Migrator({ db: older, provider: { getMigrations: async () => before } }).migrateToLatest();
    expect(error).toBeUndefined();
    const at = '2026-11-29T08:59:00.000Z';
    const until = '2026-11-29T20:00:00.000Z';
    await older.insertInto('staff_users').values({ id: 'olderuser0000001', email: 'an@example.nl', role: 'admin', disabled: 0, created_at: at }).execute();
    const token = newToken();
    const row = { id: 'oldersession0001', token_hash: hashToken(token), user_id: 'olderuser0000001', created_at: at, last_seen_at: at, authenticated_at: at };
    await older
      .insertInto('staff_sessions')
      .values({ ...row, idle_expires_at: until, absolute_expires_at: until, ip_summary: null, agent_summary: null })
      .execute();
    await older.destroy();

    const store = await openStaffStore(options, { clock: testClock().clock });
    try {
      expect(await resumeSession(store, token, 'studio')).toBeUndefined();
      expect(await resumeSession(store, token, 'back-office')).toMatchObject({ id: row.id, kind: 'back-office' });
    } finally {
      await store.close();
    }
  });
});
