import { randomBytes } from 'node:crypto';

const alphabet = 'abcdefghijklmnopqrstuvwxyz234567';

/**
 * A random id of 16 lowercase base32 characters (80 bits). Random rather than time-ordered
 * so the first few characters already tell leads apart (`npm run leads show 3kq7`).
 */
export function newId(): string {
  let out = '';
  for (const byte of randomBytes(16)) out += alphabet[byte & 31];
  return out;
}

/** Whether `text` is a whole id as newId makes them: 16 characters of the alphabet above. */
export function isId(text: string): boolean {
  return /^[a-z2-7]{16}$/.test(text);
}

/**
 * A clock whose readings strictly increase (by at least 1 ms) within this process, so
 * "newest first" by created_at is also insertion order for rows stored in the same millisecond.
 */
export function monotonicClock(): () => Date {
  let last = 0;
  return () => {
    last = Math.max(Date.now(), last + 1);
    return new Date(last);
  };
}
