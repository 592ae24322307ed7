import { spawn } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { readFileSync, realpathSync, rmSync, statSync, watch as watchFiles, type FSWatcher } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { paths } from '../../core/paths.ts';
import { islandSiteModel, resolvePages, resolveSite } from '../../core/site/resolve.ts';
import { engineKey } from './build-keys.ts';
import { buildOutput } from './build-output.ts';
import { bundlesWanted, clientKey, keepBundles, SSR_DIR, takeClient } from './bundle-reuse.ts';
import { buildFolder, buildsOf, deleteTrash, keepFromEnv, lockBuilds, markComplete, newBuildId, prune, switchTo } from './build-folders.ts';
import { startRenderPool, type RenderPool } from './render-pool.ts';
import { checkedFiles } from '../../core/validate/validate.ts';
import { loadValidSite } from './server-site-file.ts';
import { watchRepair } from '../lib/watch-repair.ts';
import { modelKeys } from './model-key.ts';

/**
 * `npm run build:watch`: `npm run build`, then every save of the site's files built again and made live in the same
 * single step, by this process. It keeps what a build starts from: the render workers and their code, the compiled
 * schemas, each file as the last validation found it, and in the workers the site's model and each route's key, so a
 * content edit is live without npm, without two processes to start and without the work of the files and routes it
 * did not change. A change that needs a bundle built (the engine, the theme, what the islands see) is built by
 * a full `npm run build` in a child process. The files are compared with what was seen every POLL_MS, and at once when
 * the system says a file changed: no watcher's events to miss (watch-repair.ts).
 */
const POLL_MS = 100;
/** A save is built once no file changed for this long (an editor's save is a truncate and a write). */
const SETTLE_MS = 30;
/** Each build loads the server entry again in the workers (a module read its data at load): they start afresh after this many. */
const BUILDS_PER_POOL = 20;

const builds = buildsOf(paths.dist);
const siteRoot = process.env.SITE_ROOT ? resolve(process.env.SITE_ROOT) : paths.root;
const keep = keepFromEnv(process.env.SITE_KEEP_BUILDS);
/** the site's files as the last validation found them: an unchanged file is not parsed and checked again */
const checked = checkedFiles();
const workers = process.env.BUILD_WORKERS === undefined ? Math.min(availableParallelism(), 4) : Number(process.env.BUILD_WORKERS);

/** `npm run build` as a child: the first build, and each one that needs a bundle built. */
function fullBuild(): Promise<boolean> {
  const command = [join(paths.root, 'scripts/run-bundled.mjs'), join(paths.root, 'scripts/build/build-and-switch.ts')];
  const child = spawn(process.execPath, command, { cwd: paths.root, env: process.env, stdio: 'inherit' });
  return new Promise((done) => child.on('exit', (code) => done(code === 0)));
}

const liveFolder = () => {
  try {
    return realpathSync(builds.live);
  } catch {
    return undefined;
  }
};

/**
 * The workers, kept from build to build of one engine. Each build loads the server entry from its own folder, a path
 * no build had, so the entry and its chunks are modules of their own that read the new data at load (a module loaded
 * again by the same path would be the first one, with its data). The workers start afresh for another engine, after
 * a build that failed once they had it, and after BUILDS_PER_POOL builds (each entry loaded stays in memory).
 */
function keptPool() {
  let kept: { engine: string; pool: RenderPool; builds: number } | undefined;
  const drop = () => {
    void kept?.pool.close();
    kept = undefined;
  };
  return {
    take(engine: string): RenderPool {
      if (kept && (kept.engine !== engine || kept.builds >= BUILDS_PER_POOL)) drop();
      kept ??= { engine, pool: startRenderPool(workers, engine), builds: 0 };
      kept.builds++;
      return kept.pool;
    },
    /** after a failure in the workers' hands: the next build starts new ones */
    drop,
    async close() {
      const closing = kept?.pool.close();
      kept = undefined;
      await closing;
    },
  };
}

const modelKeyOf = modelKeys();

type Outcome = { live: string; rendered: number; reused: number } | { primed: number } | { full: string } | { failed: string } | { busy: string };

/**
 * One build from the live one, made live: here when no bundle changed, else by `npm run build`. `prime`: the same
 * build, thrown away instead of made live, so the workers have the entry, the model and the routes' keys before the
 * first save.
 */
async function buildAgain(pools: ReturnType<typeof keptPool>, prime = false): Promise<Outcome> {
  const previous = liveFolder();
  if (!previous) return { full: 'no live build yet' };
  const site = loadValidSite(siteRoot, paths.schemas, checked);
  const engine = engineKey(paths.root);
  const model = resolveSite(site);
  const keys = { server: engine, client: clientKey(engine, islandSiteModel(model), model.site.theme) };
  const wanted = bundlesWanted(previous, keys);
  if (wanted.client) return { full: 'what the islands see of the site, its theme or the engine changed: the client files are built again' };
  if (wanted.server) return { full: 'the engine changed: the server entry is built again' };
  let release: () => void;
  try {
    release = lockBuilds(builds);
  } catch (error) {
    return { busy: (error as Error).message };
  }
  const id = newBuildId();
  const out = buildFolder(builds, id);
  const started = performance.now();
  try {
    takeClient(previous, out, join(siteRoot, 'public'));
    keepBundles(out, join(previous, SSR_DIR), keys, readFileSync(join(out, '.vite/manifest.json'), 'utf8'), false);
    const entryLoad = { entryFile: join(out, SSR_DIR, 'entry-server.js'), siteData: { model, pages: resolvePages(site) }, modelKey: modelKeyOf(site, model) };
    const pool = pools.take(engine);
    pool.load(entryLoad);
    const { pages, compressor } = await buildOutput({ out, previous, site, engine, wanted, pool, entryLoad, keepPool: true }).catch((error: unknown) => {
      pools.drop();
      throw error;
    });
    await compressor.finish();
    if (prime) {
      rmSync(out, { recursive: true, force: true });
      return { primed: Math.round(performance.now() - started) / 1000 };
    }
    markComplete(builds, id, Math.round(performance.now() - started) / 1000);
    switchTo(builds, id);
    prune(builds, keep);
    return { live: id, rendered: pages.rendered, reused: pages.reused };
  } catch (error) {
    rmSync(out, { recursive: true, force: true });
    throw error;
  } finally {
    release();
    deleteTrash(builds);
  }
}

/** The latest modification time among the files a poll found changed: when the save was made. */
function savedAt(files: string[]): number {
  let latest = 0;
  for (const file of files) {
    try {
      latest = Math.max(latest, statSync(file).mtimeMs);
    } catch {
      latest = Math.max(latest, Date.now());
    }
  }
  return latest || Date.now();
}

function report(outcome: Outcome, files: string[], saved: number): void {
  const names = files.map((file) => relative(siteRoot, file)).join(', ');
  if ('live' in outcome)
    console.log(
      `live: build ${outcome.live}, ${((Date.now() - saved) / 1000).toFixed(2)} s after the save of ${names} ` +
        `(${outcome.rendered} rendered, ${outcome.reused} unchanged)`,
    );
  else if ('failed' in outcome) console.error(`${names}: not built, the live build stays:\n${outcome.failed}`);
}

/** Builds the saves handed to it one build at a time: those made during a build, and one another build held back, after it. */
function saveBuilder(pools: ReturnType<typeof keptPool>) {
  let changed: string[] = [];
  let building = false;
  const run = async () => {
    if (building || changed.length === 0) return;
    building = true;
    const files = [...new Set(changed)];
    changed = [];
    const saved = savedAt(files);
    let outcome: Outcome;
    try {
      outcome = await buildAgain(pools);
    } catch (error) {
      outcome = { failed: (error as Error).message };
    }
    if ('busy' in outcome) {
      // another build or a rollback: this save is built after it
      console.log(`${outcome.busy}; built once it has ended`);
      changed.push(...files);
      setTimeout(() => void run(), 1000);
    } else if ('full' in outcome) {
      console.log(`${outcome.full}: npm run build`);
      await pools.close();
      if (await fullBuild()) console.log(`live: ${((Date.now() - saved) / 1000).toFixed(2)} s after the save`);
    } else report(outcome, files, saved);
    building = false;
    if (changed.length > 0 && !('busy' in outcome)) void run();
  };
  return {
    save(files: string[]) {
      changed.push(...files);
      void run();
    },
    /** a build thrown away before the first save (buildAgain's `prime`); saves made meanwhile are built after it */
    async prime() {
      building = true;
      try {
        const outcome = await buildAgain(pools, true);
        if ('primed' in outcome) console.log(`the workers are ready: a build of every route took ${outcome.primed.toFixed(2)} s`);
      } catch {
        // the first save says what is wrong, if anything still is
      }
      building = false;
      void run();
    },
  };
}

/** Each save of the site's files, once no file changed for SETTLE_MS, found by comparing them every POLL_MS; returns the stop. */
function onSaves(build: (files: string[]) => void): () => void {
  const events = new EventEmitter();
  const repair = watchRepair(
    events,
    [join(siteRoot, 'site.config.json'), join(siteRoot, 'content'), join(siteRoot, 'public')].map((path) => ({ path, changes: true })),
  );
  let files: string[] = [];
  let settle: ReturnType<typeof setTimeout> | undefined;
  for (const event of ['add', 'change', 'unlink'])
    events.on(event, (file: string) => {
      files.push(file);
      clearTimeout(settle);
      settle = setTimeout(() => {
        build(files);
        files = [];
      }, SETTLE_MS);
    });
  // (a timer that keeps this process running, unlike the dev server's: polling is all it does between saves)
  const poll = setInterval(() => repair.check(), POLL_MS);
  // the system's word that something changed has the files compared at once, instead of at the next poll (half a
  // POLL_MS sooner on average); what it misses, the poll finds
  const hints: FSWatcher[] = [];
  for (const [path, recursive] of [
    [siteRoot, false],
    [join(siteRoot, 'content'), true],
    [join(siteRoot, 'public'), true],
  ] as const) {
    try {
      hints.push(watchFiles(path, { recursive }, () => repair.check()).on('error', () => {}));
    } catch {
      // a folder the site does not have: the poll is enough
    }
  }
  return () => {
    clearInterval(poll);
    clearTimeout(settle);
    for (const hint of hints) hint.close();
  };
}

async function watch(): Promise<void> {
  if (!(await fullBuild())) console.error('the first build failed: the next save is built again');
  const pools = keptPool();
  const builder = saveBuilder(pools);
  const stop = onSaves((files) => builder.save(files));
  // one build before the first save, thrown away: the first save is then built as fast as the next ones
  await builder.prime();
  console.log(`watching ${siteRoot} for saves: each is built and made live in ${builds.live} (Ctrl+C stops)`);
  const end = () => {
    stop();
    void pools.close().then(() => process.exit(0));
  };
  process.once('SIGINT', end);
  process.once('SIGTERM', end);
}

await watch();
