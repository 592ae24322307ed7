import { createHmac, randomBytes } from 'node:crypto';
import { base32Decode, base32Encode } from './base32.ts';
import { sameSecret } from '../security/same-secret.ts';

/**
 * TOTP (RFC 6238) on node:crypto: HMAC-SHA-1, 30-second steps, 6 digits, the parameters every authenticator app
 * supports. A few lines on the platform's HMAC rather than a package: nothing to keep up to date, and the RFC's
 * own test vectors check it (totp.test.ts).
 */
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Steps accepted either side of now: a phone's clock may be a little off, and typing a code takes a while */
const DRIFT_STEPS = 1;

export type HmacAlgorithm = 'sha1' | 'sha256' | 'sha512';

/** HOTP (RFC 4226): the HMAC of the 8-byte counter, truncated dynamically to `digits` decimal digits. */
export function hotp(key: Uint8Array, counter: number, digits = TOTP_DIGITS, algorithm: HmacAlgorithm = 'sha1'): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac(algorithm, key).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = (mac.readUInt32BE(offset) & 0x7fffffff) % 10 ** digits;
  return String(binary).padStart(digits, '0');
}

/** The time step a moment falls in: whole periods since the Unix epoch. */
export function timeStep(atMs: number, period = TOTP_PERIOD_SECONDS): number {
  return Math.floor(atMs / 1000 / period);
}

/** The code an authenticator shows at `atMs`. */
export function totpAt(key: Uint8Array, atMs: number, digits = TOTP_DIGITS, algorithm: HmacAlgorithm = 'sha1'): string {
  return hotp(key, timeStep(atMs), digits, algorithm);
}

/** A new shared secret: 160 bits, the HMAC-SHA-1 key length RFC 4226 recommends, in base32 for the app. */
export function newTotpSecret(): string {
  return base32Encode(randomBytes(20));
}

/**
 * The time step whose code `code` is, within the drift allowed around now, or undefined. Steps at or before
 * `lastUsedStep` are never accepted: each code signs in once, and an older code cannot follow a newer one.
 * Every candidate is computed and compared in constant time, so the answer's time says nothing of which matched.
 */
export function verifyTotp(secret: string, code: string, nowMs: number, lastUsedStep: number | null): number | undefined {
  const key = base32Decode(secret);
  const typed = code.replace(/\s/g, '');
  if (!key || !/^\d{6}$/.test(typed)) return undefined;
  const now = timeStep(nowMs);
  let matched: number | undefined;
  for (let step = now - DRIFT_STEPS; step <= now + DRIFT_STEPS; step++) {
    const fits = sameSecret(hotp(key, step), typed);
    if (fits && step > (lastUsedStep ?? -1) && matched === undefined) matched = step;
  }
  return matched;
}

/** The otpauth:// link an authenticator app reads from a QR code (Key Uri Format): issuer and account label it. */
export function totpUri(secret: string, account: string, issuer: string): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const query = new URLSearchParams({ secret, issuer, algorithm: 'SHA1', digits: String(TOTP_DIGITS), period: String(TOTP_PERIOD_SECONDS) });
  return `otpauth://totp/${label}?${query.toString()}`;
}
