import type { MiddlewareHandler } from 'hono';
import { STAFF_REQUEST_HEADER } from '../../core/admin/contract.ts';

// the header every state-changing request of the back office's own pages carries; a form on another site cannot set it
export { STAFF_REQUEST_HEADER };

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Why a request was refused, for the log and the tests; the caller sees only 403. */
export type Refusal = 'cross-origin' | 'no-origin' | 'not-json' | 'no-staff-header';

/**
 * Whether a state-changing request proves it comes from the back office's own pages: same-origin by the browser's
 * Sec-Fetch-Site, or (a browser without it) by Origin equal to the back office's origin; a JSON body; and the
 * custom header, which only a script of the same origin can add without a preflight that this server never
 * grants. GET and HEAD change nothing and pass.
 */
export function refusal(method: string, headers: (name: string) => string | undefined, origin: string): Refusal | undefined {
  if (SAFE.has(method)) return undefined;
  const site = headers('sec-fetch-site');
  if (site !== undefined) {
    if (site !== 'same-origin') return 'cross-origin';
  } else {
    const from = headers('origin');
    if (from === undefined) return 'no-origin';
    if (from.toLowerCase() !== origin.toLowerCase()) return 'cross-origin';
  }
  const type = headers('content-type')?.split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/json') return 'not-json';
  if (headers(STAFF_REQUEST_HEADER) !== '1') return 'no-staff-header';
  return undefined;
}

/** 403 for a state-changing request that does not prove it is ours (see refusal). */
export function ownRequestsOnly(origin: string): MiddlewareHandler {
  return async (c, next) => {
    const refused = refusal(c.req.method, (name) => c.req.header(name), origin);
    if (refused) return c.json({ error: 'forbidden' }, 403);
    return next();
  };
}
