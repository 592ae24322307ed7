import type { Kysely, Selectable } from 'kysely';
import type { Database, LeadsTable } from './schema.ts';
import type { Delivery, Lead, NewLead } from './types.ts';
import { newId } from './ids.ts';
import { searchText } from './search-text.ts';
import type { LeadSource } from '../../core/forms/lead-source.ts';

type LeadRow = Selectable<LeadsTable>;

export function toLead(row: LeadRow): Lead {
  return {
    id: row.id,
    submissionId: row.submission_id,
    form: row.form,
    name: row.name,
    email: row.email,
    phone: row.phone,
    message: row.message,
    values: JSON.parse(row.values_json) as Record<string, unknown>,
    photos: JSON.parse(row.photos_json) as string[],
    spam: row.spam === 1,
    review: row.review === 1,
    flags: JSON.parse(row.flags_json) as string[],
    ip: row.ip,
    userAgent: row.user_agent,
    createdAt: row.created_at,
    delivery: row.delivery as Delivery,
    deliveryDetail: row.delivery_detail,
    // absent when the lead said nothing of where it came from, as leads did before 0019
    ...(row.source_json === null ? {} : { source: JSON.parse(row.source_json) as LeadSource }),
  };
}

export async function addLead(db: Kysely<Database>, lead: NewLead, now: Date): Promise<{ id: string; created: boolean }> {
  // ON CONFLICT DO NOTHING makes the unique submission_id the referee: of any number of
  // concurrent inserts exactly one wins, the others return no row and read the winner back
  const inserted = await db
    .insertInto('leads')
    .values({
      id: newId(),
      submission_id: lead.submissionId,
      form: lead.form,
      name: lead.name,
      email: lead.email,
      phone: lead.phone,
      message: lead.message,
      values_json: JSON.stringify(lead.values),
      photos_json: JSON.stringify(lead.photos),
      spam: lead.spam ? 1 : 0,
      review: lead.review ? 1 : 0,
      flags_json: JSON.stringify(lead.flags),
      ip: lead.ip,
      user_agent: lead.userAgent,
      created_at: now.toISOString(),
      delivery: 'pending',
      delivery_detail: null,
      search_text: searchText(lead),
      source_json: lead.source ? JSON.stringify(lead.source) : null,
    })
    .onConflict((oc) => oc.column('submission_id').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) return { id: inserted.id, created: true };
  const existing = await db.selectFrom('leads').select('id').where('submission_id', '=', lead.submissionId).executeTakeFirst();
  // the conflicting row is committed (PostgreSQL waits for it before DO NOTHING), so it is always found
  if (!existing) throw new Error(`storage: lead with submission ${lead.submissionId} conflicted but cannot be read back`);
  return { id: existing.id, created: false };
}

export async function getLead(db: Kysely<Database>, id: string): Promise<Lead | undefined> {
  const row = await db.selectFrom('leads').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toLead(row);
}

export async function findLeadBySubmission(db: Kysely<Database>, submissionId: string): Promise<Lead | undefined> {
  const row = await db.selectFrom('leads').selectAll().where('submission_id', '=', submissionId).executeTakeFirst();
  return row && toLead(row);
}

export async function listLeads(db: Kysely<Database>, options: { spam?: boolean; limit?: number } = {}): Promise<Lead[]> {
  let query = db
    .selectFrom('leads')
    .selectAll()
    .where('spam', '=', options.spam ? 1 : 0)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc');
  if (options.limit !== undefined) query = query.limit(options.limit);
  return (await query.execute()).map(toLead);
}

/** Leads whose id starts with `prefix` (lowercase base32 only), spam included, at most `limit`. */
export async function findLeadsByIdPrefix(db: Kysely<Database>, prefix: string, limit: number): Promise<Lead[]> {
  // ids use [a-z2-7] only, so a prefix of other characters matches nothing; checking it also keeps LIKE wildcards out
  if (!/^[a-z2-7]+$/.test(prefix)) return [];
  const rows = await db.selectFrom('leads').selectAll().where('id', 'like', `${prefix}%`).orderBy('created_at', 'desc').limit(limit).execute();
  return rows.map(toLead);
}

export async function setDelivery(db: Kysely<Database>, leadId: string, delivery: Delivery, detail: string | null): Promise<void> {
  await db.updateTable('leads').set({ delivery, delivery_detail: detail }).where('id', '=', leadId).execute();
}
