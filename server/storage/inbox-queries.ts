import { sql, type ExpressionBuilder, type Kysely, type RawBuilder, type Selectable, type SqlBool } from 'kysely';
import type { Database, LeadNotesTable } from './schema.ts';
import type { Delivery, InboxPage, InboxQuery, InboxRow, LeadNote, LeadStatus, NewLeadNote } from './types.ts';
import { isLeadStatus, LEAD_STATUSES } from '../../core/admin/contract.ts';
import { isId, newId } from './ids.ts';
import { sourceLabel, type LeadSource } from '../../core/forms/lead-source.ts';
import { containsPattern, phoneForms, searchTerms } from './search-text.ts';

/**
 * The back office's leads inbox (issue 38): pages of leads newest first with search and filters, and what staff
 * change on a lead (status, spam, notes). A page continues from a cursor, the (created_at, id) of the last row
 * shown, never from an offset: the database walks an index from there, so page 2,000 costs what page 1 does.
 */

/** The most rows one page gives, whatever is asked. */
export const MAX_PAGE = 100;

/** A cursor that is no cursor of ours: the request that sent it is wrong (400), nothing is wrong with the data. */
export class InvalidCursorError extends Error {
  constructor() {
    super('storage: not an inbox cursor');
    this.name = 'InvalidCursorError';
  }
}

interface Cursor {
  createdAt: string;
  id: string;
}

/** Opaque to the client: base64url of the last row's created_at and id, which the next page continues after. */
export function encodeCursor(row: Cursor): string {
  return Buffer.from(`${row.createdAt} ${row.id}`).toString('base64url');
}

export function decodeCursor(cursor: string): Cursor {
  const [createdAt = '', id = '', ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split(' ');
  // the shapes ids.ts and toISOString() make: anything else was not made here
  if (rest.length > 0 || !isId(id) || !/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/.test(createdAt)) throw new InvalidCursorError();
  return { createdAt, id };
}

type Condition = RawBuilder<SqlBool>;

/** What every row of the query must satisfy; with a cursor, only the rows after it. The same SQL on both databases. */
function conditions(query: InboxQuery, after?: Cursor): Condition[] {
  const all: Condition[] = [];
  if (query.form !== undefined) all.push(sql`form = ${query.form}`);
  if (query.status !== undefined) all.push(sql`status = ${query.status}`);
  if (query.spam !== undefined) all.push(sql`spam = ${query.spam ? 1 : 0}`);
  if (query.assignee !== undefined) all.push(sql`assigned_to = ${query.assignee}`);
  // a call-back is done once the lead is won or lost (or the day taken off)
  if (query.callBackBy !== undefined) all.push(sql`call_back_on <= ${query.callBackBy} and status not in ('won', 'lost')`);
  if (query.from !== undefined) all.push(sql`created_at >= ${query.from.toISOString()}`);
  if (query.to !== undefined) all.push(sql`created_at < ${query.to.toISOString()}`);
  // (created_at, id) < (cursor): one row comparison, which both databases answer from the index
  if (after !== undefined) all.push(sql`(created_at, id) < (${after.createdAt}, ${after.id})`);
  for (const term of searchTerms(query.search ?? '')) all.push(sql`search_text like ${containsPattern(term)} escape '!'`);
  return all;
}

const allOf = (all: Condition[]): Condition => (all.length > 0 ? sql<SqlBool>`${sql.join(all, sql` and `)}` : sql<SqlBool>`1 = 1`);

/** Whether the reader has not opened the lead: 1 or 0; always 0 without a reader. */
const unreadBy = (reader: string | undefined) =>
  reader === undefined
    ? sql<number>`0`
    : sql<number>`case when exists (select 1 from lead_reads where lead_reads.lead_id = leads.id and lead_reads.user_id = ${reader}) then 0 else 1 end`;

/** What an inbox line needs, and no more: the message only as its start; with a reader, whether they opened it. */
const rowColumns = (reader?: string) => (eb: ExpressionBuilder<Database, 'leads'>) => [
  'id' as const,
  'created_at' as const,
  'form' as const,
  'name' as const,
  'email' as const,
  'phone' as const,
  'status' as const,
  'spam' as const,
  'review' as const,
  'delivery' as const,
  'photos_json' as const,
  'spam_marked_at' as const,
  'assigned_to' as const,
  'call_back_on' as const,
  'source_json' as const,
  eb.fn<string>('substr', ['message', eb.lit(1), eb.lit(200)]).as('message_start'),
  unreadBy(reader).as('unread'),
];

type FollowUp = { assigned_to: string | null; call_back_on: string | null; source_json: string | null };

type RowOut = { id: string; created_at: string; form: string; name: string; email: string; phone: string; status: string; spam: number; review: number };

function toInboxRow(
  row: RowOut & { delivery: string; photos_json: string; message_start: string; unread: number | string; spam_marked_at: string | null } & FollowUp,
): InboxRow {
  const line = row.message_start.replace(/\s+/g, ' ').trim();
  return {
    id: row.id,
    createdAt: row.created_at,
    form: row.form,
    name: row.name,
    email: row.email,
    phone: row.phone,
    status: row.status as LeadStatus,
    spam: Number(row.spam) === 1,
    review: Number(row.review) === 1,
    delivery: row.delivery as Delivery,
    hasPhotos: row.photos_json !== '[]',
    preview: line.length > 120 ? `${line.slice(0, 119).trimEnd()}…` : line,
    unread: Number(row.unread) === 1,
    spamMarkedAt: row.spam_marked_at,
    assignedTo: row.assigned_to,
    callBackOn: row.call_back_on,
    ...labelled(row.source_json),
  };
}

/** The row's source in a few words (issue 51); nothing for a lead that says nothing of where it came from. */
function labelled(sourceJson: string | null): Pick<InboxRow, 'sourceLabel'> {
  const label = sourceJson === null ? undefined : sourceLabel(JSON.parse(sourceJson) as LeadSource);
  return label ? { sourceLabel: label } : {};
}

export async function inboxPage(db: Kysely<Database>, kind: 'sqlite' | 'postgres', query: InboxQuery): Promise<InboxPage> {
  const limit = Math.min(MAX_PAGE, Math.max(1, Math.floor(query.limit) || 1));
  const after = query.after === undefined ? undefined : decodeCursor(query.after);
  const searching = searchTerms(query.search ?? '').length > 0;
  // the total on the first page only: the later pages' would cost as much again and say nothing new
  const where = conditions(query, after);
  const columns = rowColumns(query.reader);
  const { rows, total } = !searching
    ? { rows: await pageRows(db, where, limit + 1, columns), total: after === undefined ? await countMatching(db, conditions(query)) : undefined }
    : kind === 'sqlite'
      ? await sqliteSearch(db, where, limit + 1, after === undefined, columns)
      : await postgresSearch(db, where, limit + 1, after === undefined, columns);
  const leads = rows.slice(0, limit).map(toInboxRow);
  const last = leads.at(-1);
  // one row more than the page was asked for: whether there is a next page, without counting
  const next = rows.length > limit && last ? encodeCursor(last) : undefined;
  // what the filter and the title show, on the first page only, as the total
  const counts = after === undefined ? await countByStatus(db, conditions({ ...query, status: undefined })) : undefined;
  const unread = after === undefined && query.reader !== undefined ? await countUnread(db, query.reader) : undefined;
  return {
    leads,
    ...(next !== undefined && { next }),
    ...(total !== undefined && { total }),
    ...(counts !== undefined && { counts }),
    ...(unread !== undefined && { unread }),
  };
}

type Columns = ReturnType<typeof rowColumns>;

/** Newest first from an index on created_at (the form's, status's or spam's when filtered), until `count` rows pass. */
function pageRows(db: Kysely<Database>, where: Condition[], count: number, columns: Columns) {
  return db.selectFrom('leads').where(allOf(where)).select(columns).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(count).execute();
}

/** How many leads match, per status (every status named, 0 for none). */
async function countByStatus(db: Kysely<Database>, where: Condition[]): Promise<Record<LeadStatus, number>> {
  const rows = await db
    .selectFrom('leads')
    .where(allOf(where))
    .select((eb) => ['status', eb.fn.countAll<number | string>().as('n')])
    .groupBy('status')
    .execute();
  const counts = Object.fromEntries(LEAD_STATUSES.map((s) => [s, 0])) as Record<LeadStatus, number>;
  for (const row of rows) if (isLeadStatus(row.status)) counts[row.status] = Number(row.n);
  return counts;
}

/** How many leads that are not spam the reader has not opened. */
async function countUnread(db: Kysely<Database>, reader: string): Promise<number> {
  const row = await db
    .selectFrom('leads')
    .where('spam', '=', 0)
    .where(sql<SqlBool>`not exists (select 1 from lead_reads where lead_reads.lead_id = leads.id and lead_reads.user_id = ${reader})`)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The reader opened the lead: kept once, with the first time (a lead erased a moment ago gets no mark). */
export async function markLeadRead(db: Kysely<Database>, leadId: string, userId: string, now: Date): Promise<void> {
  await db
    .insertInto('lead_reads')
    .columns(['lead_id', 'user_id', 'read_at'])
    .expression((eb) =>
      eb
        .selectFrom('leads')
        .select(['id as lead_id', eb.val(userId).as('user_id'), eb.val(now.toISOString()).as('read_at')])
        .where('id', '=', leadId),
    )
    .onConflict((oc) => oc.columns(['lead_id', 'user_id']).doNothing())
    .execute();
}

async function countMatching(db: Kysely<Database>, where: Condition[]): Promise<number> {
  const row = await db
    .selectFrom('leads')
    .where(allOf(where))
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  // PostgreSQL's count is a bigint, which pg gives as text
  return Number(row.n);
}

/**
 * A search on PostgreSQL: the trigram index (0008) gives the rows with the words, and one pass over them both counts
 * them and keeps the newest: a count apart would look them all up a second time.
 */
async function postgresSearch(db: Kysely<Database>, where: Condition[], count: number, withTotal: boolean, columns: Columns) {
  const rows = await db
    .selectFrom('leads')
    .where(allOf(where))
    .select(columns)
    .select(sql<number | string | null>`${withTotal ? sql`count(*) over ()` : sql`null`}`.as('total'))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(count)
    .execute();
  // PostgreSQL's count is a bigint, which pg gives as text
  return { rows, total: withTotal ? Number(rows[0]?.total ?? 0) : undefined };
}

/**
 * A search on SQLite reads every lead's search text (SQLite has no index for a word inside a text): it reads them from
 * leads_search_cover (0008), which holds that text and every column a filter or the order needs, a third of the
 * table's bytes, in one pass that also counts the matches. Walking the created_at index instead, a search for a rare
 * name would look up every row of the table one by one, in no order: ten times slower. Then the page's rows by id.
 */
async function sqliteSearch(db: Kysely<Database>, where: Condition[], count: number, withTotal: boolean, columns: Columns) {
  const total = withTotal ? sql`count(*) over ()` : sql`null`;
  const { rows: found } = await sql<{ id: string; total: number | null }>`
    select id, ${total} as total from leads indexed by leads_search_cover where ${allOf(where)}
    order by created_at desc, id desc limit ${count}`.execute(db);
  const ids = found.map((row) => row.id);
  const rows = ids.length === 0 ? [] : await db.selectFrom('leads').where('id', 'in', ids).select(columns).execute();
  const order = new Map(ids.map((id, i) => [id, i]));
  rows.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  return { rows, total: withTotal ? Number(found[0]?.total ?? 0) : undefined };
}

export async function inboxRow(db: Kysely<Database>, id: string): Promise<InboxRow | undefined> {
  const row = await db.selectFrom('leads').select(rowColumns()).where('id', '=', id).executeTakeFirst();
  return row && toInboxRow(row);
}

export async function setLeadStatus(db: Kysely<Database>, id: string, status: LeadStatus): Promise<boolean> {
  // the database's check refuses it too; this says which value was wrong
  if (!isLeadStatus(status)) throw new RangeError(`storage: not a lead status: ${JSON.stringify(status)}`);
  const result = await db.updateTable('leads').set({ status }).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** A lead marked spam keeps when (its short retention counts from then); marked not spam, that is forgotten. */
export async function setLeadSpam(db: Kysely<Database>, id: string, spam: boolean, at: Date): Promise<boolean> {
  const result = await db
    .updateTable('leads')
    .set({ spam: spam ? 1 : 0, spam_marked_at: spam ? at.toISOString() : null })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

const toNote = (row: Selectable<LeadNotesTable>): LeadNote => ({
  id: row.id,
  leadId: row.lead_id,
  authorId: row.author_id,
  body: row.body,
  createdAt: row.created_at,
});

export async function addLeadNote(db: Kysely<Database>, note: NewLeadNote, now: Date): Promise<LeadNote | undefined> {
  // insert ... select from the lead: a lead erased a moment ago gets no note (and no foreign key error)
  const row = await db
    .insertInto('lead_notes')
    .columns(['id', 'lead_id', 'author_id', 'body', 'created_at'])
    .expression((eb) =>
      eb
        .selectFrom('leads')
        .select([
          eb.val(newId()).as('id'),
          'id as lead_id',
          eb.val(note.authorId).as('author_id'),
          eb.val(note.body).as('body'),
          eb.val(now.toISOString()).as('created_at'),
        ])
        .where('id', '=', note.leadId),
    )
    .returningAll()
    .executeTakeFirst();
  return row && toNote(row);
}

/** The notes of these leads, oldest first: one lead's in the inbox, a person's in an export. */
export async function leadNotesOf(db: Kysely<Database>, leadIds: string[]): Promise<LeadNote[]> {
  if (leadIds.length === 0) return [];
  const rows = await db.selectFrom('lead_notes').selectAll().where('lead_id', 'in', leadIds).orderBy('created_at').orderBy('id').execute();
  return rows.map(toNote);
}

/** A phone number as one person's: its national digits (phoneForms), or undefined when too short to tell people apart. */
function personPhone(phone: string): string | undefined {
  const national = phoneForms(phone).at(-1);
  return national !== undefined && national.length >= 8 ? national : undefined;
}

/** How a lead names its person: its e-mail address in lower case, and its phone's national digits. */
const personKeys = (row: { email: string; phone: string }) => ({ email: row.email.trim().toLowerCase() || undefined, phone: personPhone(row.phone) });

/** The leads with one of these addresses or phone numbers: the LIKE on the search text gives candidates, checked here. */
async function leadsOfKeys(db: Kysely<Database>, emails: Set<string>, phones: Set<string>): Promise<InboxRow[]> {
  const rows = await db
    .selectFrom('leads')
    .select(rowColumns())
    .where((eb) =>
      eb.or([
        ...(emails.size > 0 ? [eb(sql`lower(trim(email))`, 'in', [...emails])] : []),
        ...[...phones].map((phone) => sql<SqlBool>`search_text like ${containsPattern(phone)} escape '!'`),
      ]),
    )
    .execute();
  return rows.map(toInboxRow).filter((row) => {
    const keys = personKeys(row);
    return (keys.email !== undefined && emails.has(keys.email)) || (keys.phone !== undefined && phones.has(keys.phone));
  });
}

/**
 * The leads of the lead's person (issue 50), newest first, the lead itself among them: those with the same e-mail
 * address (in any case) or the same phone number however it was typed ('06-1234 5678', '+31 6 12345678'), and theirs
 * in turn (a follow-up by mail alone joins the lead that gave the phone). The phone's national digits are in the
 * search text (search-text.ts), so one LIKE finds the candidates on both databases (PostgreSQL from its trigram
 * index). Spam included: it is theirs too.
 */
export async function personLeads(db: Kysely<Database>, leadId: string): Promise<InboxRow[]> {
  const own = await db.selectFrom('leads').select(rowColumns()).where('id', '=', leadId).executeTakeFirst();
  if (!own) return [];
  const found = new Map([[leadId, toInboxRow(own)]]);
  const emails = new Set<string>();
  const phones = new Set<string>();
  // a few rounds at most: each adds the addresses and numbers the leads found last give
  for (let round = 0; round < 4; round++) {
    const before = emails.size + phones.size;
    for (const row of found.values()) {
      const keys = personKeys(row);
      if (keys.email) emails.add(keys.email);
      if (keys.phone) phones.add(keys.phone);
    }
    if (emails.size + phones.size === before) break;
    for (const row of await leadsOfKeys(db, emails, phones)) found.set(row.id, row);
  }
  return [...found.values()].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));
}

/** A status for these leads (a person's), leaving out spam and those that have it already: gives the ids changed. */
export async function setStatusOf(db: Kysely<Database>, leadIds: string[], status: LeadStatus): Promise<string[]> {
  if (!isLeadStatus(status)) throw new RangeError(`storage: not a lead status: ${JSON.stringify(status)}`);
  if (leadIds.length === 0) return [];
  const rows = await db
    .updateTable('leads')
    .set({ status })
    .where('id', 'in', leadIds)
    .where('spam', '=', 0)
    .where('status', '!=', status)
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

/** A lead's colleague or call-back day (either); false when there is no such lead. */
export async function setFollowUp(db: Kysely<Database>, id: string, change: Partial<FollowUp>): Promise<boolean> {
  const result = await db.updateTable('leads').set(change).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The newest lead's id, from the (created_at, id) index: one row. */
export async function newestLeadId(db: Kysely<Database>): Promise<string | undefined> {
  const row = await db.selectFrom('leads').select('id').orderBy('created_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
  return row?.id;
}
