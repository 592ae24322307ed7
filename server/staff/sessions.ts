import { hashToken, isWellFormedToken, newToken } from './tokens.ts';
import type { StaffStore } from './store/staff-store.ts';
import type { SessionKind, StaffSession } from './store/types.ts';

export type { SessionKind };

export interface SessionTimeouts {
  idleMs: number;
  absoluteMs: number;
}

/**
 * Defaults: a session ends after 60 minutes without a request, and 12 hours after sign-in whatever happens: a
 * working day on one sign-in, and a phone left on a table is not signed in for long.
 * STAFF_SESSION_IDLE_MINUTES and STAFF_SESSION_MAX_HOURS change them.
 */
export const DEFAULT_TIMEOUTS: SessionTimeouts = { idleMs: 60 * 60 * 1000, absoluteMs: 12 * 60 * 60 * 1000 };

/**
 * "This device stays signed in for 30 days", chosen at sign-in: a session whose idle time-out is its absolute one,
 * 30 days after the sign-in, however long the device lies unused. Export, erase and people changes still ask for a
 * fresh sign-in (FRESH_SIGN_IN_MS), and "sign out everywhere" ends it as any other.
 */
export const REMEMBERED_DEVICE_MS = 30 * 24 * 60 * 60 * 1000;
export const REMEMBERED_TIMEOUTS: SessionTimeouts = { idleMs: REMEMBERED_DEVICE_MS, absoluteMs: REMEMBERED_DEVICE_MS };

/** Whether a session is a device kept signed in: begun with REMEMBERED_TIMEOUTS. */
export const isRemembered = (session: Pick<StaffSession, 'createdAt' | 'absoluteExpiresAt'>): boolean =>
  Date.parse(session.absoluteExpiresAt) - Date.parse(session.createdAt) === REMEMBERED_DEVICE_MS;

/** Export, erase and changes to people ask for a sign-in (or step-up) at most this long ago. */
export const FRESH_SIGN_IN_MS = 10 * 60 * 1000;

function positiveSetting(env: Record<string, string | undefined>, name: string): number | undefined {
  const value = env[name];
  if (value === undefined || value === '') return undefined;
  const number = Number(value);
  if (!Number.isFinite(number) || number <= 0) throw new Error(`${name} must be a positive number, not ${JSON.stringify(value)}`);
  return number;
}

/** The time-outs from the environment, the defaults where it sets none. The idle one never exceeds the absolute one. */
export function sessionTimeouts(env: Record<string, string | undefined>): SessionTimeouts {
  const idleMinutes = positiveSetting(env, 'STAFF_SESSION_IDLE_MINUTES');
  const maxHours = positiveSetting(env, 'STAFF_SESSION_MAX_HOURS');
  const absoluteMs = maxHours === undefined ? DEFAULT_TIMEOUTS.absoluteMs : maxHours * 60 * 60 * 1000;
  const idleMs = idleMinutes === undefined ? DEFAULT_TIMEOUTS.idleMs : idleMinutes * 60 * 1000;
  return { idleMs: Math.min(idleMs, absoluteMs), absoluteMs };
}

/** Where a session was begun, said roughly enough to recognise ("Firefox op Android"), in the staff's language, never the raw header. */
export function agentSummary(userAgent: string | undefined): string | null {
  if (!userAgent) return null;
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrome\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : 'een browser';
  const system = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad/.test(userAgent)
      ? 'iOS'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS X/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : 'een ander systeem';
  return `${browser} op ${system}`;
}

/**
 * A new session after a sign-in (`back-office`) or a studio ticket (`studio`): always a new token (never one the
 * browser brought), returned once for the cookie. It opens only the door of its kind (resumeSession).
 */
export async function startSession(
  store: StaffStore,
  userId: string,
  kind: SessionKind,
  where: { ipSummary?: string | null; userAgent?: string },
  timeouts: SessionTimeouts = DEFAULT_TIMEOUTS,
): Promise<{ token: string; session: StaffSession }> {
  const token = newToken();
  const session = await store.createSession({
    userId,
    kind,
    tokenHash: hashToken(token),
    ...timeouts,
    ipSummary: where.ipSummary ?? null,
    agentSummary: agentSummary(where.userAgent),
  });
  return { token, session };
}

/**
 * The live session a cookie's token opens at the door of `kind`, seen now; undefined for anything else (malformed,
 * unknown, expired, or begun at the other door: a studio token sent as the back office's cookie opens nothing).
 */
export async function resumeSession(
  store: StaffStore,
  token: string | undefined,
  kind: SessionKind,
  timeouts: SessionTimeouts = DEFAULT_TIMEOUTS,
  options: { write?: boolean } = {},
): Promise<StaffSession | undefined> {
  if (!token || !isWellFormedToken(token)) return undefined;
  return store.touchSession(hashToken(token), kind, timeouts.idleMs, options);
}

/** After a step-up (the person proved who they are again): a new token, and the session counts as fresh. */
export async function renewSessionToken(store: StaffStore, oldToken: string): Promise<string | undefined> {
  const token = newToken();
  return (await store.renewSession(hashToken(oldToken), hashToken(token))) ? token : undefined;
}

/** Whether the session's person proved who they are recently enough for export, erase and people changes. */
export function isFresh(session: StaffSession, now: Date): boolean {
  return now.getTime() - Date.parse(session.authenticatedAt) <= FRESH_SIGN_IN_MS;
}
