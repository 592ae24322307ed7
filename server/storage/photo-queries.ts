import { sql, type Kysely } from 'kysely';
import type { Database } from './schema.ts';
import type { Upload } from './types.ts';
import { addUpload } from './upload-queries.ts';

/**
 * The photos' bytes in PostgreSQL (0014, shared-tables.ts) and the budgets of the whole site: read and written
 * only on PostgreSQL, where several instances share them (photo-store.ts, server/api/site-budget.ts).
 */

/** The upload's row and its bytes, chunk by chunk as they come, in one transaction: a failure leaves neither. */
export async function addUploadBytes(db: Kysely<Database>, upload: Upload, chunks: AsyncIterable<Uint8Array>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await addUpload(trx, upload);
    let seq = 0;
    for await (const chunk of chunks) {
      await trx
        .insertInto('upload_chunks')
        .values({ upload_id: upload.id, seq: seq++, bytes: Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength) })
        .execute();
    }
  });
}

/** The stored bytes' length and how many chunks hold them; undefined when none are stored. */
export async function uploadBytesSize(db: Kysely<Database>, id: string): Promise<{ size: number; chunks: number } | undefined> {
  const row = await db
    .selectFrom('upload_chunks')
    .select([sql<string | number>`coalesce(sum(length(bytes)), 0)`.as('size'), sql<string | number>`count(*)`.as('chunks')])
    .where('upload_id', '=', id)
    .executeTakeFirst();
  const chunks = Number(row?.chunks ?? 0);
  return chunks > 0 ? { size: Number(row!.size), chunks } : undefined;
}

/** One chunk of the stored bytes (0 first); undefined past the last or when the photo is gone meanwhile. */
export async function uploadChunk(db: Kysely<Database>, id: string, seq: number): Promise<Uint8Array | undefined> {
  const row = await db.selectFrom('upload_chunks').select('bytes').where('upload_id', '=', id).where('seq', '=', seq).executeTakeFirst();
  return row?.bytes;
}

/**
 * One more hit of a budget of the whole site in the window that starts at `windowStart`; gives the window's count
 * with it. One statement, so two instances hitting at once both count (PostgreSQL locks the row for the update).
 * The first hit of a window drops the budget's older windows.
 */
export async function countBudget(db: Kysely<Database>, name: string, windowStart: number): Promise<number> {
  const row = await db
    .insertInto('site_budgets')
    .values({ name, window_start: windowStart, count: 1 })
    .onConflict((oc) => oc.columns(['name', 'window_start']).doUpdateSet({ count: sql<number>`site_budgets.count + 1` }))
    .returning('count')
    .executeTakeFirstOrThrow();
  if (row.count === 1) await db.deleteFrom('site_budgets').where('name', '=', name).where('window_start', '<', windowStart).execute();
  return row.count;
}
