import type { Context } from 'hono';
import { getCookie, setCookie, deleteCookie } from 'hono/cookie';

/**
 * The session's cookie. The __Host- prefix makes the browser refuse it unless it is Secure, has Path=/ and no
 * Domain: no other host, not even a sub-domain of the site, can set or overwrite it. HttpOnly: no script reads it;
 * SameSite=Strict: no other site's page sends it. Browsers count http://127.0.0.1 and localhost as secure, so the
 * default back office on this machine works without TLS.
 */
export const SESSION_COOKIE = '__Host-staff-session';

export function readSessionCookie(c: Context): string | undefined {
  return getCookie(c, SESSION_COOKIE);
}

/** Sets the token; a session cookie (no Max-Age): the server's idle and absolute time-outs end the session. */
export function writeSessionCookie(c: Context, token: string): void {
  setCookie(c, SESSION_COOKIE, token, { path: '/', secure: true, httpOnly: true, sameSite: 'Strict' });
}

export function clearSessionCookie(c: Context): void {
  deleteCookie(c, SESSION_COOKIE, { path: '/', secure: true, httpOnly: true, sameSite: 'Strict' });
}
