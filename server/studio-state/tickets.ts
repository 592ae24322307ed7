import type { Kysely } from 'kysely';
import type { Database } from '../storage/schema.ts';

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

/**
 * The person a ticket was made for, once: the ticket is gone after this call whatever it answers, and of two calls
 * with one ticket (two instances, a replayed link) only the one that deleted it gets the person. Tickets past their
 * minute are swept on the way.
 */
export async function redeemTicket(db: Kysely<Database>, tokenHash: string, now: Date): Promise<string | undefined> {
  const at = now.toISOString();
  await db.deleteFrom('studio_tickets').where('expires_at', '<=', at).execute();
  const row = await db.selectFrom('studio_tickets').select('user_id').where('token_hash', '=', tokenHash).executeTakeFirst();
  if (!row) return undefined;
  const deleted = await db.deleteFrom('studio_tickets').where('token_hash', '=', tokenHash).where('expires_at', '>', at).executeTakeFirst();
  return Number(deleted.numDeletedRows) === 1 ? row.user_id : undefined;
}
