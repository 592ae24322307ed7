import { availableParallelism } from 'node:os';
import { linkSync } from 'node:fs';
import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip, type BrotliOptions } from 'node:zlib';
import { isCompressible } from '../../core/static/compressible.ts';
import { derivedKey, type DerivedCache } from './derived-cache.ts';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

export interface CompressOptions {
  /** smaller files gain less than the bytes of the Content-Encoding header */
  minBytes?: number;
  /** 11, the slowest and smallest, by default; 5 makes the files a little larger and compresses them many times faster */
  brotliQuality?: number;
  /**
   * Brotli quality for the documents a build makes of the site's content: pages (.html) and sitemaps (.xml). They are
   * many (one per landing page) or large (a sitemap of thousands of URLs), and each is fetched once per visit or crawl,
   * while the few shared assets are cached for a year: on these documents quality 11 would be a large share of a
   * build's CPU for a few percent fewer bytes.
   */
  htmlBrotliQuality?: number;
  /** files compressed at once; zlib's async calls run on libuv's thread pool, beside the main thread */
  concurrency?: number;
  /** where the shared assets' compressed bytes are kept between builds (derived-cache.ts); pages and sitemaps never are */
  cache?: DerivedCache;
}

export interface PrecompressOptions extends CompressOptions {
  /** which files (path relative to root, with /) to take; all compressible ones by default */
  filter?: (relPath: string) => boolean;
}

export interface PrecompressResult {
  files: number;
  bytes: number;
  brBytes: number;
  gzBytes: number;
  ms: number;
}

export interface Compressor {
  /** queues a file; one that is not compressible or too small is skipped */
  add(file: string): void;
  /** counts files compressed elsewhere (by the render workers) in the totals that finish() reports */
  count(done: CompressedBytes): void;
  /** resolves when every queued file is done; fails with the first error */
  finish(): Promise<PrecompressResult>;
}

/** The compressible files under dir (dotfiles and _headers are never served), as paths relative to it. */
export async function compressibleFiles(dir: string, rel = ''): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map(async (e) => {
      if (e.name.startsWith('.') || e.name === '_headers') return [];
      if (e.isDirectory()) return compressibleFiles(join(dir, e.name), `${rel}${e.name}/`);
      return e.isFile() && isCompressible(e.name) ? [`${rel}${e.name}`] : [];
    }),
  );
  return nested.flat();
}

/** Brotli's settings for one file: the same in the build's async queue and in its render workers, so the bytes are too. */
const brotliOptions = (quality: number, size: number): BrotliOptions => ({
  params: {
    [constants.BROTLI_PARAM_QUALITY]: quality,
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    [constants.BROTLI_PARAM_SIZE_HINT]: size,
  },
});
const GZIP_LEVEL = 9;
/** Pages and sitemaps: compressed at CompressOptions.htmlBrotliQuality. */
const isDocument = (file: string) => file.endsWith('.html') || file.endsWith('.xml');
/** The defaults of CompressOptions, shared with the render workers that compress the pages. */
export const MIN_BYTES = 1024;
export const HTML_BROTLI_QUALITY = 5;
/** compressBoth's bytes for a file, from the cache when a build made them before (zlib's and brotli's versions in the key). */
async function compressKept(body: Buffer, brotliQuality: number, cache: DerivedCache): Promise<{ br: Buffer; gz: Buffer }> {
  const tools = `${process.versions.zlib} ${process.versions.brotli}`;
  const brotliKey = derivedKey('br', String(brotliQuality), tools, body);
  const gzipKey = derivedKey('gz', String(GZIP_LEVEL), tools, body);
  const [br, gzipped] = await Promise.all([
    cache.get(brotliKey, () => brotli(body, brotliOptions(brotliQuality, body.length))),
    cache.get(gzipKey, () => gz(body, { level: GZIP_LEVEL })),
  ]);
  return { br, gz: gzipped };
}

/** One file's brotli (quality 11, the slowest and smallest, by default) and gzip (level 9) versions. */
export async function compressBoth(body: Buffer, brotliQuality = 11): Promise<{ br: Buffer; gz: Buffer }> {
  const [br, gzipped] = await Promise.all([brotli(body, brotliOptions(brotliQuality, body.length)), gz(body, { level: GZIP_LEVEL })]);
  return { br, gz: gzipped };
}

/** The totals of one file, or of many added up. */
export type CompressedBytes = Omit<PrecompressResult, 'ms'>;

/**
 * A file of an earlier build taken into this one: `target` as a hard link to `before`, and to its compressed versions
 * (`forms`: .br and .gz, or a page's .br) where they are (a file too small, or not smaller compressed, has none).
 * False when `before` cannot be linked.
 */
export function linkWithCompressed(before: string, target: string, forms: readonly string[] = ['.br', '.gz']): boolean {
  try {
    linkSync(before, target);
  } catch {
    return false;
  }
  for (const ext of forms) {
    try {
      linkSync(before + ext, target + ext);
    } catch (error) {
      // one stat fewer per page than asking first: most pages have their .br
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  return true;
}

/** Writes `${file}${ext}`, or removes a stale one: a compressed version is only kept when it is smaller. */
async function keepIfSmaller(file: string, ext: '.br' | '.gz', original: number, compressed: Buffer): Promise<number> {
  if (compressed.length < original) {
    await writeFile(file + ext, compressed);
    return compressed.length;
  }
  await rm(file + ext, { force: true });
  return original;
}

/** Writes file.br and file.gz beside a file of `original` bytes, each only where it is smaller; its totals. */
export async function writeCompressed(file: string, original: number, { br, gz: gzipped }: { br: Buffer; gz: Buffer }): Promise<CompressedBytes> {
  // awaited before adding: "x += await y" would read x first and lose the other workers' sums
  const [brBytes, gzBytes] = await Promise.all([keepIfSmaller(file, '.br', original, br), keepIfSmaller(file, '.gz', original, gzipped)]);
  return { files: 1, bytes: original, brBytes, gzBytes };
}

/** One file's .br and .gz written beside it, at its kind's quality; nothing for a file under minBytes. */
async function compressFile(
  file: string,
  {
    minBytes,
    brotliQuality,
    htmlBrotliQuality,
    cache,
  }: Required<Pick<CompressOptions, 'minBytes' | 'brotliQuality' | 'htmlBrotliQuality'>> & Pick<CompressOptions, 'cache'>,
): Promise<CompressedBytes | undefined> {
  const body = await readFile(file);
  if (body.length < minBytes) return undefined;
  const document = isDocument(file);
  const quality = document ? htmlBrotliQuality : brotliQuality;
  const compressed = cache && !document ? await compressKept(body, quality, cache) : await compressBoth(body, quality);
  return writeCompressed(file, body.length, compressed);
}

/**
 * A queue that writes file.br and file.gz beside each file added to it, a few
 * files at a time. The build adds files as soon as they are final, so the
 * compression runs on zlib's threads while the main thread renders pages.
 */
export function createCompressor({
  minBytes = MIN_BYTES,
  brotliQuality = 11,
  htmlBrotliQuality = HTML_BROTLI_QUALITY,
  concurrency = availableParallelism(),
  cache,
}: CompressOptions = {}): Compressor {
  const started = performance.now();
  const result: PrecompressResult = { files: 0, bytes: 0, brBytes: 0, gzBytes: 0, ms: 0 };
  const queue: string[] = [];
  let active = 0;
  let finishing = false;
  let failure: unknown;
  let settle: { resolve: (r: PrecompressResult) => void; reject: (e: unknown) => void } | undefined;

  const count = (done: CompressedBytes) => {
    result.files += done.files;
    result.bytes += done.bytes;
    result.brBytes += done.brBytes;
    result.gzBytes += done.gzBytes;
  };
  const compress = async (file: string) => {
    const done = await compressFile(file, { minBytes, brotliQuality, htmlBrotliQuality, cache });
    if (done) count(done);
  };
  const pump = () => {
    while (active < Math.max(1, concurrency) && queue.length > 0 && failure === undefined) {
      active++;
      compress(queue.shift()!)
        .catch((error: unknown) => (failure ??= error))
        .finally(() => {
          active--;
          pump();
        });
    }
    if (!settle || active > 0 || (queue.length > 0 && failure === undefined)) return;
    result.ms = Math.round(performance.now() - started);
    if (failure === undefined) settle.resolve(result);
    else settle.reject(failure);
  };

  return {
    add(file) {
      if (finishing) throw new Error('the compressor has finished');
      if (!isCompressible(file)) return;
      queue.push(file);
      pump();
    },
    count,
    finish() {
      finishing = true;
      return new Promise((resolve, reject) => {
        settle = { resolve, reject };
        pump();
      });
    },
  };
}

/** Queues the compressible files under root that the filter takes, largest first: the main bundle must not start last. */
export async function addTree(compressor: Compressor, root: string, filter: (relPath: string) => boolean = () => true): Promise<void> {
  const chosen = (await compressibleFiles(root)).filter(filter).map((rel) => join(root, rel));
  const sized = await Promise.all(chosen.map(async (file) => ({ file, size: (await stat(file)).size })));
  for (const { file } of sized.sort((a, b) => b.size - a.size)) compressor.add(file);
}

/** file.br and file.gz beside every compressible file under root (of at least minBytes) the filter takes. */
export async function precompress(root: string, { filter, ...options }: PrecompressOptions = {}): Promise<PrecompressResult> {
  const compressor = createCompressor(options);
  await addTree(compressor, root, filter);
  return compressor.finish();
}
