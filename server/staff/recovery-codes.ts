import { createHash, randomBytes } from 'node:crypto';

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

/** What the database keeps: the SHA-256 of the bare code (the code itself is shown once, then forgotten). */
export function hashRecoveryCode(typed: string): string | undefined {
  const bare = normaliseRecoveryCode(typed);
  return bare === undefined ? undefined : createHash('sha256').update(`recovery:${bare}`).digest('hex');
}
