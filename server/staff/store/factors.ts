import type { StaffTables } from '../../storage/schema.ts';
import type { Db, NewFactors, Passkey } from './types.ts';

export async function getPasswordHash(db: Db, userId: string): Promise<string | undefined> {
  const row = await db.selectFrom('staff_passwords').select('hash').where('user_id', '=', userId).executeTakeFirst();
  return row?.hash;
}

export async function setPasswordHash(db: Db, userId: string, hash: string, now: Date): Promise<void> {
  await db
    .insertInto('staff_passwords')
    .values({ user_id: userId, hash, changed_at: now.toISOString() })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ hash, changed_at: now.toISOString() }))
    .execute();
}

export async function getTotp(db: Db, userId: string): Promise<{ secret: string; lastStep: number | null } | undefined> {
  const row = await db.selectFrom('staff_totp').select(['secret', 'last_step']).where('user_id', '=', userId).executeTakeFirst();
  return row && { secret: row.secret, lastStep: row.last_step === null ? null : Number(row.last_step) };
}

/** A new TOTP secret; no code of the old one (or of this one yet) counts as used. */
export async function setTotp(db: Db, userId: string, secret: string, now: Date): Promise<void> {
  await db
    .insertInto('staff_totp')
    .values({ user_id: userId, secret, last_step: null, created_at: now.toISOString() })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ secret, last_step: null, created_at: now.toISOString() }))
    .execute();
}

/**
 * Records that the code of time step `step` was used, if no code of that step or a later one was: the UPDATE's
 * condition makes it atomic, so the same code sent twice at once signs in once. False: already used.
 */
export async function useTotpStep(db: Db, userId: string, step: number): Promise<boolean> {
  const result = await db
    .updateTable('staff_totp')
    .set({ last_step: step })
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** New recovery codes (their hashes) in place of all the old ones, used or not. */
export async function replaceRecoveryCodes(db: Db, userId: string, hashes: string[], now: Date): Promise<void> {
  await db.deleteFrom('staff_recovery_codes').where('user_id', '=', userId).execute();
  if (hashes.length === 0) return;
  await db
    .insertInto('staff_recovery_codes')
    .values(hashes.map((code_hash) => ({ code_hash, user_id: userId, created_at: now.toISOString(), used_at: null })))
    .execute();
}

/** The kept forms of a person's unused recovery codes: the typed code is compared with each (recovery-codes.ts). */
export async function unusedRecoveryCodes(db: Db, userId: string): Promise<string[]> {
  const rows = await db.selectFrom('staff_recovery_codes').select('code_hash').where('user_id', '=', userId).where('used_at', 'is', null).execute();
  return rows.map((row) => row.code_hash);
}

/** Spends one unused recovery code of this person: true once, false for a used, unknown or someone else's code. */
export async function useRecoveryCode(db: Db, userId: string, codeHash: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('staff_recovery_codes')
    .set({ used_at: now.toISOString() })
    .where('code_hash', '=', codeHash)
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function addPasskey(db: Db, passkey: Omit<Passkey, 'createdAt' | 'lastUsedAt'>, now: Date): Promise<void> {
  await db
    .insertInto('staff_passkeys')
    .values({
      id: passkey.id,
      user_id: passkey.userId,
      public_key: passkey.publicKey,
      counter: passkey.counter,
      transports_json: JSON.stringify(passkey.transports),
      name: passkey.name,
      created_at: now.toISOString(),
      last_used_at: null,
    })
    .execute();
}

type PasskeyRow = StaffTables['staff_passkeys'];
const toPasskey = (row: PasskeyRow): Passkey => ({
  id: row.id,
  userId: row.user_id,
  publicKey: row.public_key,
  counter: Number(row.counter),
  transports: JSON.parse(row.transports_json) as string[],
  name: row.name,
  createdAt: row.created_at,
  lastUsedAt: row.last_used_at,
});

export async function getPasskey(db: Db, id: string): Promise<Passkey | undefined> {
  const row = await db.selectFrom('staff_passkeys').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toPasskey(row);
}

export async function listPasskeys(db: Db, userId: string): Promise<Passkey[]> {
  return (await db.selectFrom('staff_passkeys').selectAll().where('user_id', '=', userId).orderBy('created_at').execute()).map(toPasskey);
}

/** One of a person's passkeys gone (only theirs: another person's id removes nothing); whether it was there. */
export async function removePasskey(db: Db, userId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom('staff_passkeys').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** After a passkey sign-in: its new signature counter and the time, for "last used" on the person's screen. */
export async function markPasskeyUsed(db: Db, id: string, counter: number, now: Date): Promise<void> {
  await db.updateTable('staff_passkeys').set({ counter, last_used_at: now.toISOString() }).where('id', '=', id).execute();
}

/** Every factor a person has, gone (a reset): they sign in again only through a new invitation. */
export async function removeFactors(db: Db, userId: string): Promise<void> {
  for (const table of ['staff_passwords', 'staff_totp', 'staff_totp_pending', 'staff_recovery_codes', 'staff_passkeys'] as const) {
    await db.deleteFrom(table).where('user_id', '=', userId).execute();
  }
}

/** The factors an accepted invitation brings, each replacing what was there. */
export async function applyFactors(db: Db, userId: string, factors: NewFactors, now: Date): Promise<void> {
  if (factors.passwordHash !== undefined) await setPasswordHash(db, userId, factors.passwordHash, now);
  if (factors.totpSecret !== undefined) await setTotp(db, userId, factors.totpSecret, now);
  if (factors.recoveryCodeHashes !== undefined) await replaceRecoveryCodes(db, userId, factors.recoveryCodeHashes, now);
}

/**
 * A new authenticator's seed, waiting for its first code: it replaces any seed that was waiting, and leaves the
 * person's current authenticator as it is (it keeps signing in until the new one is confirmed).
 */
export async function setPendingTotp(db: Db, userId: string, secret: string, now: Date): Promise<void> {
  await db
    .insertInto('staff_totp_pending')
    .values({ user_id: userId, secret, created_at: now.toISOString() })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ secret, created_at: now.toISOString() }))
    .execute();
}

export async function getPendingTotp(db: Db, userId: string): Promise<{ secret: string; createdAt: string } | undefined> {
  const row = await db.selectFrom('staff_totp_pending').select(['secret', 'created_at']).where('user_id', '=', userId).executeTakeFirst();
  return row && { secret: row.secret, createdAt: row.created_at };
}

/**
 * The waiting seed made at `createdAt` becomes the person's authenticator, the old one gone (its time step too: the
 * caller spends the confirming code's with useTotpStep). The waiting row is taken by its DELETE, so of two
 * confirmations at once one wins; a seed replaced by a newer "move" meanwhile (another createdAt) is not taken.
 * False: nothing was waiting.
 */
export async function takePendingTotp(db: Db, userId: string, createdAt: string, now: Date): Promise<boolean> {
  const taken = await db
    .deleteFrom('staff_totp_pending')
    .where('user_id', '=', userId)
    .where('created_at', '=', createdAt)
    .returning('secret')
    .executeTakeFirst();
  if (!taken) return false;
  // the secret moves as it is stored (sealed or not): it is never opened here
  await setTotp(db, userId, taken.secret, now);
  return true;
}

/** What the account page says of a person's factors: when each was set, how many codes are left; never a secret. */
export interface FactorSummary {
  passwordChangedAt: string | null;
  totpSince: string | null;
  recoveryCodesLeft: number;
}

export async function factorSummary(db: Db, userId: string): Promise<FactorSummary> {
  const [password, totp, codes] = await Promise.all([
    db.selectFrom('staff_passwords').select('changed_at').where('user_id', '=', userId).executeTakeFirst(),
    db.selectFrom('staff_totp').select('created_at').where('user_id', '=', userId).executeTakeFirst(),
    db
      .selectFrom('staff_recovery_codes')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .executeTakeFirst(),
  ]);
  return {
    passwordChangedAt: password?.changed_at ?? null,
    totpSince: totp?.created_at ?? null,
    recoveryCodesLeft: Number(codes?.n ?? 0),
  };
}
