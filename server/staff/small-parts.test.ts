import { describe, expect, it } from 'vitest';
import { isRole, normaliseEmail } from './identity.ts';
import { hashRecoveryCode, newRecoveryCodes, normaliseRecoveryCode } from './recovery-codes.ts';
import { delayAfter, FORGET_AFTER_MS, FREE_FAILURES, MAX_DELAY_MS, waitBeforeAttempt, waitForAll } from './throttle.ts';
import { hashToken, isWellFormedToken, newToken } from './tokens.ts';
import { sameSecret } from '../security/same-secret.ts';

describe('tokens', () => {
  it('are 256 random bits in base64url, kept as their SHA-256', () => {
    const token = newToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(isWellFormedToken(token)).toBe(true);
    expect(isWellFormedToken(`${token}x`)).toBe(false);
    expect(hashToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashToken(token)).not.toContain(token);
    expect(new Set(Array.from({ length: 100 }, newToken)).size).toBe(100);
  });

  it('hash as SHA-256 does (FIPS 180-2 vector)', () => {
    expect(hashToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('compare equal only when equal', () => {
    expect(sameSecret('abc', 'abc')).toBe(true);
    expect(sameSecret('abc', 'abd')).toBe(false);
    expect(sameSecret('abc', 'abcd')).toBe(false);
  });
});

describe('recovery codes', () => {
  it('are ten different codes of 80 bits in groups of four', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{4}(-[a-z2-7]{4}){3}$/);
  });

  it('match however they are typed back', () => {
    const [code] = newRecoveryCodes(1);
    const hash = hashRecoveryCode(code!);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hashRecoveryCode(code!.toUpperCase().replace(/-/g, ' '))).toBe(hash);
    expect(normaliseRecoveryCode('abcd-efgh-ijkl-mnop')).toBe('abcdefghijklmnop');
    expect(hashRecoveryCode('123456')).toBeUndefined();
  });
});

describe('throttle', () => {
  const now = new Date('2026-11-29T12:00:00Z');
  const at = (msAgo: number) => new Date(now.getTime() - msAgo).toISOString();

  it('lets the first failures pass, then doubles the wait up to a ceiling', () => {
    expect(Array.from({ length: FREE_FAILURES }, (_, i) => delayAfter(i))).toEqual(Array(FREE_FAILURES).fill(0));
    expect([5, 6, 7, 8].map(delayAfter)).toEqual([1000, 2000, 4000, 8000]);
    expect(delayAfter(20)).toBe(MAX_DELAY_MS);
    expect(delayAfter(10_000)).toBe(MAX_DELAY_MS);
  });

  it('never locks out: the wait is over once the delay has passed', () => {
    const record = { failures: 1000, lastFailureAt: at(0) };
    expect(waitBeforeAttempt(record, now)).toBe(MAX_DELAY_MS);
    expect(waitBeforeAttempt(record, new Date(now.getTime() + MAX_DELAY_MS))).toBe(0);
  });

  it('counts down from the last failure, and forgets failures after a day', () => {
    expect(waitBeforeAttempt({ failures: 7, lastFailureAt: at(1000) }, now)).toBe(3000);
    expect(waitBeforeAttempt({ failures: 7, lastFailureAt: at(FORGET_AFTER_MS + 1) }, now)).toBe(0);
    expect(waitBeforeAttempt(undefined, now)).toBe(0);
  });

  it('waits for the slowest of the address and the account', () => {
    expect(waitForAll([{ failures: 6, lastFailureAt: at(0) }, { failures: 9, lastFailureAt: at(0) }, undefined], now)).toBe(16_000);
    expect(waitForAll([], now)).toBe(0);
  });
});

describe('identity', () => {
  it('writes an address one way', () => {
    expect(normaliseEmail('  An.de.Vries@Example.NL ')).toBe('an.de.vries@example.nl');
    expect(normaliseEmail('jose\u0301@example.es')).toBe('josé@example.es');
  });

  it('refuses what is not an address', () => {
    for (const bad of [
      '',
      'an',
      'an@',
      '@example.nl',
      'an@example',
      'an@@example.nl',
      'a n@example.nl',
      'an@example.nl>',
      'an@.nl',
      'an\u001b[31m@example.nl',
    ]) {
      expect(normaliseEmail(bad)).toBeUndefined();
    }
  });

  it('knows the three roles only', () => {
    expect(['admin', 'editor', 'sales'].every(isRole)).toBe(true);
    expect(isRole('owner')).toBe(false);
    expect(isRole(undefined)).toBe(false);
  });
});
