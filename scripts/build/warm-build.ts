import { readFileSync, realpathSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { paths } from '../../core/paths.ts';
import { PUBLIC_DIR } from '../../core/site/layout.ts';
import { islandSiteModel, resolvePages, resolveSite } from '../../core/site/resolve.ts';
import { checkedFiles } from '../../core/validate/validate.ts';
import { engineKey } from './build-keys.ts';
import { buildOutput } from './build-output.ts';
import { buildInNewFolder, buildsOf, DEFAULT_KEEP, lockBuilds, type Builds } from './build-folders.ts';
import { bundlesWanted, clientKey, keepBundles, SSR_DIR, takeClient } from './bundle-reuse.ts';
import { modelKeys } from './model-key.ts';
import { startRenderPool, type RenderPool } from './render-pool.ts';
import { loadValidSite } from './server-site-file.ts';

/** Each build loads the server entry again in the workers (a module read its data at load): they start afresh after this many. */
const BUILDS_PER_POOL = 20;

export interface WarmBuildOptions {
  /** the site's files */
  siteRoot: string;
  /** the live build's path (a link to the live build folder, as `npm run build` makes it) */
  live: string;
  /** how many builds are kept for a rollback */
  keep?: number;
  /** render workers (0: on the calling thread) */
  workers?: number;
}

/**
 * A build from the live one: `live` (made live: its id, the pages rendered and those taken unchanged, its seconds),
 * `primed` (the same build thrown away: its seconds), `thrownAway` (not to go live, as its caller said), `full` (a bundle must be built: `npm run build`'s work, with
 * the reason) or `busy` (another build holds the builds' lock, in its words).
 */
export type WarmOutcome =
  { live: string; rendered: number; reused: number; seconds: number } | { primed: number } | { thrownAway: number } | { full: string } | { busy: string };

/**
 * Whether a finished build goes live: a promise, or a function asked with the build's folder once the build is written,
 * under the builds' lock (what is live then cannot change before the switch).
 */
export type GoLive = Promise<boolean> | ((out: string) => Promise<boolean>);

export const askGo = async (go: GoLive | undefined, out: string): Promise<boolean> => !go || (typeof go === 'function' ? go(out) : go);

export interface WarmBuilder {
  /**
   * The site's files now, built from the live build and made live in one step; throws when the build failed (the
   * live build stays). With `go`, the finished build waits for it: made live when it says true, else thrown away.
   */
  build(go?: GoLive): Promise<WarmOutcome>;
  /** The same build, thrown away: the workers have the entry, the model and the routes' keys before the first real one. */
  prime(): Promise<WarmOutcome>;
  /**
   * When the workers have had their builds: new ones, primed (undefined when the workers have builds left). Run
   * between builds, so the build after it is not the one that starts them.
   */
  renew(): Promise<WarmOutcome | undefined>;
  /** Ends the workers. */
  close(): Promise<void>;
}

/**
 * The workers, kept from build to build of one engine. Each build loads the server entry from its own folder, a path
 * no build had, so the entry and its chunks are modules of their own that read the new data at load (a module loaded
 * again by the same path would be the first one, with its data). The workers start afresh for another engine, after
 * a build that failed once they had it, and after BUILDS_PER_POOL builds (each entry loaded stays in memory).
 */
function keptPool(workers: number) {
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
    /** the workers have had their builds: the next one starts new ones */
    spent: () => kept !== undefined && kept.builds >= BUILDS_PER_POOL,
    async close() {
      const closing = kept?.pool.close();
      kept = undefined;
      await closing;
    },
  };
}

/** What a warm builder keeps from build to build. */
interface Kept {
  siteRoot: string;
  builds: Builds;
  keep: number;
  /** the site's files as the last validation found them: an unchanged file is not parsed and checked again */
  checked: ReturnType<typeof checkedFiles>;
  modelKeyOf: ReturnType<typeof modelKeys>;
  pools: ReturnType<typeof keptPool>;
}

const liveFolder = (builds: Builds) => {
  try {
    return realpathSync(builds.live);
  } catch {
    return undefined;
  }
};

/** The site's files, their model and the bundles a build of them needs: `full` when one must be built first. */
function loadForBuild({ siteRoot, checked }: Kept, previous: string) {
  const site = loadValidSite(siteRoot, paths.schemas, checked);
  const engine = engineKey(paths.root);
  const model = resolveSite(site);
  const keys = { server: engine, client: clientKey(engine, islandSiteModel(model), model.site.theme) };
  const wanted = bundlesWanted(previous, keys);
  if (wanted.client) return { full: 'what the islands see of the site, its theme or the engine changed: the client files are built again' };
  if (wanted.server) return { full: 'the engine changed: the server entry is built again' };
  return { site, engine, model, keys, wanted };
}

/** One build from the live one into a new folder: made live, thrown away (`prime`, or `go` said no), or refused. */
async function buildAgain(kept: Kept, prime: boolean, go?: GoLive): Promise<WarmOutcome> {
  const { siteRoot, builds, pools } = kept;
  const previous = liveFolder(builds);
  if (!previous) return { full: 'no live build yet' };
  const loaded = loadForBuild(kept, previous);
  if (loaded.full !== undefined) return { full: loaded.full };
  const { site, engine, model, keys, wanted } = loaded;
  let release: () => void;
  try {
    release = lockBuilds(builds);
  } catch (error) {
    return { busy: (error as Error).message };
  }
  const made = await buildInNewFolder(builds, kept.keep, release, async (out) => {
    takeClient(previous, out, join(siteRoot, PUBLIC_DIR));
    keepBundles(out, join(previous, SSR_DIR), keys, readFileSync(join(out, '.vite/manifest.json'), 'utf8'), false);
    const entryLoad = {
      entryFile: join(out, SSR_DIR, 'entry-server.js'),
      siteData: { model, pages: resolvePages(site) },
      modelKey: kept.modelKeyOf(site, model),
    };
    const pool = pools.take(engine);
    pool.load(entryLoad);
    const { pages, compressor } = await buildOutput({ out, previous, siteRoot, site, engine, wanted, pool, entryLoad, keepPool: true }).catch(
      (error: unknown) => {
        pools.drop();
        throw error;
      },
    );
    await compressor.finish();
    return { goLive: !prime && (await askGo(go, out)), value: pages };
  });
  if (made.live) return { live: made.id, rendered: made.value.rendered, reused: made.value.reused, seconds: made.seconds };
  return prime ? { primed: made.seconds } : { thrownAway: made.seconds };
}

/**
 * Builds of one site that keep what a build starts from: the render workers and their code, the compiled schemas,
 * each file as the last validation found it, and in the workers the site's model and each route's key, so a content
 * edit is built without a process to start and without the work of the files and routes it did not change. A change
 * that needs a bundle built (the engine, the theme, what the islands see) is not built here: `full` says why, and the
 * caller runs `npm run build`'s work. Used by `npm run build:watch` and by the live server's Publish.
 */
export function warmBuilder({ siteRoot, live, keep = DEFAULT_KEEP, workers = Math.min(availableParallelism(), 4) }: WarmBuildOptions): WarmBuilder {
  const kept: Kept = { siteRoot, builds: buildsOf(live), keep, checked: checkedFiles(), modelKeyOf: modelKeys(), pools: keptPool(workers) };
  return {
    build: (go) => buildAgain(kept, false, go),
    prime: () => buildAgain(kept, true),
    renew: async () => (kept.pools.spent() ? buildAgain(kept, true) : undefined),
    close: () => kept.pools.close(),
  };
}
