import { mkdirSync } from 'node:fs';
import BetterSqlite3 from 'better-sqlite3';
import { CompiledQuery, PostgresDialect, SqliteDialect, SqliteDriver } from 'kysely';
import type { DatabaseConnection, Dialect } from 'kysely';
import pg from 'pg';
import { isPostgresUrl, sqliteFile } from './paths.ts';
import type { StorageOptions } from './types.ts';

export interface ChosenDialect {
  kind: 'sqlite' | 'postgres';
  dialect: Dialect;
  /** SQLite only: called once the schema is up to date, before the storage serves anyone */
  opened?: () => void;
}

/**
 * Kysely's SQLite driver with write transactions that take the write lock first (BEGIN IMMEDIATE). A deferred
 * BEGIN would take it at the first write, and a busy answer there leaves a transaction half begun that cannot
 * simply run again; BEGIN IMMEDIATE is either refused before anything happened or holds the lock to the end.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

function sqliteDialect(database: BetterSqlite3.Database): Dialect {
  const base = new SqliteDialect({ database });
  return {
    createAdapter: () => base.createAdapter(),
    createDriver: () => new ImmediateSqliteDriver({ database }),
    createIntrospector: (db) => base.createIntrospector(db),
    createQueryCompiler: () => base.createQueryCompiler(),
  };
}

/** Runs `step` again for up to `ms` while SQLite says the database is busy. */
function whileBusy<T>(step: () => T, ms = 5000): T {
  const until = Date.now() + ms;
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (;;) {
    try {
      return step();
    } catch (error) {
      if ((error as { code?: unknown }).code !== 'SQLITE_BUSY' || Date.now() > until) throw error;
      // opening the store is synchronous anyway; a 10 ms nap lets the other process finish its switch
      Atomics.wait(pause, 0, 0, 10);
    }
  }
}

/** PostgreSQL when databaseUrl is a postgres:// URL, otherwise SQLite in the data directory. */
export function chooseDialect(options: StorageOptions): ChosenDialect {
  if (options.databaseUrl !== undefined && options.databaseUrl !== '' && !isPostgresUrl(options.databaseUrl)) {
    // a typo must not silently fall back to a local file the operator never looks at
    throw new Error(`storage: DATABASE_URL must start with postgres:// or postgresql:// (got ${JSON.stringify(options.databaseUrl.split(':')[0])})`);
  }
  if (options.databaseUrl && isPostgresUrl(options.databaseUrl)) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // an idle client losing its connection (server restart) must not crash the process; the pool replaces it
    pool.on('error', (error) => console.error(`storage: idle PostgreSQL client error: ${error.message}`));
    // and one in use, between its queries (a migration's lock held while the database stops): without a listener
    // of its own its 'error' would end the process; the query it runs next fails and is answered as any other
    pool.on('connect', (client) => client.on('error', (error) => console.error(`storage: PostgreSQL client error: ${error.message}`)));
    return { kind: 'postgres', dialect: new PostgresDialect({ pool }) };
  }
  mkdirSync(options.dataDir, { recursive: true });
  const database = new BetterSqlite3(sqliteFile(options.dataDir));
  // busy_timeout first: even switching to WAL waits out another process's lock instead of failing.
  // WAL lets `npm run leads` read while the server writes; FULL syncs every commit, so an
  // acknowledged lead survives kill -9 and power loss
  // (only while opening: before the server listens a blocking wait harms nobody, see `opened` below)
  database.pragma('busy_timeout = 5000');
  // switching a new file to WAL needs an exclusive lock, and SQLite answers SQLITE_BUSY at once instead
  // of waiting (busy_timeout does not cover it) when another process is opening the same file right now
  try {
    whileBusy(() => database.pragma('journal_mode = WAL'));
  } catch (error) {
    database.close();
    throw error;
  }
  database.pragma('synchronous = FULL');
  database.pragma('foreign_keys = ON');
  // a deleted lead (retention, an erasure) is overwritten with zeros, not just marked free: its bytes do not
  // linger in the file's free space until the page happens to be reused
  database.pragma('secure_delete = ON');
  // better-sqlite3 waits out a lock synchronously, freezing the event loop and with it every page and request (for as
  // long as another process, a sqlite3 shell say, holds the lock). Once open, SQLite answers SQLITE_BUSY at once and
  // the storage waits asynchronously instead (busy.ts)
  const opened = () => void database.pragma('busy_timeout = 0');
  return { kind: 'sqlite', dialect: sqliteDialect(database), opened };
}
