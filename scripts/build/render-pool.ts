import { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { paths } from '../../core/paths.ts';
import { createPageRenderer, loadEntry, type ChunkReport, type EntryFacts, type EntryLoad, type LoadedEntry, type RenderSetup } from './render-pages.ts';
import type { FromWorker, ToWorker } from './render-worker.ts';

/**
 * The prerender on every core: one worker thread per core renders, writes and compresses chunks of routes, handed
 * out one at a time so a core that finishes early takes more. With no workers the build's own thread does it.
 */
export interface RenderPool {
  /** how many worker threads render (0: the calling thread) */
  workers: number;
  /**
   * has every worker load the built entry now, before the setup (which then takes the same entry file). With a
   * model's key, the workers keep the model: a later load with the same key is sent without it.
   */
  load(load: EntryLoad): void;
  /** hands every worker the built entry; resolves with what the entry says about the site */
  setup(setup: RenderSetup): Promise<EntryFacts>;
  /** renders every route; resolves with one report per chunk */
  render(routes: string[]): Promise<ChunkReport[]>;
  close(): Promise<void>;
}

const YOUNG_GENERATION_MB = 48;

/** Routes per message: small enough that both cores finish together, large enough that messages cost nothing. */
const CHUNK = 200;

function chunksOf(routes: string[]): string[][] {
  const chunks: string[][] = [];
  for (let i = 0; i < routes.length; i += CHUNK) chunks.push(routes.slice(i, i + CHUNK));
  return chunks;
}

/** The build's own thread renders: the figure the workers are measured against, and a fallback. */
function inlinePool(): RenderPool {
  let renderer: Awaited<ReturnType<typeof createPageRenderer>> | undefined;
  let loaded: Promise<LoadedEntry> | undefined;
  return {
    workers: 0,
    load(load) {
      loaded = loadEntry(load);
      loaded.catch(() => {}); // reported by the setup that awaits it
    },
    async setup(setup) {
      renderer = await createPageRenderer(setup, loaded);
      return renderer.facts();
    },
    async render(routes) {
      if (!renderer) throw new Error('render() before setup()');
      const reports: ChunkReport[] = [];
      for (const chunk of chunksOf(routes)) reports.push(await renderer.renderChunk(chunk));
      return reports;
    },
    async close() {},
  };
}

/** A worker and the one reply it is waiting for: the setup's facts, or the reports of its chunks. */
interface Rendering {
  worker: Worker;
  onReply: (message: FromWorker) => void;
}

/** Where a bundled worker is kept between builds, by the engine's key: a change of any engine file makes another. */
const SCRIPT_CACHE = join(paths.root, 'node_modules/.cache/helder-build');
/** Workers of other engines not used for this long are removed when a new one is kept. */
const SCRIPT_KEPT_MS = 2 * 24 * 3600 * 1000;

/** esbuild is loaded only to bundle: a build whose engine's worker is kept never needs it */
const bundleWorker = async (outfile: string) =>
  (await import('esbuild')).build({
    entryPoints: [fileURLToPath(new URL('./render-worker.ts', import.meta.url))],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
  });

/** Removes the kept workers of other engines that no build used for a while. */
function pruneScripts(kept: string): void {
  for (const name of readdirSync(SCRIPT_CACHE)) {
    const file = join(SCRIPT_CACHE, name);
    if (file !== kept && name.startsWith('render-worker-') && Date.now() - statSync(file).mtimeMs > SCRIPT_KEPT_MS) rmSync(file, { force: true });
  }
}

/**
 * The worker as one plain JavaScript file, bundled by esbuild: a worker's first module is loaded before
 * tsx's loader hooks are in place on Node 20, and with them registered late the built server entry fails to load.
 * With the engine's key (build-keys.ts, which covers every file the worker is bundled from) it is kept, written
 * whole and renamed into place, and the next build of that engine starts its workers from it without esbuild.
 */
async function workerScript(engineKey: string | undefined): Promise<{ file: string; remove: () => void }> {
  if (engineKey === undefined) {
    const dir = mkdtempSync(join(tmpdir(), 'render-worker-'));
    await bundleWorker(join(dir, 'render-worker.mjs'));
    return { file: join(dir, 'render-worker.mjs'), remove: () => rmSync(dir, { recursive: true, force: true }) };
  }
  const file = join(SCRIPT_CACHE, `render-worker-${engineKey}.mjs`);
  if (existsSync(file)) return { file, remove: () => {} };
  mkdirSync(SCRIPT_CACHE, { recursive: true });
  const partial = `${file}.${process.pid}.partial`;
  await bundleWorker(partial);
  renameSync(partial, file);
  pruneScripts(file);
  return { file, remove: () => {} };
}

function startWorker(file: string, onFailure: (error: Error) => void): Rendering {
  // a young generation larger than V8's default: React's render makes much short-lived garbage per page, and
  // fewer, larger scavenges cost less
  const worker = new Worker(file, { resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB } });
  const rendering: Rendering = { worker, onReply: () => {} };
  worker.on('message', (message: FromWorker) => {
    if ('failed' in message) onFailure(new Error(`a render worker failed:\n${message.failed}`));
    else rendering.onReply(message);
  });
  worker.on('error', onFailure);
  worker.on('exit', (code) => {
    if (code !== 0) onFailure(new Error(`a render worker stopped with exit code ${code}`));
  });
  return rendering;
}

/**
 * Sends each worker a chunk, and the next one as each reply comes, until every chunk is rendered. A worker is sent
 * first the chunks it had in the last render (`owners`: by chunk, the worker it went to, updated here), since a
 * watching build's worker keeps what it worked out of its routes (render-pages.ts); then the chunks nobody had; then,
 * from the end, those another worker had and has not started.
 */
function renderOn(renderings: Rendering[], routes: string[], failure: Promise<never>, owners: number[]): Promise<ChunkReport[]> {
  const chunks = chunksOf(routes);
  const queues = renderings.map((): number[] => []);
  const nobodys: number[] = [];
  chunks.forEach((_, chunk) => (queues[owners[chunk] ?? -1] ?? nobodys).push(chunk));
  owners.length = chunks.length;
  const take = (worker: number) =>
    queues[worker]!.shift() ?? nobodys.shift() ?? queues.reduce((most, queue) => (queue.length > most.length ? queue : most)).pop();
  const reports: ChunkReport[] = [];
  const done = new Promise<ChunkReport[]>((resolve) => {
    if (chunks.length === 0) resolve(reports);
    const send = (rendering: Rendering, worker: number) => {
      const chunk = take(worker);
      if (chunk === undefined) return;
      owners[chunk] = worker;
      const message: ToWorker = { chunk, paths: chunks[chunk]! };
      rendering.worker.postMessage(message);
    };
    renderings.forEach((rendering, worker) => {
      rendering.onReply = (message) => {
        if (!('report' in message)) return;
        reports.push(message.report);
        if (reports.length === chunks.length) resolve(reports);
        else send(rendering, worker);
      };
      // two chunks each: a worker never waits for the build's thread between chunks
      send(rendering, worker);
      send(rendering, worker);
    });
  });
  return Promise.race([done, failure]);
}

function workerPool(count: number, engineKey: string | undefined): RenderPool {
  let fail: (error: Error) => void = () => {};
  const failure = new Promise<never>((_, reject) => (fail = reject));
  failure.catch(() => {}); // raced below; an error with no render under way surfaces at the next call
  const script = workerScript(engineKey);
  const started = script.then(({ file }) => Array.from({ length: count }, () => startWorker(file, (error) => fail(error))));
  started.catch(() => {}); // surfaces at setup()
  const owners: number[] = [];
  let keptModel: string | undefined;
  let loadedFile: string | undefined;
  return {
    workers: count,
    load(load) {
      // the model the workers were last sent, by its key, is not sent again (postMessage copies it to each)
      const sent: ToWorker = {
        load: load.modelKey !== undefined && load.modelKey === keptModel ? { ...load, siteData: { pages: load.siteData.pages } } : load,
      };
      keptModel = load.modelKey;
      loadedFile = load.entryFile;
      started.then(
        (renderings) => {
          for (const { worker } of renderings) worker.postMessage(sent);
        },
        () => {},
      );
    },
    async setup(given) {
      // the site's data came with the load: not copied to every worker a second time
      const { siteData: _loaded, ...rest } = given;
      const setup = given.entryFile === loadedFile ? rest : given;
      // one worker answers with the facts (the routes and sitemap entries: worked out once, copied once)
      const ready = (await started).map(
        (rendering, index) =>
          new Promise<EntryFacts | null>((resolve) => {
            rendering.onReply = (message) => {
              if ('ready' in message) resolve(message.ready);
            };
            rendering.worker.postMessage({ setup, answer: index === 0 } satisfies ToWorker);
          }),
      );
      const [facts] = await Promise.race([Promise.all(ready), failure]);
      return facts!;
    },
    render: async (routes) => renderOn(await started, routes, failure, owners),
    async close() {
      const renderings = await started.catch(() => []);
      await Promise.all(renderings.map(({ worker }) => worker.terminate()));
      (await script).remove();
    },
  };
}

/**
 * Starts the workers at once (they load while the bundles build); workers = 0 renders on the calling thread. With the
 * engine's key the bundled worker is kept for the next build of the same engine.
 */
export function startRenderPool(workers: number, engineKey?: string): RenderPool {
  return workers > 0 ? workerPool(workers, engineKey) : inlinePool();
}
