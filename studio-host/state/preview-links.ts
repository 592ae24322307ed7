import type { Kysely } from 'kysely';
import { newId, type Database } from '../../server/studio-host-door.ts';

/**
 * A read-only link to a page's unpublished state, for a client without an account. Only its token's hash is kept
 * (as a session's): the link itself is shown once, to the editor who made it.
 */
export interface PreviewLink {
  id: string;
  route: string;
  createdBy: string;
  createdAt: string;
  expiresAt: string;
  revokedAt: string | null;
}

const toLink = (row: Database['studio_preview_links']): PreviewLink => ({
  id: row.id,
  route: row.route,
  createdBy: row.created_by,
  createdAt: row.created_at,
  expiresAt: row.expires_at,
  revokedAt: row.revoked_at,
});

export interface NewPreviewLink {
  tokenHash: string;
  route: string;
  createdBy: string;
  ttlMs: number;
}

export async function createPreviewLink(db: Kysely<Database>, link: NewPreviewLink, now: Date): Promise<PreviewLink> {
  const row: Database['studio_preview_links'] = {
    id: newId(),
    token_hash: link.tokenHash,
    route: link.route,
    created_by: link.createdBy,
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + link.ttlMs).toISOString(),
    revoked_at: null,
  };
  await db.insertInto('studio_preview_links').values(row).execute();
  return toLink(row);
}

/** The link a token opens: not for a token never made, a link revoked or one past its time. */
export async function openPreviewLink(db: Kysely<Database>, tokenHash: string, now: Date): Promise<PreviewLink | undefined> {
  const row = await db
    .selectFrom('studio_preview_links')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst();
  return row && toLink(row);
}

/** The link stops working at once. False when there is no such link or it was revoked already. */
export async function revokePreviewLink(db: Kysely<Database>, id: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('studio_preview_links')
    .set({ revoked_at: now.toISOString() })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The links that still open, newest first (for the editor's list, to revoke one). */
export async function livePreviewLinks(db: Kysely<Database>, now: Date): Promise<PreviewLink[]> {
  const rows = await db
    .selectFrom('studio_preview_links')
    .selectAll()
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .orderBy('created_at', 'desc')
    .execute();
  return rows.map(toLink);
}

/** Links past their time or revoked are of no use to anyone: gone. Returns how many. */
export async function sweepPreviewLinks(db: Kysely<Database>, now: Date): Promise<number> {
  const result = await db
    .deleteFrom('studio_preview_links')
    .where((eb) => eb.or([eb('expires_at', '<=', now.toISOString()), eb('revoked_at', 'is not', null)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
