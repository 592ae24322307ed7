import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openStorage } from '../../storage/open-storage.ts';
import type { StorageOptions } from '../../storage/types.ts';
import { backends, openTestStore, SETUP_TIMEOUT_MS } from '../test-support/backends.ts';
import { hashToken, newToken } from '../tokens.ts';
import { INVITATION_TTL_MS } from './invitations.ts';
import { hashRecoveryCode, newRecoveryCodes } from '../recovery-codes.ts';
import { openStaffStore, StaffExistsError, type StaffStore } from './staff-store.ts';

const invitation = () => {
  const token = newToken();
  return { token, tokenHash: hashToken(token), createdBy: null };
};
const HOUR = 60 * 60 * 1000;

describe.each(backends)('staff store on $name', (backend) => {
  let store: StaffStore;
  let options: StorageOptions;
  let advance: (ms: number) => void;
  beforeEach(async () => {
    ({ store, options, advance } = await openTestStore(backend));
  }, 60_000);
  afterEach(() => store.close());
  beforeAll(() => backend.setup(), SETUP_TIMEOUT_MS);
  afterAll(() => backend.teardown(), 30_000);

  it('lives beside the leads in one database, migrated once whichever opens it first', async () => {
    const leads = await openStorage(options);
    expect(leads.kind).toBe(backend.name);
    await leads.close();
    expect(await store.listUsers()).toEqual([]);
  });

  it('adds an account with an invitation, once per address', async () => {
    const first = invitation();
    const { user, expiresAt } = await store.addUser('an@example.nl', 'sales', first);
    expect(user).toMatchObject({ email: 'an@example.nl', role: 'sales', disabled: false });
    expect(Date.parse(expiresAt) - Date.parse(user.createdAt)).toBe(INVITATION_TTL_MS);
    expect(await store.findOpenInvitation(first.tokenHash)).toMatchObject({ userId: user.id, email: 'an@example.nl', role: 'sales' });
    await expect(store.addUser('an@example.nl', 'admin', invitation())).rejects.toBeInstanceOf(StaffExistsError);
    const [listed] = await store.listUsers();
    expect(listed).toMatchObject({ hasPassword: false, hasTotp: false, passkeys: 0, recoveryCodes: 0, invitationPending: true, activeSessions: 0 });
  });

  it('accepts an invitation once, and not after 72 hours', async () => {
    const first = invitation();
    const { user } = await store.addUser('an@example.nl', 'editor', first);
    const accepted = await store.acceptInvitation(first.tokenHash, { passwordHash: 'h', totpSecret: 'JBSWY3DPEHPK3PXP', recoveryCodeHashes: ['a', 'b'] });
    expect(accepted).toMatchObject({ id: user.id, role: 'editor' });
    expect(await store.acceptInvitation(first.tokenHash, { passwordHash: 'x' })).toBeUndefined();
    expect(await store.getPasswordHash(user.id)).toBe('h');

    const late = invitation();
    await store.reinvite(user.id, late);
    advance(INVITATION_TTL_MS);
    expect(await store.findOpenInvitation(late.tokenHash)).toBeUndefined();
    expect(await store.acceptInvitation(late.tokenHash, { passwordHash: 'x' })).toBeUndefined();
    expect(await store.getPasswordHash(user.id)).toBe('h');
  });

  it('lets exactly one of two acceptances at once through', async () => {
    const only = invitation();
    await store.addUser('an@example.nl', 'sales', only);
    const results = await Promise.all([
      store.acceptInvitation(only.tokenHash, { passwordHash: '1' }),
      store.acceptInvitation(only.tokenHash, { passwordHash: '2' }),
    ]);
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it('keeps one invitation open per person: a new one spends the old', async () => {
    const first = invitation();
    const { user } = await store.addUser('an@example.nl', 'sales', first);
    const second = invitation();
    await store.reinvite(user.id, second);
    expect(await store.findOpenInvitation(first.tokenHash)).toBeUndefined();
    expect(await store.acceptInvitation(second.tokenHash, {})).toBeDefined();
  });

  it('accepts each TOTP time step once, and no older one after it', async () => {
    const { user } = await store.addUser('an@example.nl', 'sales', invitation());
    await store.acceptInvitation((await reinvited(store, user.id)).tokenHash, { totpSecret: 'JBSWY3DPEHPK3PXP' });
    expect(await store.useTotpStep(user.id, 1000)).toBe(true);
    expect(await store.useTotpStep(user.id, 1000)).toBe(false);
    expect(await store.useTotpStep(user.id, 999)).toBe(false);
    const both = await Promise.all([store.useTotpStep(user.id, 1001), store.useTotpStep(user.id, 1001)]);
    expect(both.filter(Boolean)).toHaveLength(1);
    expect(await store.getTotp(user.id)).toEqual({ secret: 'JBSWY3DPEHPK3PXP', lastStep: 1001 });
  });

  it('spends each recovery code once, and only for its own person', async () => {
    const one = await store.addUser('an@example.nl', 'sales', invitation());
    const other = await store.addUser('bo@example.nl', 'sales', invitation());
    const [a, b, c] = newRecoveryCodes(3) as [string, string, string];
    await store.replaceRecoveryCodes(one.user.id, store.sealRecoveryCodes([a, b]));
    await store.replaceRecoveryCodes(other.user.id, store.sealRecoveryCodes([c]));
    expect(await store.useRecoveryCode(other.user.id, a)).toBe(false);
    expect(await Promise.all([store.useRecoveryCode(one.user.id, a.toUpperCase()), store.useRecoveryCode(one.user.id, a)])).toEqual(
      expect.arrayContaining([true, false]),
    );
    expect(await store.useRecoveryCode(one.user.id, a)).toBe(false);
    expect((await store.listUsers()).find((u) => u.id === one.user.id)?.recoveryCodes).toBe(1);
    await store.replaceRecoveryCodes(one.user.id, store.sealRecoveryCodes([c]));
    expect(await store.useRecoveryCode(one.user.id, b)).toBe(false);
  });

  it('keeps recovery codes salted and keyed, never as a lookup of the code; codes kept the old way work until used', async () => {
    const { user } = await store.addUser('an@example.nl', 'sales', invitation());
    const [code, old] = newRecoveryCodes(2) as [string, string];
    await store.replaceRecoveryCodes(user.id, [...store.sealRecoveryCodes([code, code]), hashRecoveryCode(old)!]);
    const kept = (await store.unusedRecoveryCodes(user.id)).filter((stored) => stored !== hashRecoveryCode(old));
    // the same code twice is kept twice differently, and neither is the code's plain hash
    expect(kept).toHaveLength(2);
    expect(kept[0]).not.toBe(kept[1]);
    for (const stored of kept) {
      expect(stored).toMatch(/^v2\$[\w-]{22}\$[\w-]{43}$/);
      expect(stored).not.toContain(hashRecoveryCode(code)!);
    }
    // another server's key (another FORM_SECRET) does not open them
    const elsewhere = await openStaffStore(options, { secretKey: Buffer.alloc(32, 7) });
    expect(await elsewhere.useRecoveryCode(user.id, code)).toBe(false);
    await elsewhere.close();
    expect(await store.useRecoveryCode(user.id, old)).toBe(true);
    expect(await store.useRecoveryCode(user.id, old)).toBe(false);
    expect(await store.useRecoveryCode(user.id, code)).toBe(true);
  });

  it('keeps passkeys for later: id, public key, counter and transports', async () => {
    const { user } = await store.addUser('an@example.nl', 'admin', invitation());
    await store.addPasskey({ id: 'cred-1', userId: user.id, publicKey: 'pk', counter: 0, transports: ['internal', 'hybrid'], name: 'phone' });
    await store.markPasskeyUsed('cred-1', 5);
    expect(await store.getPasskey('cred-1')).toMatchObject({ userId: user.id, publicKey: 'pk', counter: 5, transports: ['internal', 'hybrid'], name: 'phone' });
    expect(await store.listPasskeys(user.id)).toHaveLength(1);
  });

  it('removes a passkey for its owner only, with an audit event', async () => {
    const { user } = await store.addUser('an@example.nl', 'sales', invitation());
    const { user: other } = await store.addUser('piet@example.nl', 'sales', invitation());
    await store.addPasskey({ id: 'cred-an', userId: user.id, publicKey: 'pk', counter: 0, transports: [], name: 'phone' });
    expect(await store.removePasskey(other.id, 'cred-an')).toBe(false);
    expect(await store.getPasskey('cred-an')).toBeDefined();
    expect(await store.removePasskey(user.id, 'cred-an')).toBe(true);
    expect(await store.getPasskey('cred-an')).toBeUndefined();
    expect(await store.removePasskey(user.id, 'cred-an')).toBe(false);
    const removals = (await store.listAudit()).filter((e) => e.kind === 'factor.passkey-removed');
    expect(removals.map((e) => [e.actorId, e.targetIds])).toEqual([[user.id, [user.id]]]);
  });

  it('ends a session after the idle time-out, and after the absolute one however busy', async () => {
    const { user } = await store.addUser('an@example.nl', 'sales', invitation());
    const idle = { userId: user.id, kind: 'back-office' as const, tokenHash: hashToken(newToken()), idleMs: HOUR, absoluteMs: 3 * HOUR };
    await store.createSession(idle);
    advance(HOUR - 10);
    expect(await store.touchSession(idle.tokenHash, 'back-office', HOUR)).toBeDefined();
    advance(HOUR - 10);
    expect(await store.touchSession(idle.tokenHash, 'back-office', HOUR)).toBeDefined();
    advance(HOUR);
    expect(await store.touchSession(idle.tokenHash, 'back-office', HOUR)).toBeUndefined();

    const busy = { ...idle, tokenHash: hashToken(newToken()) };
    await store.createSession(busy);
    for (let i = 0; i < 5; i++) {
      advance(HOUR / 2);
      expect(await store.touchSession(busy.tokenHash, 'back-office', HOUR)).toBeDefined();
    }
    advance(HOUR / 2);
    expect(await store.touchSession(busy.tokenHash, 'back-office', HOUR)).toBeUndefined();
    expect(await store.listSessions(user.id)).toEqual([]);
  });

  it('writes a session’s last-seen time at most once a minute, and not at all for a read without touch', async () => {
    const { user } = await store.addUser('an@example.nl', 'sales', invitation());
    const session = { userId: user.id, kind: 'back-office' as const, tokenHash: hashToken(newToken()), idleMs: HOUR, absoluteMs: 3 * HOUR };
    const created = await store.createSession(session);
    const lastSeen = async () => (await store.listSessions(user.id))[0]!.lastSeenAt;
    for (let i = 0; i < 50; i++) {
      advance(1000);
      expect(await store.touchSession(session.tokenHash, 'back-office', HOUR)).toBeDefined();
    }
    // 50 requests in 50 seconds: the row as it was made
    expect(await lastSeen()).toBe(created.lastSeenAt);
    advance(11_000);
    await store.touchSession(session.tokenHash, 'back-office', HOUR);
    const moved = await lastSeen();
    expect(moved > created.lastSeenAt).toBe(true);
    advance(120_000);
    // a static file: the session is checked, nothing written
    expect(await store.touchSession(session.tokenHash, 'back-office', HOUR, { write: false })).toBeDefined();
    expect(await lastSeen()).toBe(moved);
  });

  it('ends sessions on the server: by token, by id for their own person only, all at a disable or a role change', async () => {
    const { user } = await store.addUser('an@example.nl', 'sales', invitation());
    const other = await store.addUser('bo@example.nl', 'sales', invitation());
    const open = async () => {
      const tokenHash = hashToken(newToken());
      return {
        tokenHash,
        session: await store.createSession({
          userId: user.id,
          kind: 'back-office',
          tokenHash,
          idleMs: HOUR,
          absoluteMs: 12 * HOUR,
          agentSummary: 'Firefox on Android',
        }),
      };
    };
    const a = await open();
    expect(await store.endSessionByToken(a.tokenHash)).toBe(true);
    expect(await store.touchSession(a.tokenHash, 'back-office', HOUR)).toBeUndefined();

    const b = await open();
    expect(await store.endSession(b.session.id, other.user.id, other.user.id)).toBe(false);
    expect(await store.endSession(b.session.id, user.id, user.id)).toBe(true);

    const c = await open();
    expect(await store.setRole(user.id, 'admin', null)).toBe(true);
    expect(await store.touchSession(c.tokenHash, 'back-office', HOUR)).toBeUndefined();
    const d = await open();
    expect(await store.setDisabled(user.id, true, null)).toBe(true);
    expect(await store.touchSession(d.tokenHash, 'back-office', HOUR)).toBeUndefined();
  });

  it('gives a session a new token at a step-up, and the old one stops working', async () => {
    const { user } = await store.addUser('an@example.nl', 'sales', invitation());
    const old = hashToken(newToken());
    const session = await store.createSession({ userId: user.id, kind: 'back-office', tokenHash: old, idleMs: HOUR, absoluteMs: 12 * HOUR });
    advance(20 * 60 * 1000);
    const renewed = hashToken(newToken());
    expect(await store.renewSession(old, renewed)).toBe(true);
    expect(await store.touchSession(old, 'back-office', HOUR)).toBeUndefined();
    const now = await store.touchSession(renewed, 'back-office', HOUR);
    expect(now?.id).toBe(session.id);
    expect(Date.parse(now!.authenticatedAt)).toBeGreaterThan(Date.parse(session.authenticatedAt));
  });

  it('resets a person: sessions, factors and invitations gone, a new invitation works', async () => {
    const first = invitation();
    const { user } = await store.addUser('an@example.nl', 'sales', first);
    await store.acceptInvitation(first.tokenHash, { passwordHash: 'h', totpSecret: 'JBSWY3DPEHPK3PXP', recoveryCodeHashes: ['a'] });
    await store.addPasskey({ id: 'cred', userId: user.id, publicKey: 'pk', counter: 0, transports: [], name: null });
    const session = hashToken(newToken());
    await store.createSession({ userId: user.id, kind: 'back-office', tokenHash: session, idleMs: HOUR, absoluteMs: HOUR });
    await store.setDisabled(user.id, true, null);
    const fresh = invitation();
    const { sessionsEnded } = await store.resetUser(user.id, fresh);
    expect(sessionsEnded).toBe(0);
    const [after] = await store.listUsers();
    expect(after).toMatchObject({ disabled: false, hasPassword: false, hasTotp: false, passkeys: 0, recoveryCodes: 0, invitationPending: true });
    expect(await store.acceptInvitation(first.tokenHash, {})).toBeUndefined();
    expect(await store.acceptInvitation(fresh.tokenHash, { passwordHash: 'new' })).toBeDefined();
  });

  it('counts sign-in failures per key, both of two at once, and clears them', async () => {
    await Promise.all([store.recordFailure(['address:a', 'account:x']), store.recordFailure(['address:a'])]);
    const records = await store.failureRecords(['address:a', 'account:x', 'account:none']);
    expect(records.get('address:a')?.failures).toBe(2);
    expect(records.get('account:x')?.failures).toBe(1);
    expect(records.has('account:none')).toBe(false);
    advance(25 * HOUR);
    await store.recordFailure(['address:a']);
    expect((await store.failureRecords(['address:a'])).get('address:a')?.failures).toBe(1);
    await store.clearFailures(['address:a', 'account:x']);
    expect((await store.failureRecords(['address:a', 'account:x'])).size).toBe(0);
  });

  it('keeps an audit log of ids, in order, that the database refuses to change', async () => {
    const first = invitation();
    const { user } = await store.addUser('an@example.nl', 'sales', first);
    await store.setRole(user.id, 'editor', 'admin-id');
    await store.setDisabled(user.id, true, 'admin-id');
    const events = await store.listAudit();
    expect(events.map((e) => e.kind)).toEqual(['staff.disabled', 'staff.role-changed', 'staff.invited']);
    expect(events[0]).toMatchObject({ actorId: 'admin-id', targetIds: [user.id] });
    expect(JSON.stringify(events)).not.toContain('@');
    await expect(backend.raw(options, "update staff_audit set kind = 'x'")).rejects.toThrow(/append only/);
    await expect(backend.raw(options, 'delete from staff_audit')).rejects.toThrow(/append only/);
    expect(await store.listAudit()).toHaveLength(3);
  });

  it('refuses a row replaced over an existing one, and an emptied table (REPLACE, INSERT OR REPLACE, TRUNCATE)', async () => {
    await store.addUser('an@example.nl', 'sales', invitation());
    const [invited] = await store.listAudit();
    const replaced = `values ('${invited!.id}', '${invited!.at}', 'tampered', null, '[]')`;
    const attacks =
      backend.name === 'sqlite'
        ? [
            `insert or replace into staff_audit (id, at, kind, actor_id, target_ids_json) ${replaced}`,
            `replace into staff_audit (id, at, kind, actor_id, target_ids_json) ${replaced}`,
          ]
        : [
            'truncate staff_audit',
            `insert into staff_audit (id, at, kind, actor_id, target_ids_json) ${replaced} on conflict (id) do update set kind = 'tampered'`,
          ];
    for (const attack of attacks) await expect(backend.raw(options, attack), attack).rejects.toThrow(/append only/);
    expect((await store.listAudit()).map((e) => e.kind)).toEqual(['staff.invited']);
  });

  it('sweeps expired sessions and stale failures', async () => {
    const { user } = await store.addUser('an@example.nl', 'sales', invitation());
    await store.createSession({ userId: user.id, kind: 'back-office', tokenHash: hashToken(newToken()), idleMs: HOUR, absoluteMs: HOUR });
    await store.recordFailure(['address:a']);
    advance(25 * HOUR);
    expect(await store.sweep()).toBe(2);
  });
});

async function reinvited(store: StaffStore, userId: string) {
  const next = invitation();
  await store.reinvite(userId, next);
  return next;
}
