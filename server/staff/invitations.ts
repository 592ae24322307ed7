import { INVITATION_PATH } from '../../core/admin/contract.ts';
import { isRole, normaliseEmail, type Role } from './identity.ts';
import { hashToken, newToken } from './tokens.ts';
import { StaffExistsError, type StaffStore } from './store/staff-store.ts';

/** The back office's own port when ADMIN_PORT is not set (the public site has its own). */
export const DEFAULT_ADMIN_PORT = 4330;

/**
 * The back office's origin, from configuration only (never from a request's Host): ADMIN_ORIGIN, else
 * http://127.0.0.1:<ADMIN_PORT or 4330>, where the back office listens by default.
 */
export function adminOrigin(env: Record<string, string | undefined>): string {
  if (env.ADMIN_ORIGIN) {
    const url = new URL(env.ADMIN_ORIGIN);
    if (url.protocol !== 'https:' && url.protocol !== 'http:')
      throw new Error(`ADMIN_ORIGIN must be an http(s) origin, not ${JSON.stringify(env.ADMIN_ORIGIN)}`);
    return url.origin;
  }
  const port = env.ADMIN_PORT ? Number(env.ADMIN_PORT) : DEFAULT_ADMIN_PORT;
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`ADMIN_PORT must be a port number, not ${JSON.stringify(env.ADMIN_PORT)}`);
  return `http://127.0.0.1:${port}`;
}

export function invitationLink(origin: string, token: string): string {
  return `${origin}${INVITATION_PATH}${token}`;
}

export interface Invitation {
  userId: string;
  /** shown once (printed, or mailed), never stored: the database keeps only its hash */
  token: string;
  expiresAt: string;
}

export type InviteResult = ({ ok: true } & Invitation) | { ok: false; problem: 'invalid-email' | 'invalid-role' | 'exists' };

/** A new account for `email` with `role`, and its first invitation. `actorId`: the admin, or null for the command line. */
export async function inviteStaff(store: StaffStore, email: string, role: string, actorId: string | null): Promise<InviteResult> {
  const normalised = normaliseEmail(email);
  if (!normalised) return { ok: false, problem: 'invalid-email' };
  if (!isRole(role)) return { ok: false, problem: 'invalid-role' };
  const token = newToken();
  try {
    const { user, expiresAt } = await store.addUser(normalised, role as Role, { tokenHash: hashToken(token), createdBy: actorId });
    return { ok: true, userId: user.id, token, expiresAt };
  } catch (error) {
    if (error instanceof StaffExistsError || isUniqueViolation(error)) return { ok: false, problem: 'exists' };
    throw error;
  }
}

/** Two `staff add` at once for one address: the second one's insert meets the unique address. */
function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

export type ResetResult = ({ ok: true; sessionsEnded: number } & Invitation) | { ok: false; problem: 'invalid-email' | 'unknown' };

/**
 * The break-glass for a lost account: every session and factor of the person ends, the account is enabled again,
 * and a new invitation lets them set up new factors. Only someone on the server (or an admin) can do this.
 */
export async function resetStaff(store: StaffStore, email: string, actorId: string | null): Promise<ResetResult> {
  const normalised = normaliseEmail(email);
  if (!normalised) return { ok: false, problem: 'invalid-email' };
  const user = await store.findUserByEmail(normalised);
  if (!user) return { ok: false, problem: 'unknown' };
  const token = newToken();
  const { expiresAt, sessionsEnded } = await store.resetUser(user.id, { tokenHash: hashToken(token), createdBy: actorId });
  return { ok: true, userId: user.id, token, expiresAt, sessionsEnded };
}
