import { rateKey } from '../api/client-address.ts';
import { checkPassword } from '../staff/password-policy.ts';
import { hashPassword, verifyPassword } from '../staff/password-hash.ts';
import { newRecoveryCodes } from '../staff/recovery-codes.ts';
import { throttleKeys } from '../staff/sign-in.ts';
import { BUSY_RETRY_MS, placeInLine } from '../staff/hash-line.ts';
import { hashToken, newToken } from '../staff/tokens.ts';
import { newTotpSecret, totpUri, verifyTotp } from '../staff/totp.ts';
import type { ChangePasswordAnswer, MoveAuthenticatorAnswer, OkAnswer } from '../../core/admin/contract.ts';
import { answer, jsonBody, refuse, route, text, type AdminContext, type Answered, type RouteSpec, type SignedIn } from './routes.ts';
import { waitAnswer, type AccountDeps } from './account-routes.ts';
import { writeSessionCookie } from './session-cookie.ts';

/**
 * A new password of one's own: the current one asked (a session left open is not the password), the new one
 * checked by the invitations' policy. The person's other sessions end; this one goes on under a new token. In the
 * line of password checks (hash-line.ts; 503 when it is full), and a wrong current password counts as a failed
 * sign-in of the account, counted before it is checked: it cannot be guessed here faster than at the sign-in.
 */
async function changePassword(c: AdminContext, who: SignedIn, deps: AccountDeps): Promise<Answered<ChangePasswordAnswer>> {
  const leave = await placeInLine();
  if (!leave) return waitAnswer(c, { status: 'busy', retryAfterMs: BUSY_RETRY_MS });
  try {
    return await changePasswordInLine(c, who, deps);
  } finally {
    leave();
  }
}

async function changePasswordInLine(c: AdminContext, who: SignedIn, deps: AccountDeps): Promise<Answered<ChangePasswordAnswer>> {
  const { staff } = deps;
  const body = (await jsonBody(c, 'POST /account/password')) ?? {};
  const verdict = checkPassword(text(body, 'newPassword'));
  if (!verdict.ok) return refuse(c, 'password', 400, { problem: verdict.problem });
  const keys = throttleKeys(who.user.email, rateKey(deps.clientIp(c)));
  const wait = await staff.reserveAttempt(keys);
  if (wait > 0) return waitAnswer(c, { status: 'throttled', retryAfterMs: wait });
  const stored = await staff.getPasswordHash(who.user.id);
  if (!stored || !(await verifyPassword(stored, text(body, 'currentPassword')))) {
    // already counted by the reservation
    await staff.audit('sign-in.failed', null, [who.user.id]);
    return refuse(c, 'wrong-password', 400);
  }
  await staff.clearFailures(keys);
  const token = newToken();
  const { sessionsEnded } = await staff.changePassword(who.user.id, await hashPassword(text(body, 'newPassword')), {
    sessionId: who.session.id,
    newTokenHash: hashToken(token),
  });
  writeSessionCookie(c, token);
  return answer(c, { sessionsEnded });
}

/** A new authenticator's secret, made here and kept (sealed) until a code of it comes back; never one from the request. */
async function moveAuthenticator(c: AdminContext, who: SignedIn, deps: AccountDeps, issuer: string): Promise<Answered<MoveAuthenticatorAnswer>> {
  const secret = newTotpSecret();
  await deps.staff.setPendingTotp(who.user.id, secret);
  return answer(c, { secret, uri: totpUri(secret, who.user.email, issuer) });
}

/** A code of the waiting secret: it becomes the authenticator, the old one stops, and this code is spent. */
async function confirmAuthenticator(c: AdminContext, who: SignedIn, deps: AccountDeps): Promise<Answered<OkAnswer>> {
  const { staff } = deps;
  const body = (await jsonBody(c, 'POST /account/authenticator/confirm')) ?? {};
  const pending = await staff.getPendingTotp(who.user.id);
  if (!pending) return refuse(c, 'no-move', 409);
  const step = verifyTotp(pending.secret, text(body, 'code'), staff.now().getTime(), null);
  if (step === undefined) return refuse(c, 'code', 400);
  // taken by the time it was made: a newer "move" in the meantime is not confirmed by a code of this one
  if (!(await staff.confirmPendingTotp(who.user.id, pending.createdAt, step))) return refuse(c, 'no-move', 409);
  return answer(c, { ok: true });
}

/**
 * Each person's own ways in, on the account page: what they are, a new password, new recovery codes, and moving
 * the authenticator to a new phone. Every change asks for a fresh sign-in (password and code within 10 minutes).
 */
export function factorRoutes(deps: AccountDeps, issuer: string): RouteSpec[] {
  const { staff } = deps;
  return [
    route('GET /account/factors', { permission: 'signed-in', handler: async (c, who) => answer(c, await staff.factorSummary(who.user.id)) }),
    route('POST /account/password', { permission: 'signed-in', fresh: true, handler: (c, who) => changePassword(c, who, deps) }),
    route('POST /account/recovery-codes', {
      permission: 'signed-in',
      fresh: true,
      handler: async (c, who) => {
        const recoveryCodes = newRecoveryCodes();
        await staff.renewRecoveryCodes(who.user.id, staff.sealRecoveryCodes(recoveryCodes));
        return answer(c, { recoveryCodes });
      },
    }),
    route('POST /account/authenticator', { permission: 'signed-in', fresh: true, handler: (c, who) => moveAuthenticator(c, who, deps, issuer) }),
    route('POST /account/authenticator/confirm', { permission: 'signed-in', fresh: true, handler: (c, who) => confirmAuthenticator(c, who, deps) }),
  ];
}
