import { newId } from '../../storage/ids.ts';
import type { Role } from '../identity.ts';
import type { Db, StaffOverview, StaffUser } from './types.ts';

type UserRow = { id: string; email: string; role: string; disabled: number; created_at: string };

export function toUser(row: UserRow): StaffUser {
  return { id: row.id, email: row.email, role: row.role as Role, disabled: row.disabled === 1, createdAt: row.created_at };
}

/** A new account without any factor: it gets them when its invitation is accepted. The address must be normalised. */
export async function insertUser(db: Db, email: string, role: Role, now: Date): Promise<StaffUser> {
  const row = { id: newId(), email, role, disabled: 0, created_at: now.toISOString() };
  await db.insertInto('staff_users').values(row).execute();
  return toUser(row);
}

export async function findUserByEmail(db: Db, email: string): Promise<StaffUser | undefined> {
  const row = await db.selectFrom('staff_users').selectAll().where('email', '=', email).executeTakeFirst();
  return row && toUser(row);
}

export async function getUser(db: Db, id: string): Promise<StaffUser | undefined> {
  const row = await db.selectFrom('staff_users').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toUser(row);
}

/** Rows counted per person, as a map (PostgreSQL's count is a bigint, which pg hands over as text). */
function perUser(rows: { user_id: string; n: number | string | bigint }[]): Map<string, number> {
  return new Map(rows.map((r) => [r.user_id, Number(r.n)]));
}

/** What each person can sign in with, and what is open for them: one query per table, not one per person. */
async function userCounts(db: Db, at: string) {
  const n = db.fn.countAll<number | string>().as('n');
  const [passkeys, codes, invitations, sessions, passwords, totp] = await Promise.all([
    db.selectFrom('staff_passkeys').select(['user_id', n]).groupBy('user_id').execute(),
    db.selectFrom('staff_recovery_codes').select(['user_id', n]).where('used_at', 'is', null).groupBy('user_id').execute(),
    db.selectFrom('staff_invitations').select(['user_id', n]).where('used_at', 'is', null).where('expires_at', '>', at).groupBy('user_id').execute(),
    db.selectFrom('staff_sessions').select(['user_id', n]).where('idle_expires_at', '>', at).where('absolute_expires_at', '>', at).groupBy('user_id').execute(),
    db.selectFrom('staff_passwords').select('user_id').execute(),
    db.selectFrom('staff_totp').select('user_id').execute(),
  ]);
  return {
    passkeys: perUser(passkeys),
    codes: perUser(codes),
    invitations: perUser(invitations),
    sessions: perUser(sessions),
    passwords: new Set(passwords.map((r) => r.user_id)),
    totp: new Set(totp.map((r) => r.user_id)),
  };
}

/** Everyone, by address, with what they can sign in with (never the secrets themselves). */
export async function listUsers(db: Db, now: Date): Promise<StaffOverview[]> {
  const users = await db.selectFrom('staff_users').selectAll().orderBy('email').execute();
  const counts = await userCounts(db, now.toISOString());
  return users.map((row) => ({
    ...toUser(row),
    hasPassword: counts.passwords.has(row.id),
    hasTotp: counts.totp.has(row.id),
    passkeys: counts.passkeys.get(row.id) ?? 0,
    recoveryCodes: counts.codes.get(row.id) ?? 0,
    invitationPending: (counts.invitations.get(row.id) ?? 0) > 0,
    activeSessions: counts.sessions.get(row.id) ?? 0,
  }));
}

/** Disables or enables an account; a disabled one's sessions end in the same transaction (see the store). */
export async function setDisabled(db: Db, id: string, disabled: boolean): Promise<boolean> {
  const result = await db
    .updateTable('staff_users')
    .set({ disabled: disabled ? 1 : 0 })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function setRole(db: Db, id: string, role: Role): Promise<boolean> {
  const result = await db.updateTable('staff_users').set({ role }).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
