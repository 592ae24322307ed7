import { COMMON_PASSWORDS_TEXT } from './common-passwords.ts';

/** NIST SP 800-63B: at least 8 characters, and room for long passphrases (64 at least; we allow 128). */
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 128;

export type PasswordProblem = 'too-short' | 'too-long' | 'common';
export type PasswordVerdict = { ok: true } | { ok: false; problem: PasswordProblem };

// built on first use: the set costs a little memory the CLI's `list` never needs
let common: Set<string> | undefined;
function commonPasswords(): Set<string> {
  common ??= new Set(COMMON_PASSWORDS_TEXT.split('\n'));
  return common;
}

/**
 * The same text whichever way the keyboard composed it (é as one code point or as e + accent), so a password
 * typed on a phone matches the one set on a laptop. NFC rather than NFKC: it keeps what the person typed.
 */
export function normalisePassword(password: string): string {
  return password.normalize('NFC');
}

/** Counted in code points, not UTF-16 units: an emoji is one character to the person typing it. */
export function passwordLength(password: string): number {
  return [...normalisePassword(password)].length;
}

/**
 * The whole policy: a length and the list of common passwords. No composition rules (a digit, a capital): they
 * push people to predictable patterns (Password1!) and NIST advises against them. The list is compared without
 * case, since "Password1" is as guessable as "password1". The answer is a code; the screen says it in words.
 */
export function checkPassword(password: string): PasswordVerdict {
  const length = passwordLength(password);
  if (length < MIN_PASSWORD_LENGTH) return { ok: false, problem: 'too-short' };
  if (length > MAX_PASSWORD_LENGTH) return { ok: false, problem: 'too-long' };
  if (commonPasswords().has(normalisePassword(password).toLowerCase())) return { ok: false, problem: 'common' };
  return { ok: true };
}
