import { newId } from '../../storage/ids.ts';
import type { StaffTables } from '../../storage/schema.ts';
import type { Db, NewSession, SessionKind, StaffSession } from './types.ts';

/** a session as it is read back: never its token's hash */
type SessionRow = Omit<StaffTables['staff_sessions'], 'token_hash'>;

const toSession = (row: SessionRow): StaffSession => ({
  id: row.id,
  userId: row.user_id,
  kind: row.kind,
  createdAt: row.created_at,
  lastSeenAt: row.last_seen_at,
  authenticatedAt: row.authenticated_at,
  idleExpiresAt: row.idle_expires_at,
  absoluteExpiresAt: row.absolute_expires_at,
  ipSummary: row.ip_summary,
  agentSummary: row.agent_summary,
});

const later = (now: Date, ms: number) => new Date(now.getTime() + ms).toISOString();
const earliest = (a: string, b: string) => (a < b ? a : b);

export async function insertSession(db: Db, session: NewSession, now: Date): Promise<StaffSession> {
  const absolute = later(now, session.absoluteMs);
  const row: StaffTables['staff_sessions'] = {
    id: newId(),
    token_hash: session.tokenHash,
    user_id: session.userId,
    created_at: now.toISOString(),
    last_seen_at: now.toISOString(),
    authenticated_at: now.toISOString(),
    idle_expires_at: earliest(later(now, session.idleMs), absolute),
    absolute_expires_at: absolute,
    ip_summary: session.ipSummary ?? null,
    agent_summary: session.agentSummary ?? null,
    kind: session.kind,
  };
  await db.insertInto('staff_sessions').values(row).execute();
  return toSession(row);
}

/**
 * How often a session's last-seen time (and with it its idle time-out) is written: at most once a minute, so a page
 * of twenty files is one read each and no write; the idle time-out ends at most this much early. A shorter idle
 * time-out is written a quarter of it apart, so it is kept alive by a person still at work.
 */
export const TOUCH_EVERY_MS = 60_000;
const touchEvery = (idleMs: number) => Math.min(TOUCH_EVERY_MS, idleMs / 4);

/**
 * The live session of a token, of `kind`, seen now: its idle time-out moves on (never past the absolute one), written
 * when the last write is a minute old (and never with `write: false`, for a static file). Undefined for an unknown
 * token, a session of the other kind (left as it is: its own door still opens), an expired session or a disabled
 * person; an expired session's row is removed on the way.
 */
export async function touchSession(
  db: Db,
  tokenHash: string,
  kind: SessionKind,
  idleMs: number,
  now: Date,
  options: { write?: boolean } = {},
): Promise<StaffSession | undefined> {
  const at = now.toISOString();
  const row = await db
    .selectFrom('staff_sessions as s')
    .innerJoin('staff_users as u', 'u.id', 's.user_id')
    .selectAll('s')
    .select('u.disabled')
    .where('s.token_hash', '=', tokenHash)
    .where('s.kind', '=', kind)
    .executeTakeFirst();
  if (!row) return undefined;
  if (row.disabled === 1 || row.idle_expires_at <= at || row.absolute_expires_at <= at) {
    await db.deleteFrom('staff_sessions').where('id', '=', row.id).execute();
    return undefined;
  }
  if (options.write === false || now.getTime() - Date.parse(row.last_seen_at) < touchEvery(idleMs)) return toSession(row);
  // a session whose idle time-out is its absolute one keeps it: a device kept signed in (REMEMBERED_TIMEOUTS), or
  // one whose idle time-out had reached the absolute one anyway
  const idle = row.idle_expires_at === row.absolute_expires_at ? row.absolute_expires_at : earliest(later(now, idleMs), row.absolute_expires_at);
  await db.updateTable('staff_sessions').set({ last_seen_at: at, idle_expires_at: idle }).where('id', '=', row.id).execute();
  return toSession({ ...row, last_seen_at: at, idle_expires_at: idle });
}

/**
 * A new token for a live session, with the person just proven again (step-up): the old token stops working at
 * once, so a token seen before the step-up is of no use after it. False when the old token is no session.
 */
export async function renewSession(db: Db, oldTokenHash: string, newTokenHash: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('staff_sessions')
    .set({ token_hash: newTokenHash, authenticated_at: now.toISOString(), last_seen_at: now.toISOString() })
    .where('token_hash', '=', oldTokenHash)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function listSessions(db: Db, userId: string, now: Date): Promise<StaffSession[]> {
  const at = now.toISOString();
  const rows = await db
    .selectFrom('staff_sessions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('idle_expires_at', '>', at)
    .where('absolute_expires_at', '>', at)
    .orderBy('last_seen_at', 'desc')
    .execute();
  return rows.map(toSession);
}

/** Ends one session by its id; `userId` when a person ends their own, so no one ends another's by guessing ids. */
export async function endSession(db: Db, id: string, userId?: string): Promise<boolean> {
  let query = db.deleteFrom('staff_sessions').where('id', '=', id);
  if (userId !== undefined) query = query.where('user_id', '=', userId);
  return Number((await query.executeTakeFirst()).numDeletedRows) === 1;
}

/** Ends every session of a person (disabled, role changed, reset), or all but the one they are using. */
export async function endSessionsOf(db: Db, userId: string, exceptId?: string): Promise<number> {
  let query = db.deleteFrom('staff_sessions').where('user_id', '=', userId);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return Number((await query.executeTakeFirst()).numDeletedRows);
}

/** Sessions past either time-out, removed (a sweep; each is refused at its next use anyway). */
export async function sweepSessions(db: Db, now: Date): Promise<number> {
  const at = now.toISOString();
  const result = await db
    .deleteFrom('staff_sessions')
    .where((eb) => eb.or([eb('idle_expires_at', '<=', at), eb('absolute_expires_at', '<=', at)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
