import { randomUUID } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import { asRequest, type Logger } from './log.ts';

export const REQUEST_ID_HEADER = 'X-Request-Id';

/**
 * A proxy's id is kept when it is a short token of letters, digits and `.`, `_`, `:`, `-` (Caddy's
 * `{http.request.uuid}`, nginx's `$request_id`): nothing that could break a log line, a header or a page. Anything
 * else (too long, quotes, spaces, control characters) is replaced by an id made here. A visitor who sends one of
 * their own only names their own request's lines.
 */
const SAFE_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,63}$/;

/** The request's id: the incoming X-Request-Id when it is a safe token, else a new UUID. */
export function requestIdFor(incoming: string | undefined): string {
  return incoming !== undefined && SAFE_ID.test(incoming) ? incoming : randomUUID();
}

/**
 * A segment of a path that may be a secret or a person's: a long token of letters and digits with a digit or a
 * capital in it (an invitation's link, a photo's unguessable name), or anything with an @ (an address).
 * Page slugs (lower case words and hyphens) and hashed asset names (with a dot) stay readable.
 */
const isSecretLike = (segment: string) =>
  segment.includes('@') || segment.includes('%40') || (segment.length >= 16 && /^[A-Za-z0-9_-]+$/.test(segment) && /[0-9A-Z]/.test(segment));

/**
 * What a request line names: the route's pattern when a route answered (`/api/leads/:id`: never the id), else the
 * path without its query, its secret-like segments as `:token`, cut at 200 characters. The query string is never
 * logged: it may hold an address, a search or a token.
 */
export function routeOf(c: Context): string {
  const pattern = routePath(c);
  if (pattern && pattern !== '*' && pattern !== '/*') return pattern;
  return c.req.path
    .split('/')
    .map((segment) => (isSecretLike(segment) ? ':token' : segment))
    .join('/')
    .slice(0, 200);
}

/** The request's id on the answer; a Response whose headers are frozen (a fetched one) is copied first. */
function tagAnswer(c: Context, requestId: string): void {
  try {
    c.res.headers.set(REQUEST_ID_HEADER, requestId);
  } catch {
    c.res = new Response(c.res.body, c.res);
    c.res.headers.set(REQUEST_ID_HEADER, requestId);
  }
}

/**
 * Every JSON failure (`{ error, ... }`, status 500 and up) gets `requestId` beside its own fields, whichever route
 * or guard made it, so what a visitor or a screen reports can be found in the log. A refusal (4xx: signed out, too
 * many requests, a field missing) is itself the whole story and keeps its body as it was; its id is in the
 * X-Request-Id header as on every answer.
 */
async function withIdInError(c: Context, requestId: string): Promise<void> {
  const type = c.res.headers.get('content-type') ?? '';
  if (c.res.status < 500 || !type.startsWith('application/json') || c.req.method === 'HEAD') return;
  const body = (await c.res
    .clone()
    .json()
    .catch(() => undefined)) as unknown;
  if (!body || typeof body !== 'object' || Array.isArray(body) || !('error' in body)) return;
  const headers = new Headers(c.res.headers);
  headers.delete('content-length');
  c.res = new Response(JSON.stringify({ ...body, requestId }), { status: c.res.status, headers });
}

/**
 * The first middleware of an app: gives the request its id (X-Request-Id on every answer, `requestId` in JSON
 * errors and in every log line written while it runs) and logs one line when it is answered: method, route,
 * status, duration in ms. Never logged: the query string, headers (cookies, Authorization), bodies (forms,
 * passwords), the visitor's address. The address is left out on purpose: the rate limits and the lead record
 * have it where the retention rules apply; a log kept apart from them would hold it beyond that.
 */
export function requestLog(logger: Logger): MiddlewareHandler {
  return async function logRequest(c, next) {
    const requestId = requestIdFor(c.req.header(REQUEST_ID_HEADER));
    const began = performance.now();
    await asRequest(requestId, next);
    await withIdInError(c, requestId);
    tagAnswer(c, requestId);
    const fields = { requestId, method: c.req.method, route: routeOf(c), status: c.res.status, ms: Math.round((performance.now() - began) * 10) / 10 };
    if (c.res.status >= 500) logger.warn(fields, 'request');
    else logger.info(fields, 'request');
  };
}
