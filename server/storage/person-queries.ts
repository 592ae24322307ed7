import { sql, type Kysely } from 'kysely';
import type { Database } from './schema.ts';
import type { Deleted, Erasure, Lead, Person } from './types.ts';
import { newId } from './ids.ts';
import { toLead } from './lead-queries.ts';
import { toMail } from './mail-queries.ts';
import { toUpload } from './upload-queries.ts';
import { uploadIdOfLink } from './upload-files.ts';
import { addressFinder, likeCandidates } from './whole-address.ts';
import { strings } from './search-text.ts';
import { leadNotesOf } from './inbox-queries.ts';

/** The upload ids a lead's own photo links name (`.../uploads/<id>.<ext>`); outside hosts' links name none. */
function linkedUploadIds(leads: Lead[]): string[] {
  return leads.flatMap((lead) => lead.photos.map((link) => uploadIdOfLink(link) ?? '')).filter(Boolean);
}

/** `lower(column) like pattern`: the first sieve of whole-address.ts, the same SQL on SQLite and PostgreSQL. */
const sieve = (column: string, pattern: string) => sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '!'`;

/** The person's leads by address: the rows the sieve lets through whose fields hold the address as a whole address. */
async function leadsHolding(db: Kysely<Database>, pattern: string, holds: (text: string) => boolean): Promise<Lead[]> {
  const rows = await db
    .selectFrom('leads')
    .selectAll()
    .where((eb) => eb.or(['email', 'name', 'phone', 'message', 'values_json'].map((column) => sieve(column, pattern))))
    .orderBy('created_at')
    .execute();
  return rows.map(toLead).filter((l) => [l.email, l.name, l.phone, l.message, ...strings(l.values)].some(holds));
}

export async function findPerson(db: Kysely<Database>, who: { email: string } | { leadId: string }): Promise<Person> {
  const byAddress = 'email' in who ? { pattern: likeCandidates(who.email), holds: addressFinder(who.email) } : undefined;
  const leads = byAddress
    ? await leadsHolding(db, byAddress.pattern, byAddress.holds)
    : (
        await db
          .selectFrom('leads')
          .selectAll()
          .where('id', '=', (who as { leadId: string }).leadId)
          .execute()
      ).map(toLead);
  const leadIds = leads.map((l) => l.id);
  const rows =
    leadIds.length === 0 && !byAddress
      ? []
      : await db
          .selectFrom('mails')
          .selectAll()
          .where((eb) => {
            const ofLeads = leadIds.length > 0 ? [eb('lead_id', 'in', leadIds)] : [];
            // a mail whose lead is gone (or never was) but that names the address
            const columns = ['reply_to', 'to_address', 'subject', 'text'];
            const orphans = byAddress ? [eb.and([eb('lead_id', 'is', null), eb.or(columns.map((column) => sieve(column, byAddress.pattern)))])] : [];
            return eb.or([...ofLeads, ...orphans]);
          })
          .orderBy('created_at')
          .execute();
  const ofLeads = new Set(leadIds);
  const mails = rows
    .map(toMail)
    .filter((m) => (m.leadId === null ? !!byAddress && [m.replyTo ?? '', m.to, m.subject, m.text].some(byAddress.holds) : ofLeads.has(m.leadId)));
  const linked = linkedUploadIds(leads);
  const photos =
    leadIds.length + linked.length === 0
      ? []
      : await db
          .selectFrom('uploads')
          .selectAll()
          .where((eb) => {
            const attached = leadIds.length > 0 ? [eb('lead_id', 'in', leadIds)] : [];
            // a photo a lead names but that is not attached to it (a spam lead's): only while no other lead has it
            const named = linked.length > 0 ? [eb.and([eb('id', 'in', linked), eb('lead_id', 'is', null)])] : [];
            return eb.or([...attached, ...named]);
          })
          .orderBy('created_at')
          .execute();
  return { leads, mails, photos: photos.map(toUpload), notes: await leadNotesOf(db, leadIds) };
}

export async function deleteLeads(db: Kysely<Database>, leadIds: string[], more: { mailIds?: string[]; uploadIds?: string[] } = {}): Promise<Deleted> {
  const mailIds = more.mailIds ?? [];
  const uploadIds = more.uploadIds ?? [];
  if (leadIds.length + mailIds.length + uploadIds.length === 0) return { leads: 0, mails: 0, photos: [] };
  return db.transaction().execute(async (trx) => {
    const none = ['']; // `in ()` is not SQL: an id no row has
    const leadsIn = leadIds.length > 0 ? leadIds : none;
    // staff's notes hold what was said with the person: they go too (the foreign key would cascade; said here plainly)
    await trx.deleteFrom('lead_notes').where('lead_id', 'in', leadsIn).execute();
    // who of the staff opened them: about the lead as much as about the staff member, so it goes with the lead
    await trx.deleteFrom('lead_reads').where('lead_id', 'in', leadsIn).execute();
    // the mails first: deleting a lead would only unlink its mails (ON DELETE SET NULL), and they hold its data
    const mails = await trx
      .deleteFrom('mails')
      .where((eb) => eb.or([eb('lead_id', 'in', leadsIn), eb('id', 'in', mailIds.length > 0 ? mailIds : none)]))
      .executeTakeFirst();
    const photos = await trx
      .deleteFrom('uploads')
      .where((eb) => eb.or([eb('lead_id', 'in', leadsIn), eb.and([eb('id', 'in', uploadIds.length > 0 ? uploadIds : none), eb('lead_id', 'is', null)])]))
      .returningAll()
      .execute();
    await trx
      .deleteFrom('form_tokens')
      .where('submission_id', 'in', trx.selectFrom('leads').select('submission_id').where('id', 'in', leadsIn))
      .execute();
    const leads = await trx.deleteFrom('leads').where('id', 'in', leadsIn).executeTakeFirst();
    return { leads: Number(leads.numDeletedRows), mails: Number(mails.numDeletedRows), photos: photos.map(toUpload) };
  });
}

export async function expiredLeads(db: Kysely<Database>, before: Date, spamBefore: Date, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('leads')
    .select('id')
    .where((eb) =>
      eb.or([
        eb.and([eb('spam', '=', 0), eb('created_at', '<', before.toISOString())]),
        // spam counts from when staff marked it, so a real lead marked by mistake stays its full period after the mark
        eb.and([eb('spam', '=', 1), eb(eb.fn.coalesce('spam_marked_at', 'created_at'), '<', spamBefore.toISOString())]),
      ]),
    )
    .orderBy('created_at')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

export async function forgetOld(db: Kysely<Database>, mailsBefore: Date, tokensBefore: Date): Promise<{ mails: number; tokens: number }> {
  const mails = await db.deleteFrom('mails').where('lead_id', 'is', null).where('created_at', '<', mailsBefore.toISOString()).executeTakeFirst();
  const tokens = await db.deleteFrom('form_tokens').where('used_at', '<', tokensBefore.toISOString()).executeTakeFirst();
  return { mails: Number(mails.numDeletedRows), tokens: Number(tokens.numDeletedRows) };
}

export async function recordErasure(db: Kysely<Database>, erasure: Erasure): Promise<void> {
  await db
    .insertInto('erasures')
    .values({
      id: newId(),
      erased_at: erasure.erasedAt,
      leads: erasure.leads,
      photos: erasure.photos,
      mails: erasure.mails,
      lead_ids_json: JSON.stringify(erasure.leadIds),
    })
    .execute();
}

export async function listErasures(db: Kysely<Database>): Promise<Erasure[]> {
  const rows = await db.selectFrom('erasures').selectAll().orderBy('erased_at', 'desc').orderBy('id', 'desc').execute();
  return rows.map((r) => ({
    erasedAt: r.erased_at,
    leads: Number(r.leads),
    photos: Number(r.photos),
    mails: Number(r.mails),
    leadIds: JSON.parse(r.lead_ids_json) as string[],
  }));
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The tables that hold a person's data, rewritten after an erasure. */
// upload_chunks (0014, PostgreSQL): the photos' bytes. Rewriting it on each erasure costs a copy of every photo
// (bounded by UPLOAD_QUOTA_MB); without it an erased person's photos would stay in the table's free space
const PERSONAL_TABLES = sql.raw('leads, lead_notes, mails, uploads, upload_chunks, form_tokens');

/** Each personal table's file (relfilenode): VACUUM FULL gives it a new one. */
async function tableFiles(db: Kysely<Database>): Promise<Map<string, string>> {
  const { rows } = await sql<{ relname: string; relfilenode: string }>`
    select relname, relfilenode::text from pg_class
    where relname in ('leads', 'lead_notes', 'mails', 'uploads', 'upload_chunks', 'form_tokens') and relnamespace = current_schema()::regnamespace`.execute(db);
  return new Map(rows.map((r) => [r.relname, r.relfilenode]));
}

export async function compact(db: Kysely<Database>, kind: 'sqlite' | 'postgres'): Promise<{ complete: boolean }> {
  if (kind === 'postgres') {
    // a plain VACUUM only marks the space free, the bytes stay in the file; VACUUM FULL writes the tables anew
    // (it locks them for as long, a moment for tables of this size). ANALYZE replaces the sampled values
    const before = await tableFiles(db);
    await sql`vacuum full ${PERSONAL_TABLES}`.execute(db);
    await sql`analyze ${PERSONAL_TABLES}`.execute(db);
    // a role that does not own a table gets only a warning and the table is skipped: each must have a new file
    const after = await tableFiles(db);
    return { complete: [...before].every(([table, file]) => after.get(table) !== file) };
  }
  // VACUUM writes every page anew, leaving no free page or deleted cell with old bytes; it goes through the WAL,
  // so a checkpoint that TRUNCATEs then copies it into the main file and empties the WAL, old frames included
  await sql`vacuum`.execute(db);
  for (let attempt = 0; attempt < 50; attempt++) {
    const { rows } = await sql<{ busy: number; log: number; checkpointed: number }>`pragma wal_checkpoint(truncate)`.execute(db);
    // busy: another connection is reading or writing now, and the WAL could not be emptied; try again shortly
    if (rows[0]?.busy === 0) return { complete: true };
    await sleep(100);
  }
  return { complete: false };
}
