import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Hono, MiddlewareHandler } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '../core/forms/api-paths.ts';
import { reservedRoute } from '../core/site/reserved-routes.ts';
import { fixtureServerSite } from '../tests/support/server-site.ts';
import { createApp } from './app.ts';
import { openStorage } from './storage/open-storage.ts';
import type { Storage } from './storage/types.ts';

/**
 * The server's own routes against the one list of reserved routes (core/site/reserved-routes.ts), which the validator
 * refuses a page at: a route added to the server and not to the list fails here, before a page can take its address.
 */
const passThrough: MiddlewareHandler = async (_c, next) => next();
let dataDir: string;
let storage: Storage;
let app: Hono;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'reserved-routes-'));
  storage = await openStorage({ dataDir });
  app = createApp({
    site: fixtureServerSite(),
    storage,
    secret: 'test-secret',
    uploadsDir: join(dataDir, 'uploads'),
    clientIp: () => '192.0.2.1',
    securityHeaders: passThrough,
    staticFiles: passThrough,
  });
});

afterAll(async () => {
  await storage.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A route's path as a request has it: each `:name` a value (Hono's parameters). */
const concrete = (path: string) => path.replace(/:[^/]+/g, 'x');

describe('the server keeps its routes', () => {
  it('every route the app registers is reserved, parameters filled in', () => {
    // "/*" and "*" are the middleware and the static files: every other path is the server's own answer
    const own = [...new Set(app.routes.map((r) => r.path).filter((path) => !path.includes('*')))];
    expect(own).toContain('/healthz');
    expect(own.length).toBeGreaterThanOrEqual(5);
    expect(own.map(concrete).filter((path) => reservedRoute(path) === undefined)).toEqual([]);
  });

  it('every prefix the API keeps from the static files is reserved, with everything below it', () => {
    // API_PATHS is /^\/(?:api|3|uploads)(?:\/|$)/: its alternatives are the prefixes
    const prefixes = /\(\?:([^)]*)\)/.exec(API_PATHS.source)?.[1]?.split('|') ?? [];
    expect(prefixes.length).toBeGreaterThanOrEqual(3);
    const paths = prefixes.flatMap((prefix) => [`/${prefix.replace(/\\/g, '')}`, `/${prefix.replace(/\\/g, '')}/x/y`]);
    for (const path of paths) expect(API_PATHS.test(path), path).toBe(true);
    expect(paths.filter((path) => reservedRoute(path) === undefined)).toEqual([]);
  });
});
