import type { Context } from 'hono';
import { STAFF_SESSION_COOKIE as SESSION } from '../../core/security/cookies.ts';

/** The name of the back office's session cookie; its attributes and why: core/security/cookies.ts. */
export const SESSION_COOKIE = SESSION.name;

export function readSessionCookie(c: Context): string | undefined {
  return SESSION.parse(c.req.header('cookie'));
}

/**
 * Sets the token: a session cookie (no Max-Age) that ends with the browser, or for a device kept signed in one that
 * lasts until its session ends (`until`); the server's idle and absolute time-outs end the session either way.
 */
export function writeSessionCookie(c: Context, token: string, until?: { expiresAt: string; now: Date }): void {
  const maxAge = until ? (Date.parse(until.expiresAt) - until.now.getTime()) / 1000 : undefined;
  c.header('Set-Cookie', SESSION.create(token, maxAge), { append: true });
}

export function clearSessionCookie(c: Context): void {
  c.header('Set-Cookie', SESSION.blank(), { append: true });
}
