import { sql, type Kysely } from 'kysely';
import type { Database, UploadsTable } from './schema.ts';
import type { Upload } from './types.ts';

export async function addUpload(db: Kysely<Database>, upload: Upload): Promise<void> {
  await db
    .insertInto('uploads')
    .values({
      id: upload.id,
      type: upload.type,
      ext: upload.ext,
      size: upload.size,
      width: upload.width,
      height: upload.height,
      created_at: upload.createdAt,
      ip: upload.ip,
      lead_id: upload.leadId,
    })
    .execute();
}

export const toUpload = (row: UploadsTable): Upload => ({
  id: row.id,
  type: row.type,
  ext: row.ext,
  size: Number(row.size),
  width: row.width,
  height: row.height,
  createdAt: row.created_at,
  ip: row.ip,
  leadId: row.lead_id,
});

export async function getUpload(db: Kysely<Database>, id: string): Promise<Upload | undefined> {
  const row = await db.selectFrom('uploads').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toUpload(row);
}

export async function attachUploads(db: Kysely<Database>, ids: string[], leadId: string, ip: string): Promise<void> {
  if (ids.length === 0) return;
  await db.updateTable('uploads').set({ lead_id: leadId }).where('id', 'in', ids).where('lead_id', 'is', null).where('ip', '=', ip).execute();
}

export async function expiredUploads(db: Kysely<Database>, before: Date, limit: number): Promise<Upload[]> {
  const rows = await db
    .selectFrom('uploads')
    .selectAll()
    .where('lead_id', 'is', null)
    .where('created_at', '<', before.toISOString())
    .orderBy('created_at')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map(toUpload);
}

export async function deleteUpload(db: Kysely<Database>, id: string): Promise<boolean> {
  const result = await db.deleteFrom('uploads').where('id', '=', id).where('lead_id', 'is', null).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

// PostgreSQL's sum of integers is a bigint, which pg hands over as a string
const bytes = (row: { total: string | number | bigint | null } | undefined) => Number(row?.total ?? 0);

export async function unattachedUploadBytes(db: Kysely<Database>, ip: string): Promise<number> {
  const row = await db
    .selectFrom('uploads')
    .select(sql<string | number | null>`sum(size)`.as('total'))
    .where('ip', '=', ip)
    .where('lead_id', 'is', null)
    .executeTakeFirst();
  return bytes(row);
}

export async function totalUploadBytes(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('uploads')
    .select(sql<string | number | null>`sum(size)`.as('total'))
    .executeTakeFirst();
  return bytes(row);
}
