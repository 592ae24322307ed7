import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The signed minimum fill time: the browser fetches a token when a form is
 * shown, and sends it back with the submission. A bot that posts at once, or
 * without a token, is flagged as spam (and stored, never dropped).
 */
export type TokenVerdict = { ok: true; ageMs: number } | { ok: false; flag: 'no-token' | 'bad-token' | 'too-fast' | 'expired' };

const MAX_AGE_MS = 24 * 60 * 60 * 1000;

function sign(secret: string, issuedAt: string): string {
  return createHmac('sha256', secret).update(`form-token:${issuedAt}`).digest('base64url');
}

export function issueToken(secret: string, now = Date.now()): string {
  const issuedAt = now.toString(36);
  return `${issuedAt}.${sign(secret, issuedAt)}`;
}

export function checkToken(secret: string, token: unknown, minFillMs: number, now = Date.now()): TokenVerdict {
  if (typeof token !== 'string' || token === '') return { ok: false, flag: 'no-token' };
  const [issuedAt, mac, extra] = token.split('.');
  if (!issuedAt || !mac || extra !== undefined || !/^[0-9a-z]{1,12}$/.test(issuedAt)) return { ok: false, flag: 'bad-token' };
  const expected = Buffer.from(sign(secret, issuedAt));
  const given = Buffer.from(mac);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, flag: 'bad-token' };
  const ageMs = now - parseInt(issuedAt, 36);
  if (ageMs < minFillMs) return { ok: false, flag: 'too-fast' };
  if (ageMs > MAX_AGE_MS) return { ok: false, flag: 'expired' };
  return { ok: true, ageMs };
}
