import { Kysely } from 'kysely';
import type { Database } from './schema.ts';
import type { StorageOptions } from './types.ts';
import { chooseDialect } from './dialect.ts';
import { retryWhileBusy } from './busy.ts';
import { isSqliteBusy, StorageBusyError } from './errors.ts';
import { migrate } from './migrations.ts';

/**
 * The one database of the leads, the staff and the studio (SQLite in dataDir, or PostgreSQL at databaseUrl), its
 * schema brought up to date. A SQLite write lock held by another process for longer than the blocking wait at open
 * is reported as busy, not as a crash. `opened` is for the caller to call once its store is made.
 */
export async function openMigrated(options: StorageOptions): Promise<{ db: Kysely<Database>; kind: 'sqlite' | 'postgres'; opened?: () => void }> {
  const { kind, dialect, opened } = busyAtOpen(() => chooseDialect(options));
  const db = new Kysely<Database>({ dialect });
  try {
    await migrate(db, kind);
  } catch (error) {
    await db.destroy();
    throw isSqliteBusy(error) ? new StorageBusyError(undefined, { cause: error }) : error;
  }
  return { db, kind, ...(opened ? { opened } : {}) };
}

function busyAtOpen<T>(open: () => T): T {
  try {
    return open();
  } catch (error) {
    throw isSqliteBusy(error) ? new StorageBusyError(undefined, { cause: error }) : error;
  }
}

/**
 * The store with each of its calls (but `keep`: close, a clock) waiting, asynchronously, for another process's
 * SQLite write lock for up to `waitMs`, then answering busy.
 */
export function patientOnSqlite<T extends object>(store: T, waitMs: number, keep: string[] = ['close']): T {
  const patient = { ...store };
  for (const [name, method] of Object.entries(store)) {
    if (typeof method === 'function' && !keep.includes(name)) {
      (patient as Record<string, unknown>)[name] = retryWhileBusy(method as (...args: unknown[]) => Promise<unknown>, waitMs);
    }
  }
  return patient;
}
