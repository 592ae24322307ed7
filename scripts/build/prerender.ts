import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { paths } from '../../core/paths.ts';
import type { CspHashes } from '../../core/security/policy.ts';
import { writeSitemap } from './sitemap.ts';
import { ISLANDS_ENTRY, fileFor, notFoundDocument, type ClientAssets, type PrerenderedSite } from '../lib/page-document.ts';
import { mergeCspHashes, inlineHashes } from './csp-hashes.ts';
import { linkWithCompressed, MIN_BYTES, type CompressedBytes } from './precompress.ts';
import type { RenderPool } from './render-pool.ts';
import type { EntryLoad, RenderSetup } from './render-pages.ts';
import { MANIFEST_FILE, manifestText, type RouteRecord } from './build-keys.ts';
import { addSrcsetUses, type SrcsetUses } from './render-srcsets.ts';

export { ISLANDS_ENTRY, type PrerenderedSite };

/** The stylesheet(s) and the runtime, from Vite's manifest (read here and not published). */
export function readClientAssets(outDir: string = paths.dist): ClientAssets {
  const manifest = readFileSync(join(outDir, '.vite/manifest.json'), 'utf8');
  rmSync(join(outDir, '.vite'), { recursive: true, force: true });
  return clientAssets(manifest);
}

/** What every page links, from the text of Vite's manifest of the client build. */
export function clientAssets(manifestText: string): ClientAssets {
  const manifest = JSON.parse(manifestText) as Record<string, { file: string; css?: string[]; isEntry?: boolean }>;
  const entry = manifest[ISLANDS_ENTRY];
  if (!entry) throw new Error(`${ISLANDS_ENTRY} is not in the client build's manifest`);
  // the site's stylesheets, each linked by every page: the entry's, and each chunk's that Vite names as a manifest item
  const css = [
    ...new Set([
      ...(entry.css ?? []),
      ...Object.values(manifest)
        .filter((m) => m.file.endsWith('.css'))
        .map((m) => m.file),
    ]),
  ];
  return { css, runtime: entry.file };
}

export interface PrerenderOptions {
  /** renders the routes (on worker threads, or on this one) */
  pool: RenderPool;
  /** called with each file this thread writes (the build compresses it meanwhile); the pool compresses the pages */
  onFile?: (file: string) => void;
  /** an incremental build: unchanged pages are taken from the previous build (render-pages.ts) */
  reuse?: RenderSetup['reuse'];
  /** the built server entry, and the site's data it renders */
  entryFile: string;
  /** where the build goes (the build's SITE_OUT by default) */
  outDir?: string;
  siteData: EntryLoad['siteData'];
  /** the site's folder: the sitemap dates each page by its files' history there */
  siteRoot: string;
}

/** What the build steps after the prerender need of the pages, collected while they were written. */
export interface PrerenderedPages {
  site: PrerenderedSite;
  /** every HTML file written, relative to the output with / */
  files: Set<string>;
  hashes: CspHashes;
  srcsets: { uses: SrcsetUses; pages: number };
  compressed: CompressedBytes[];
  /** pages rendered, and pages taken unchanged from the previous build */
  rendered: number;
  reused: number;
  /** summed over the pages (on all threads), in ms */
  renderMs: number;
  writeMs: number;
}

function collect(site: PrerenderedSite, files: string[], reports: Awaited<ReturnType<RenderPool['render']>>, notFound: string): PrerenderedPages {
  const uses: SrcsetUses = new Map();
  for (const report of reports) for (const [key, use] of report.srcsets) if (!uses.has(key)) uses.set(key, use);
  addSrcsetUses(notFound, '404.html', uses);
  return {
    site,
    files: new Set(files),
    hashes: mergeCspHashes([...reports.map((r) => r.hashes), inlineHashes(notFound)]),
    srcsets: { uses, pages: files.length },
    compressed: reports.map((r) => r.compressed),
    reused: reports.reduce((n, r) => n + r.reused, 0),
    rendered: reports.reduce((n, r) => n + r.pages - r.reused, 0),
    renderMs: reports.reduce((n, r) => n + r.renderMs, 0),
    writeMs: reports.reduce((n, r) => n + r.writeMs, 0),
  };
}

/** `target` as a link to `before` and its .br and .gz, when `before` holds exactly `text`; false otherwise. */
function linkedIfSame(before: string, target: string, text: string): boolean {
  const bytes = Buffer.from(text);
  try {
    if (!readFileSync(before).equals(bytes)) return false;
  } catch {
    return false;
  }
  // compressed versions are written for files of MIN_BYTES or more: without them the file is written anew
  if (bytes.length >= MIN_BYTES && !(existsSync(`${before}.br`) || existsSync(`${before}.gz`))) return false;
  return linkWithCompressed(before, target);
}

/** Every route's key and facts, sorted by path (the same sources make the same file), for the next build. */
function writeManifest(reports: Awaited<ReturnType<RenderPool['render']>>, outDir: string): void {
  const records = reports.flatMap((r) => r.records).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  if (records.length === 0) return;
  const routes: Record<string, RouteRecord> = Object.fromEntries(records);
  const target = join(outDir, MANIFEST_FILE);
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, manifestText(routes));
}

export async function prerender({
  pool,
  onFile = () => {},
  reuse,
  entryFile,
  siteData,
  outDir = paths.dist,
  siteRoot,
}: PrerenderOptions): Promise<PrerenderedPages> {
  const started = performance.now();
  const assets = readClientAssets(outDir);
  const facts = await pool.setup({ entryFile, siteData, outDir, assets, ...(reuse ? { reuse } : {}) });
  const { site, scripts, routes } = facts;
  // what scripts/build/sitemap.ts asks of the entry, which lives in the workers
  const entry = facts.sitemapEntries ? { sitemapEntries: () => facts.sitemapEntries } : {};
  const write = (file: string, text: string) => {
    const target = join(outDir, file);
    mkdirSync(dirname(target), { recursive: true });
    // the same text as in the previous build (the sitemap after a content edit): its file and compressed ones linked
    if (reuse?.previousDir && linkedIfSame(join(reuse.previousDir, file), target, text)) return;
    writeFileSync(target, text);
    onFile(target);
  };
  // the workers render while this thread writes the files below, whose compression (the sitemap's, at brotli's
  // quality 11) then runs beside the pages instead of after them
  const rendering = pool.render(routes);
  rendering.catch(() => {}); // awaited below; this only keeps an early failure from being reported as unhandled
  // the workers sent their first chunks before this thread writes the sitemap (synchronous, and the longer the more
  // routes there are): the render's own awaits come first
  await new Promise((resolve) => setImmediate(resolve));
  // Unknown paths get this page: it sends the visitor on to the home page
  const notFound = notFoundDocument(site, assets, scripts);
  write('404.html', notFound);

  writeSitemap(entry, routes, site.seo.siteUrl, write, { siteRoot, outDir, previousDir: reuse?.previousDir });
  const reports = await rendering;
  writeManifest(reports, outDir);
  const threads = pool.workers > 0 ? `${pool.workers} worker threads` : 'the main thread';
  const pages = collect(site, [...routes.map(fileFor), '404.html'], reports, notFound);
  const unchanged = pages.reused > 0 ? ` (${pages.rendered} rendered, ${pages.reused} unchanged since the previous build)` : '';
  console.log(
    `prerendered ${routes.length} routes${unchanged} + 404.html, sitemap.xml, robots.txt on ${threads} in ${Math.round(performance.now() - started)} ms`,
  );
  return pages;
}
