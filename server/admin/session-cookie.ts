import type { Context } from 'hono';
import { STAFF_SESSION_COOKIE as SESSION } from '../../core/security/cookies.ts';

/** The name of the back office's session cookie; its attributes and why: core/security/cookies.ts. */
export const SESSION_COOKIE = SESSION.name;

export function readSessionCookie(c: Context): string | undefined {
  return SESSION.parse(c.req.header('cookie'));
}

/** Sets the token; a session cookie (no Max-Age): the server's idle and absolute time-outs end the session. */
export function writeSessionCookie(c: Context, token: string): void {
  c.header('Set-Cookie', SESSION.create(token), { append: true });
}

export function clearSessionCookie(c: Context): void {
  c.header('Set-Cookie', SESSION.blank(), { append: true });
}
