import { open, readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { logText } from '../cli/terminal-safe.ts';
import { Readable } from 'node:stream';
import type { Context, MiddlewareHandler } from 'hono';
import { negotiateEncoding } from './accept-encoding.ts';
import { BodyCache } from './body-cache.ts';
import { lookup, type IndexEntry, type Representation } from './file-index.ts';
import { LiveRoot, stillThere, type Generation } from './live-root.ts';
import { decodeRequestPath, rawPathOf } from './request-path.ts';
import { API_PATHS } from '../../core/forms/api-paths.ts';

export interface ServeDistOptions {
  /** the build folder (dist/), or a link to it that `npm run build` switches */
  root: string;
  /** the builds behind root; made here when absent, passed in to share the request's build with other middleware */
  live?: LiveRoot;
  /** answered, with status 404, for every unknown path */
  notFoundPage?: string;
  /** paths left to the routes after this middleware */
  passThrough?: RegExp;
  /** memory for the bodies of small files */
  cacheBytes?: number;
  cacheFileBytes?: number;
  /** the answer to a failure (its reference in the visitor's words); a bare 500 when absent */
  failed?: (c: Context) => Response;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
const ALLOW = 'GET, HEAD';

type Headers = Record<string, string>;

const plain = (status: number, text: string, extra: Headers = {}) =>
  new Response(text, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', ...extra } });

/** If-None-Match wins over If-Modified-Since (RFC 9110 13.2.2); If-None-Match compares weakly. */
function notModified(c: Context, etag: string, mtimeMs: number): boolean {
  const ifNoneMatch = c.req.header('if-none-match');
  if (ifNoneMatch !== undefined) {
    return ifNoneMatch.split(',').some((tag) => {
      const t = tag.trim();
      return t === '*' || t.replace(/^W\//, '') === etag;
    });
  }
  const since = Date.parse(c.req.header('if-modified-since') ?? '');
  // Last-Modified has whole seconds
  return Number.isFinite(since) && Math.floor(mtimeMs / 1000) * 1000 <= since;
}

/**
 * The smallest file worth a compression made on demand: below it the Content-Encoding header costs more than it saves
 * (the build's own rule for its .br and .gz).
 */
const ON_DEMAND_MIN_BYTES = 1024;
const GZIP_LEVEL = 9;
/**
 * a page's brotli, made once while its first visitor waits: quality 5 is quick enough for that and comes close to
 * quality 11's size on HTML; the slow quality 11 is for the shared assets the build compresses once
 */
const BROTLI_QUALITY = 5;
const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/**
 * Whether the server makes a file's compressed versions itself: a compressible file with neither .br nor .gz beside
 * it (the build writes pages without them, so a page costs the build one file and no compression), small enough to
 * keep them in memory. A file with only a .br (a page of an older build) gets its gzip made.
 */
const compressesOnDemand = (bodies: BodyCache, entry: IndexEntry) => entry.compressible && entry.size >= ON_DEMAND_MIN_BYTES && bodies.fits(entry.size);

/** How each encoding is made on demand: its key beside the file's, its ETag's suffix, and the compression. */
const MADE = {
  br: {
    suffix: 'br',
    compress: (body: Buffer) =>
      brotliAsync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
  },
  gzip: { suffix: 'gz', compress: (body: Buffer) => gzipAsync(body, { level: GZIP_LEVEL }) },
} as const;

/** A file's brotli or gzip made on demand, once, and kept with the bodies: its representation and its bytes. */
async function madeOnDemand(
  bodies: BodyCache,
  entry: IndexEntry,
  encoding: keyof typeof MADE,
): Promise<{ rep: Representation; body: Uint8Array<ArrayBuffer> }> {
  const { suffix, compress } = MADE[encoding];
  const key = `${entry.file}\0${encoding}`;
  const body = (await bodies.read(entry.file, entry.size, key, async () => compress(await readFile(entry.file)))) as Uint8Array<ArrayBuffer>;
  return { rep: { file: key, size: body.length, etag: entry.etag.replace(/"$/, `-${suffix}"`) }, body };
}

/** A file's body: from the memory cache when it fits, else streamed from disk. */
async function bodyOf(bodies: BodyCache, rep: Representation): Promise<{ body: Uint8Array<ArrayBuffer> | ReadableStream; length: number }> {
  if (bodies.fits(rep.size)) {
    // readFile's Buffer has its own ArrayBuffer, never a shared one
    const body = (await bodies.read(rep.file, rep.size)) as Uint8Array<ArrayBuffer>;
    return { body, length: body.length };
  }
  const handle = await open(rep.file);
  try {
    const { size } = await handle.stat();
    // the stream closes the handle when it ends or fails
    return { body: Readable.toWeb(handle.createReadStream()) as ReadableStream, length: size };
  } catch (error) {
    await handle.close();
    throw error;
  }
}

/** Type, caching and encoding headers of a file's answer; a 404 is never cached: the file may exist after the next deploy. */
function headersFor(entry: IndexEntry, encoding: string, status: 200 | 404): Headers {
  const headers: Headers = {
    'Content-Type': entry.type,
    'Cache-Control': status === 404 ? 'no-store' : entry.immutable ? IMMUTABLE : 'no-cache',
  };
  if (entry.compressible || entry.br || entry.gz) headers.Vary = 'Accept-Encoding';
  if (encoding !== 'identity') headers['Content-Encoding'] = encoding;
  return headers;
}

/**
 * An entry of the request's build, or else a file (never a page) of a build served before it: a page of the old
 * build, sent just before a switch, still gets its hashed assets after it. A page that is gone stays gone.
 */
function find(live: LiveRoot, generation: Generation, path: string): { entry: IndexEntry; from: Generation } | undefined {
  const entry = lookup(generation.index, path);
  if (entry) return { entry, from: generation };
  for (const older of live.previous()) {
    const kept = lookup(older.index, path);
    if (kept && !kept.type.startsWith('text/html')) return { entry: kept, from: older };
  }
  return undefined;
}

const isGone = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * A file's answer: the representation the client's Accept-Encoding takes (its .br or .gz, or one made on demand),
 * with its validators; 304 when the client has it, no body for HEAD.
 */
function sender(bodies: BodyCache) {
  return async function send(c: Context, entry: IndexEntry, status: 200 | 404): Promise<Response> {
    const onDemand = compressesOnDemand(bodies, entry);
    const brotli = entry.br !== undefined || (onDemand && entry.gz === undefined);
    const encoding = negotiateEncoding(c.req.header('accept-encoding'), { br: brotli, gzip: entry.gz !== undefined || onDemand });
    const made =
      encoding === 'gzip' && !entry.gz
        ? await madeOnDemand(bodies, entry, 'gzip')
        : encoding === 'br' && !entry.br
          ? await madeOnDemand(bodies, entry, 'br')
          : undefined;
    const rep = made?.rep ?? (encoding === 'br' ? entry.br! : encoding === 'gzip' ? entry.gz! : entry);
    const headers = headersFor(entry, encoding, status);
    if (status === 200) {
      headers.ETag = rep.etag;
      headers['Last-Modified'] = entry.lastModified;
      if (notModified(c, rep.etag, entry.mtimeMs)) return new Response(null, { status: 304, headers });
    }
    if (c.req.method === 'HEAD') {
      headers['Content-Length'] = String(rep.size);
      return new Response(null, { status, headers });
    }
    const { body, length } = made ? { body: made.body, length: made.body.length } : await bodyOf(bodies, rep);
    headers['Content-Length'] = String(length);
    return new Response(body, { status, headers });
  };
}

/**
 * Serves the prerendered site from an index of each build (see file-index.ts and live-root.ts): directory
 * indexes, precompressed .br/.gz by the client's Accept-Encoding (a page's brotli and gzip made on demand, once), a year of caching for hashed assets and
 * revalidation for everything else, 404.html for unknown paths. Paths under /api/, /3/ and /uploads/ go to
 * next(); other methods on a file get 405, on an unknown path next(). Errors become a 500 that names no file.
 */
export function serveDist(options: ServeDistOptions): MiddlewareHandler {
  const { root, notFoundPage = '404.html', passThrough = API_PATHS, cacheBytes, cacheFileBytes } = options;
  const live = options.live ?? new LiveRoot(root);
  if (live.current().index.size === 0) console.warn(`no files to serve in ${root}: run npm run build first`);
  const notFoundPath = `/${notFoundPage.replace(/^\/+/, '')}`;
  // keyed by real path: each build has a folder of its own and is never written again, so a body can never be
  // another build's, and one memory budget holds for all of them
  const bodies = new BodyCache(cacheBytes, cacheFileBytes);
  live.onRetire((generation) => bodies.forgetUnder(generation.root));

  const send = sender(bodies);

  async function answer(c: Context, generation: Generation, path: string): Promise<Response> {
    const found = find(live, generation, path);
    // an older build is served only while it is on disk: pruned, it is gone from memory too (one check, on such hits only)
    if (found && found.from !== generation && !stillThere(found.from)) {
      live.drop(found.from);
      return answer(c, generation, path);
    }
    if (found) {
      try {
        return await send(c, found.entry, 200);
      } catch (error) {
        // an older build pruned since it was served: its files are gone, and so is the answer from it
        if (found.from === generation || !isGone(error)) throw error;
        live.drop(found.from);
        return answer(c, generation, path);
      }
    }
    const notFound = generation.index.get(notFoundPath);
    return notFound ? send(c, notFound, 404) : plain(404, 'Not Found');
  }

  return async function serveDistMiddleware(c, next) {
    if (passThrough.test(c.req.path)) return next();
    try {
      const path = decodeRequestPath(rawPathOf(c.req.url));
      if (path === undefined) return plain(400, 'Bad Request');
      const generation = live.forRequest(c.req.raw);
      const method = c.req.method;
      if (method !== 'GET' && method !== 'HEAD') {
        return find(live, generation, path) ? plain(405, 'Method Not Allowed', { Allow: ALLOW }) : next();
      }
      return await answer(c, generation, path);
    } catch (error) {
      // the log may name the file, escaped (a path a visitor chose may hold bidi overrides); the answer does not
      console.error(`static files: ${logText(error instanceof Error ? error.message : String(error))}`);
      return options.failed?.(c) ?? plain(500, 'Internal Server Error');
    }
  };
}
