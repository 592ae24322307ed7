import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { MiddlewareHandler } from 'hono';
import type { Integrations } from '../../core/site/schema-types.ts';
import { securityHeaderValues, type CspHashes, type OriginEnv } from '../../core/security/policy.ts';

export interface SecurityHeadersOptions {
  /** the build (dist/), whose .csp.json lists the inline scripts and styles the pages may run */
  root: string;
  integrations?: Integrations;
  /** only behind HTTPS: Strict-Transport-Security and upgrade-insecure-requests */
  hsts: boolean;
  /** VITE_ overrides the build was made with; process.env by default */
  env?: OriginEnv;
}

const HASH = /^sha256-[A-Za-z0-9+/]+={0,2}$/;

/** dist/.csp.json; only well-formed hashes, so nothing in the file can change the header's shape. */
export function readCspHashes(root: string): CspHashes {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(join(root, '.csp.json'), 'utf8'));
  } catch {
    // an old or missing build: its pages' inline scripts are blocked, which the browser console shows
    console.warn(`no ${join(root, '.csp.json')}: inline scripts of the pages will be blocked; run npm run build`);
    return { scriptHashes: [], styleHashes: [] };
  }
  const list = (value: unknown) => (Array.isArray(value) ? value.filter((h): h is string => typeof h === 'string' && HASH.test(h)) : []);
  const file = (raw ?? {}) as Partial<Record<keyof CspHashes, unknown>>;
  return { scriptHashes: list(file.scriptHashes), styleHashes: list(file.styleHashes) };
}

/**
 * Sets the security headers on every answer, whoever made it (static files,
 * the API, 404, 405, 400, 500): register it first, with app.use('*', ...).
 * The headers are computed once; .csp.json is read when the server starts.
 */
export function securityHeaders({ root, integrations, hsts, env = process.env }: SecurityHeadersOptions): MiddlewareHandler {
  const headers = Object.entries(securityHeaderValues({ hashes: readCspHashes(root), integrations, hsts, env }));
  const apply = (target: Headers) => {
    for (const [name, value] of headers) target.set(name, value);
  };
  return async function securityHeadersMiddleware(c, next) {
    await next();
    try {
      apply(c.res.headers);
    } catch {
      // a Response with immutable headers (one from fetch() or Response.redirect()): copy it once
      c.res = new Response(c.res.body, c.res);
      apply(c.res.headers);
    }
  };
}
