import type { Kysely } from 'kysely';
import { newId, type Database } from '../../server/studio-host-door.ts';

/** A commit published on one server instance (Release, server/storage/studio-queries.ts, where the System screen reads the latest). */
export async function recordRelease(db: Kysely<Database>, commit: string, publishedBy: string, now: Date): Promise<void> {
  await db.insertInto('site_releases').values({ id: newId(), commit_id: commit, published_by: publishedBy, published_at: now.toISOString() }).execute();
}
