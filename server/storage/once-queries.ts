import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';
import type { NewMail } from './types.ts';
import { newId } from './ids.ts';
import { addMail } from './mail-queries.ts';

/**
 * The lead's one notification mail: queued by whichever request claims the lead's empty mail slot first
 * (an UPDATE ... WHERE mail_id IS NULL, which both databases serialise), in the same transaction as the
 * mail itself. Later calls, from this process or another, find the slot taken and queue nothing.
 */
export async function queueLeadMail(db: Kysely<Database>, leadId: string, mail: Omit<NewMail, 'leadId'>, now: Date): Promise<{ id: string; created: boolean }> {
  return db.transaction().execute(async (trx) => {
    const id = newId();
    const claimed = await trx.updateTable('leads').set({ mail_id: id }).where('id', '=', leadId).where('mail_id', 'is', null).executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 1) {
      await addMail(trx, { ...mail, leadId }, now, id);
      return { id, created: true };
    }
    const row = await trx.selectFrom('leads').select('mail_id').where('id', '=', leadId).executeTakeFirst();
    if (!row?.mail_id) throw new Error(`storage: no lead ${leadId}`);
    return { id: row.mail_id, created: false };
  });
}

/**
 * Binds a fill-time token (by its nonce) to the submission that first used it, and returns that submission's
 * id: the caller's own for a first use or a retry of the same submission, another one for a replay. Bindings
 * used before `forgetBefore` are dropped in the same commit: their tokens have expired, so a replay of one is
 * refused by its age alone.
 */
export async function bindFormToken(db: Kysely<Database>, nonce: string, submissionId: string, forgetBefore: Date, now: Date): Promise<string> {
  return db.transaction().execute(async (trx) => {
    await trx.deleteFrom('form_tokens').where('used_at', '<', forgetBefore.toISOString()).execute();
    await trx
      .insertInto('form_tokens')
      .values({ nonce, submission_id: submissionId, used_at: now.toISOString() })
      .onConflict((oc) => oc.column('nonce').doNothing())
      .execute();
    const row = await trx.selectFrom('form_tokens').select('submission_id').where('nonce', '=', nonce).executeTakeFirstOrThrow();
    return row.submission_id;
  });
}
