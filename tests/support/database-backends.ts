import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { sqliteFile } from '../../server/storage/paths.ts';
import type { StorageOptions } from '../../server/storage/types.ts';
import { startPostgres, type TestPostgres } from './postgres.ts';

/** One database a storage test runs on: `fresh()` gives the options of an empty database of its own. */
export interface Backend {
  name: 'sqlite' | 'postgres';
  /** for beforeAll, with a long time-out: starting PostgreSQL on a busy machine takes a while */
  setup(): Promise<void>;
  fresh(): Promise<StorageOptions>;
  /** one SQL statement straight on the database, around the code under test: what a console could do */
  raw(options: StorageOptions, statement: string): Promise<void>;
  /** stops PostgreSQL, and deletes the temp folders each backend made */
  teardown(): Promise<void>;
}

export interface BackendOptions {
  /** the temp folders' prefix */
  prefix: string;
  /** the SQLite data folder inside a fresh temp folder (a nested one tests that the folders are made) */
  sqliteDataDir?: string;
}

async function onPostgres(url: string, statement: string): Promise<void> {
  const client = new pg.Client(url);
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * The two databases the server stores on, for describe.each: SQLite in a temp folder, and a real throwaway
 * PostgreSQL (tests/support/postgres.ts) started by setup() or by the first fresh(), stopped by teardown().
 */
export function databaseBackends({ prefix, sqliteDataDir = 'data' }: BackendOptions): [Backend, Backend] {
  const temp: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(join(tmpdir(), prefix));
    temp.push(dir);
    return dir;
  };
  const removeTemp = () => {
    for (const dir of temp.splice(0)) rmSync(dir, { recursive: true, force: true });
  };
  const sqlite: Backend = {
    name: 'sqlite',
    setup: async () => undefined,
    fresh: async () => ({ dataDir: join(tempDir(), sqliteDataDir) }),
    raw: async (options, statement) => {
      const db = new BetterSqlite3(sqliteFile(options.dataDir));
      try {
        db.exec(statement);
      } finally {
        db.close();
      }
    },
    teardown: async () => removeTemp(),
  };
  let server: TestPostgres | undefined;
  let databases = 0;
  const postgres: Backend = {
    name: 'postgres',
    setup: async () => {
      server ??= await startPostgres();
    },
    fresh: async () => {
      server ??= await startPostgres();
      const name = `${prefix.replace(/[^a-z]/g, '')}${++databases}`;
      await onPostgres(server.url, `create database ${name}`);
      return { databaseUrl: server.url.replace(/\/postgres$/, `/${name}`), dataDir: tempDir() };
    },
    raw: async (options, statement) => onPostgres(options.databaseUrl!, statement),
    teardown: async () => {
      await server?.stop();
      server = undefined;
      removeTemp();
    },
  };
  return [sqlite, postgres];
}
