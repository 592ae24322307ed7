import type { MiddlewareHandler } from 'hono';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * State-changing requests from another site get 403: a browser that says the request is cross-site
 * (Sec-Fetch-Site), or an Origin that is neither the request's own host nor one of `origins` (the site's
 * public URLs). Another site's page can otherwise make its visitors' browsers post leads, mails and uploads
 * here (a text/plain POST needs no preflight). Requests without either header (curl, server-to-server) pass:
 * they carry no visitor's browser.
 */
export function sameSiteOnly(origins: readonly string[]): MiddlewareHandler {
  const allowed = new Set(origins.map((o) => o.replace(/\/+$/, '').toLowerCase()));
  return async (c, next) => {
    if (SAFE.has(c.req.method)) return next();
    if (c.req.header('sec-fetch-site') === 'cross-site') return c.json({ error: 'cross-site request' }, 403, { 'Cache-Control': 'no-store' });
    const origin = c.req.header('origin');
    if (origin !== undefined && !allowed.has(origin.toLowerCase()) && hostOf(origin) !== c.req.header('host')?.toLowerCase()) {
      return c.json({ error: 'cross-site request' }, 403, { 'Cache-Control': 'no-store' });
    }
    return next();
  };
}

function hostOf(origin: string): string | undefined {
  try {
    return new URL(origin).host.toLowerCase();
  } catch {
    return undefined;
  }
}
