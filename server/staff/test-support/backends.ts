import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { startPostgres, type TestPostgres } from '../../../tests/support/postgres.ts';
import { sqliteFile } from '../../storage/paths.ts';
import type { StorageOptions } from '../../storage/types.ts';
import { openStaffStore, type StaffStore } from '../store/staff-store.ts';

/**
 * The two databases the staff tables live on, for describe.each: SQLite in a temp directory, and a real throwaway
 * PostgreSQL (tests/support/postgres.ts) started by the first test that asks for it and stopped by teardown().
 */
export interface Backend {
  name: 'sqlite' | 'postgres';
  /** for beforeAll, with a long time-out: starting PostgreSQL on a busy machine takes a while */
  setup(): Promise<void>;
  fresh(): Promise<StorageOptions>;
  /** one SQL statement straight on the database, around the store: what a console could do */
  raw(options: StorageOptions, statement: string): Promise<void>;
  teardown(): Promise<void>;
}

const temp: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'staff-test-'));
  temp.push(dir);
  return dir;
}

const sqlite: Backend = {
  name: 'sqlite',
  setup: async () => undefined,
  fresh: async () => ({ dataDir: join(tempDir(), 'data') }),
  raw: async (options, statement) => {
    const db = new BetterSqlite3(sqliteFile(options.dataDir));
    try {
      db.exec(statement);
    } finally {
      db.close();
    }
  },
  teardown: async () => {
    for (const dir of temp.splice(0)) rmSync(dir, { recursive: true, force: true });
  },
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
    const name = `staff${++databases}`;
    const admin = new pg.Client(server.url);
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    return { databaseUrl: server.url.replace(/\/postgres$/, `/${name}`), dataDir: tempDir() };
  },
  raw: async (options, statement) => {
    const client = new pg.Client(options.databaseUrl);
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  },
  teardown: async () => {
    await server?.stop();
    server = undefined;
  },
};

export const backends = [sqlite, postgres];

/** How long a test file gives a backend to start (PostgreSQL under a loaded machine) */
export const SETUP_TIMEOUT_MS = 180_000;

/** A clock the test moves: each reading is 1 ms after the last (as the store's real clock), advance() jumps ahead. */
export function testClock(start = Date.parse('2026-11-29T09:00:00Z')) {
  let t = start;
  return { clock: () => new Date((t += 1)), advance: (ms: number) => void (t += ms), peek: () => t };
}

export async function openTestStore(
  backend: Backend,
): Promise<{ store: StaffStore; options: StorageOptions; advance: (ms: number) => void; peek: () => number }> {
  const options = await backend.fresh();
  const { clock, advance, peek } = testClock();
  const store = await openStaffStore(options, { clock });
  return { store, options, advance, peek };
}
