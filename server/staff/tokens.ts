import { createHash, randomBytes } from 'node:crypto';

/** 256 bits: far beyond guessing, online or offline, for the life of an invitation or a session. */
const TOKEN_BYTES = 32;

/** A fresh random token for a link or a cookie: 43 base64url characters, safe in a URL path and a cookie. */
export function newToken(): string {
  return randomBytes(TOKEN_BYTES).toString('base64url');
}

/**
 * What the database keeps of a token: its SHA-256, hex. A copy of the database (a backup, a leak) then holds no
 * token that opens a session or an invitation. A fast hash is enough here, unlike for passwords: the token is
 * 256 random bits, so there is nothing to guess from its hash.
 */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A token as we make them (43 base64url characters); anything else is refused before the database is asked. */
export function isWellFormedToken(token: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(token);
}
