import { open } from 'node:fs/promises';
import { logText } from '../cli/terminal-safe.ts';
import { Readable } from 'node:stream';
import type { Context, MiddlewareHandler } from 'hono';
import { negotiateEncoding } from './accept-encoding.ts';
import { BodyCache } from './body-cache.ts';
import { buildFileIndex, lookup, type IndexEntry, type Representation } from './file-index.ts';
import { decodeRequestPath, rawPathOf } from './request-path.ts';
import { API_PATHS } from '../../core/forms/api-paths.ts';

export interface ServeDistOptions {
  /** the build folder (dist/) */
  root: string;
  /** answered, with status 404, for every unknown path */
  notFoundPage?: string;
  /** paths left to the routes after this middleware */
  passThrough?: RegExp;
  /** memory for the bodies of small files */
  cacheBytes?: number;
  cacheFileBytes?: number;
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
 * Serves the prerendered site from an index made once at start (see
 * file-index.ts): directory indexes, precompressed .br/.gz by the client's
 * Accept-Encoding, a year of caching for hashed assets and revalidation for
 * everything else, 404.html for unknown paths. Paths under /api/, /3/ and
 * /uploads/ go to next(); other methods on a file get 405, on an unknown path
 * next(). Errors become a 500 that names no file.
 */
export function serveDist({ root, notFoundPage = '404.html', passThrough = API_PATHS, cacheBytes, cacheFileBytes }: ServeDistOptions): MiddlewareHandler {
  const index = buildFileIndex(root);
  if (index.size === 0) console.warn(`no files to serve in ${root}: run npm run build first`);
  const notFound = index.get(`/${notFoundPage.replace(/^\/+/, '')}`);
  const bodies = new BodyCache(cacheBytes, cacheFileBytes);

  async function send(c: Context, entry: IndexEntry, status: 200 | 404): Promise<Response> {
    const encoding = negotiateEncoding(c.req.header('accept-encoding'), { br: entry.br !== undefined, gzip: entry.gz !== undefined });
    const rep = encoding === 'br' ? entry.br! : encoding === 'gzip' ? entry.gz! : entry;
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
    const { body, length } = await bodyOf(bodies, rep);
    headers['Content-Length'] = String(length);
    return new Response(body, { status, headers });
  }

  return async function serveDistMiddleware(c, next) {
    if (passThrough.test(c.req.path)) return next();
    try {
      const path = decodeRequestPath(rawPathOf(c.req.url));
      if (path === undefined) return plain(400, 'Bad Request');
      const entry = lookup(index, path);
      const method = c.req.method;
      if (method !== 'GET' && method !== 'HEAD') {
        return entry ? plain(405, 'Method Not Allowed', { Allow: ALLOW }) : next();
      }
      if (entry) return await send(c, entry, 200);
      return notFound ? await send(c, notFound, 404) : plain(404, 'Not Found');
    } catch (error) {
      // the log may name the file, escaped (a path a visitor chose may hold bidi overrides); the answer does not
      console.error(`static files: ${logText(error instanceof Error ? error.message : String(error))}`);
      return plain(500, 'Internal Server Error');
    }
  };
}
