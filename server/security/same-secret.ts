import { timingSafeEqual } from 'node:crypto';

/**
 * Whether two secrets (a MAC, a token's hash, a one-time code) are equal, compared in a time that does not depend on
 * where they first differ: the one constant-time comparison of the server. Strings are compared as their UTF-8
 * bytes; different lengths are unequal at once (the length of what we make is no secret).
 */
export function sameSecret(a: string | Buffer, b: string | Buffer): boolean {
  const left = typeof a === 'string' ? Buffer.from(a, 'utf8') : a;
  const right = typeof b === 'string' ? Buffer.from(b, 'utf8') : b;
  return left.length === right.length && timingSafeEqual(left, right);
}
