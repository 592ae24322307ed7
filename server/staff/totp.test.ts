import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode } from './base32.ts';
import { hotp, newTotpSecret, timeStep, totpAt, totpUri, verifyTotp } from './totp.ts';

const ascii = (text: string) => new TextEncoder().encode(text);

describe('HOTP (RFC 4226, appendix D)', () => {
  it('gives the RFC values for counters 0 to 9', () => {
    const expected = ['755224', '287082', '359152', '969429', '338314', '254676', '287922', '162583', '399871', '520489'];
    expect(expected.map((_, counter) => hotp(ascii('12345678901234567890'), counter))).toEqual(expected);
  });
});

describe('TOTP (RFC 6238, appendix B)', () => {
  const keys = {
    sha1: ascii('12345678901234567890'),
    sha256: ascii('12345678901234567890123456789012'),
    sha512: ascii('1234567890123456789012345678901234567890123456789012345678901234'),
  };
  const vectors: [number, string, string, string][] = [
    [59, '94287082', '46119246', '90693936'],
    [1111111109, '07081804', '68084774', '25091201'],
    [1111111111, '14050471', '67062674', '99943326'],
    [1234567890, '89005924', '91819424', '93441116'],
    [2000000000, '69279037', '90698825', '38618901'],
    [20000000000, '65353130', '77737706', '47863826'],
  ];
  it.each(vectors)('at %i s', (seconds, sha1, sha256, sha512) => {
    expect(totpAt(keys.sha1, seconds * 1000, 8, 'sha1')).toBe(sha1);
    expect(totpAt(keys.sha256, seconds * 1000, 8, 'sha256')).toBe(sha256);
    expect(totpAt(keys.sha512, seconds * 1000, 8, 'sha512')).toBe(sha512);
  });

  it('shows 6 digits, the last six of the 8-digit value', () => {
    expect(totpAt(keys.sha1, 59_000)).toBe('287082');
  });
});

describe('verifyTotp', () => {
  const secret = base32Encode(ascii('12345678901234567890'));
  const now = 1_700_000_000_000;
  const key = base32Decode(secret)!;

  it('accepts the current code, and the ones a step either side', () => {
    expect(verifyTotp(secret, totpAt(key, now), now, null)).toBe(timeStep(now));
    expect(verifyTotp(secret, totpAt(key, now - 30_000), now, null)).toBe(timeStep(now) - 1);
    expect(verifyTotp(secret, totpAt(key, now + 30_000), now, null)).toBe(timeStep(now) + 1);
  });

  it('refuses a code two steps away, a wrong one, and anything not six digits', () => {
    expect(verifyTotp(secret, totpAt(key, now - 60_000), now, null)).toBeUndefined();
    const right = totpAt(key, now);
    expect(verifyTotp(secret, String((Number(right) + 1) % 1_000_000).padStart(6, '0'), now, null)).toBeUndefined();
    expect(verifyTotp(secret, '12345', now, null)).toBeUndefined();
    expect(verifyTotp(secret, 'abcdef', now, null)).toBeUndefined();
    expect(verifyTotp('not base32!', right, now, null)).toBeUndefined();
  });

  it('refuses a code of a step already used, and any older one', () => {
    const step = timeStep(now);
    expect(verifyTotp(secret, totpAt(key, now), now, step)).toBeUndefined();
    expect(verifyTotp(secret, totpAt(key, now - 30_000), now, step)).toBeUndefined();
    expect(verifyTotp(secret, totpAt(key, now + 30_000), now, step)).toBe(step + 1);
  });

  it('takes a code typed with a space in the middle', () => {
    const code = totpAt(key, now);
    expect(verifyTotp(secret, `${code.slice(0, 3)} ${code.slice(3)}`, now, null)).toBe(timeStep(now));
  });
});

describe('secrets and links', () => {
  it('makes 160-bit secrets that survive base32 both ways', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Encode(base32Decode(secret)!)).toBe(secret);
    expect(newTotpSecret()).not.toBe(secret);
  });

  it('reads base32 in lower case with spaces and padding (RFC 4648 vectors)', () => {
    expect(base32Encode(ascii('foobar'))).toBe('MZXW6YTBOI');
    expect(new TextDecoder().decode(base32Decode('mzxw 6ytb oi======'))).toBe('foobar');
    expect(base32Decode('MZ1')).toBeUndefined();
  });

  it('writes an otpauth link an authenticator app reads', () => {
    const uri = new URL(totpUri('JBSWY3DPEHPK3PXP', 'an@example.nl', 'Studio Noord'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe('/Studio Noord:an@example.nl');
    expect(Object.fromEntries(uri.searchParams)).toEqual({ secret: 'JBSWY3DPEHPK3PXP', issuer: 'Studio Noord', algorithm: 'SHA1', digits: '6', period: '30' });
  });
});
