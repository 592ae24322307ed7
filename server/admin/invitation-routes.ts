import { checkPassword } from '../staff/password-policy.ts';
import { hashPassword } from '../staff/password-hash.ts';
import { newRecoveryCodes } from '../staff/recovery-codes.ts';
import { hashToken, isWellFormedToken } from '../staff/tokens.ts';
import { newTotpSecret, totpUri, verifyTotp } from '../staff/totp.ts';
import { base32Decode } from '../staff/base32.ts';
import type { AcceptInvitationAnswer } from '../../core/admin/contract.ts';
import { answer, jsonBody, refuse, route, text, type AdminContext, type Answered, type RouteSpec } from './routes.ts';
import { me, signInAs, waitAnswer, type AccountDeps } from './account-routes.ts';
import { rateKey } from '../api/client-address.ts';
import { BUSY_RETRY_MS, placeInLine } from '../staff/hash-line.ts';

/** The open invitation of the link's token, or undefined (malformed, unknown, used, expired: all the same to the visitor). */
async function openInvitation(c: AdminContext, deps: AccountDeps) {
  const token = c.req.param('token') ?? '';
  if (!isWellFormedToken(token)) return undefined;
  return deps.staff.findOpenInvitation(hashToken(token));
}

/** A TOTP secret of 20 bytes, as newTotpSecret makes them. */
const isTotpSecret = (secret: string) => base32Decode(secret)?.length === 20;

/**
 * An invitation link's screen: who it is for, a new authenticator secret to scan, and the acceptance, which sets
 * the password and the authenticator at once, shows the recovery codes once and signs the person in. Mail is
 * never needed: the link is the proof, single use, for 72 hours.
 */
export function invitationRoutes(deps: AccountDeps, issuer: string): RouteSpec[] {
  return [
    route('GET /invitations/:token', {
      permission: 'public',
      handler: async (c) => {
        const open = await openInvitation(c, deps);
        if (!open) return refuse(c, 'invitation', 404);
        // made and kept by the server at the first view (sealed), the same at every view after; never taken from a request
        const secret = await deps.staff.keepInvitationSeed(hashToken(c.req.param('token') ?? ''), newTotpSecret());
        if (!secret) return refuse(c, 'invitation', 404);
        return answer(c, { email: open.email, role: open.role, expiresAt: open.expiresAt, totp: { secret, uri: totpUri(secret, open.email, issuer) } });
      },
    }),
    route('POST /invitations/:token', { permission: 'public', handler: (c) => acceptOnce(c, deps) }),
  ];
}

/**
 * The acceptance: in the line of password checks (hash-line.ts; 503 when it is full), counted by the throttle before
 * its code is checked (per invitation and per address; forgiven on success), so codes sent at once cost one each.
 */
async function acceptOnce(c: AdminContext, deps: AccountDeps): Promise<Answered<AcceptInvitationAnswer>> {
  const leave = await placeInLine();
  if (!leave) return waitAnswer(c, { status: 'busy', retryAfterMs: BUSY_RETRY_MS });
  try {
    return await accept(c, deps);
  } finally {
    leave();
  }
}

async function accept(c: AdminContext, deps: AccountDeps): Promise<Answered<AcceptInvitationAnswer>> {
  const open = await openInvitation(c, deps);
  if (!open) return refuse(c, 'invitation', 404);
  const body = (await jsonBody(c, 'POST /invitations/:token')) ?? {};
  const password = text(body, 'password');
  const verdict = checkPassword(password);
  if (!verdict.ok) return refuse(c, 'password', 400, { problem: verdict.problem });
  const tokenHash = hashToken(c.req.param('token') ?? '');
  const keys = [`invitation:${tokenHash}`, `address:${rateKey(deps.clientIp(c))}`];
  const wait = await deps.staff.reserveAttempt(keys);
  if (wait > 0) return waitAnswer(c, { status: 'throttled', retryAfterMs: wait });
  // the seed the screen showed, as the server keeps it: a totpSecret in the body is not read
  const secret = await deps.staff.invitationSeed(tokenHash);
  const step = secret && isTotpSecret(secret) ? verifyTotp(secret, text(body, 'code'), deps.staff.now().getTime(), null) : undefined;
  if (step === undefined || !secret) return refuse(c, 'code', 400);
  const recoveryCodes = newRecoveryCodes();
  const factors = { passwordHash: await hashPassword(password), totpSecret: secret, recoveryCodeHashes: deps.staff.sealRecoveryCodes(recoveryCodes) };
  const user = await deps.staff.acceptInvitation(tokenHash, factors);
  if (!user) return refuse(c, 'invitation', 404);
  await deps.staff.clearFailures(keys);
  // the code that proved the authenticator is spent: it cannot sign in a second time
  await deps.staff.useTotpStep(user.id, step);
  await signInAs(c, deps, user.id);
  const { email, role, permissions } = me(user);
  return answer(c, { email, role, permissions, recoveryCodes });
}
