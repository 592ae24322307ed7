import type { Kysely } from 'kysely';
import type { Database } from '../../server/studio-host-door.ts';

/**
 * The person a one-time ticket was made for, once: the back office made it when its editor opened the studio
 * (createTicket, server/storage/studio-queries.ts), and the studio's server redeems it within its minute. The ticket is
 * gone after this call whatever it answers, and of two calls with one ticket (two instances, a replayed link) only the
 * one that deleted it gets the person. Tickets past their minute are swept on the way.
 */
export async function redeemTicket(db: Kysely<Database>, tokenHash: string, now: Date): Promise<string | undefined> {
  const at = now.toISOString();
  await db.deleteFrom('studio_tickets').where('expires_at', '<=', at).execute();
  const row = await db.selectFrom('studio_tickets').select('user_id').where('token_hash', '=', tokenHash).executeTakeFirst();
  if (!row) return undefined;
  const deleted = await db.deleteFrom('studio_tickets').where('token_hash', '=', tokenHash).where('expires_at', '>', at).executeTakeFirst();
  return Number(deleted.numDeletedRows) === 1 ? row.user_id : undefined;
}
