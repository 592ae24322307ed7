/**
 * Sign-in throttling: after a few free failures, each further one doubles the wait before the next attempt, up to
 * a ceiling. Never a lock-out: someone guessing at an account slows its owner down by at most the ceiling, and
 * the owner always gets in after it. Counted per address and per account (the caller keeps both).
 */
export const FREE_FAILURES = 5;
export const FIRST_DELAY_MS = 1000;
export const MAX_DELAY_MS = 15 * 60 * 1000;
/** Failures older than this are forgotten: yesterday's typos do not slow today's sign-in */
export const FORGET_AFTER_MS = 24 * 60 * 60 * 1000;

export interface FailureRecord {
  failures: number;
  /** ISO time of the last failure */
  lastFailureAt: string;
}

/** The wait after `failures` failures in a row: none for the first few, then 1 s, 2 s, 4 s ... up to 15 minutes. */
export function delayAfter(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  const doublings = failures - FREE_FAILURES;
  // 2^20 s is far past the ceiling already; stop there so the number never overflows
  return Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** Math.min(doublings, 20));
}

/** Failures that still count at `now`: none once the last one is older than FORGET_AFTER_MS. */
export function liveFailures(record: FailureRecord | undefined, now: Date): number {
  if (!record) return 0;
  return now.getTime() - Date.parse(record.lastFailureAt) > FORGET_AFTER_MS ? 0 : record.failures;
}

/** Milliseconds to wait before the next attempt may be checked at all (0: go ahead). */
export function waitBeforeAttempt(record: FailureRecord | undefined, now: Date): number {
  const failures = liveFailures(record, now);
  // within the free failures there is no wait, even when another attempt at the same moment wrote a later time
  if (!record || delayAfter(failures) === 0) return 0;
  const allowedAt = Date.parse(record.lastFailureAt) + delayAfter(failures);
  return Math.max(0, allowedAt - now.getTime());
}

/** The longest wait of several records (the address's and the account's): an attempt waits for both. */
export function waitForAll(records: (FailureRecord | undefined)[], now: Date): number {
  return Math.max(0, ...records.map((record) => waitBeforeAttempt(record, now)));
}
