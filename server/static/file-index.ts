import { readdirSync, realpathSync, statSync, type Stats } from 'node:fs';
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

/** Every regular file under root whose real path stays inside root, by URL path. */
function walk(root: string): Map<string, { file: string; stats: Stats }> {
  const found = new Map<string, { file: string; stats: Stats }>();
  const inside = (real: string) => real.startsWith(root + sep);
  const visit = (dir: string, url: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      // dotfiles and dot-folders (.csp.json, .vite, .git) are never public
      if (entry.name.startsWith('.') || (url === '/' && UNSERVED_AT_ROOT.has(entry.name))) continue;
      const path = join(dir, entry.name);
      let real: string;
      let stats: Stats;
      try {
        real = realpathSync(path);
        stats = statSync(real);
      } catch {
        continue; // a dangling link, or removed while we looked
      }
      // a link (or a path through one) that leads out of the build is left out
      if (!inside(real)) continue;
      // folders are followed only when they are real ones: no loops, no second name for a folder
      if (stats.isDirectory()) {
        if (!entry.isSymbolicLink()) visit(path, `${url}${entry.name}/`);
      } else if (stats.isFile()) {
        found.set(`${url}${entry.name}`, { file: real, stats });
      }
    }
  };
  visit(root, '/');
  return found;
}

/**
 * Walks root once and indexes what may be served. Requests are only
 * ever matched against this index, never turned into file-system paths, so no
 * encoding of "..", no link and no dotfile can reach anything else.
 * Each build is indexed once, when the server first serves it (live-root.ts).
 */
export function buildFileIndex(root: string): FileIndex {
  const index: FileIndex = new Map();
  let realRoot: string;
  try {
    realRoot = realpathSync(root);
  } catch {
    return index;
  }
  const files = walk(realRoot);
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

/** "/" -> index.html, "/x/" -> x/index.html, "/x" -> the file x or else x/index.html */
export function lookup(index: FileIndex, path: string): IndexEntry | undefined {
  if (path.endsWith('/')) return index.get(`${path}index.html`);
  return index.get(path) ?? index.get(`${path}/index.html`);
}
