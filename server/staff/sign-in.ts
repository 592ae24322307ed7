import { createHash } from 'node:crypto';
import { normaliseEmail } from './identity.ts';
import { needsRehash, hashPassword, verifyAgainstDummy, verifyPassword } from './password-hash.ts';
import { BUSY_RETRY_MS, placeInLine } from './hash-line.ts';
import { verifyTotp } from './totp.ts';
import type { StaffStore } from './store/staff-store.ts';
import type { StaffUser } from './store/types.ts';

export interface PasswordSignIn {
  email: string;
  password: string;
  /** a TOTP code from the authenticator, or one of the person's recovery codes */
  code: string;
  /** the caller's address as a rate key (server/api/client-address.ts rateKey): throttled per network, not per host */
  addressKey: string;
}

/**
 * What the sign-in screen is told. One "refused" for every failure (unknown address, disabled account, wrong
 * password, wrong or reused code), so the answer never tells which addresses have an account or which factor
 * was wrong. "throttled" says only how long to wait.
 */
export type SignInOutcome =
  | { status: 'signed-in'; user: StaffUser; usedRecoveryCode: boolean }
  | { status: 'refused' }
  | { status: 'throttled'; retryAfterMs: number }
  | { status: 'busy'; retryAfterMs: number };

/** The throttle's keys for an attempt: the address's, and the account's by a hash of the address (no address stored). */
export function throttleKeys(email: string, addressKey: string): string[] {
  const account = createHash('sha256')
    .update(normaliseEmail(email) ?? email.trim().toLowerCase())
    .digest('hex');
  return [`address:${addressKey}`, `account:${account}`];
}

/**
 * Password and second factor, checked as one step. The password is always checked with argon2 (against a dummy
 * hash when there is no such account), so a wrong address costs the same time as a wrong password. The attempt is
 * counted before anything is checked (reserveAttempt) and forgiven on success, so attempts sent at once cost one
 * each. A throttled attempt is not checked at all, not even a right one: otherwise the throttle would leak which
 * guess was right. When the line of sign-ins stays full (hash-line.ts), the answer is "busy" after a short hold, nothing counted.
 */
export async function signInWithPassword(store: StaffStore, attempt: PasswordSignIn): Promise<SignInOutcome> {
  const leave = await placeInLine();
  if (!leave) return { status: 'busy', retryAfterMs: BUSY_RETRY_MS };
  try {
    return await checkAttempt(store, attempt);
  } finally {
    leave();
  }
}

async function checkAttempt(store: StaffStore, attempt: PasswordSignIn): Promise<SignInOutcome> {
  const keys = throttleKeys(attempt.email, attempt.addressKey);
  const wait = await store.reserveAttempt(keys);
  if (wait > 0) {
    if (firstThrottleInAWhile(store, keys[0]!)) await store.audit('sign-in.throttled', null, []);
    return { status: 'throttled', retryAfterMs: wait };
  }
  const account = await enabledAccount(store, attempt.email);
  // checked even without an account (against the dummy): the time of the answer must not tell
  const matches = await passwordMatches(store, account, attempt.password);
  const user = account && matches ? withoutHash(account) : undefined;
  const second = user && (await secondFactor(store, user.id, attempt.code));
  if (!user || !second) {
    // already counted by the reservation
    // the account's id when there is one (an id, not the address), so an admin sees attempts on a real account
    await store.audit('sign-in.failed', null, account ? [account.id] : []);
    return { status: 'refused' };
  }
  await store.clearFailures(keys);
  await store.audit('sign-in.succeeded', user.id, [user.id]);
  return { status: 'signed-in', user, usedRecoveryCode: second === 'recovery-code' };
}

/** An address's throttled attempts are one event for the audit log per minute: a flood would write a row per attempt. */
const THROTTLE_AUDIT_EVERY_MS = 60_000;
const throttleAudited = new WeakMap<StaffStore, Map<string, number>>();

/** Whether this throttled attempt is the first of its address in THROTTLE_AUDIT_EVERY_MS (in this process). */
function firstThrottleInAWhile(store: StaffStore, key: string): boolean {
  const now = store.now().getTime();
  const seen = throttleAudited.get(store) ?? new Map<string, number>();
  throttleAudited.set(store, seen);
  const last = seen.get(key);
  if (last !== undefined && now - last < THROTTLE_AUDIT_EVERY_MS) return false;
  if (seen.size >= 10_000) for (const [k, at] of seen) if (now - at >= THROTTLE_AUDIT_EVERY_MS) seen.delete(k);
  seen.set(key, now);
  return true;
}

/** The enabled account of this address, with its password hash; undefined for an unknown or disabled one. */
async function enabledAccount(store: StaffStore, email: string): Promise<(StaffUser & { passwordHash?: string }) | undefined> {
  const normalised = normaliseEmail(email);
  const user = normalised ? await store.findUserByEmail(normalised) : undefined;
  if (!user || user.disabled) return undefined;
  return { ...user, passwordHash: await store.getPasswordHash(user.id) };
}

const withoutHash = ({ passwordHash: _, ...user }: StaffUser & { passwordHash?: string }): StaffUser => user;

/** Whether the password is the account's, always after one argon2 verification (a dummy one when there is nothing to check). */
async function passwordMatches(store: StaffStore, account: { id: string; passwordHash?: string } | undefined, password: string): Promise<boolean> {
  if (!account?.passwordHash) return verifyAgainstDummy(password);
  if (!(await verifyPassword(account.passwordHash, password))) return false;
  // parameters raised since this hash was made: the password is at hand now, so it is hashed anew
  if (needsRehash(account.passwordHash)) await store.setPasswordHash(account.id, await hashPassword(password));
  return true;
}

/** Which second factor the code is, once spent: a TOTP code (its step recorded) or a recovery code (used up). */
async function secondFactor(store: StaffStore, userId: string, code: string): Promise<'totp' | 'recovery-code' | undefined> {
  const totp = await store.getTotp(userId);
  const step = totp && verifyTotp(totp.secret, code, store.now().getTime(), totp.lastStep);
  if (step !== undefined && (await store.useTotpStep(userId, step))) return 'totp';
  if (await store.useRecoveryCode(userId, code)) return 'recovery-code';
  return undefined;
}
