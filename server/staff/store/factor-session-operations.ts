import type { Kysely } from 'kysely';
import type { Database } from '../../storage/schema.ts';
import * as audit from './audit.ts';
import * as factors from './factors.ts';
import * as sessions from './sessions.ts';
import type { StaffStore } from './staff-store.ts';

type Factors = Pick<
  StaffStore,
  | 'getPasswordHash'
  | 'setPasswordHash'
  | 'getTotp'
  | 'useTotpStep'
  | 'useRecoveryCode'
  | 'replaceRecoveryCodes'
  | 'addPasskey'
  | 'getPasskey'
  | 'listPasskeys'
  | 'markPasskeyUsed'
  | 'removePasskey'
  | 'changePassword'
  | 'renewRecoveryCodes'
  | 'setPendingTotp'
  | 'getPendingTotp'
  | 'confirmPendingTotp'
  | 'factorSummary'
>;

export function factorOperations(db: Kysely<Database>, clock: () => Date): Factors {
  return {
    getPasswordHash: (userId) => factors.getPasswordHash(db, userId),
    setPasswordHash: (userId, hash) => factors.setPasswordHash(db, userId, hash, clock()),
    getTotp: (userId) => factors.getTotp(db, userId),
    useTotpStep: (userId, step) => factors.useTotpStep(db, userId, step),
    useRecoveryCode: (userId, codeHash) =>
      db.transaction().execute(async (trx) => {
        const now = clock();
        const used = await factors.useRecoveryCode(trx, userId, codeHash, now);
        if (used) await audit.appendAudit(trx, 'factor.recovery-code-used', userId, [userId], now);
        return used;
      }),
    replaceRecoveryCodes: (userId, hashes) => db.transaction().execute((trx) => factors.replaceRecoveryCodes(trx, userId, hashes, clock())),
    addPasskey: (passkey) => factors.addPasskey(db, passkey, clock()),
    getPasskey: (id) => factors.getPasskey(db, id),
    listPasskeys: (userId) => factors.listPasskeys(db, userId),
    markPasskeyUsed: (id, counter) => factors.markPasskeyUsed(db, id, counter, clock()),
    removePasskey: (userId, id) =>
      db.transaction().execute(async (trx) => {
        const removed = await factors.removePasskey(trx, userId, id);
        if (removed) await audit.appendAudit(trx, 'factor.passkey-removed', userId, [userId], clock());
        return removed;
      }),
    ...ownFactorChanges(db, clock),
  };
}

type OwnFactorChanges = Pick<
  StaffStore,
  'changePassword' | 'renewRecoveryCodes' | 'setPendingTotp' | 'getPendingTotp' | 'confirmPendingTotp' | 'factorSummary'
>;

/** A person's changes to their own factors on the account page, each in one transaction with its audit event. */
function ownFactorChanges(db: Kysely<Database>, clock: () => Date): OwnFactorChanges {
  return {
    changePassword: (userId, hash, keep) =>
      db.transaction().execute(async (trx) => {
        const now = clock();
        await factors.setPasswordHash(trx, userId, hash, now);
        // whoever else held a session of this person (a stolen password, a forgotten laptop) is out
        const sessionsEnded = await sessions.endSessionsOf(trx, userId, keep.sessionId);
        // the kept session a new token, its sign-in time as it was: a password alone does not make a sign-in fresh
        await trx.updateTable('staff_sessions').set({ token_hash: keep.newTokenHash }).where('id', '=', keep.sessionId).where('user_id', '=', userId).execute();
        await audit.appendAudit(trx, 'factor.password-changed', userId, [userId], now);
        return { sessionsEnded };
      }),
    renewRecoveryCodes: (userId, hashes) =>
      db.transaction().execute(async (trx) => {
        const now = clock();
        await factors.replaceRecoveryCodes(trx, userId, hashes, now);
        await audit.appendAudit(trx, 'factor.recovery-codes-renewed', userId, [userId], now);
      }),
    setPendingTotp: (userId, secret) => factors.setPendingTotp(db, userId, secret, clock()),
    getPendingTotp: (userId) => factors.getPendingTotp(db, userId),
    confirmPendingTotp: (userId, createdAt, step) =>
      db.transaction().execute(async (trx) => {
        const now = clock();
        if (!(await factors.takePendingTotp(trx, userId, createdAt, now))) return false;
        // the code that proved the new authenticator is spent: it cannot sign in after
        await factors.useTotpStep(trx, userId, step);
        await audit.appendAudit(trx, 'factor.totp-moved', userId, [userId], now);
        return true;
      }),
    factorSummary: (userId) => factors.factorSummary(db, userId),
  };
}

type Sessions = Pick<StaffStore, 'createSession' | 'touchSession' | 'renewSession' | 'listSessions' | 'endSession' | 'endSessionByToken' | 'endSessionsOf'>;

export function sessionOperations(db: Kysely<Database>, clock: () => Date): Sessions {
  return {
    createSession: (session) => sessions.insertSession(db, session, clock()),
    touchSession: (tokenHash, kind, idleMs, options) =>
      db.transaction().execute((trx) => sessions.touchSession(trx, tokenHash, kind, idleMs, clock(), options)),
    renewSession: (oldHash, newHash) => sessions.renewSession(db, oldHash, newHash, clock()),
    listSessions: (userId) => sessions.listSessions(db, userId, clock()),
    endSession: (id, actorId, ownerId) =>
      db.transaction().execute(async (trx) => {
        const ended = await sessions.endSession(trx, id, ownerId);
        if (ended) await audit.appendAudit(trx, 'session.ended', actorId, [id], clock());
        return ended;
      }),
    endSessionByToken: (tokenHash) =>
      db.transaction().execute(async (trx) => {
        const row = await trx.selectFrom('staff_sessions').select(['id', 'user_id']).where('token_hash', '=', tokenHash).executeTakeFirst();
        if (!row) return false;
        await sessions.endSession(trx, row.id);
        await audit.appendAudit(trx, 'session.ended', row.user_id, [row.id], clock());
        return true;
      }),
    endSessionsOf: (userId, actorId, exceptId) =>
      db.transaction().execute(async (trx) => {
        const ended = await sessions.endSessionsOf(trx, userId, exceptId);
        await audit.appendAudit(trx, 'sessions.ended', actorId, [userId], clock());
        return ended;
      }),
  };
}
