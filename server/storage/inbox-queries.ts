import { sql, type ExpressionBuilder, type Kysely, type Selectable, type SelectQueryBuilder } from 'kysely';
import type { Database, LeadNotesTable } from './schema.ts';
import type { Delivery, InboxPage, InboxQuery, InboxRow, LeadNote, LeadStatus, NewLeadNote } from './types.ts';
import { newId } from './ids.ts';
import { containsPattern, searchTerms } from './search-text.ts';

/**
 * The back office's leads inbox (issue 38): pages of leads newest first with search and filters, and what staff
 * change on a lead (status, spam, notes). A page continues from a cursor, the (created_at, id) of the last row
 * shown, never from an offset: the database walks an index from there, so page 2,000 costs what page 1 does.
 */

export const LEAD_STATUSES: readonly LeadStatus[] = ['new', 'contacted', 'won', 'lost'];

export const isLeadStatus = (value: unknown): value is LeadStatus => LEAD_STATUSES.includes(value as LeadStatus);

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
  if (rest.length > 0 || !/^[a-z2-7]{16}$/.test(id) || !/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/.test(createdAt)) throw new InvalidCursorError();
  return { createdAt, id };
}

type LeadsQuery = SelectQueryBuilder<Database, 'leads', object>;

/** The rows every filter of the query lets through (the cursor aside). */
function filtered(db: Kysely<Database>, query: InboxQuery): LeadsQuery {
  const terms = query.search === undefined ? [] : searchTerms(query.search);
  return db
    .selectFrom('leads')
    .$if(query.form !== undefined, (q) => q.where('form', '=', query.form!))
    .$if(query.status !== undefined, (q) => q.where('status', '=', query.status!))
    .$if(query.spam !== undefined, (q) => q.where('spam', '=', query.spam ? 1 : 0))
    .$if(query.from !== undefined, (q) => q.where('created_at', '>=', query.from!.toISOString()))
    .$if(query.to !== undefined, (q) => q.where('created_at', '<', query.to!.toISOString()))
    .$if(terms.length > 0, (q) => q.where((eb) => eb.and(terms.map((term) => sql<boolean>`search_text like ${containsPattern(term)} escape '!'`))));
}

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

export async function inboxPage(db: Kysely<Database>, query: InboxQuery): Promise<InboxPage> {
  const limit = Math.min(MAX_PAGE, Math.max(1, Math.floor(query.limit) || 1));
  const after = query.after === undefined ? undefined : decodeCursor(query.after);
  const rows = await filtered(db, query)
    // (created_at, id) < (cursor): one row comparison, which both databases answer from the index
    .$if(after !== undefined, (q) => q.where((eb) => eb(eb.refTuple('created_at', 'id'), '<', eb.tuple(after!.createdAt, after!.id))))
    .select(rowColumns)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    // one row more than the page: whether there is a next page, without counting
    .limit(limit + 1)
    .execute();
  const leads = rows.slice(0, limit).map(toInboxRow);
  const last = leads.at(-1);
  const next = rows.length > limit && last ? encodeCursor(last) : undefined;
  // the total on the first page only: the later pages' would cost as much again and say nothing new
  const total = after === undefined ? await countMatching(db, query) : undefined;
  return { leads, ...(next !== undefined && { next }), ...(total !== undefined && { total }) };
}

async function countMatching(db: Kysely<Database>, query: InboxQuery): Promise<number> {
  const row = await filtered(db, query)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  // PostgreSQL's count is a bigint, which pg gives as text
  return Number(row.n);
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
