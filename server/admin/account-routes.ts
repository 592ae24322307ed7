import { rateKey } from '../api/client-address.ts';
import { FRESH_SIGN_IN_MS, isRemembered, REMEMBERED_TIMEOUTS, renewSessionToken, startSession, type SessionTimeouts } from '../staff/sessions.ts';
import { signInWithPassword } from '../staff/sign-in.ts';
import { BUSY_HOLD_MS } from '../staff/hash-line.ts';
import type { StaffStore } from '../staff/store/staff-store.ts';
import type { Me, SignInAnswer } from '../../core/admin/contract.ts';
import type { StaffUser } from '../staff/store/types.ts';
import { answer, jsonBody, refuse, route, text, type AdminContext, type Answered, type Refusal, type RouteSpec, type SignedIn } from './routes.ts';
import { allows, permissionsOf } from './permissions.ts';
import { clearSessionCookie, writeSessionCookie } from './session-cookie.ts';

export interface AccountDeps {
  staff: StaffStore;
  timeouts: SessionTimeouts;
  clientIp: (c: AdminContext) => string;
  /** a studio is served beside the back office */
  studio?: boolean;
}

/** What the screens show of the signed-in person, with what they may do; never a secret. */
export const me = (user: Pick<StaffUser, 'email' | 'role'>, freshUntil?: string): Me => ({
  email: user.email,
  role: user.role,
  permissions: permissionsOf(user.role),
  freshUntil,
});

/** Until when a sign-in at this moment counts as fresh. */
const freshUntil = (authenticatedAt: string) => new Date(Date.parse(authenticatedAt) + FRESH_SIGN_IN_MS).toISOString();

/**
 * A new session for `userId`, its token in the cookie; `remember` (the sign-in's "this device stays signed in", a
 * true and nothing else) gives it REMEMBERED_TIMEOUTS and a cookie that lasts as long.
 */
export async function signInAs(c: AdminContext, deps: AccountDeps, userId: string, remember: unknown = false): Promise<void> {
  const where = { ipSummary: rateKey(deps.clientIp(c)), userAgent: c.req.header('user-agent') };
  const kept = remember === true;
  const { token, session } = await startSession(deps.staff, userId, 'back-office', where, kept ? REMEMBERED_TIMEOUTS : deps.timeouts);
  writeSessionCookie(c, token, kept ? { expiresAt: session.absoluteExpiresAt, now: deps.staff.now() } : undefined);
}

/**
 * An attempt not checked: 429 when the throttle asks it to wait, 503 when the server is checking as many passwords
 * as it takes at once (hash-line.ts); each with Retry-After and the seconds for the screen. Both are given after a
 * hold (the busy one was held waiting for a place): a client that does not wait as told costs a timer, not a core.
 */
export async function waitAnswer(c: AdminContext, outcome: { status: 'throttled' | 'busy'; retryAfterMs: number }): Promise<Refusal> {
  const held = outcome.status === 'throttled' ? BUSY_HOLD_MS : 0;
  if (held > 0) await new Promise((resolve) => setTimeout(resolve, held));
  // the wait left when the answer goes, not when it was decided: the hold is part of it
  const seconds = Math.max(1, Math.ceil((outcome.retryAfterMs - held) / 1000));
  return refuse(c, outcome.status, outcome.status === 'busy' ? 503 : 429, { retryAfterSeconds: seconds }, { 'Retry-After': String(seconds) });
}

/** Password and code: a session on success; one answer for every refusal; 429 with Retry-After when throttled. */
async function passwordSignIn(c: AdminContext, deps: AccountDeps): Promise<Answered<SignInAnswer>> {
  const body = (await jsonBody(c, 'POST /sign-in')) ?? {};
  const attempt = { email: text(body, 'email'), password: text(body, 'password'), code: text(body, 'code'), addressKey: rateKey(deps.clientIp(c)) };
  const outcome = await signInWithPassword(deps.staff, attempt);
  if (outcome.status === 'throttled' || outcome.status === 'busy') return waitAnswer(c, outcome);
  if (outcome.status === 'refused') return refuse(c, 'refused', 401);
  await signInAs(c, deps, outcome.user.id, body.remember);
  if (outcome.usedRecoveryCode) await deps.staff.audit('factor.recovery-code-used', outcome.user.id, [outcome.user.id]);
  return answer(c, { ...me(outcome.user), usedRecoveryCode: outcome.usedRecoveryCode });
}

/** Password and code again, for the signed-in person: the session gets a new token and counts as fresh. */
async function stepUp(c: AdminContext, who: SignedIn, deps: AccountDeps): Promise<Answered<Me>> {
  const body = (await jsonBody(c, 'POST /step-up')) ?? {};
  const attempt = { email: who.user.email, password: text(body, 'password'), code: text(body, 'code'), addressKey: rateKey(deps.clientIp(c)) };
  const outcome = await signInWithPassword(deps.staff, attempt);
  if (outcome.status === 'throttled' || outcome.status === 'busy') return waitAnswer(c, outcome);
  if (outcome.status === 'refused' || outcome.user.id !== who.user.id) return refuse(c, 'refused', 401);
  // a step-up gives the session a new token: one seen before it proves nothing after
  const token = await renewSessionToken(deps.staff, who.token);
  if (!token) return refuse(c, 'signed-out', 401);
  // a device kept signed in keeps its cookie to the session's end: never longer, and never one more for a session not kept
  writeSessionCookie(c, token, isRemembered(who.session) ? { expiresAt: who.session.absoluteExpiresAt, now: deps.staff.now() } : undefined);
  return answer(c, me(who.user, freshUntil(deps.staff.now().toISOString())));
}

/** Sign-in, sign-out, step-up, and each person's own account and sessions. */
export function accountRoutes(deps: AccountDeps): RouteSpec[] {
  const { staff } = deps;
  return [
    route('POST /sign-in', { permission: 'public', handler: (c) => passwordSignIn(c, deps) }),
    route('POST /sign-out', {
      permission: 'signed-in',
      handler: async (c, who) => {
        await staff.endSession(who.session.id, who.user.id, who.user.id);
        clearSessionCookie(c);
        return answer(c, { ok: true });
      },
    }),
    route('GET /me', {
      permission: 'signed-in',
      handler: (c, who) =>
        answer(c, {
          ...me(who.user, freshUntil(who.session.authenticatedAt)),
          ...(deps.studio && allows(who.user.role, 'content') ? { studio: true } : {}),
        }),
    }),
    route('POST /step-up', { permission: 'signed-in', handler: (c, who) => stepUp(c, who, deps) }),
    ...sessionRoutes(staff),
  ];
}

/** Each person's own sessions: where and since when, and ending one of them or all the others. */
function sessionRoutes(staff: StaffStore): RouteSpec[] {
  return [
    route('GET /sessions', {
      permission: 'signed-in',
      handler: async (c, who) => {
        const sessions = await staff.listSessions(who.user.id);
        return answer(c, {
          sessions: sessions.map((s) => ({
            id: s.id,
            kind: s.kind,
            createdAt: s.createdAt,
            lastSeenAt: s.lastSeenAt,
            where: s.agentSummary,
            current: s.id === who.session.id,
            keptUntil: isRemembered(s) ? s.absoluteExpiresAt : null,
          })),
        });
      },
    }),
    route('POST /sessions/:id/end', {
      permission: 'signed-in',
      handler: async (c, who) => {
        // only one's own: the owner's id is part of the query, so another person's session id ends nothing
        const ended = await staff.endSession(c.req.param('id') ?? '', who.user.id, who.user.id);
        if (!ended) return refuse(c, 'not-found', 404);
        if (c.req.param('id') === who.session.id) clearSessionCookie(c);
        return answer(c, { ok: true });
      },
    }),
    route('POST /sessions/end-others', {
      permission: 'signed-in',
      // "sign out everywhere else": a lost phone or a browser left signed in, ended from here; this device stays
      handler: async (c, who) => answer(c, { ended: await staff.endSessionsOf(who.user.id, who.user.id, who.session.id) }),
    }),
  ];
}
