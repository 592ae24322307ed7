import type { MiddlewareHandler } from 'hono';

/**
 * The back office's own policy, stricter than the public site's: its scripts and styles are files of its own
 * origin (no inline script, no third party), it talks only to itself, and no page may frame it.
 */
export const ADMIN_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "manifest-src 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ');

/**
 * The site's logo's policy (site-logo.ts), stricter still: an svg opened by itself may style itself but runs no
 * script, loads nothing, is never framed and is sandboxed. The only policy an answer may carry in place of ADMIN_CSP.
 */
export const LOGO_CSP = ["default-src 'none'", "style-src 'unsafe-inline'", "frame-ancestors 'none'", 'sandbox'].join('; ');

/** Security headers on every answer of the back office; its answers are personal, so none is stored by a cache (the pages' hashed files excepted). */
export function adminHeaders(options: { hsts: boolean }): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const headers = c.res.headers;
    headers.set('Content-Security-Policy', headers.get('Content-Security-Policy') === LOGO_CSP ? LOGO_CSP : ADMIN_CSP);
    headers.set('X-Frame-Options', 'DENY');
    headers.set('X-Content-Type-Options', 'nosniff');
    headers.set('Referrer-Policy', 'no-referrer');
    headers.set('Cross-Origin-Opener-Policy', 'same-origin');
    headers.set('Cross-Origin-Resource-Policy', 'same-origin');
    headers.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()');
    headers.set('X-Robots-Tag', 'noindex, nofollow');
    // hashed files of the pages say how long they keep; every other answer is personal or may change
    if (!headers.has('Cache-Control')) headers.set('Cache-Control', 'no-store');
    if (options.hsts) headers.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  };
}
