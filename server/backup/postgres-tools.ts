import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

/**
 * PostgreSQL's own tools for a copy of the database: `pg_dump` (one consistent snapshot, the one this process
 * exported, so the counts in the manifest are of exactly what was dumped) and `pg_restore`. Debian keeps them in
 * /usr/lib/postgresql/<version>/bin (the newest is taken: it reads every older server); PG_BIN names another folder.
 */
export function pgTool(name: 'pg_dump' | 'pg_restore', env: Record<string, string | undefined> = process.env): string {
  if (env.PG_BIN) return join(env.PG_BIN, name);
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).filter((v) => existsSync(join(root, v, 'bin', name))) : [];
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  // otherwise the one on the PATH, if any: the error says it is missing
  return newest ? join(root, newest, 'bin', name) : name;
}

/** The URL without its password, and the password apart (PGPASSWORD): a password on a command line is seen by `ps`. */
function connection(databaseUrl: string): { url: string; env: Record<string, string> } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { url: url.toString(), env: password ? { PGPASSWORD: password } : {} };
}

/** Runs one of the tools; a failure is its own message (what PostgreSQL said), or a line on how to get the tool. */
async function tool(name: 'pg_dump' | 'pg_restore', args: string[], databaseUrl: string): Promise<void> {
  const { url, env } = connection(databaseUrl);
  try {
    await run(pgTool(name), [...args, '--dbname', url], { env: { ...process.env, ...env }, maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const failure = error as { code?: unknown; stderr?: string; message: string };
    if (failure.code === 'ENOENT')
      throw new Error(`${name} was not found: install PostgreSQL's client tools (apt-get install postgresql-client) or set PG_BIN`);
    throw new Error(`${name} failed: ${(failure.stderr || failure.message).trim()}`);
  }
}

/** The tables the counts are taken of; each one is counted when it is there. */
export const COUNTED = ['leads', 'mails', 'uploads', 'staff_users', 'erasures'] as const;
export type Counts = Partial<Record<(typeof COUNTED)[number], number>>;

async function countAll(client: pg.Client): Promise<Counts> {
  const counts: Counts = {};
  const { rows } = await client.query<{ name: string }>("select table_name as name from information_schema.tables where table_schema = 'public'");
  const present = new Set(rows.map((r) => r.name));
  for (const table of COUNTED.filter((t) => present.has(t))) {
    counts[table] = Number((await client.query<{ n: string }>(`select count(*) as n from ${table}`)).rows[0]!.n);
  }
  return counts;
}

/**
 * Dumps the database into `file` (pg_dump's custom format) from one snapshot: this process exports it in a
 * repeatable-read transaction, counts the rows in it and hands it to pg_dump, so leads that come meanwhile are
 * all in the next backup and none is half in this one.
 */
export async function dumpPostgres(databaseUrl: string, file: string): Promise<Counts> {
  const client = new pg.Client(databaseUrl);
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read, read only');
    const snapshot = (await client.query<{ id: string }>('select pg_export_snapshot() as id')).rows[0]!.id;
    const counts = await countAll(client);
    await tool('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--snapshot=${snapshot}`, `--file=${file}`], databaseUrl);
    await client.query('commit');
    return counts;
  } finally {
    await client.end();
  }
}

/** The tables in the database (not PostgreSQL's own): none means it is empty and a restore may fill it. */
export async function postgresTables(databaseUrl: string): Promise<string[]> {
  const client = new pg.Client(databaseUrl);
  await client.connect();
  try {
    const query =
      "select table_schema || '.' || table_name as name from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')";
    return (await client.query<{ name: string }>(query)).rows.map((r) => r.name);
  } finally {
    await client.end();
  }
}

/** Restores a dump into the (empty) database, in one transaction: it is all there, or nothing is. */
export async function restorePostgres(databaseUrl: string, file: string): Promise<void> {
  await tool('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', file], databaseUrl);
}
