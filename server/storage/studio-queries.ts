import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';
import type { StorageOptions } from './types.ts';
import { monotonicClock } from './ids.ts';
import { DEFAULT_BUSY_WAIT_MS } from './busy.ts';
import { openMigrated, patientOnSqlite } from './open-database.ts';

/**
 * What the server itself does with the studio's tables (StudioTables, migration 0009): the back office makes the
 * ticket that opens the studio, and the System screen reads the last release and the working copy's owner. The rest
 * of the studio's shared state (leases, preview links, schedules, redeeming a ticket, recording a release, claiming
 * the working copy) is the studio's own, in studio-host/state/, which reaches these through server/studio-host-door.ts.
 */

/**
 * A one-time ticket that carries a signed-in editor from the back office's origin to the studio's: the back office
 * makes one when the editor opens the studio, the studio's server redeems it once, within its minute, and opens a
 * session of its own. Only the token's hash is kept; the database, not a process, holds it, so the ticket made on one
 * server instance opens the studio on another.
 */
export const TICKET_TTL_MS = 60_000;

export async function createTicket(db: Kysely<Database>, tokenHash: string, userId: string, now: Date): Promise<void> {
  await db
    .insertInto('studio_tickets')
    .values({ token_hash: tokenHash, user_id: userId, expires_at: new Date(now.getTime() + TICKET_TTL_MS).toISOString() })
    .execute();
}

/** A commit published on one server instance: every instance builds it and serves it (the build is deterministic). */
export interface Release {
  commit: string;
  publishedBy: string;
  publishedAt: string;
}

/** The newest release, or undefined before the first publish on the server. */
export async function latestRelease(db: Kysely<Database>): Promise<Release | undefined> {
  const row = await db.selectFrom('site_releases').selectAll().orderBy('published_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
  return row && { commit: row.commit_id, publishedBy: row.published_by, publishedAt: row.published_at };
}

/** The key of the one row of studio_owner: there is one working copy whose edits the editors share. */
export const OWNER_ROW = 'working-copy';

/**
 * The server instance that owns the working copy: it serves the studio, and the other instances forward the studio's
 * requests to its `address`. Theirs until `expiresAt` unless they renew it; `releasedAt` when they let it go.
 */
export interface Owner {
  instance: string;
  address: string;
  takenAt: string;
  expiresAt: string;
  releasedAt: string | null;
}

export const toOwner = (row: Database['studio_owner']): Owner => ({
  instance: row.instance,
  address: row.address,
  takenAt: row.taken_at,
  expiresAt: row.expires_at,
  releasedAt: row.released_at,
});

/** The row as it is now: whose the working copy is or was, or undefined before any instance had it. */
export async function currentOwner(db: Kysely<Database>): Promise<Owner | undefined> {
  const row = await db.selectFrom('studio_owner').selectAll().where('id', '=', OWNER_ROW).executeTakeFirst();
  return row && toOwner(row);
}

/** The back office's side of the studio's tickets: it makes them, the studio redeems them. */
export interface StudioTickets {
  createTicket(tokenHash: string, userId: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * The tickets on the leads' database (SQLite in dataDir, or PostgreSQL at databaseUrl), its schema brought up to
 * date; on SQLite a write waits for another process's lock, as the leads' storage does.
 */
export async function openStudioTickets(options: StorageOptions, clock: () => Date = monotonicClock()): Promise<StudioTickets> {
  const { db, kind, opened } = await openMigrated(options);
  opened?.();
  let closed: Promise<void> | undefined;
  const tickets: StudioTickets = {
    createTicket: (tokenHash, userId) => createTicket(db, tokenHash, userId, clock()),
    close: () => (closed ??= db.destroy()),
  };
  return kind === 'sqlite' ? patientOnSqlite(tickets, options.busyWaitMs ?? DEFAULT_BUSY_WAIT_MS) : tickets;
}
