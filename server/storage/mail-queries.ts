import type { Kysely, Selectable } from 'kysely';
import type { Database, MailsTable } from './schema.ts';
import type { Mail, MailState, NewMail } from './types.ts';
import { newId } from './ids.ts';

export function toMail(row: Selectable<MailsTable>): Mail {
  return {
    id: row.id,
    leadId: row.lead_id,
    to: row.to_address,
    replyTo: row.reply_to,
    subject: row.subject,
    text: row.text,
    templateId: row.template_id,
    state: row.state as MailState,
    attempts: row.attempts,
    nextAttemptAt: row.next_attempt_at,
    lastError: row.last_error,
    createdAt: row.created_at,
    sentAt: row.sent_at,
  };
}

export async function addMail(db: Kysely<Database>, mail: NewMail, now: Date, id = newId()): Promise<string> {
  await db
    .insertInto('mails')
    .values({
      id,
      lead_id: mail.leadId,
      to_address: mail.to,
      reply_to: mail.replyTo,
      subject: mail.subject,
      text: mail.text,
      template_id: mail.templateId,
      state: 'outbox',
      attempts: 0,
      next_attempt_at: null,
      last_error: null,
      created_at: now.toISOString(),
      sent_at: null,
      claimed_until: null,
      claimed_by: null,
    })
    .execute();
  return id;
}

/**
 * Claims up to `limit` due mails (state 'outbox' or 'retrying', next attempt not after `dueBy`, no claim that
 * runs out after `now`) for `owner` until `now + leaseMs`, oldest first. No two callers ever get the same mail while its claim lasts, also
 * in two processes at once: PostgreSQL skips rows another transaction is claiming right now (FOR UPDATE SKIP
 * LOCKED) and checks the row again once that one committed; SQLite runs the one statement under its single
 * write lock. A claim nobody clears (the process died) runs out, and the mail is due again.
 */
export async function claimDueMails(
  db: Kysely<Database>,
  kind: 'sqlite' | 'postgres',
  claim: { now: Date; dueBy: Date; limit: number; leaseMs: number; owner: string },
): Promise<Mail[]> {
  const now = claim.now.toISOString();
  const dueBy = claim.dueBy.toISOString();
  const due = db
    .selectFrom('mails')
    .select('id')
    .where('state', 'in', ['outbox', 'retrying'])
    .where((eb) => eb.or([eb('next_attempt_at', 'is', null), eb('next_attempt_at', '<=', dueBy)]))
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', now)]))
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .limit(claim.limit)
    .$if(kind === 'postgres', (q) => q.forUpdate().skipLocked());
  const rows = await db
    .updateTable('mails')
    .set({ claimed_until: new Date(claim.now.getTime() + claim.leaseMs).toISOString(), claimed_by: claim.owner })
    .where('id', 'in', due)
    .returningAll()
    .execute();
  // RETURNING keeps no order
  return rows.sort((a, b) => (a.created_at === b.created_at ? (a.id < b.id ? -1 : 1) : a.created_at < b.created_at ? -1 : 1)).map(toMail);
}

export async function mailsForLead(db: Kysely<Database>, leadId: string): Promise<Mail[]> {
  const rows = await db.selectFrom('mails').selectAll().where('lead_id', '=', leadId).orderBy('created_at', 'asc').orderBy('id', 'asc').execute();
  return rows.map(toMail);
}

/** Newest first. */
export async function listMails(db: Kysely<Database>, options: { limit?: number } = {}): Promise<Mail[]> {
  let query = db.selectFrom('mails').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc');
  if (options.limit !== undefined) query = query.limit(options.limit);
  return (await query.execute()).map(toMail);
}

// every mark counts the attempt it reports, so `attempts` is the number of times a send was tried, and ends the claim

const unclaimed = { claimed_until: null, claimed_by: null };

export async function markMailSent(db: Kysely<Database>, id: string, at: Date): Promise<void> {
  await db
    .updateTable('mails')
    .set((eb) => ({ state: 'sent', attempts: eb('attempts', '+', 1), sent_at: at.toISOString(), next_attempt_at: null, ...unclaimed }))
    .where('id', '=', id)
    .execute();
}

export async function markMailRetry(db: Kysely<Database>, id: string, error: string, nextAttemptAt: Date): Promise<void> {
  await db
    .updateTable('mails')
    .set((eb) => ({ state: 'retrying', attempts: eb('attempts', '+', 1), last_error: error, next_attempt_at: nextAttemptAt.toISOString(), ...unclaimed }))
    .where('id', '=', id)
    .execute();
}

export async function markMailFailed(db: Kysely<Database>, id: string, error: string): Promise<void> {
  await db
    .updateTable('mails')
    .set((eb) => ({ state: 'failed', attempts: eb('attempts', '+', 1), last_error: error, next_attempt_at: null, ...unclaimed }))
    .where('id', '=', id)
    .execute();
}
