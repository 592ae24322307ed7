import { rateKey } from '../api/client-address.ts';
import { checkPassword } from '../staff/password-policy.ts';
import { hashPassword, verifyPassword } from '../staff/password-hash.ts';
import { newRecoveryCodes } from '../staff/recovery-codes.ts';
import { throttleKeys } from '../staff/sign-in.ts';
import { BUSY_RETRY_MS, placeInLine } from '../staff/hash-line.ts';
import { hashToken, newToken } from '../staff/tokens.ts';
import { newTotpSecret, totpUri, verifyTotp } from '../staff/totp.ts';
import { jsonBody, text, type AdminContext, type RouteSpec, type SignedIn } from './routes.ts';
import { waitAnswer, type AccountDeps } from './account-routes.ts';
import { writeSessionCookie } from './session-cookie.ts';

/**
 * A new password of one's own: the current one asked (a session left open is not the password), the new one
 * checked by the invitations' policy. The person's other sessions end; this one goes on under a new token. In the
 * line of password checks (hash-line.ts; 503 when it is full), and a wrong current password counts as a failed
 * sign-in of the account, counted before it is checked: it cannot be guessed here faster than at the sign-in.
 */
async function changePassword(c: AdminContext, who: SignedIn, deps: AccountDeps): Promise<Response> {
  const leave = await placeInLine();
  if (!leave) return waitAnswer(c, { status: 'busy', retryAfterMs: BUSY_RETRY_MS });
  try {
    return await changePasswordInLine(c, who, deps);
  } finally {
    leave();
  }
}

async function changePasswordInLine(c: AdminContext, who: SignedIn, deps: AccountDeps): Promise<Response> {
  const { staff } = deps;
  const body = (await jsonBody(c)) ?? {};
  const verdict = checkPassword(text(body, 'newPassword'));
  if (!verdict.ok) return c.json({ error: 'password', problem: verdict.problem }, 400);
  const keys = throttleKeys(who.user.email, rateKey(deps.clientIp(c)));
  const wait = await staff.reserveAttempt(keys);
  if (wait > 0) return waitAnswer(c, { status: 'throttled', retryAfterMs: wait });
  const stored = await staff.getPasswordHash(who.user.id);
  if (!stored || !(await verifyPassword(stored, text(body, 'currentPassword')))) {
    // already counted by the reservation
    await staff.audit('sign-in.failed', null, [who.user.id]);
    return c.json({ error: 'wrong-password' }, 400);
  }
  await staff.clearFailures(keys);
  const token = newToken();
  const { sessionsEnded } = await staff.changePassword(who.user.id, await hashPassword(text(body, 'newPassword')), {
    sessionId: who.session.id,
    newTokenHash: hashToken(token),
  });
  writeSessionCookie(c, token);
  return c.json({ sessionsEnded });
}

/** A new authenticator's secret, made here and kept (sealed) until a code of it comes back; never one from the request. */
async function moveAuthenticator(c: AdminContext, who: SignedIn, deps: AccountDeps, issuer: string): Promise<Response> {
  const secret = newTotpSecret();
  await deps.staff.setPendingTotp(who.user.id, secret);
  return c.json({ secret, uri: totpUri(secret, who.user.email, issuer) });
}

/** A code of the waiting secret: it becomes the authenticator, the old one stops, and this code is spent. */
async function confirmAuthenticator(c: AdminContext, who: SignedIn, deps: AccountDeps): Promise<Response> {
  const { staff } = deps;
  const body = (await jsonBody(c)) ?? {};
  const pending = await staff.getPendingTotp(who.user.id);
  if (!pending) return c.json({ error: 'no-move' }, 409);
  const step = verifyTotp(pending.secret, text(body, 'code'), staff.now().getTime(), null);
  if (step === undefined) return c.json({ error: 'code' }, 400);
  // taken by the time it was made: a newer "move" in the meantime is not confirmed by a code of this one
  if (!(await staff.confirmPendingTotp(who.user.id, pending.createdAt, step))) return c.json({ error: 'no-move' }, 409);
  return c.json({ ok: true });
}

/**
 * Each person's own ways in, on the account page: what they are, a new password, new recovery codes, and moving
 * the authenticator to a new phone. Every change asks for a fresh sign-in (password and code within 10 minutes).
 */
export function factorRoutes(deps: AccountDeps, issuer: string): RouteSpec[] {
  const { staff } = deps;
  return [
    {
      method: 'GET',
      path: '/api/account/factors',
      permission: 'signed-in',
      handler: async (c, who) => c.json(await staff.factorSummary(who!.user.id)),
    },
    {
      method: 'POST',
      path: '/api/account/password',
      permission: 'signed-in',
      fresh: true,
      handler: (c, who) => changePassword(c, who!, deps),
    },
    {
      method: 'POST',
      path: '/api/account/recovery-codes',
      permission: 'signed-in',
      fresh: true,
      handler: async (c, who) => {
        const recoveryCodes = newRecoveryCodes();
        await staff.renewRecoveryCodes(who!.user.id, staff.sealRecoveryCodes(recoveryCodes));
        return c.json({ recoveryCodes });
      },
    },
    {
      method: 'POST',
      path: '/api/account/authenticator',
      permission: 'signed-in',
      fresh: true,
      handler: (c, who) => moveAuthenticator(c, who!, deps, issuer),
    },
    {
      method: 'POST',
      path: '/api/account/authenticator/confirm',
      permission: 'signed-in',
      fresh: true,
      handler: (c, who) => confirmAuthenticator(c, who!, deps),
    },
  ];
}
