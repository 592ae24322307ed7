import type { MiddlewareHandler } from 'hono';
import type { ApiError } from '../../core/admin/contract.ts';
import { OWN_REQUEST_HEADER, refusal as ownRefusal, type Refusal } from '../../core/security/own-request.ts';

// the header every state-changing request of the back office's own pages carries; a form on another site cannot set it
export { OWN_REQUEST_HEADER as STAFF_REQUEST_HEADER };
export type { Refusal };

/** GET and HEAD change nothing; OPTIONS neither (no route answers it, and no preflight is ever granted). */
const SAFE = ['GET', 'HEAD', 'OPTIONS'];

/**
 * Whether a state-changing request proves it comes from the back office's own pages (core/security/own-request.ts,
 * the studio's check too): same-origin by the browser's Sec-Fetch-Site, or (a browser without it) by Origin equal
 * to the back office's origin; a JSON body; and the custom header. GET and HEAD change nothing and pass.
 */
export const refusal = (method: string, headers: (name: string) => string | undefined, origin: string): Refusal | undefined =>
  ownRefusal(method, headers, origin, { safe: SAFE });

/** 403 for a state-changing request that does not prove it is ours (see refusal). */
export function ownRequestsOnly(origin: string): MiddlewareHandler {
  return async (c, next) => {
    const refused = refusal(c.req.method, (name) => c.req.header(name), origin);
    if (refused) return c.json({ error: 'forbidden' } satisfies ApiError, 403);
    return next();
  };
}
