import type { Kysely } from 'kysely';
import { OWNER_ROW as ROW, toOwner, type Database, type Owner } from '../../server/studio-host-door.ts';

/*
 * The working copy's one row of studio_owner (OWNER_ROW) and its Owner are declared beside the server's read of it
 * (currentOwner, server/storage/studio-queries.ts: the System screen asks whose it is); its claims are the studio's.
 */

/** What an instance asking for the working copy is told: it is theirs now (and whose it was), or whose it is. */
export type OwnerClaim = { owned: true; previous?: Owner } | { owned: false; owner: Owner };

export interface OwnerRequest {
  instance: string;
  address: string;
  leaseMs: number;
}

/**
 * The working copy for this instance: when nobody has had it, its owner's lease ran out or was let go, or the row is
 * this instance's own (a restart under the same name). The row is changed only where it is still the row that was
 * read (one conditional update), so of any number of instances asking at once exactly one gets it, on SQLite and on
 * PostgreSQL alike.
 */
export async function claimOwner(db: Kysely<Database>, request: OwnerRequest, now: Date): Promise<OwnerClaim> {
  const row: Database['studio_owner'] = {
    id: ROW,
    instance: request.instance,
    address: request.address,
    taken_at: now.toISOString(),
    expires_at: new Date(now.getTime() + request.leaseMs).toISOString(),
    released_at: null,
  };
  for (let attempt = 0; attempt < 3; attempt++) {
    const current = await db.selectFrom('studio_owner').selectAll().where('id', '=', ROW).executeTakeFirst();
    if (!current) {
      const inserted = await db
        .insertInto('studio_owner')
        .values(row)
        .onConflict((c) => c.column('id').doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return { owned: true };
      continue;
    }
    if (current.instance !== request.instance && current.expires_at > row.taken_at) return { owned: false, owner: toOwner(current) };
    const updated = await db
      .updateTable('studio_owner')
      .set(row)
      .where('id', '=', ROW)
      .where('instance', '=', current.instance)
      .where('taken_at', '=', current.taken_at)
      .where('expires_at', '=', current.expires_at)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 1) return { owned: true, previous: toOwner(current) };
    // renewed or taken between the statements: look again
  }
  throw new Error('studio owner: the working copy changed hands three times while it was asked for');
}

/** The owner's heartbeat: its lease runs on. False when the working copy is no longer this instance's (taken over, or let go). */
export async function renewOwner(db: Kysely<Database>, instance: string, leaseMs: number, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('studio_owner')
    .set({ expires_at: new Date(now.getTime() + leaseMs).toISOString() })
    .where('id', '=', ROW)
    .where('instance', '=', instance)
    .where('released_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A clean stop of the owner: the working copy is free at once, and the row still says whose it was. */
export async function releaseOwner(db: Kysely<Database>, instance: string, now: Date): Promise<boolean> {
  const at = now.toISOString();
  const result = await db
    .updateTable('studio_owner')
    .set({ expires_at: at, released_at: at })
    .where('id', '=', ROW)
    .where('instance', '=', instance)
    .where('released_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
