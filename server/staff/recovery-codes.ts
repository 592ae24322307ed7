import { createHash, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { sameSecret } from '../security/same-secret.ts';

/** How many codes a person gets at once: enough for a lost phone or two before they make new ones. */
export const RECOVERY_CODE_COUNT = 10;

// lower-case base32: it has no 0, 1 or 8, so an o, l or b copied off paper is never in doubt
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';
const GROUPS = 4;
const GROUP_LENGTH = 4;

/**
 * One recovery code: 16 random base32 characters (80 bits) in groups of four, xxxx-xxxx-xxxx-xxxx. 80 bits keeps
 * a fast hash safe: a stolen table of hashes cannot be searched for the codes.
 */
export function newRecoveryCode(): string {
  const bytes = randomBytes(GROUPS * GROUP_LENGTH);
  const chars = [...bytes].map((byte) => ALPHABET[byte & 31]).join('');
  return chars.match(new RegExp(`.{${GROUP_LENGTH}}`, 'g'))!.join('-');
}

export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  return Array.from({ length: count }, newRecoveryCode);
}

/** As typed: any case, with or without the dashes and spaces; undefined when it cannot be one of ours. */
export function normaliseRecoveryCode(typed: string): string | undefined {
  const bare = typed.toLowerCase().replace(/[\s-]/g, '');
  return /^[a-z2-7]{16}$/.test(bare) ? bare : undefined;
}

/**
 * What the database kept before issue 46: the unsalted SHA-256 of the bare code. Such codes still sign in until
 * used or replaced (recoveryCodeMatches); new ones are kept as storedRecoveryCode makes them.
 */
export function hashRecoveryCode(typed: string): string | undefined {
  const bare = normaliseRecoveryCode(typed);
  return bare === undefined ? undefined : createHash('sha256').update(`recovery:${bare}`).digest('hex');
}

/** Marks a code kept as an HMAC under the server's key with a salt of its own: v2$<salt>$<mac>, base64url. */
const KEYED = 'v2$';

/**
 * The key recovery codes are kept under, derived from the server's secret key (secret-box.ts staffSecretKey): a copy
 * of the database alone cannot be searched for the codes. A store opened without one (the staff command, which
 * makes no codes) uses a fixed key, so codes it reads still match what they were made with there.
 */
export function recoveryCodeKey(secretKey: Buffer | undefined): Buffer {
  return Buffer.from(hkdfSync('sha256', secretKey ?? Buffer.alloc(32), 'staff-recovery-codes', 'v2', 32));
}

const mac = (key: Buffer, salt: Buffer, bare: string) => createHmac('sha256', key).update(salt).update(bare).digest();

/**
 * What the database keeps of a new code (ASVS 5.0 6.5.2, a secret under 112 bits): an HMAC-SHA-256 under the
 * server's key, with 16 random bytes of salt of its own, so equal codes are never kept alike and nothing can be
 * looked up without the key. The code itself is shown once, then forgotten.
 */
export function storedRecoveryCode(key: Buffer, code: string): string {
  const bare = normaliseRecoveryCode(code);
  if (bare === undefined) throw new Error('not a recovery code');
  const salt = randomBytes(16);
  return `${KEYED}${salt.toString('base64url')}$${mac(key, salt, bare).toString('base64url')}`;
}

/** Whether a typed code is the one kept as `stored` (keyed, or the older unsalted form), compared in constant time. */
export function recoveryCodeMatches(key: Buffer, stored: string, typed: string): boolean {
  const bare = normaliseRecoveryCode(typed);
  if (bare === undefined) return false;
  if (!stored.startsWith(KEYED)) return sameSecret(stored, hashRecoveryCode(bare)!);
  const [salt = '', kept = ''] = stored.slice(KEYED.length).split('$');
  const expected = mac(key, Buffer.from(salt, 'base64url'), bare);
  return sameSecret(Buffer.from(kept, 'base64url'), expected);
}
