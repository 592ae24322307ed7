import { FORGET_AFTER_MS, liveFailures, waitBeforeAttempt, type FailureRecord } from '../throttle.ts';
import type { Db } from './types.ts';

/** The failure records of these keys (an address's, an account's), those that exist. */
export async function failureRecords(db: Db, keys: string[]): Promise<Map<string, FailureRecord>> {
  if (keys.length === 0) return new Map();
  const rows = await db.selectFrom('staff_sign_in_failures').selectAll().where('key', 'in', keys).execute();
  return new Map(rows.map((r) => [r.key, { failures: Number(r.failures), lastFailureAt: r.last_failure_at }]));
}

/**
 * One more failure for each key, in one statement per key that both databases apply atomically (two failures at
 * once count as two). A record whose last failure is older than FORGET_AFTER_MS starts again from one.
 */
export async function recordFailure(db: Db, keys: string[], now: Date): Promise<void> {
  const at = now.toISOString();
  const forgetBefore = new Date(now.getTime() - FORGET_AFTER_MS).toISOString();
  for (const key of keys) {
    await db
      .insertInto('staff_sign_in_failures')
      .values({ key, failures: 1, last_failure_at: at })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet((eb) => ({
          failures: eb
            .case()
            .when('staff_sign_in_failures.last_failure_at', '<', forgetBefore)
            .then(1)
            .else(eb('staff_sign_in_failures.failures', '+', 1))
            .end(),
          last_failure_at: at,
        })),
      )
      .execute();
  }
}

/** A good sign-in clears its keys' failures: the person's own typos are forgiven once they get in. */
export async function clearFailures(db: Db, keys: string[]): Promise<void> {
  if (keys.length > 0) await db.deleteFrom('staff_sign_in_failures').where('key', 'in', keys).execute();
}

/** Records older than FORGET_AFTER_MS count for nothing: dropped by a sweep. */
export async function forgetOldFailures(db: Db, now: Date): Promise<number> {
  const before = new Date(now.getTime() - FORGET_AFTER_MS).toISOString();
  const result = await db.deleteFrom('staff_sign_in_failures').where('last_failure_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** How often a reservation is tried again after another attempt changed the record between its read and its write. */
const RESERVE_TRIES = 200;

/**
 * One attempt reserved under each key before its password, code or passkey is checked: counted as a failure now
 * (a success clears it), so N attempts at once cost N and at most the free ones are checked. Each key's record is
 * read, judged (waitBeforeAttempt) and written back only if no other attempt wrote it meanwhile (compare and set),
 * else read again. Returns 0 when every key took the attempt, or the wait when one refused it; the keys reserved
 * before a refusing one are given their attempt back.
 */
export async function reserveAttempt(db: Db, keys: string[], now: Date): Promise<number> {
  const reserved: string[] = [];
  for (const key of keys) {
    const wait = await reserveOne(db, key, now);
    if (wait > 0) {
      await releaseAttempt(db, reserved);
      return wait;
    }
    reserved.push(key);
  }
  return 0;
}

async function reserveOne(db: Db, key: string, now: Date): Promise<number> {
  const at = now.toISOString();
  for (let i = 0; i < RESERVE_TRIES; i++) {
    const row = await db.selectFrom('staff_sign_in_failures').selectAll().where('key', '=', key).executeTakeFirst();
    if (!row) {
      const inserted = await db
        .insertInto('staff_sign_in_failures')
        .values({ key, failures: 1, last_failure_at: at })
        .onConflict((oc) => oc.column('key').doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return 0;
      continue;
    }
    const record = { failures: Number(row.failures), lastFailureAt: row.last_failure_at };
    const wait = waitBeforeAttempt(record, now);
    if (wait > 0) return wait;
    const updated = await db
      .updateTable('staff_sign_in_failures')
      .set({ failures: liveFailures(record, now) + 1, last_failure_at: at })
      .where('key', '=', key)
      .where('failures', '=', row.failures)
      .where('last_failure_at', '=', row.last_failure_at)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 1) return 0;
  }
  // a record fought over this hard is under attack: the attempt waits
  return 1000;
}

/** An attempt reserved but never checked (refused by another key, or the server too busy to check it): not counted. */
export async function releaseAttempt(db: Db, keys: string[]): Promise<void> {
  for (const key of keys) {
    await db
      .updateTable('staff_sign_in_failures')
      .set((eb) => ({ failures: eb('failures', '-', 1) }))
      .where('key', '=', key)
      .where('failures', '>', 0)
      .execute();
  }
}
