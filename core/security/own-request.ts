import { STAFF_REQUEST_HEADER } from '../admin/contract.ts';

/**
 * Whether a state-changing request comes from a server's own pages: the one check of the back office
 * (server/admin/request-guard.ts) and of the studio in both its hosts (studio/server/request-guard.ts). Pure: the
 * caller hands it the request's method and headers and its own origin(s).
 */

/**
 * The header every state-changing request of the back office's pages and of the studio's page carries, with the
 * value "1". A page of another site cannot set it without a CORS preflight, which neither server ever grants.
 */
export const OWN_REQUEST_HEADER = STAFF_REQUEST_HEADER;

/** Why a request was refused, for the log and the tests; the caller sees only 403. */
export type Refusal = 'cross-origin' | 'no-origin' | 'not-json' | 'no-staff-header';

export interface OwnRequestOptions {
  /** the methods that change nothing and pass unchecked: GET and HEAD (the back office adds OPTIONS) */
  safe?: readonly string[];
  /**
   * the body types the request may have besides JSON (an upload's file). Every one must be a type a form cannot
   * send (never text/plain, multipart/form-data or application/x-www-form-urlencoded): a page of another site
   * that sets any other type gets a CORS preflight first, as it does for the custom header.
   */
  bodyTypes?: (type: string) => boolean;
}

/** The body types a cross-site form (or a fetch without a preflight) can send: never a write's. */
const FORM_TYPES = new Set(['text/plain', 'multipart/form-data', 'application/x-www-form-urlencoded']);

/**
 * Why a state-changing request does not prove it comes from our own pages, or undefined when it does: same-origin
 * by the browser's Sec-Fetch-Site, or (a browser without it) by an Origin equal to one of ours (`origins`); a JSON
 * body (or one of `bodyTypes`); and the custom header, which only a script of the same origin can add without a
 * preflight that we never grant. A safe method (GET, HEAD) changes nothing and passes.
 */
export function refusal(
  method: string,
  headers: (name: string) => string | undefined,
  origins: string | readonly string[],
  { safe = ['GET', 'HEAD'], bodyTypes }: OwnRequestOptions = {},
): Refusal | undefined {
  if (safe.includes(method.toUpperCase())) return undefined;
  const site = headers('sec-fetch-site');
  if (site !== undefined) {
    if (site !== 'same-origin') return 'cross-origin';
  } else {
    const from = headers('origin');
    if (from === undefined) return 'no-origin';
    const own = (typeof origins === 'string' ? [origins] : origins).map((origin) => origin.toLowerCase());
    if (!own.includes(from.toLowerCase())) return 'cross-origin';
  }
  const type = headers('content-type')?.split(';')[0]?.trim().toLowerCase() ?? '';
  if (type !== 'application/json' && (FORM_TYPES.has(type) || !bodyTypes?.(type))) return 'not-json';
  if (headers(OWN_REQUEST_HEADER) !== '1') return 'no-staff-header';
  return undefined;
}
