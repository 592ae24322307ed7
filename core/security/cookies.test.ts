import { describe, expect, it } from 'vitest';
import { cookieValue, sessionCookie, STAFF_SESSION_COOKIE, STUDIO_SESSION_COOKIE } from './cookies.ts';

describe('a session cookie', () => {
  const cookie = sessionCookie('__Host-x');

  it('is created, blanked and parsed by one controller', () => {
    expect(cookie.create('t0k-en_')).toBe('__Host-x=t0k-en_; Path=/; HttpOnly; Secure; SameSite=Strict');
    expect(cookie.create('a b;c')).toBe('__Host-x=a%20b%3Bc; Path=/; HttpOnly; Secure; SameSite=Strict');
    expect(cookie.blank()).toBe('__Host-x=; Max-Age=0; Path=/; HttpOnly; Secure; SameSite=Strict');
    expect(cookie.parse('__Host-x=a%20b%3Bc')).toBe('a b;c');
    expect(cookie.parse(null)).toBeUndefined();
  });

  it('lasts the seconds it is given (a device kept signed in), whole and never below zero', () => {
    expect(cookie.create('t', 2_592_000)).toBe('__Host-x=t; Max-Age=2592000; Path=/; HttpOnly; Secure; SameSite=Strict');
    expect(cookie.create('t', 59.6)).toBe('__Host-x=t; Max-Age=60; Path=/; HttpOnly; Secure; SameSite=Strict');
    expect(cookie.create('t', -5)).toBe('__Host-x=t; Max-Age=0; Path=/; HttpOnly; Secure; SameSite=Strict');
  });

  it('writes each of our two cookies as it always has, byte for byte', () => {
    const token = 'Abc-def_ghi0123456789Abc-def_ghi0123456789x';
    expect(STAFF_SESSION_COOKIE.create(token)).toBe(`__Host-staff-session=${token}; Path=/; HttpOnly; Secure; SameSite=Strict`);
    expect(STAFF_SESSION_COOKIE.blank()).toBe('__Host-staff-session=; Max-Age=0; Path=/; HttpOnly; Secure; SameSite=Strict');
    // as studio-host/studio-door.ts writes it (and tests/integration/studio-behind-back-office.test.ts pins)
    expect(STUDIO_SESSION_COOKIE.create(token)).toBe(`__Host-studio-session=${token}; Path=/; Secure; HttpOnly; SameSite=Strict`);
    expect(STUDIO_SESSION_COOKIE.parse(`a=1; __Host-studio-session=${token}`)).toBe(token);
  });

  it('refuses a name without the __Host- prefix or with characters a cookie name cannot have', () => {
    expect(() => sessionCookie('session')).toThrow();
    expect(() => sessionCookie('__Host-a b')).toThrow();
  });
});

describe('cookieValue', () => {
  it('finds the first well-formed pair of the name', () => {
    expect(cookieValue('a=1; b=2', 'b')).toBe('2');
    expect(cookieValue('b="q"', 'b')).toBe('q');
    expect(cookieValue('b=bad"; b=good', 'b')).toBe('good');
    expect(cookieValue('ab=1', 'b')).toBeUndefined();
    expect(cookieValue('b', 'b')).toBeUndefined();
  });

  it('decodes good escapes and leaves a stray % as sent', () => {
    expect(cookieValue('b=%41%zz%42', 'b')).toBe('A%zzB');
  });
});
