import { join } from 'node:path';
import type { ViteDevServer } from 'vite';
import type { ValidationResult } from '../../core/validate/validate.ts';
import { isPagePath } from './page-paths.ts';
import { isProblemsPage } from './site-preview.ts';
import { watchRepair } from '../lib/watch-repair.ts';
import { CONFIG_FILE, CONTENT_DIR, PUBLIC_DIR } from '../../core/site/layout.ts';

/**
 * The dev server answers with the site's files as they are when it is asked, whatever its watcher reported: a page,
 * its problems, and the version a page's Vite client asks for once it has connected (site-preview.ts).
 */

/** The longest a render waits for the changes the watcher reported (site-watch.ts): a file saved again and again does not hold it back. */
const SETTLED_WAIT_MS = 250;
/** How often the site's files are checked against what the watcher reported (watch-repair.ts). */
const REPAIR_INTERVAL_MS = 500;
/** Where a developer's page asks which version of the site it would get now (site-preview.ts). */
export const VERSION_URL = '/@site-version';
const delay = (ms: number) => new Promise<void>((resume) => setTimeout(resume, ms).unref());

/** What the site plugin has that freshness needs: the watcher's changes handled, the validation, the renders' data. */
export interface FreshnessSources {
  settled: () => Promise<void>;
  validate: () => ValidationResult;
  data: () => unknown;
}

/**
 * `fresh` waits until the site's files as they are now are taken in: a change the watcher missed is sent
 * (watch-repair.ts), and the changes reported are applied (site-watch.ts), unless changes keep coming. `serve` adds
 * the dev server's middleware (a page and the version asked for once the files are fresh) and starts the repair on
 * its watcher, checked every REPAIR_INTERVAL_MS too, for the pages left open. `ofPage` is a page's version.
 */
export function siteFreshness({ settled, validate, data }: FreshnessSources) {
  let repair: ReturnType<typeof watchRepair> | undefined;
  const versions = siteVersions(validate, data);
  const fresh = async () => {
    repair?.check();
    await Promise.race([settled(), delay(SETTLED_WAIT_MS)]);
  };
  return {
    fresh,
    ofPage: versions.ofPage,
    serve(devServer: ViteDevServer, siteRoot: string, schemaDir: string) {
      serveFresh(devServer, fresh, versions.now);
      repair = watchRepair(devServer.watcher, [
        ...[join(siteRoot, CONFIG_FILE), join(siteRoot, CONTENT_DIR), schemaDir].map((path) => ({ path, changes: true })),
        { path: join(siteRoot, PUBLIC_DIR), changes: false },
      ]);
      devServer.httpServer?.once('close', repair.every(REPAIR_INTERVAL_MS));
    },
  };
}

/**
 * The version of the site a developer's page shows, and the one it would get now (VERSION_URL): a page whose Vite
 * client connected after a change's reload was sent checks it, and reloads (site-preview.ts). A number per version
 * of the pages' data, or "problems" for the page that shows them.
 */
function siteVersions(validate: () => ValidationResult, data: () => unknown) {
  const numbers = new WeakMap<object, number>();
  let last = 0;
  const numberOf = (version: unknown) => {
    if (typeof version !== 'object' || version === null) return '0';
    if (!numbers.has(version)) numbers.set(version, ++last);
    return String(numbers.get(version));
  };
  return {
    ofPage: (html: string) => (isProblemsPage(html) ? 'problems' : numberOf(data())),
    now() {
      try {
        return validate().problems.length > 0 ? 'problems' : numberOf(data());
      } catch {
        return 'problems';
      }
    },
  };
}

/** A page, and the version a page asks for, once the files as they are now are taken in (their problems included). */
function serveFresh(devServer: ViteDevServer, fresh: () => Promise<void>, now: () => string) {
  devServer.middlewares.use(VERSION_URL, (_req, res) => {
    void fresh().then(() => {
      res.setHeader('Content-Type', 'text/plain; charset=utf-8');
      res.setHeader('Cache-Control', 'no-store');
      res.end(now());
    });
  });
  devServer.middlewares.use((req, _res, next) => {
    if ((req.method === 'GET' || req.method === 'HEAD') && isPagePath(new URL(req.url ?? '/', 'http://localhost').pathname)) void fresh().then(() => next());
    else next();
  });
}
