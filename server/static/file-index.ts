import { readdirSync, realpathSync, statSync, type Dirent, type Stats } from 'node:fs';
import { readdir, realpath, stat } from 'node:fs/promises';
import { join, sep } from 'node:path';
import { contentTypeOf, isCompressible } from './content-types.ts';

/** One stored form of a file: as built, or its .br / .gz beside it. */
export interface Representation {
  /** real path, inside root */
  file: string;
  size: number;
  /** strong, and different for each representation of one URL */
  etag: string;
}

export interface IndexEntry extends Representation {
  type: string;
  mtimeMs: number;
  lastModified: string;
  compressible: boolean;
  /** a content-hashed file under /assets/: its URL changes with its content */
  immutable: boolean;
  br?: Representation;
  gz?: Representation;
}

/** URL path (decoded, e.g. "/assets/app-abc123.js") -> the file it serves */
export type FileIndex = Map<string, IndexEntry>;

/** host configuration and build metadata beside the site's files, never served */
const UNSERVED_AT_ROOT = new Set(['_headers', '_redirects']);
/** Vite's "[name]-[hash].[ext]": an 8-character base64url hash */
const HASHED_ASSET = /^\/assets\/(?:[^/]+\/)*[^/]*-[A-Za-z0-9_-]{8}\.[A-Za-z0-9]+$/;

const etagOf = (stats: Stats, suffix = '') => `"${stats.size.toString(36)}-${Math.floor(stats.mtimeMs).toString(36)}${suffix}"`;

type Found = Map<string, { file: string; stats: Stats }>;
/** What the walk asks of the file system: done at once at start, in the background when a new build is switched to. */
type Ask = { readdir: string } | { stat: string[] } | { realpath: string };

/**
 * Every regular file under root whose real path stays inside root, by URL path: one walk, written once, whose file
 * system calls are made by a driver (runNow or runInBackground). It asks for a folder's entries, then for the
 * stats of them all at once (in parallel in the background).
 */
function* walk(root: string): Generator<Ask, Found, unknown> {
  const found: Found = new Map();
  const folders: [string, string][] = [[root, '/']];
  for (let next = folders.pop(); next; next = folders.pop()) {
    const [dir, url] = next;
    const entries = ((yield { readdir: dir }) as Dirent[])
      // dotfiles and dot-folders (.csp.json, .vite, .git) are never public
      .filter((entry) => !entry.name.startsWith('.') && !(url === '/' && UNSERVED_AT_ROOT.has(entry.name)));
    const reals: (string | undefined)[] = [];
    // dir is a real path (root is, and links to folders are not followed): only a link needs resolving
    for (const entry of entries)
      reals.push(entry.isSymbolicLink() ? ((yield { realpath: join(dir, entry.name) }) as string | undefined) : join(dir, entry.name));
    // a link (or a path through one) that leads out of the build is left out; a dangling one has no real path
    const kept = entries.flatMap((entry, i) => (reals[i]?.startsWith(root + sep) ? [{ entry, real: reals[i] }] : []));
    const stats = (yield { stat: kept.map((k) => k.real) }) as (Stats | undefined)[];
    kept.forEach(({ entry, real }, i) => {
      const stat = stats[i]; // undefined: removed while we looked
      // folders are followed only when they are real ones: no loops, no second name for a folder
      if (stat?.isDirectory() && !entry.isSymbolicLink()) folders.push([real, `${url}${entry.name}/`]);
      else if (stat?.isFile()) found.set(`${url}${entry.name}`, { file: real, stats: stat });
    });
  }
  return found;
}

const orUndefined = <T>(call: () => T): T | undefined => {
  try {
    return call();
  } catch {
    return undefined;
  }
};

/** The walk with blocking calls: at start, before the server listens. */
function runNow<T>(steps: Generator<Ask, T, unknown>): T {
  for (let step = steps.next(); ;) {
    if (step.done) return step.value;
    const ask = step.value;
    if ('readdir' in ask) step = steps.next(readdirSync(ask.readdir, { withFileTypes: true }));
    else if ('realpath' in ask) step = steps.next(orUndefined(() => realpathSync(ask.realpath)));
    else step = steps.next(ask.stat.map((file) => orUndefined(() => statSync(file))));
  }
}

/** The walk on libuv's threads: a build of 10,000 pages is indexed while the one before goes on being served. */
async function runInBackground<T>(steps: Generator<Ask, T, unknown>): Promise<T> {
  for (let step = steps.next(); ;) {
    if (step.done) return step.value;
    const ask = step.value;
    if ('readdir' in ask) step = steps.next(await readdir(ask.readdir, { withFileTypes: true }));
    else if ('realpath' in ask) step = steps.next(await realpath(ask.realpath).catch(() => undefined));
    else step = steps.next(await Promise.all(ask.stat.map((file) => stat(file).catch(() => undefined))));
  }
}

/** The index of what walk found: each file with its .br/.gz forms, type and caching. */
function indexOf(files: Found): FileIndex {
  const index: FileIndex = new Map();
  for (const [url, { file, stats }] of files) {
    // x.br and x.gz are forms of x, not files of their own (an archive.gz without its x stays one)
    const base = url.replace(/\.(?:br|gz)$/, '');
    if (base !== url && files.has(base)) continue;
    const variant = (ext: '.br' | '.gz'): Representation | undefined => {
      const found = files.get(url + ext);
      return found && { file: found.file, size: found.stats.size, etag: etagOf(found.stats, ext === '.br' ? '-br' : '-gz') };
    };
    index.set(url, {
      file,
      size: stats.size,
      etag: etagOf(stats),
      type: contentTypeOf(url),
      mtimeMs: stats.mtimeMs,
      lastModified: stats.mtime.toUTCString(),
      compressible: isCompressible(url),
      immutable: HASHED_ASSET.test(url),
      br: variant('.br'),
      gz: variant('.gz'),
    });
  }
  return index;
}

/**
 * Walks root once and indexes what may be served. Requests are only ever matched against this index, never turned
 * into file-system paths, so no encoding of "..", no link and no dotfile can reach anything else. Each build is
 * indexed once: at start (buildFileIndex), or in the background when the server is switched to it
 * (indexInBackground, see live-root.ts). An empty index when root does not exist.
 */
export function buildFileIndex(root: string): FileIndex {
  const realRoot = orUndefined(() => realpathSync(root));
  return realRoot === undefined ? new Map() : indexOf(runNow(walk(realRoot)));
}

export async function indexInBackground(root: string): Promise<FileIndex> {
  const realRoot = await realpath(root).catch(() => undefined);
  return realRoot === undefined ? new Map() : indexOf(await runInBackground(walk(realRoot)));
}

/**
 * "/" -> index.html; "/x" -> the file x, else the page x.html (as the build writes a route), else x/index.html (a
 * folder's page, from public/); "/x/" -> x/index.html, else x.html.
 */
export function lookup(index: FileIndex, path: string): IndexEntry | undefined {
  if (path.endsWith('/')) return index.get(`${path}index.html`) ?? (path === '/' ? undefined : index.get(`${path.slice(0, -1)}.html`));
  return index.get(path) ?? index.get(`${path}.html`) ?? index.get(`${path}/index.html`);
}
