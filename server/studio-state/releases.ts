import type { Kysely } from 'kysely';
import type { Database } from '../storage/schema.ts';
import { newId } from '../storage/ids.ts';

/** A commit published on one server instance: every instance builds it and serves it (the build is deterministic). */
export interface Release {
  commit: string;
  publishedBy: string;
  publishedAt: string;
}

export async function recordRelease(db: Kysely<Database>, commit: string, publishedBy: string, now: Date): Promise<void> {
  await db.insertInto('site_releases').values({ id: newId(), commit_id: commit, published_by: publishedBy, published_at: now.toISOString() }).execute();
}

/** The newest release, or undefined before the first publish on the server. */
export async function latestRelease(db: Kysely<Database>): Promise<Release | undefined> {
  const row = await db.selectFrom('site_releases').selectAll().orderBy('published_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
  return row && { commit: row.commit_id, publishedBy: row.published_by, publishedAt: row.published_at };
}
