import { hash, parseOptions, verify, type Algorithm } from '@node-rs/argon2';
import { hashing } from './hash-line.ts';
import { normalisePassword } from './password-policy.ts';

/**
 * OWASP's Password Storage Cheat Sheet, first argon2id line: 19 MiB of memory, 2 passes, 1 lane. Enough to make
 * each guess cost an attacker real memory, small enough that a sign-in costs the server little.
 */
export const ARGON2_PARAMS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

// @node-rs/argon2 declares Algorithm as a const enum, which isolatedModules cannot read from a .d.ts: 2 is Argon2id
const ARGON2ID = 2 as Algorithm;
const OPTIONS = { ...ARGON2_PARAMS, algorithm: ARGON2ID };

/** A PHC string ($argon2id$v=19$m=19456,t=2,p=1$salt$hash) with a fresh 16-byte salt; it carries its own parameters. */
export function hashPassword(password: string): Promise<string> {
  return hashing(() => hash(normalisePassword(password), OPTIONS));
}

/** False, never an exception, for a wrong password or a hash that is not one of ours. */
export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await hashing(() => verify(stored, normalisePassword(password)));
  } catch {
    return false;
  }
}

/** True when the stored hash was made with other parameters than today's: rehash it at the next good sign-in. */
export function needsRehash(stored: string): boolean {
  try {
    const used = parseOptions(stored);
    return (
      used.algorithm !== ARGON2ID ||
      used.memoryCost !== ARGON2_PARAMS.memoryCost ||
      used.timeCost !== ARGON2_PARAMS.timeCost ||
      used.parallelism !== ARGON2_PARAMS.parallelism
    );
  } catch {
    return true;
  }
}

let dummy: Promise<string> | undefined;

/**
 * Checks the password against a hash no password matches, and answers false. Called for an unknown account, a
 * disabled one or one without a password, so that answer takes as long as a wrong password's for a real account:
 * the time of the answer does not tell which addresses have an account. The dummy is made once, with the same
 * parameters, so the work is the same.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummy ??= hashing(() => hash(`dummy-${Math.random()}-${Date.now()}`, OPTIONS));
  await verifyPassword(await dummy, password);
  return false;
}
