import type { Role } from '../identity.ts';
import type { Db } from './types.ts';

/** 72 hours: long enough to reach someone over a weekend, short enough that a forgotten link goes stale. */
export const INVITATION_TTL_MS = 72 * 60 * 60 * 1000;

export interface NewInvitation {
  tokenHash: string;
  userId: string;
  role: Role;
  createdBy: string | null;
}

export interface OpenInvitation {
  userId: string;
  email: string;
  role: Role;
  expiresAt: string;
}

export async function insertInvitation(db: Db, invitation: NewInvitation, now: Date): Promise<{ expiresAt: string }> {
  const expiresAt = new Date(now.getTime() + INVITATION_TTL_MS).toISOString();
  await db
    .insertInto('staff_invitations')
    .values({
      token_hash: invitation.tokenHash,
      user_id: invitation.userId,
      role: invitation.role,
      created_by: invitation.createdBy,
      created_at: now.toISOString(),
      expires_at: expiresAt,
      used_at: null,
      totp_secret: null,
    })
    .execute();
  return { expiresAt };
}

/** The invitation behind a link, while it can still be used: unused, unexpired, for an account not disabled. */
export async function findOpenInvitation(db: Db, tokenHash: string, now: Date): Promise<OpenInvitation | undefined> {
  const row = await db
    .selectFrom('staff_invitations as i')
    .innerJoin('staff_users as u', 'u.id', 'i.user_id')
    .select(['i.user_id', 'u.email', 'i.role', 'i.expires_at'])
    .where('i.token_hash', '=', tokenHash)
    .where('i.used_at', 'is', null)
    .where('i.expires_at', '>', now.toISOString())
    .where('u.disabled', '=', 0)
    .executeTakeFirst();
  return row && { userId: row.user_id, email: row.email, role: row.role as Role, expiresAt: row.expires_at };
}

/**
 * Marks the invitation used, if it still could be: an UPDATE ... WHERE used_at IS NULL, which both databases
 * serialise, so of two acceptances at once exactly one gets true. Then every other open invitation of the same
 * person is spent too: one link in use at a time.
 */
export async function claimInvitation(db: Db, tokenHash: string, userId: string, now: Date): Promise<boolean> {
  const at = now.toISOString();
  const claimed = await db
    .updateTable('staff_invitations')
    .set({ used_at: at })
    .where('token_hash', '=', tokenHash)
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) return false;
  await revokeInvitations(db, userId, now);
  return true;
}

/** Spends every open invitation of a person (a reset, a disabled account, an accepted invitation). */
export async function revokeInvitations(db: Db, userId: string, now: Date): Promise<number> {
  const result = await db
    .updateTable('staff_invitations')
    .set({ used_at: now.toISOString() })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Invitations long expired or used are of no more use: dropped, so the table does not grow without end. */
export async function forgetOldInvitations(db: Db, before: Date): Promise<number> {
  const at = before.toISOString();
  const result = await db
    .deleteFrom('staff_invitations')
    .where((eb) => eb.or([eb('expires_at', '<', at), eb('used_at', '<', at)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * The authenticator seed of an open invitation: `secret` kept if it has none yet (its first view), else the one kept
 * before, so a reload or a second device shows the same. Undefined when the invitation is not open.
 */
export async function keepInvitationSeed(db: Db, tokenHash: string, secret: string, now: Date): Promise<string | undefined> {
  const at = now.toISOString();
  await db
    .updateTable('staff_invitations')
    .set({ totp_secret: secret })
    .where('token_hash', '=', tokenHash)
    .where('totp_secret', 'is', null)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .execute();
  return invitationSeed(db, tokenHash);
}

/** The seed the server made for this invitation at its first view; undefined before it was shown. */
export async function invitationSeed(db: Db, tokenHash: string): Promise<string | undefined> {
  const row = await db.selectFrom('staff_invitations').select('totp_secret').where('token_hash', '=', tokenHash).executeTakeFirst();
  return row?.totp_secret ?? undefined;
}
