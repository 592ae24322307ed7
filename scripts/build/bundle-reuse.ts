import { cpSync, existsSync, linkSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { sha1 } from './build-keys.ts';
import type { BundlesWanted } from './render-bundles.ts';

/**
 * The two bundles of an incremental build, taken from the previous build when their inputs did not change. The
 * server entry is built without the site's data (the render workers hand it in, SITE_DATA_KEY), so it depends on the
 * engine alone; the browser's files depend on the engine and the site-wide settings the islands see. A content
 * edit then builds neither, and Vite does not start. Each build keeps what the next one needs in `.build/`: the
 * server entry (`.build/ssr/`) and the keys and Vite manifest of both (`.build/bundles.json`).
 */

const RECORD_FILE = '.build/bundles.json';
export const SSR_DIR = '.build/ssr';

interface BundlesRecord {
  server: string;
  client: string;
  /** Vite's manifest of the client build (read by the prerender, not published) */
  manifest: string;
}

export interface BundleKeys {
  server: string;
  client: string;
}

/** The client bundle's key: the engine, what the islands see of the site, its theme, and Vite's VITE_ variables. */
export function clientKey(engine: string, islandSite: unknown, theme: unknown, env: NodeJS.ProcessEnv = process.env): string {
  const vite = Object.keys(env)
    .filter((name) => name.startsWith('VITE_'))
    .sort()
    .map((name) => `${name}=${env[name]}`);
  return sha1(engine, JSON.stringify(islandSite), JSON.stringify(theme ?? null), ...vite);
}

/** The Vite manifest of a finished build's client files (kept in its .build/), or undefined when it has none. */
export const keptManifest = (build: string): string | undefined => readRecord(build)?.manifest;

function readRecord(previous: string | undefined): BundlesRecord | undefined {
  if (!previous) return undefined;
  try {
    return JSON.parse(readFileSync(join(previous, RECORD_FILE), 'utf8')) as BundlesRecord;
  } catch {
    return undefined;
  }
}

/** Which bundles must be built: those whose key differs from the previous build's (or that it lacks). */
export function bundlesWanted(previous: string | undefined, keys: BundleKeys): BundlesWanted {
  const record = readRecord(previous);
  return {
    server: !(record?.server === keys.server && existsSync(join(previous!, SSR_DIR, 'entry-server.js'))),
    client: !(record?.client === keys.client && existsSync(join(previous!, 'assets'))),
  };
}

/** Every file under `from` as a hard link under `to` (same relative paths). */
export function linkTree(from: string, to: string): void {
  for (const name of readdirSync(from, { recursive: true, encoding: 'utf8' })) {
    const source = join(from, name);
    if (!statSync(source).isFile()) continue;
    mkdirSync(dirname(join(to, name)), { recursive: true });
    linkSync(source, join(to, name));
  }
}

/**
 * The previous build's client files in this one, as Vite would have written them: its hashed assets (with their .br
 * and .gz, as links), the site's public folder copied, and Vite's manifest where the prerender reads it.
 */
export function takeClient(previous: string, out: string, publicDir: string): void {
  const record = readRecord(previous)!;
  mkdirSync(out, { recursive: true });
  linkTree(join(previous, 'assets'), join(out, 'assets'));
  // as Vite copies it: a public folder that is a link (assets shared between sites) and the links in it are followed
  if (existsSync(publicDir)) cpSync(publicDir, out, { recursive: true, dereference: true });
  mkdirSync(join(out, '.vite'), { recursive: true });
  writeFileSync(join(out, '.vite/manifest.json'), record.manifest);
}

/** What the next build takes from this one: the server entry (built now or linked from the previous build) and the keys. */
export function keepBundles(out: string, entryDir: string, keys: BundleKeys, manifest: string, fresh: boolean): void {
  if (fresh) cpSync(entryDir, join(out, SSR_DIR), { recursive: true });
  else linkTree(entryDir, join(out, SSR_DIR));
  writeFileSync(join(out, RECORD_FILE), JSON.stringify({ ...keys, manifest } satisfies BundlesRecord));
}
