import { realpathSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { resolvePages, resolveSite } from '../core/site/resolve.ts';
import { checkedFiles } from '../core/validate/validate.ts';
import { keptManifest, SSR_DIR } from '../scripts/build/bundle-reuse.ts';
import { SITE_DATA_KEY } from '../scripts/site-bundles/site-data.ts';
import { modelKeys } from '../scripts/build/model-key.ts';
import { clientAssets } from '../scripts/build/prerender.ts';
import { loadValidSite } from '../scripts/build/server-site-file.ts';
import {
  renderedDocument,
  type ClientAssets,
  type InlineScripts,
  type PrerenderedSite,
  type RenderedPage,
  type ServerEntry,
} from '../scripts/lib/page-document.ts';

/**
 * The studio's preview without Vite: a route's page rendered from the site's files as they are now by a finished
 * build's own server entry, linking that build's client files, so it is the page a build of these files would
 * publish, byte for byte (as long as the engine and what the islands see of the site are the build's). The entry
 * stays loaded, on a thread of its own, between renders: an edit of a page hands its new data in (the entry's page
 * map reads it at each load of a page, with a new version); a change of the site's model (its settings,
 * collections, routes) or of its set of pages loads the entry on a new thread, and the old one ends.
 */
export interface PreviewRenderer {
  /**
   * The document of a route, or undefined when the site has no such route. Throws with the validator's messages
   * (file, line, pointer) when the site's files are not valid.
   */
  render(path: string): Promise<string | undefined>;
  /** how many times the server entry was loaded: once, and again for each new model */
  readonly loads: number;
  close(): Promise<void>;
}

export interface PreviewOptions {
  /** the site's folder: site.config.json, content/, public/ */
  siteRoot: string;
  schemaDir: string;
  /**
   * a finished build (a folder npm run build or build:watch wrote), or the link to the live one: its server entry and
   * its client files; a link is followed at each render, so a new live build renders from then on
   */
  build: string;
}

/** What the entry says once loaded: its routes, and what every page's document takes of it. */
interface Facts {
  routes: string[];
  /** whether the entry reads a page's new data when handed in (an entry of an older engine reads the pages once) */
  livePages: boolean;
  site: PrerenderedSite;
  scripts: InlineScripts;
}

type ToThread = { pages: unknown; version: number } | { render: number; path: string };
type FromThread = { ready: Facts } | { rendered: number; page?: RenderedPage; error?: string } | { failed: string };

/**
 * The thread (plain JavaScript, so that it needs no TypeScript loader in production): it hands the site's data to the
 * entry as the build's render workers do (scripts/build/render-pages.ts, SITE_DATA_KEY), loads it, and renders.
 */
const THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const data = { model: workerData.model, pages: workerData.pages, pagesVersion: 0 };
globalThis[Symbol.for(workerData.key)] = data;
import(workerData.entryUrl)
  .then(async (entry) => {
    await entry.loaded?.();
    parentPort.postMessage({ ready: { routes: entry.routePaths(), livePages: data.livePages === true, site: entry.model.site, scripts: entry.inlineScripts } });
    parentPort.on('message', (message) => {
      if ('pages' in message) {
        data.pages = message.pages;
        data.pagesVersion = message.version;
        return;
      }
      entry.render(message.path).then(
        (page) => parentPort.postMessage({ rendered: message.render, page }),
        (error) => parentPort.postMessage({ rendered: message.render, error: String(error && error.stack || error) }),
      );
    });
  })
  .catch((error) => parentPort.postMessage({ failed: String(error && error.stack || error) }));
`;

/** One loaded entry on its thread, for one model. */
interface EntryThread {
  key: string;
  pageIds: string;
  /** the pages it was started with, and the pages it was handed last (as JSON) */
  startJson: string;
  pagesJson: string;
  version: number;
  ready: Promise<Facts & { routeSet: Set<string> }>;
  /** set once the entry has loaded: whether pages can be handed in (else a change of the pages loads it again) */
  livePages?: boolean;
  render(path: string): Promise<RenderedPage>;
  send(message: ToThread): void;
  end(): Promise<number>;
}

function startThread(entryUrl: string, model: unknown, pages: Record<string, unknown>, key: string, pagesJson: string): EntryThread {
  const worker = new Worker(THREAD, { eval: true, workerData: { entryUrl, model, pages, key: SITE_DATA_KEY } });
  const waiting = new Map<number, { resolve: (page: RenderedPage) => void; reject: (error: Error) => void }>();
  let next = 0;
  let failed: Error | undefined;
  const ready = new Promise<Facts>((resolve, reject) => {
    worker.on('message', (message: FromThread) => {
      if ('ready' in message) return resolve(message.ready);
      if ('failed' in message) return reject((failed = new Error(`the server entry did not load: ${message.failed}`)));
      const call = waiting.get(message.rendered);
      waiting.delete(message.rendered);
      if (message.page) call?.resolve(message.page);
      else call?.reject(new Error(message.error));
    });
    worker.on('error', (error) => {
      failed = error;
      reject(error);
      for (const call of waiting.values()) call.reject(error);
      waiting.clear();
    });
  });
  ready.catch(() => {}); // awaited by each render
  return {
    key,
    pageIds: Object.keys(pages).join('\n'),
    startJson: pagesJson,
    pagesJson,
    version: 0,
    ready: ready.then((facts) => ({ ...facts, routeSet: new Set(facts.routes) })),
    send: (message) => worker.postMessage(message),
    render(path) {
      if (failed) return Promise.reject(failed);
      const id = (next += 1);
      return new Promise((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        worker.postMessage({ render: id, path } satisfies ToThread);
      });
    },
    end: () => worker.terminate(),
  };
}

/** What a finished build gives every page: its server entry and its client files. */
function buildParts(folder: string): { folder: string; entryUrl: string; assets: ClientAssets } {
  const manifest = keptManifest(folder);
  if (manifest === undefined) throw new Error(`${folder} is not a finished build: it keeps no manifest of its client files`);
  return { folder, entryUrl: pathToFileURL(join(folder, SSR_DIR, 'entry-server.js')).href, assets: clientAssets(manifest) };
}

/**
 * Whether a running thread can render the site as it is now (the same model and set of pages), handed the pages
 * when they changed. An entry that reads the pages once fits only while they are the pages it was started with.
 */
function handedPages(thread: EntryThread, key: string, pages: Record<string, unknown>, pagesJson: string): boolean {
  if (thread.key !== key || thread.pageIds !== Object.keys(pages).join('\n')) return false;
  if (thread.livePages === false && thread.startJson !== pagesJson) return false;
  if (thread.pagesJson !== pagesJson) {
    thread.pagesJson = pagesJson;
    thread.version += 1;
    thread.send({ pages, version: thread.version });
  }
  return true;
}

export function previewRenderer({ siteRoot, schemaDir, build }: PreviewOptions): PreviewRenderer {
  // the live build, followed: a publish switches the link to a new build, whose entry renders from then on
  let parts = buildParts(realpathSync(build));
  const checked = checkedFiles();
  const modelKeyOf = modelKeys();
  let loads = 0;
  let current: EntryThread | undefined;

  /** the thread for the site as it is now: the one running, handed the pages when they changed, or a new one */
  const threadFor = (): EntryThread => {
    const folder = realpathSync(build);
    if (folder !== parts.folder) {
      parts = buildParts(folder);
      void current?.end();
      current = undefined;
    }
    const site = loadValidSite(siteRoot, schemaDir, checked);
    const model = resolveSite(site);
    const pages = resolvePages(site);
    const key = modelKeyOf(site, model);
    const pagesJson = JSON.stringify(pages);
    if (current && handedPages(current, key, pages, pagesJson)) return current;
    void current?.end();
    loads += 1;
    current = startThread(parts.entryUrl, model, pages, key, pagesJson);
    const started = current;
    void started.ready.then((facts) => (started.livePages = facts.livePages)).catch(() => {});
    // a thread whose entry did not load is started again by the next render
    started.ready.catch(() => {
      if (current === started) current = undefined;
    });
    return started;
  };

  return {
    get loads() {
      return loads;
    },
    async render(path) {
      const thread = threadFor();
      const { assets } = parts;
      const facts = await thread.ready;
      if (!facts.routeSet.has(path)) return undefined;
      const entry = { model: { site: facts.site }, inlineScripts: facts.scripts } as ServerEntry;
      return renderedDocument(entry, await thread.render(path), assets);
    },
    async close() {
      await current?.end();
      current = undefined;
    },
  };
}
