import { sql, type ExpressionBuilder, type Kysely, type RawBuilder, type Selectable, type SqlBool } from 'kysely';
import type { Database, LeadNotesTable } from './schema.ts';
import type { Delivery, InboxPage, InboxQuery, InboxRow, LeadNote, LeadStatus, NewLeadNote } from './types.ts';
import { isLeadStatus } from '../../core/admin/contract.ts';
import { isId, newId } from './ids.ts';
import { containsPattern, searchTerms } from './search-text.ts';

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
  if (query.from !== undefined) all.push(sql`created_at >= ${query.from.toISOString()}`);
  if (query.to !== undefined) all.push(sql`created_at < ${query.to.toISOString()}`);
  // (created_at, id) < (cursor): one row comparison, which both databases answer from the index
  if (after !== undefined) all.push(sql`(created_at, id) < (${after.createdAt}, ${after.id})`);
  for (const term of searchTerms(query.search ?? '')) all.push(sql`search_text like ${containsPattern(term)} escape '!'`);
  return all;
}

const allOf = (all: Condition[]): Condition => (all.length > 0 ? sql<SqlBool>`${sql.join(all, sql` and `)}` : sql<SqlBool>`1 = 1`);

/** What an inbox line needs, and no more: the message only as its start. */
const rowColumns = (eb: ExpressionBuilder<Database, 'leads'>) => [
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
  eb.fn<string>('substr', ['message', eb.lit(1), eb.lit(200)]).as('message_start'),
];

type RowOut = { id: string; created_at: string; form: string; name: string; email: string; phone: string; status: string; spam: number; review: number };

function toInboxRow(row: RowOut & { delivery: string; photos_json: string; message_start: string }): InboxRow {
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
  };
}

export async function inboxPage(db: Kysely<Database>, kind: 'sqlite' | 'postgres', query: InboxQuery): Promise<InboxPage> {
  const limit = Math.min(MAX_PAGE, Math.max(1, Math.floor(query.limit) || 1));
  const after = query.after === undefined ? undefined : decodeCursor(query.after);
  const searching = searchTerms(query.search ?? '').length > 0;
  // the total on the first page only: the later pages' would cost as much again and say nothing new
  const where = conditions(query, after);
  const { rows, total } = !searching
    ? { rows: await pageRows(db, where, limit + 1), total: after === undefined ? await countMatching(db, conditions(query)) : undefined }
    : kind === 'sqlite'
      ? await sqliteSearch(db, where, limit + 1, after === undefined)
      : await postgresSearch(db, where, limit + 1, after === undefined);
  const leads = rows.slice(0, limit).map(toInboxRow);
  const last = leads.at(-1);
  // one row more than the page was asked for: whether there is a next page, without counting
  const next = rows.length > limit && last ? encodeCursor(last) : undefined;
  return { leads, ...(next !== undefined && { next }), ...(total !== undefined && { total }) };
}

/** Newest first from an index on created_at (the form's, status's or spam's when filtered), until `count` rows pass. */
function pageRows(db: Kysely<Database>, where: Condition[], count: number) {
  return db.selectFrom('leads').where(allOf(where)).select(rowColumns).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(count).execute();
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
async function postgresSearch(db: Kysely<Database>, where: Condition[], count: number, withTotal: boolean) {
  const rows = await db
    .selectFrom('leads')
    .where(allOf(where))
    .select(rowColumns)
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
async function sqliteSearch(db: Kysely<Database>, where: Condition[], count: number, withTotal: boolean) {
  const total = withTotal ? sql`count(*) over ()` : sql`null`;
  const { rows: found } = await sql<{ id: string; total: number | null }>`
    select id, ${total} as total from leads indexed by leads_search_cover where ${allOf(where)}
    order by created_at desc, id desc limit ${count}`.execute(db);
  const ids = found.map((row) => row.id);
  const rows = ids.length === 0 ? [] : await db.selectFrom('leads').where('id', 'in', ids).select(rowColumns).execute();
  const order = new Map(ids.map((id, i) => [id, i]));
  rows.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  return { rows, total: withTotal ? Number(found[0]?.total ?? 0) : undefined };
}

export async function inboxRow(db: Kysely<Database>, id: string): Promise<InboxRow | undefined> {
  const row = await db.selectFrom('leads').select(rowColumns).where('id', '=', id).executeTakeFirst();
  return row && toInboxRow(row);
}

export async function setLeadStatus(db: Kysely<Database>, id: string, status: LeadStatus): Promise<boolean> {
  // the database's check refuses it too; this says which value was wrong
  if (!isLeadStatus(status)) throw new RangeError(`storage: not a lead status: ${JSON.stringify(status)}`);
  const result = await db.updateTable('leads').set({ status }).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function setLeadSpam(db: Kysely<Database>, id: string, spam: boolean): Promise<boolean> {
  const result = await db
    .updateTable('leads')
    .set({ spam: spam ? 1 : 0 })
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
