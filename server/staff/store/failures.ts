import { FORGET_AFTER_MS, type FailureRecord } from '../throttle.ts';
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
