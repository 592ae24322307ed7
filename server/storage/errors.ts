/**
 * The database is held by another process (SQLite's write lock: a sqlite3 shell, `npm run leads`, a second
 * server) and stayed so for as long as a request may wait. Nothing was written; the same call may be made
 * again a moment later. The API answers it with 503 and Retry-After.
 */
export class StorageBusyError extends Error {
  constructor(message = 'storage: the database is busy (another process holds its write lock); try again in a moment', options?: ErrorOptions) {
    super(message, options);
    this.name = 'StorageBusyError';
  }
}

/** SQLITE_BUSY or SQLITE_LOCKED (and their extended codes), on the error or anywhere in its cause chain. */
export function isSqliteBusy(error: unknown): boolean {
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^SQLITE_(BUSY|LOCKED)/.test(code)) return true;
  }
  return false;
}
