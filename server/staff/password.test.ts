import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORDS_TEXT } from './common-passwords.ts';
import { hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from './password-hash.ts';
import { checkPassword, MAX_PASSWORD_LENGTH } from './password-policy.ts';

describe('password policy', () => {
  it('wants 8 characters at least, counted as the person sees them', () => {
    expect(checkPassword('kort7')).toEqual({ ok: false, problem: 'too-short' });
    expect(checkPassword('fiets-zon')).toEqual({ ok: true });
    // seven emoji are seven characters, though fourteen UTF-16 units
    expect(checkPassword('🚲🌞🌧️🚲🌞🌧')).toEqual({ ok: false, problem: 'too-short' });
  });

  it('takes long passphrases, up to 128 characters, and no more', () => {
    expect(checkPassword('paard batterij nietje correct '.repeat(2))).toEqual({ ok: true });
    expect(checkPassword('x'.repeat(MAX_PASSWORD_LENGTH - 1) + 'y')).toEqual({ ok: true });
    expect(checkPassword('x'.repeat(MAX_PASSWORD_LENGTH) + 'y')).toEqual({ ok: false, problem: 'too-long' });
  });

  it('asks for no digit, capital or symbol', () => {
    expect(checkPassword('alleenkleineletters')).toEqual({ ok: true });
  });

  it('refuses common passwords, whatever their case', () => {
    expect(checkPassword('password')).toEqual({ ok: false, problem: 'common' });
    expect(checkPassword('Password1')).toEqual({ ok: false, problem: 'common' });
    expect(checkPassword('QWERTYUIOP')).toEqual({ ok: false, problem: 'common' });
    expect(checkPassword('iloveyou')).toEqual({ ok: false, problem: 'common' });
  });

  it('bundles 10,000 distinct lowercase passwords of 8 characters or more', () => {
    const list = COMMON_PASSWORDS_TEXT.split('\n');
    expect(list).toHaveLength(10_000);
    expect(new Set(list).size).toBe(10_000);
    expect(list.every((p) => [...p].length >= 8 && p === p.toLowerCase())).toBe(true);
  });
});

describe('argon2id hashing', () => {
  it("uses OWASP's parameters and verifies the right password only", async () => {
    const stored = await hashPassword('fiets-zon-regen');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(stored, 'fiets-zon-regen')).toBe(true);
    expect(await verifyPassword(stored, 'fiets-zon-regeN')).toBe(false);
    expect(needsRehash(stored)).toBe(false);
  });

  it('salts each hash', async () => {
    expect(await hashPassword('same password')).not.toBe(await hashPassword('same password'));
  });

  it('treats composed and decomposed accents as the same password', async () => {
    const stored = await hashPassword('café au lait');
    expect(await verifyPassword(stored, 'cafe\u0301 au lait')).toBe(true);
  });

  it('answers false, not an exception, for a hash that is not one', async () => {
    expect(await verifyPassword('not a hash', 'anything')).toBe(false);
    expect(needsRehash('not a hash')).toBe(true);
    expect(needsRehash('$argon2id$v=19$m=4096,t=3,p=1$c2FsdHNhbHRzYWx0$0hTGcFuKcZp+x8uV0mIVgQEa3t3ZBbIIVPwvIW8ubQE')).toBe(true);
  });

  it('takes about as long for an unknown account as for a wrong password', async () => {
    const stored = await hashPassword('the real one');
    await verifyAgainstDummy('warm-up');
    // The work each check costs: this process's CPU time (argon2's threads included), which another process's
    // load does not lengthen as it lengthens the clock's; the two kinds in turn, and the least of each compared,
    // since a busy moment only adds to a run
    const once = async (check: () => Promise<unknown>) => {
      const started = process.cpuUsage();
      await check();
      const used = process.cpuUsage(started);
      return (used.user + used.system) / 1000;
    };
    const wrongTimes: number[] = [];
    const unknownTimes: number[] = [];
    for (let i = 0; i < 6; i++) {
      wrongTimes.push(await once(() => verifyPassword(stored, 'a wrong one')));
      unknownTimes.push(await once(() => verifyAgainstDummy('a wrong one')));
    }
    const wrong = Math.min(...wrongTimes);
    const unknown = Math.min(...unknownTimes);
    expect(await verifyAgainstDummy('the real one')).toBe(false);
    expect(unknown / wrong).toBeGreaterThan(0.5);
    expect(unknown / wrong).toBeLessThan(2);
  });
});
