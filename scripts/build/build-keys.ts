import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { CspHashes } from '../../core/security/policy.ts';
import type { CompressedBytes } from './precompress.ts';

/**
 * The keys of an incremental build. A route's page is rendered again only when its key changed; otherwise its file
 * (and its .br and .gz) is a hard link to the previous build's. A key covers everything the page's HTML comes from:
 * the engine (every source file that renders or builds pages, the dependencies' lock file, NODE_ENV), the client
 * files it links (their names carry their hashes), the site-wide settings, and the route's own inputs
 * (src/entry-server.tsx, routeInputs). A change of the engine or of the site-wide settings renders every page.
 */

/** Folders and files of the engine whose change renders every page again (relative to the project's root). */
const ENGINE_SOURCES = [
  'src',
  'core',
  'schemas',
  'scripts/lib',
  'scripts/build',
  'scripts/site-bundles',
  'vite.config.ts',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
];

/** Where a build keeps its routes' keys and facts (a dot-folder: never served). */
export const MANIFEST_FILE = '.build/routes.json';
/** Bumped when the manifest's shape or the meaning of a key changes: an older manifest is then not used. */
const MANIFEST_VERSION = 4;

export const sha1 = (...parts: string[]) => {
  const hash = createHash('sha1');
  for (const part of parts) hash.update(part).update('\u0000');
  return hash.digest('base64url');
};

function filesUnder(path: string): string[] {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path, { recursive: true, encoding: 'utf8' })
    .map((name) => join(path, name))
    .filter((file) => statSync(file).isFile());
}

/** The engine's key: its source files by path and content, and the build's environment that changes a page. */
export function engineKey(root: string, env: NodeJS.ProcessEnv = process.env): string {
  const hash = createHash('sha1');
  const files = ENGINE_SOURCES.flatMap((source) => filesUnder(join(root, source))).sort();
  for (const file of files) hash.update(relative(root, file).split(sep).join('/')).update('\u0000').update(readFileSync(file)).update('\u0000');
  hash.update(`NODE_ENV=${env.NODE_ENV ?? ''}`);
  return hash.digest('base64url');
}

/** The client files a page may link or load (the runtime's chunks too): their names, which carry their hashes. */
export function assetsKey(outDir: string): string {
  const assets = join(outDir, 'assets');
  // not their .br and .gz, which the compression writes meanwhile
  return sha1(
    ...(existsSync(assets)
      ? readdirSync(assets)
          .filter((name) => !/\.(?:br|gz)$/.test(name))
          .sort()
      : []),
  );
}

/** What a build remembers of a route: its key, and what the later build steps read from its page. */
export interface RouteRecord {
  key: string;
  hashes: CspHashes;
  srcsets: [string, { width?: number; page: string }][];
  compressed?: CompressedBytes;
}

/** The manifest as written: each page's CSP hashes as an index into the sets of hashes (most pages share one). */
interface BuildManifest {
  version: number;
  hashSets: CspHashes[];
  routes: Record<string, Omit<RouteRecord, 'hashes'> & { hashes: number }>;
}

/** The previous build's routes, or none when it has no manifest (or one of another version, or unreadable). */
export function readManifest(dir: string | undefined): Record<string, RouteRecord> | undefined {
  if (!dir) return undefined;
  try {
    const manifest = JSON.parse(readFileSync(join(dir, MANIFEST_FILE), 'utf8')) as BuildManifest;
    if (manifest.version !== MANIFEST_VERSION) return undefined;
    const routes: Record<string, RouteRecord> = {};
    for (const [path, record] of Object.entries(manifest.routes)) routes[path] = { ...record, hashes: manifest.hashSets[record.hashes]! };
    return routes;
  } catch {
    return undefined;
  }
}

export function manifestText(routes: Record<string, RouteRecord>): string {
  const sets = new Map<string, number>();
  const written: BuildManifest['routes'] = {};
  for (const [path, record] of Object.entries(routes)) {
    const set = JSON.stringify(record.hashes);
    let index = sets.get(set);
    if (index === undefined) sets.set(set, (index = sets.size));
    written[path] = { ...record, hashes: index };
  }
  const hashSets = [...sets.keys()].map((set) => JSON.parse(set) as CspHashes);
  return JSON.stringify({ version: MANIFEST_VERSION, hashSets, routes: written } satisfies BuildManifest);
}
