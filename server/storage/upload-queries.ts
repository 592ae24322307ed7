import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';
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
    })
    .execute();
}

export async function getUpload(db: Kysely<Database>, id: string): Promise<Upload | undefined> {
  const row = await db.selectFrom('uploads').selectAll().where('id', '=', id).executeTakeFirst();
  return row && { id: row.id, type: row.type, ext: row.ext, size: row.size, width: row.width, height: row.height, createdAt: row.created_at };
}
