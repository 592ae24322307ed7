import { createHmac, randomBytes } from 'node:crypto';
import { sameSecret } from '../security/same-secret.ts';

/**
 * The signed fill-time token: the browser fetches one for a form when the form is shown, and sends it back
 * with the submission. It is bound to its form (the form's id is signed with it), to one submission (its
 * nonce is bound to the first submission that uses it; see Storage.bindFormToken), and lives two hours. A
 * submission without a good token is flagged as spam, stored, never dropped.
 */
export type TokenVerdict = { ok: true; ageMs: number; nonce: string } | { ok: false; flag: 'no-token' | 'bad-token' | 'too-fast' | 'expired' };

/** How long a token may be used; the browser fetches a fresh one before it gets this old. */
export const TOKEN_MAX_AGE_MS = 2 * 60 * 60 * 1000;

const PART = /^[0-9A-Za-z_-]{1,24}$/;

function sign(secret: string, formId: string, issuedAt: string, nonce: string): string {
  return createHmac('sha256', secret).update(`form-token:${formId}:${issuedAt}:${nonce}`).digest('base64url');
}

export function issueToken(secret: string, formId: string, now = Date.now()): string {
  const issuedAt = now.toString(36);
  const nonce = randomBytes(12).toString('base64url');
  return `${issuedAt}.${nonce}.${sign(secret, formId, issuedAt, nonce)}`;
}

export function checkToken(secret: string, token: unknown, formId: string, minFillMs: number, now = Date.now()): TokenVerdict {
  if (typeof token !== 'string' || token === '') return { ok: false, flag: 'no-token' };
  const [issuedAt, nonce, mac, extra] = token.split('.');
  if (!issuedAt || !nonce || !mac || extra !== undefined || !/^[0-9a-z]{1,12}$/.test(issuedAt) || !PART.test(nonce)) return { ok: false, flag: 'bad-token' };
  if (!sameSecret(mac, sign(secret, formId, issuedAt, nonce))) return { ok: false, flag: 'bad-token' };
  const ageMs = now - parseInt(issuedAt, 36);
  if (ageMs < minFillMs) return { ok: false, flag: 'too-fast' };
  if (ageMs > TOKEN_MAX_AGE_MS) return { ok: false, flag: 'expired' };
  return { ok: true, ageMs, nonce };
}
