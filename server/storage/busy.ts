import { isSqliteBusy, StorageBusyError } from './errors.ts';

/** How long a Storage call keeps trying while another process holds SQLite's write lock. */
export const DEFAULT_BUSY_WAIT_MS = 800;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * `op` again, after an asynchronous pause, while SQLite says the database is busy, until `waitMs` have passed;
 * then StorageBusyError. The connection runs with busy_timeout 0, so SQLite answers SQLITE_BUSY at once instead
 * of blocking the event loop; and every write transaction begins IMMEDIATE, so a busy answer always comes
 * before anything was written (an autocommit statement, or BEGIN IMMEDIATE itself) and the whole call can
 * simply run again.
 */
export function retryWhileBusy<A extends unknown[], R>(op: (...args: A) => Promise<R>, waitMs: number): (...args: A) => Promise<R> {
  return async (...args) => {
    const until = Date.now() + waitMs;
    for (let pause = 5; ; pause = Math.min(pause * 2, 80)) {
      try {
        return await op(...args);
      } catch (error) {
        if (!isSqliteBusy(error)) throw error;
        const left = until - Date.now();
        if (left <= 0) throw new StorageBusyError(undefined, { cause: error });
        await sleep(Math.min(pause, left));
      }
    }
  };
}
