import { sql, type Kysely } from 'kysely';

/** A stored photo's bytes are kept in rows of at most this many bytes: one is what a download or an upload holds at once. */
export const PHOTO_CHUNK_BYTES = 256 * 1024;

/**
 * 0014 (issue 49): what several server instances on one PostgreSQL must share and their data folders cannot: the
 * photos' bytes (`upload_chunks`, each photo in chunks of PHOTO_CHUNK_BYTES, removed with its `uploads` row by the
 * foreign key, so whatever deletes the row (an erasure, retention, the sweep) deletes the bytes in the same
 * transaction) and the counts of the budgets of the whole site (`site_budgets`: one row per budget and window).
 *
 * On SQLite nothing is made: SQLite means one instance, whose data folder is already the one place its photos are
 * read from, and its budgets are counted in memory as before. Photos in the SQLite file would also make every
 * erasure's VACUUM rewrite all of them.
 */
export async function createSharedTables(db: Kysely<unknown>, kind: 'sqlite' | 'postgres'): Promise<void> {
  if (kind !== 'postgres') return;
  await db.schema
    .createTable('upload_chunks')
    .addColumn('upload_id', 'text', (c) => c.notNull().references('uploads.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('bytes', 'bytea', (c) => c.notNull())
    .addPrimaryKeyConstraint('upload_chunks_pk', ['upload_id', 'seq'])
    .execute();
  // the bytes are already compressed (PNG, JPEG, GIF): PostgreSQL's TOAST would only spend time trying again. And,
  // as 0006 for the other columns of personal data, ANALYZE keeps no sample of them in pg_statistic
  await sql`alter table upload_chunks alter column bytes set storage external`.execute(db);
  await sql`alter table upload_chunks alter column bytes set statistics 0`.execute(db);
  await db.schema
    .createTable('site_budgets')
    .addColumn('name', 'text', (c) => c.notNull())
    // the window's start, in ms since the epoch: windows are fixed (a minute from :00), the same on every instance
    .addColumn('window_start', 'bigint', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('site_budgets_pk', ['name', 'window_start'])
    .execute();
}
