import { isIP } from 'node:net';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { rateKey } from '../api/client-address.ts';
import { rateLimiter } from '../api/rate-limit.ts';
import { throttleKeys } from '../staff/sign-in.ts';
import type { ChallengePurpose } from '../staff/store/challenges.ts';
import type { StaffStore } from '../staff/store/staff-store.ts';
import type { OkAnswer, SignInAnswer, WebAuthnOptionsAnswer } from '../../core/admin/contract.ts';
import { answer, jsonBody, refuse, route, type AdminContext, type Answered, type Refusal, type RouteSpec, type SignedIn } from './routes.ts';
import { me, signInAs, waitAnswer, type AccountDeps } from './account-routes.ts';

/**
 * A passkey ceremony's challenge is the server's: made and kept in the database for five minutes, for one purpose
 * and one person (none for a sign-in), and taken by the first verification whatever its outcome. An assertion over
 * a challenge the server never made, or over one already used, is refused however the client dresses it up: a
 * signature counter that stays 0 (synced passkeys) cannot tell a replay apart, the used challenge does.
 */
async function newChallenge(staff: StaffStore, purpose: ChallengePurpose, userId: string | null): Promise<Uint8Array<ArrayBuffer>> {
  const { challenge } = await staff.issueChallenge(purpose, userId);
  // the bytes: the library sends them base64url-encoded as the options' challenge, the same string as stored
  return new Uint8Array(Buffer.from(challenge, 'base64url'));
}

/** The challenge a response says it was signed over: its clientDataJSON (base64url JSON), field `challenge`. */
function challengeOf(response: unknown): string | undefined {
  const clientDataJSON = (response as { response?: { clientDataJSON?: unknown } } | undefined)?.response?.clientDataJSON;
  if (typeof clientDataJSON !== 'string') return undefined;
  try {
    const clientData = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as { challenge?: unknown } | null;
    const challenge = clientData?.challenge;
    // the server's are 43 characters (32 bytes); anything far longer was never one of them
    return typeof challenge === 'string' && challenge.length > 0 && challenge.length <= 128 ? challenge : undefined;
  } catch {
    return undefined;
  }
}

/** The response's challenge, taken from the server's store for this purpose and person; undefined when it is not there to take. */
async function takeChallenge(staff: StaffStore, response: unknown, purpose: ChallengePurpose, userId: string | null): Promise<string | undefined> {
  const challenge = challengeOf(response);
  return challenge !== undefined && (await staff.takeChallenge(challenge, purpose, userId)) ? challenge : undefined;
}

/**
 * The relying party: its id and origin from the back office's configured origin, never from a request's Host.
 * WebAuthn needs a host name for the id (localhost counts), so a back office reached by an IP address (the default
 * http://127.0.0.1:4330) offers password and authenticator only, and says so.
 */
export function relyingParty(origin: string, name: string): { id: string; origin: string; name: string } | undefined {
  const host = new URL(origin).hostname;
  // an IPv6 address is written in brackets in a URL
  return isIP(host.replace(/^\[|\]$/g, '')) ? undefined : { id: host, origin, name };
}

type RelyingParty = NonNullable<ReturnType<typeof relyingParty>>;

/** The answer of every passkey route where the back office's address allows none. */
const unavailable = (c: AdminContext): Refusal => refuse(c, 'passkeys-unavailable', 404);

/** Checks a new credential against a challenge the server made for this person, and keeps it under the name the person gave. */
async function registerPasskey(c: AdminContext, who: SignedIn, deps: AccountDeps, rp: RelyingParty): Promise<Answered<OkAnswer>> {
  const { staff } = deps;
  const body = (await jsonBody(c, 'POST /passkeys')) ?? {};
  const challenge = await takeChallenge(staff, body.response, 'register', who.user.id);
  if (!challenge) return refuse(c, 'refused', 400);
  const verified = await verifyRegistrationResponse({
    response: body.response as RegistrationResponseJSON,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: true,
  }).catch(() => undefined);
  if (!verified?.verified || !verified.registrationInfo) return refuse(c, 'refused', 400);
  const { credential } = verified.registrationInfo;
  const name = typeof body.name === 'string' && body.name.trim() ? body.name.trim().slice(0, 80) : null;
  await staff.addPasskey({
    id: credential.id,
    userId: who.user.id,
    publicKey: Buffer.from(credential.publicKey).toString('base64url'),
    counter: credential.counter,
    transports: credential.transports ?? [],
    name,
  });
  await staff.audit('factor.passkey-added', who.user.id, [who.user.id]);
  return answer(c, { ok: true }, 201);
}

/** A sign-in with a passkey alone: throttled as passwords are, the assertion checked against a sign-in challenge the server made. */
async function passkeySignIn(c: AdminContext, deps: AccountDeps, rp: RelyingParty): Promise<Answered<SignInAnswer>> {
  const { staff } = deps;
  const body = (await jsonBody(c, 'POST /sign-in/passkey')) ?? {};
  const response = body.response as AuthenticationResponseJSON | undefined;
  const keys = throttleKeys(`passkey:${typeof response?.id === 'string' ? response.id : ''}`, rateKey(deps.clientIp(c)));
  // counted before it is checked, forgiven on success: attempts sent at once cost one each
  const wait = await staff.reserveAttempt(keys);
  if (wait > 0) return waitAnswer(c, { status: 'throttled', retryAfterMs: wait });
  const challenge = await takeChallenge(staff, response, 'sign-in', null);
  const passkey = typeof response?.id === 'string' ? await staff.getPasskey(response.id) : undefined;
  const user = passkey && (await staff.getUser(passkey.userId));
  const verified =
    challenge && passkey && user && !user.disabled
      ? await verifyAuthenticationResponse({
          response: response!,
          expectedChallenge: challenge,
          expectedOrigin: rp.origin,
          expectedRPID: rp.id,
          credential: {
            id: passkey.id,
            publicKey: Buffer.from(passkey.publicKey, 'base64url'),
            counter: passkey.counter,
            transports: passkey.transports as never,
          },
          requireUserVerification: true,
        }).catch(() => undefined)
      : undefined;
  if (!verified?.verified || !user) {
    await staff.audit('sign-in.failed', null, user ? [user.id] : []);
    return refuse(c, 'refused', 401);
  }
  await staff.markPasskeyUsed(passkey!.id, verified.authenticationInfo.newCounter);
  await staff.clearFailures(keys);
  await staff.audit('sign-in.succeeded', user.id, [user.id]);
  await signInAs(c, deps, user.id, body.remember);
  return answer(c, { ...me(user), usedRecoveryCode: false });
}

/**
 * Passkeys: a signed-in person adds one (after a fresh sign-in: it is a new way in), and anyone signs in with one
 * (user verification required: the device's PIN, face or finger, so a passkey alone is two factors).
 */
export function passkeyRoutes(deps: AccountDeps, rp: ReturnType<typeof relyingParty>): RouteSpec[] {
  const { staff } = deps;
  return [
    route('GET /passkeys/available', { permission: 'public', handler: (c) => answer(c, { available: rp !== undefined }) }),
    route('GET /passkeys', {
      permission: 'signed-in',
      handler: async (c, who) => {
        const passkeys = await staff.listPasskeys(who.user.id);
        return answer(c, {
          available: rp !== undefined,
          passkeys: passkeys.map(({ id, name, createdAt, lastUsedAt }) => ({ id, name, createdAt, lastUsedAt })),
        });
      },
    }),
    route('POST /passkeys/options', {
      permission: 'signed-in',
      fresh: true,
      handler: (c, who) => (rp ? registrationOptions(c, who, staff, rp) : unavailable(c)),
    }),
    route('POST /passkeys', { permission: 'signed-in', fresh: true, handler: (c, who) => (rp ? registerPasskey(c, who, deps, rp) : unavailable(c)) }),
    // a lost or replaced device: one's own passkey only, after a fresh sign-in (it changes the ways in)
    route('POST /passkeys/:id/remove', {
      permission: 'signed-in',
      fresh: true,
      handler: async (c, who) =>
        (await staff.removePasskey(who.user.id, c.req.param('id') ?? '')) ? answer(c, { removed: true }) : refuse(c, 'not-found', 404),
    }),
    ...passkeySignInRoutes(deps, rp),
  ];
}

/** The options of a new passkey's ceremony, with a new challenge for this person; none of the passkeys they have already. */
async function registrationOptions(c: AdminContext, who: SignedIn, staff: StaffStore, rp: RelyingParty) {
  const existing = await staff.listPasskeys(who.user.id);
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: who.user.email,
    userID: new TextEncoder().encode(who.user.id),
    challenge: await newChallenge(staff, 'register', who.user.id),
    attestationType: 'none',
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    excludeCredentials: existing.map((p) => ({ id: p.id, transports: p.transports as never })),
  });
  return answer<WebAuthnOptionsAnswer>(c, options);
}

/** Signing in with a passkey alone: the options with a new challenge, then the assertion. */
/** Sign-in challenges one address may ask for in a minute: a person needs one or two. */
export const SIGN_IN_OPTIONS_PER_MINUTE = 20;

function passkeySignInRoutes(deps: AccountDeps, rp: ReturnType<typeof relyingParty>): RouteSpec[] {
  const optionsPerAddress = rateLimiter({ limit: SIGN_IN_OPTIONS_PER_MINUTE, windowMs: 60_000 });
  const { staff } = deps;
  return [
    route('POST /sign-in/passkey/options', {
      permission: 'public',
      handler: async (c) => {
        if (!rp) return unavailable(c);
        // each call keeps a row for five minutes: one address may ask a few times a minute, not fill the table
        const wait = optionsPerAddress.hit(rateKey(deps.clientIp(c)));
        if (wait !== undefined) return waitAnswer(c, { status: 'throttled', retryAfterMs: wait * 1000 });
        // no list of credentials: the device offers the passkeys it has for this site (discoverable credentials)
        return answer(
          c,
          await generateAuthenticationOptions({ rpID: rp.id, userVerification: 'required', challenge: await newChallenge(staff, 'sign-in', null) }),
        );
      },
    }),
    route('POST /sign-in/passkey', { permission: 'public', handler: (c) => (rp ? passkeySignIn(c, deps, rp) : unavailable(c)) }),
  ];
}
