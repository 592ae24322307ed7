import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import type { CspHashes } from '../../core/security/policy.ts';
import { inlineHashes, mergeCspHashes } from './csp-hashes.ts';
import { fileFor, routeDocument, type ClientAssets, type InlineScripts, type PrerenderedSite, type ServerEntry } from './page-document.ts';
import { compressBothSync, HTML_BROTLI_QUALITY, MIN_BYTES, writeCompressedSync, type CompressedBytes } from './precompress.ts';
import { addSrcsetUses, type SrcsetUses } from './render-srcsets.ts';

/**
 * The pages of a chunk of routes, each rendered, written, compressed and read for what the later build steps need
 * (its CSP hashes, its srcset URLs) while its text is in memory: nothing is read back from disk. The same code runs
 * in each render worker (render-worker.ts) and, with the workers off, in the build's own thread.
 */

/** What a renderer needs: the server entry's built file, where the pages go, and what every page links. */
export interface RenderSetup {
  entryFile: string;
  outDir: string;
  assets: ClientAssets;
}

/** What the entry says about the site before any page is rendered. */
export interface EntryFacts {
  routes: string[];
  site: PrerenderedSite;
  scripts: InlineScripts;
  /** the entry's sitemap entries, when it offers them (scripts/lib/sitemap.ts reads them from the entry) */
  sitemapEntries?: unknown[];
}

/** What a chunk of pages left behind, for the steps after the prerender. */
export interface ChunkReport {
  pages: number;
  compressed: CompressedBytes;
  hashes: CspHashes;
  srcsets: [string, { width?: number; page: string }][];
  /** time spent on the chunk, in ms: rendering, then the rest (document, files, compression, hashes) */
  renderMs: number;
  writeMs: number;
}

export interface PageRenderer {
  facts: EntryFacts;
  renderChunk(paths: string[]): Promise<ChunkReport>;
}

const noBytes = (): CompressedBytes => ({ files: 0, bytes: 0, brBytes: 0, gzBytes: 0 });

function addBytes(total: CompressedBytes, one: CompressedBytes | undefined): void {
  if (!one) return;
  total.files += one.files;
  total.bytes += one.bytes;
  total.brBytes += one.brBytes;
  total.gzBytes += one.gzBytes;
}

/**
 * Writes a page, its .br and its .gz on the calling thread. Not on libuv's threads: there are 4, shared with the
 * image widths and the client files' compression at brotli's quality 11, which keep them for seconds.
 */
function writePage(target: string, body: Buffer): CompressedBytes | undefined {
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, body);
  // the same rule as the build's queue: small files gain less than the Content-Encoding header costs
  return body.length >= MIN_BYTES ? writeCompressedSync(target, body.length, compressBothSync(body, HTML_BROTLI_QUALITY)) : undefined;
}

/** Loads the server entry (its data and components in memory once) and renders chunks of its routes. */
export async function createPageRenderer({ entryFile, outDir, assets }: RenderSetup): Promise<PageRenderer> {
  const entry = (await import(pathToFileURL(entryFile).href)) as ServerEntry;
  const offered = (entry as { sitemapEntries?: () => unknown[] }).sitemapEntries;
  const facts: EntryFacts = {
    routes: entry.routePaths(),
    site: entry.model.site,
    scripts: entry.inlineScripts,
    sitemapEntries: typeof offered === 'function' ? offered() : undefined,
  };
  const renderChunk = async (paths: string[]): Promise<ChunkReport> => {
    const report: ChunkReport = { pages: 0, compressed: noBytes(), hashes: { scriptHashes: [], styleHashes: [] }, srcsets: [], renderMs: 0, writeMs: 0 };
    const hashes: CspHashes[] = [];
    const srcsets: SrcsetUses = new Map();
    for (const path of paths) {
      const rendered = performance.now();
      const html = await routeDocument(entry, path, assets);
      const written = performance.now();
      const file = fileFor(path);
      addBytes(report.compressed, writePage(join(outDir, file), Buffer.from(html)));
      hashes.push(inlineHashes(html));
      addSrcsetUses(html, file, srcsets);
      report.pages++;
      report.renderMs += written - rendered;
      report.writeMs += performance.now() - written;
      // a turn of the event loop after each page: without it what waits for one piled up (the build process held
      // 1.6 GB at 100,000 pages, and a worker limited to 384 MB ran out); with it 809 MB
      await new Promise((resolve) => setImmediate(resolve));
    }
    report.hashes = mergeCspHashes(hashes);
    report.srcsets = [...srcsets];
    return report;
  };
  return { facts, renderChunk };
}
