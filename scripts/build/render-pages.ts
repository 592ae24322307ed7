import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import type { CspHashes } from '../../core/security/policy.ts';
import { inlineHashes, mergeCspHashes } from './csp-hashes.ts';
import { fileFor, routeDocument, type ClientAssets, type InlineScripts, type PrerenderedSite, type ServerEntry } from '../lib/page-document.ts';
import { linkWithCompressed, type CompressedBytes } from './precompress.ts';
import { addSrcsetUses, type SrcsetUses } from './render-srcsets.ts';
import { readManifest, sha1, type RouteRecord } from './build-keys.ts';
import { SITE_DATA_KEY } from '../site-bundles/site-data.ts';

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
  /** the site's data, unless the renderer loaded this entry before its setup (RenderPool.load) */
  siteData?: EntryLoad['siteData'];
  /** an incremental build: the key of the engine and the client files, and the previous build to take pages from */
  reuse?: { buildKey: string; previousDir?: string };
}

/** What the entry says about the site before any page is rendered. */
export interface EntryFacts {
  routes: string[];
  site: PrerenderedSite;
  scripts: InlineScripts;
  /** the entry's sitemap entries, when it offers them (scripts/build/sitemap.ts reads them from the entry) */
  sitemapEntries?: unknown[];
}

/** What a chunk of pages left behind, for the steps after the prerender. */
export interface ChunkReport {
  pages: number;
  compressed: CompressedBytes;
  hashes: CspHashes;
  srcsets: [string, { width?: number; page: string }][];
  /** each route's record for the next build's manifest (build-keys.ts) */
  records: [string, RouteRecord][];
  /** pages taken from the previous build as they were (hard links), not rendered */
  reused: number;
  /** time spent on the chunk, in ms: rendering, then the rest (document, files, compression, hashes) */
  renderMs: number;
  writeMs: number;
}

export interface PageRenderer {
  /** what the entry says of the site: worked out when first asked (one worker of a pool is asked) */
  facts: () => EntryFacts;
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

/** The folders this thread made: most pages are files of the build's own folder, made once, not asked for again. */
const madeFolders = new Set<string>();
function folderFor(target: string): void {
  const folder = dirname(target);
  if (madeFolders.has(folder)) return;
  mkdirSync(folder, { recursive: true });
  madeFolders.add(folder);
}

/**
 * Writes a page on the calling thread. Not on libuv's threads: there are 4, shared with the image widths and the client
 * files' compression at brotli's quality 11, which keep them for seconds. A page gets no .br or .gz: the server makes
 * a page's brotli and gzip on its first request and keeps them (server/static/serve-dist.ts). Compressing every page
 * was a third of a build's time on pages of blocks, and half of its files.
 */
function writePage(target: string, body: string): void {
  folderFor(target);
  writeFileSync(target, body);
}

/** What src/entry-server.tsx offers an incremental build (build-keys.ts): a route's inputs, and the shared ones. */
interface KeyedEntry {
  routeInputs?: (path: string) => { own: unknown; pageIds: string[]; cities: false | 'names' | 'all' } | undefined;
  sharedInputs?: () => unknown;
  cityInputs?: () => unknown;
  cityNames?: () => unknown;
  pageInputs?: (id: string) => Promise<unknown>;
}

/**
 * What this thread keeps of its last build for the next one with the same site model (a watching build's kept workers,
 * scripts/build/build-watch.ts): the model itself, the routes, the sitemap entries, and each route's inputs and key.
 * The entry makes these from the model and the engine alone (src/entry-server.tsx), so a load that names a model by the
 * same key (a hash of it, EntryLoad.modelKey) comes without the model (which grows with the towns) and takes them from
 * here instead of asking the entry again. Only the pages' data is hashed again at each build: a route whose page's key
 * is unchanged keeps its key.
 */
interface Kept {
  modelKey: string;
  model: unknown;
  routes?: string[];
  sitemapEntries?: unknown[] | undefined;
  keys?: KeptKeys;
}

/** Route keys worked out from one model and one build key. */
interface KeptKeys {
  buildKey: string;
  shared: string;
  cities?: string;
  cityNames?: string;
  /** by path: the route's inputs (its own as JSON), and its key with the keys of the pages it had then; null: not a route */
  routes: Map<string, { pageIds: string[]; cities: false | 'names' | 'all'; own: string; pageKey?: string; key?: string } | null>;
}

let kept: Kept | undefined;

/** Each route's key (build-keys.ts), with the shared inputs and each page's data hashed once; none without the entry's help. */
function routeKeys(entry: KeyedEntry, buildKey: string, memo: Kept | undefined): (path: string) => Promise<string | undefined> {
  const { routeInputs, sharedInputs, cityInputs, cityNames, pageInputs } = entry;
  if (!routeInputs || !sharedInputs || !cityInputs || !cityNames || !pageInputs) return async () => undefined;
  const keys: KeptKeys =
    memo?.keys?.buildKey === buildKey ? memo.keys : { buildKey, shared: sha1(buildKey, JSON.stringify(sharedInputs())), routes: new Map() };
  // kept for the next build only with a model's key (a build with new workers has no next one)
  if (memo) memo.keys = keys;
  const pages = new Map<string, Promise<string>>();
  const pageKey = (id: string) => {
    let key = pages.get(id);
    if (!key) pages.set(id, (key = pageInputs(id).then((data) => sha1(JSON.stringify(data)))));
    return key;
  };
  return async (path) => {
    let route = keys.routes.get(path);
    if (route === undefined) {
      const inputs = routeInputs(path);
      route = inputs ? { pageIds: inputs.pageIds, cities: inputs.cities, own: JSON.stringify(inputs.own) } : null;
      if (memo) keys.routes.set(path, route);
    }
    if (!route) return undefined;
    const page = route.pageIds.length === 1 ? await pageKey(route.pageIds[0]!) : (await Promise.all(route.pageIds.map(pageKey))).join(' ');
    if (route.key !== undefined && route.pageKey === page) return route.key;
    const cityKey =
      route.cities === 'all'
        ? (keys.cities ??= sha1(JSON.stringify(cityInputs())))
        : route.cities === 'names'
          ? (keys.cityNames ??= sha1('names', JSON.stringify(cityNames())))
          : '';
    const key = sha1(keys.shared, cityKey, page, path, route.own);
    if (memo) Object.assign(route, { pageKey: page, key });
    return key;
  };
}

/** The previous build's page linked into this build; false when its page is not there. */
function linkPage(previousDir: string, outDir: string, file: string): boolean {
  const target = join(outDir, file);
  folderFor(target);
  return linkWithCompressed(join(previousDir, file), target, []);
}

/** A page rendered now: written, and read for its CSP hashes and srcset URLs while its text is in memory. */
async function renderPage(entry: ServerEntry, path: string, { outDir, assets }: RenderSetup, report: ChunkReport): Promise<Omit<RouteRecord, 'key'>> {
  const rendered = performance.now();
  const html = await routeDocument(entry, path, assets);
  const written = performance.now();
  const file = fileFor(path);
  writePage(join(outDir, file), html);
  const uses: SrcsetUses = new Map();
  addSrcsetUses(html, file, uses);
  report.renderMs += written - rendered;
  report.writeMs += performance.now() - written;
  return { hashes: inlineHashes(html), srcsets: [...uses] };
}

/**
 * What a renderer loads before it knows where the pages go and what they link: the server entry and the site's data.
 * With `modelKey` (a watching build's kept workers) the model is kept (see Kept), and a later load with the same key
 * may leave the model out.
 */
export interface EntryLoad {
  entryFile: string;
  /** the site's model and page data, which the server entry reads at load (its build leaves them out, bundle-reuse.ts) */
  siteData: { model?: unknown; pages: unknown };
  modelKey?: string;
}

/** The server entry, loaded with the site's data (its data and components in memory once), and what it says of the site. */
export interface LoadedEntry {
  file: string;
  entry: ServerEntry & KeyedEntry;
  /** worked out when first asked: its routes and sitemap entries grow with the towns */
  facts: () => EntryFacts;
  /** what this thread keeps of this model for the next build (with a model's key) */
  memo: Kept | undefined;
}

/** A value and everything in it frozen: a kept model is read by the next build's entry, so no entry may change it (it throws). */
function frozen<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const inner of Object.values(value)) frozen(inner);
  return value;
}

/** Loads the server entry: the slow half of a renderer's setup, which may start before the client files are built. */
export async function loadEntry({ entryFile, siteData, modelKey }: EntryLoad): Promise<LoadedEntry> {
  const same = modelKey !== undefined && kept?.modelKey === modelKey ? kept : undefined;
  const model = siteData.model ?? same?.model;
  if (model === undefined) throw new Error(`no site model came with the server entry ${entryFile}`);
  const memo = modelKey === undefined ? undefined : (same ?? { modelKey, model: frozen(model) });
  kept = memo;
  (globalThis as Record<symbol, unknown>)[Symbol.for(SITE_DATA_KEY)] = { model, pages: siteData.pages };
  const entry = (await import(pathToFileURL(entryFile).href)) as ServerEntry & KeyedEntry;
  await (entry as { loaded?: () => Promise<unknown> }).loaded?.();
  const offered = (entry as { sitemapEntries?: () => unknown[] }).sitemapEntries;
  let facts: EntryFacts | undefined;
  const factsOf = () => {
    if (facts) return facts;
    const routes = memo?.routes ?? entry.routePaths();
    const sitemapEntries = memo?.routes ? memo.sitemapEntries : typeof offered === 'function' ? offered() : undefined;
    if (memo) Object.assign(memo, { routes, sitemapEntries });
    return (facts = { routes, site: entry.model.site, scripts: entry.inlineScripts, sitemapEntries });
  };
  return { file: entryFile, entry, facts: factsOf, memo };
}

/**
 * A renderer of chunks of the entry's routes: with the entry `loaded` beforehand (loadEntry, the same file), or
 * loaded now.
 */
export async function createPageRenderer(setup: RenderSetup, loaded?: Promise<LoadedEntry>): Promise<PageRenderer> {
  const { entryFile, outDir, reuse } = setup;
  const early = loaded ? await loaded : undefined;
  if (early?.file !== entryFile && !setup.siteData) throw new Error(`the server entry ${entryFile} was set up before it was loaded`);
  const { entry, facts, memo } = early?.file === entryFile ? early : await loadEntry({ entryFile, siteData: setup.siteData! });
  const keyOf = reuse ? routeKeys(entry, reuse.buildKey, memo) : async () => undefined;
  const previous = reuse?.previousDir ? readManifest(reuse.previousDir) : undefined;
  const renderChunk = async (paths: string[]): Promise<ChunkReport> => {
    const report: ChunkReport = {
      pages: 0,
      compressed: noBytes(),
      hashes: { scriptHashes: [], styleHashes: [] },
      srcsets: [],
      records: [],
      reused: 0,
      renderMs: 0,
      writeMs: 0,
    };
    const hashes: CspHashes[] = [];
    const srcsets: SrcsetUses = new Map();
    for (const path of paths) {
      const key = await keyOf(path);
      const before = previous?.[path];
      const file = fileFor(path);
      let record: Omit<RouteRecord, 'key'>;
      if (key && before?.key === key && linkPage(reuse!.previousDir!, outDir, file)) {
        record = before;
        report.reused++;
      } else {
        record = await renderPage(entry, path, setup, report);
        // a turn of the event loop after each page: without it what waits for one piles up for the whole loop, so the
        // memory held grows with the number of pages until a worker with a memory limit runs out
        await new Promise((resolve) => setImmediate(resolve));
      }
      if (key) report.records.push([path, { key, ...record }]);
      addBytes(report.compressed, record.compressed);
      hashes.push(record.hashes);
      for (const [use, where] of record.srcsets) if (!srcsets.has(use)) srcsets.set(use, where);
      report.pages++;
    }
    report.hashes = mergeCspHashes(hashes);
    report.srcsets = [...srcsets];
    return report;
  };
  return { facts, renderChunk };
}
