import type { Kysely } from 'kysely';
import type { Database } from '../../server/studio-host-door.ts';

/** A file open in an editor's studio tab, theirs until `expiresAt` unless they keep it alive. */
export interface Lease {
  path: string;
  /** the studio tab that holds it (one person may have two tabs open) */
  leaseId: string;
  userId: string;
  takenAt: string;
  expiresAt: string;
}

/**
 * What an editor asking for a file is told: it is theirs now, or whose it is; asked with `lookOnly`, also that no one
 * holds it (`holder` undefined).
 */
export type LeaseAnswer = { held: true; lease: Lease } | { held: false; holder: Lease } | { held: false; holder?: undefined };

export interface LeaseRequest {
  path: string;
  leaseId: string;
  userId: string;
  ttlMs: number;
  /** take it even from a live holder (the editor asked to take over) */
  takeOver?: boolean;
  /**
   * take nothing, only say whose it is: held when this tab holds it, the holder's lease when another tab does, no
   * holder when it is free (a write checks that the file is not another person's)
   */
  lookOnly?: boolean;
}

const toLease = (row: Database['studio_leases']): Lease => ({
  path: row.path,
  leaseId: row.lease_id,
  userId: row.user_id,
  takenAt: row.taken_at,
  expiresAt: row.expires_at,
});

/**
 * The file for this tab: when no one holds it, its lease ran out, this tab holds it already (then it is renewed),
 * or the editor takes it over. Each step is one statement, so of two tabs asking at once exactly one gets it, on
 * SQLite and on PostgreSQL alike, whichever server instance each asked.
 */
export async function takeLease(db: Kysely<Database>, request: LeaseRequest, now: Date): Promise<LeaseAnswer> {
  const row = {
    path: request.path,
    lease_id: request.leaseId,
    user_id: request.userId,
    taken_at: now.toISOString(),
    expires_at: new Date(now.getTime() + request.ttlMs).toISOString(),
  };
  const current = () => db.selectFrom('studio_leases').selectAll().where('path', '=', request.path).executeTakeFirst();
  if (request.lookOnly) return whoseLease(await current(), request.leaseId, row.taken_at);
  for (let attempt = 0; attempt < 3; attempt++) {
    // this tab's own lease runs on, and keeps when it was taken
    if (await renewLease(db, request.path, request.leaseId, request.ttlMs, now)) {
      const kept = await current();
      if (kept?.lease_id === request.leaseId) return { held: true, lease: toLease(kept) };
    }
    const inserted = await db
      .insertInto('studio_leases')
      .values(row)
      .onConflict((c) => c.column('path').doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return { held: true, lease: toLease(row) };
    const updated = await db
      .updateTable('studio_leases')
      .set(row)
      .where('path', '=', request.path)
      .$if(!request.takeOver, (q) => q.where('expires_at', '<=', row.taken_at))
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 1) return { held: true, lease: toLease(row) };
    const holder = await current();
    if (holder) return { held: false, holder: toLease(holder) };
    // released between the statements: ask again
  }
  throw new Error(`studio leases: ${request.path} changed hands three times while it was asked for`);
}

/** Whose the file is now, taking nothing: this tab's, another tab's (its lease), or no one's (none, or run out). */
function whoseLease(row: Database['studio_leases'] | undefined, leaseId: string, now: string): LeaseAnswer {
  if (!row || row.expires_at <= now) return { held: false };
  return row.lease_id === leaseId ? { held: true, lease: toLease(row) } : { held: false, holder: toLease(row) };
}

/**
 * The heartbeat of a tab that holds the file: its lease runs on. False when the tab holds it no more (taken over,
 * or run out and taken by another), so the studio can say so.
 */
export async function renewLease(db: Kysely<Database>, path: string, leaseId: string, ttlMs: number, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('studio_leases')
    .set({ expires_at: new Date(now.getTime() + ttlMs).toISOString() })
    .where('path', '=', path)
    .where('lease_id', '=', leaseId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The tab closed the file: it is free at once. False when the tab held it no more. */
export async function releaseLease(db: Kysely<Database>, path: string, leaseId: string): Promise<boolean> {
  const result = await db.deleteFrom('studio_leases').where('path', '=', path).where('lease_id', '=', leaseId).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Every file held now, by path: who has which page open. */
export async function liveLeases(db: Kysely<Database>, now: Date): Promise<Lease[]> {
  const rows = await db.selectFrom('studio_leases').selectAll().where('expires_at', '>', now.toISOString()).orderBy('path').execute();
  return rows.map(toLease);
}
