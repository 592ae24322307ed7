import type { Kysely } from 'kysely';
import type { Database } from '../../storage/schema.ts';
import type { StorageOptions } from '../../storage/types.ts';
import { monotonicClock } from '../../storage/ids.ts';
import { DEFAULT_BUSY_WAIT_MS } from '../../storage/busy.ts';
import { openMigrated, patientOnSqlite } from '../../storage/open-database.ts';
import type { Role } from '../identity.ts';
import type { AuditKind, AuditQuery } from './audit.ts';
import * as audit from './audit.ts';
import * as challenges from './challenges.ts';
import * as failures from './failures.ts';
import * as invitations from './invitations.ts';
import * as sessions from './sessions.ts';
import { peopleOperations } from './people-operations.ts';
import { factorOperations, sessionOperations } from './factor-session-operations.ts';
import type { AuditEvent, NewFactors, NewSession, Passkey, SessionKind, StaffOverview, StaffSession, StaffUser } from './types.ts';
import type { FactorSummary } from './factors.ts';
import type { OpenInvitation } from './invitations.ts';
import type { ChallengePurpose } from './challenges.ts';
import type { FailureRecord } from '../throttle.ts';
import { openSecret, sealSecret } from '../secret-box.ts';
import { recoveryCodeKey, recoveryCodeMatches, storedRecoveryCode } from '../recovery-codes.ts';
import * as factors from './factors.ts';

export { StaffExistsError } from './staff-errors.ts';

/**
 * The staff tables, for the back office and `npm run staff`. Every operation that changes more than one row runs in
 * one transaction, and writes its audit event in the same one: an action is never done without its record, nor
 * recorded without being done. Times come from the store's clock (a fake one in tests).
 */
export interface StaffStore {
  kind: 'sqlite' | 'postgres';
  now(): Date;

  addUser(email: string, role: Role, invitation: { tokenHash: string; createdBy: string | null }): Promise<{ user: StaffUser; expiresAt: string }>;
  reinvite(userId: string, invitation: { tokenHash: string; createdBy: string | null }): Promise<{ expiresAt: string }>;
  resetUser(userId: string, invitation: { tokenHash: string; createdBy: string | null }): Promise<{ expiresAt: string; sessionsEnded: number }>;
  setDisabled(userId: string, disabled: boolean, actorId: string | null): Promise<boolean>;
  setRole(userId: string, role: Role, actorId: string | null): Promise<boolean>;
  findUserByEmail(email: string): Promise<StaffUser | undefined>;
  getUser(id: string): Promise<StaffUser | undefined>;
  listUsers(): Promise<StaffOverview[]>;

  findOpenInvitation(tokenHash: string): Promise<OpenInvitation | undefined>;
  acceptInvitation(tokenHash: string, newFactors: NewFactors): Promise<StaffUser | undefined>;
  /** the open invitation's authenticator seed: `secret` kept at its first view, else the one kept then */
  keepInvitationSeed(tokenHash: string, secret: string): Promise<string | undefined>;
  /** the seed kept for the invitation, undefined before its first view */
  invitationSeed(tokenHash: string): Promise<string | undefined>;

  getPasswordHash(userId: string): Promise<string | undefined>;
  setPasswordHash(userId: string, hash: string): Promise<void>;
  getTotp(userId: string): Promise<{ secret: string; lastStep: number | null } | undefined>;
  useTotpStep(userId: string, step: number): Promise<boolean>;
  /** spends the person's unused recovery code that the typed `code` is (compared with each kept one); false: none is */
  useRecoveryCode(userId: string, code: string): Promise<boolean>;
  /** the kept forms of the person's unused recovery codes */
  unusedRecoveryCodes(userId: string): Promise<string[]>;
  /** new codes as the database keeps them (keyed, salted: recovery-codes.ts storedRecoveryCode), for replace/renew/accept */
  sealRecoveryCodes(codes: string[]): string[];
  replaceRecoveryCodes(userId: string, hashes: string[]): Promise<void>;
  addPasskey(passkey: Omit<Passkey, 'createdAt' | 'lastUsedAt'>): Promise<void>;
  getPasskey(id: string): Promise<Passkey | undefined>;
  listPasskeys(userId: string): Promise<Passkey[]>;
  markPasskeyUsed(id: string, counter: number): Promise<void>;
  /** one of the person's own passkeys gone, with its audit event; false when they have none of that id */
  removePasskey(userId: string, id: string): Promise<boolean>;
  /** the person's own new password: their other sessions end, the kept one gets a new token (same sign-in time); audited */
  changePassword(userId: string, hash: string, keep: { sessionId: string; newTokenHash: string }): Promise<{ sessionsEnded: number }>;
  /** new recovery codes (hashes) in place of all the old ones, audited */
  renewRecoveryCodes(userId: string, hashes: string[]): Promise<void>;
  /** a new authenticator's seed waiting for its first code (replacing one that waited); the current one stays */
  setPendingTotp(userId: string, secret: string): Promise<void>;
  getPendingTotp(userId: string): Promise<{ secret: string; createdAt: string } | undefined>;
  /** the seed that waited since `createdAt` replaces the authenticator, the code of `step` spent; audited. False: none waited */
  confirmPendingTotp(userId: string, createdAt: string, step: number): Promise<boolean>;
  factorSummary(userId: string): Promise<FactorSummary>;

  createSession(session: NewSession): Promise<StaffSession>;
  /** the live session of a token, of `kind` alone; its last-seen time written at most once a minute, never with write: false */
  touchSession(tokenHash: string, kind: SessionKind, idleMs: number, options?: { write?: boolean }): Promise<StaffSession | undefined>;
  renewSession(oldTokenHash: string, newTokenHash: string): Promise<boolean>;
  listSessions(userId: string): Promise<StaffSession[]>;
  endSession(id: string, actorId: string | null, ownerId?: string): Promise<boolean>;
  endSessionByToken(tokenHash: string): Promise<boolean>;
  endSessionsOf(userId: string, actorId: string | null, exceptId?: string): Promise<number>;

  failureRecords(keys: string[]): Promise<Map<string, FailureRecord>>;
  recordFailure(keys: string[]): Promise<void>;
  /** one attempt counted under each key before it is checked: 0, or the wait when a key refuses it (failures.ts) */
  reserveAttempt(keys: string[]): Promise<number>;
  /** a reserved attempt that was never checked, given back */
  releaseAttempt(keys: string[]): Promise<void>;
  clearFailures(keys: string[]): Promise<void>;

  /** a new passkey challenge of the server's (base64url) for `purpose`, kept five minutes; `userId` null for a sign-in */
  issueChallenge(purpose: ChallengePurpose, userId: string | null): Promise<{ challenge: string; expiresAt: string }>;
  /** the challenge taken by one verification, whatever its outcome; false: never made, used, expired, or for another purpose or person */
  takeChallenge(challenge: string, purpose: ChallengePurpose, userId: string | null): Promise<boolean>;

  audit(kind: AuditKind, actorId: string | null, targetIds: string[]): Promise<void>;
  listAudit(options?: AuditQuery): Promise<AuditEvent[]>;
  /** Expired sessions and passkey challenges, stale throttle records and old invitations, removed; returns how many rows went */
  sweep(): Promise<number>;
  close(): Promise<void>;
}

export interface StaffStoreOptions {
  /** the store's clock; a monotonic one by default, so events stored in one millisecond keep their order */
  clock?: () => Date;
  /** seals the TOTP secrets in the database (secret-box.ts staffSecretKey); absent: kept as they are (the staff command) */
  secretKey?: Buffer;
  busyWaitMs?: number;
}

/**
 * Opens the same database as the leads' storage (SQLite in dataDir, or PostgreSQL at databaseUrl), brings its
 * schema up to date (the staff tables are migration 0007 of the one list) and returns the staff store.
 */
export async function openStaffStore(options: StorageOptions, staffOptions: StaffStoreOptions = {}): Promise<StaffStore> {
  const { db, kind, opened } = await openMigrated(options);
  opened?.();
  const plain = keyedRecoveryCodes(staffStoreOn(db, kind, staffOptions.clock ?? monotonicClock()), recoveryCodeKey(staffOptions.secretKey));
  const store = staffOptions.secretKey ? sealed(plain, staffOptions.secretKey) : plain;
  return kind === 'sqlite' ? patientOnSqlite(store, staffOptions.busyWaitMs ?? DEFAULT_BUSY_WAIT_MS, ['close', 'now', 'sealRecoveryCodes']) : store;
}

/**
 * Recovery codes kept under the server's key (recovery-codes.ts): new ones sealed with a salt each, a typed one
 * compared with each unused kept one and the one it is spent (atomically: two uses at once spend it once).
 */
function keyedRecoveryCodes(store: StaffStore, key: Buffer): StaffStore {
  return {
    ...store,
    sealRecoveryCodes: (codes) => codes.map((code) => storedRecoveryCode(key, code)),
    useRecoveryCode: async (userId, code) => {
      const kept = (await store.unusedRecoveryCodes(userId)).find((stored) => recoveryCodeMatches(key, stored, code));
      return kept !== undefined && store.useRecoveryCode(userId, kept);
    },
  };
}

/** The store with its TOTP secrets (in use and waiting) sealed on the way in and opened on the way out. */
function sealed(store: StaffStore, key: Buffer): StaffStore {
  return {
    ...store,
    acceptInvitation: (tokenHash, factors) =>
      store.acceptInvitation(tokenHash, factors.totpSecret === undefined ? factors : { ...factors, totpSecret: sealSecret(key, factors.totpSecret) }),
    keepInvitationSeed: async (tokenHash, secret) => openOrNone(key, await store.keepInvitationSeed(tokenHash, sealSecret(key, secret))),
    invitationSeed: async (tokenHash) => openOrNone(key, await store.invitationSeed(tokenHash)),
    getTotp: async (userId) => {
      const totp = await store.getTotp(userId);
      const secret = totp && openSecret(key, totp.secret);
      return totp && secret !== undefined ? { ...totp, secret } : undefined;
    },
    // a new authenticator's seed waiting for its first code is as secret as the one in use
    setPendingTotp: (userId, secret) => store.setPendingTotp(userId, sealSecret(key, secret)),
    getPendingTotp: async (userId) => {
      const pending = await store.getPendingTotp(userId);
      const secret = pending && openSecret(key, pending.secret);
      return pending && secret !== undefined ? { ...pending, secret } : undefined;
    },
  };
}

const openOrNone = (key: Buffer, sealed: string | undefined) => (sealed === undefined ? undefined : openSecret(key, sealed));

/** The store on an open, migrated database: how the server will share its one connection pool later. */
export function staffStoreOn(db: Kysely<Database>, kind: 'sqlite' | 'postgres', clock: () => Date): StaffStore {
  let closed: Promise<void> | undefined;
  return {
    kind,
    now: clock,
    ...peopleOperations(db, clock),
    ...factorOperations(db, clock),
    ...sessionOperations(db, clock),
    keepInvitationSeed: (tokenHash, secret) => invitations.keepInvitationSeed(db, tokenHash, secret, clock()),
    invitationSeed: (tokenHash) => invitations.invitationSeed(db, tokenHash),
    unusedRecoveryCodes: (userId) => factors.unusedRecoveryCodes(db, userId),
    // unkeyed here: openStaffStore puts the key in front of these (keyedRecoveryCodes)
    sealRecoveryCodes: () => {
      throw new Error('recovery codes are sealed by openStaffStore');
    },
    failureRecords: (keys) => failures.failureRecords(db, keys),
    recordFailure: (keys) => failures.recordFailure(db, keys, clock()),
    // one transaction, one commit for both keys: a flood of wrong sign-ins costs the database one write each
    reserveAttempt: (keys) => db.transaction().execute((trx) => failures.reserveAttempt(trx, keys, clock())),
    releaseAttempt: (keys) => failures.releaseAttempt(db, keys),
    clearFailures: (keys) => failures.clearFailures(db, keys),
    issueChallenge: (purpose, userId) => challenges.issueChallenge(db, purpose, userId, clock()),
    takeChallenge: (challenge, purpose, userId) => challenges.takeChallenge(db, challenge, purpose, userId, clock()),
    audit: (kind, actorId, targetIds) => audit.appendAudit(db, kind, actorId, targetIds, clock()),
    listAudit: (listOptions) => audit.listAudit(db, listOptions),
    sweep: () => sweep(db, clock()),
    close: () => (closed ??= db.destroy()),
  };
}

async function sweep(db: Kysely<Database>, now: Date): Promise<number> {
  // invitations are kept a while after they end, so "this link was used / has expired" can still be told apart
  const invitationsBefore = new Date(now.getTime() - 30 * 24 * 60 * 60 * 1000);
  const counts = await Promise.all([
    sessions.sweepSessions(db, now),
    failures.forgetOldFailures(db, now),
    invitations.forgetOldInvitations(db, invitationsBefore),
    challenges.sweepChallenges(db, now),
  ]);
  return counts.reduce((a, b) => a + b, 0);
}
