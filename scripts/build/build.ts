import { readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { paths } from '../../core/paths.ts';
import { buildBundles, type BundlesWanted } from './render-bundles.ts';
import { buildOutput } from './build-output.ts';
import { startRenderPool } from './render-pool.ts';
import { loadValidSite } from './server-site-file.ts';
import { bundleServer } from './server-bundle.ts';
import { bundleAdmin } from './admin-bundle.ts';
import { engineKey } from './build-keys.ts';
import { bundlesWanted, clientKey, keepBundles, SSR_DIR, takeClient } from './bundle-reuse.ts';
import type { ClientSiteData } from '../site-bundles/site-data.ts';
import { islandSiteModel, resolvePages, resolveSite } from '../../core/site/resolve.ts';
import type { LoadedSite } from '../../core/site/model.ts';
import { PUBLIC_DIR } from '../../core/site/layout.ts';

/**
 * Client build, server build, every route to static HTML, then what serving it needs: CSP hashes, _headers, .br (and
 * .gz for the files other than pages).
 * The pages are rendered, written and compressed by one worker thread per core (BUILD_WORKERS=0: by this thread);
 * BUILD_STATS=<file> writes the build's figures there (the benchmark reads them).
 */
const started = performance.now();
const quiet = Boolean(process.env.BUILD_QUIET);
const phases: Record<string, number> = {};
let phaseStart = started;
/** The time since the last phase ended, under its name (the figures of where a build's time goes). */
const phase = (name: string) => {
  const now = performance.now();
  phases[name] = Math.round(now - phaseStart);
  phaseStart = now;
};

// the server bundles (esbuild, a process of its own) while Vite builds the two bundles
const serverBundle = bundleServer(paths.root, paths.distServer);
serverBundle.catch(() => {}); // awaited below; this only keeps an early failure from being reported as unhandled
// the back office's pages (admin/ into dist-admin/, Vite in a process of its own), only when one of their sources changed
const adminBundle = bundleAdmin(paths.root, paths.distAdmin);
adminBundle.catch(() => {});
// incremental unless BUILD_INCREMENTAL=0: a bundle or a page whose key is unchanged is taken from the previous build
// (SITE_PREVIOUS_OUT, which scripts/build/build-and-switch.ts sets to the live build)
const previous = process.env.BUILD_INCREMENTAL !== '0' ? process.env.SITE_PREVIOUS_OUT || undefined : undefined;
const engine = engineKey(paths.root);
// What the browser's files take of the site, once it is validated. A build with no previous one builds both bundles
// whatever the site says: Vite starts now, and the client build waits for the site while the server's goes on.
const clientSite = deferred<ClientSiteData>();
const serverBuilt = deferred<void>();
const early = previous ? undefined : startBundles({ client: true, server: true });
// the site, validated: an invalid one fails here (and stops Vite); the client bundle's key is what the islands see of it
const siteRoot = process.env.SITE_ROOT ? resolve(process.env.SITE_ROOT) : paths.root;
const site = validOrExit(siteRoot);
const model = resolveSite(site);
const islands: ClientSiteData = { client: islandSiteModel(model), theme: model.site.theme };
clientSite.resolve(islands);
const keys = { server: engine, client: clientKey(engine, islands.client, islands.theme) };
const { wanted, bundling } = early ?? startBundles(bundlesWanted(previous, keys));
// At most 4 workers by default: each holds the server entry and its model, which grows with the site, so memory stays
// bounded however many cores there are. They load the server entry as soon as it is written (or at once, taken from
// the previous build), while Vite may still build the client files: Vite's process and the workers at once are the
// build's peak of memory (BUILD_STATS and npm run bench report it).
const pool = startRenderPool(process.env.BUILD_WORKERS === undefined ? Math.min(availableParallelism(), 4) : Number(process.env.BUILD_WORKERS), engine);
const entryDir = wanted.server ? paths.distSsr : join(previous!, SSR_DIR);
const entryLoad = { entryFile: join(entryDir, 'entry-server.js'), siteData: { model, pages: resolvePages(site) } };
// (a failed Vite build rejects the bundling, awaited below)
if (wanted.server)
  serverBuilt.promise.then(
    () => pool.load(entryLoad),
    () => {},
  );
else pool.load(entryLoad);
const bundles = await bundling;
if (!wanted.client) takeClient(previous!, paths.dist, join(siteRoot, PUBLIC_DIR));
keepBundles(paths.dist, entryDir, keys, readFileSync(join(paths.dist, '.vite/manifest.json'), 'utf8'), wanted.server);
const built = [wanted.client && 'client', wanted.server && 'server'].filter(Boolean).join(' and ');
console.log(built ? `bundles built: ${built}` : 'bundles unchanged since the previous build: taken from it, Vite not started');
phase('validation and bundles (Vite in a process of its own, for a bundle that changed)');

const { pages, serverSite, compressor, derived } = await buildOutput({ out: paths.dist, previous, siteRoot, site, engine, wanted, pool, entryLoad, phase });
// the server as plain JavaScript
const bundled = await serverBundle;
console.log(
  `.server/site.json: ${Object.keys(serverSite.forms).length} forms; dist-server/: ${bundled.files.filter((f) => f.endsWith('.js')).join(', ')}${bundled.reused ? ' (unchanged)' : ''}`,
);
const admin = await adminBundle;
console.log(`dist-admin/: the back office's pages, ${admin.files.length} files${admin.reused ? ' (unchanged)' : ` built in ${admin.ms} ms`}`);
phase('CSP hashes, _headers, server files');
const waitStarted = performance.now();
const packed = await compressor.finish();
phase('compression after the pages');
const kB = (n: number) => `${Math.round(n / 1024)} kB`;
console.log(
  `precompressed ${packed.files} files (${kB(packed.bytes)} -> br ${kB(packed.brBytes)}; gzip ${kB(packed.gzBytes)} for the files other than pages, whose gzip the server makes on demand), ` +
    `${Math.round(performance.now() - waitStarted)} ms of it after the pages`,
);
if (derived) console.log(`build cache: ${derived.counts.taken} image widths and compressed assets taken, ${derived.counts.made} made`);
const wallMs = Math.round(performance.now() - started);
const maxRssMB = Math.round(process.resourceUsage().maxRSS / 1024);
for (const [name, ms] of Object.entries(phases)) console.log(`  ${String(ms).padStart(6)} ms  ${name}`);
console.log(`build finished in ${(wallMs / 1000).toFixed(2)} s; peak memory ${maxRssMB} MB here, ${bundles.maxRssMB} MB in the bundling process`);
if (process.env.BUILD_STATS) {
  const used = process.resourceUsage();
  const cpuMs = Math.round((used.userCPUTime + used.systemCPUTime) / 1000);
  const stats = {
    routes: pages.srcsets.pages,
    bundlesBuilt: wanted,
    rendered: pages.rendered,
    reused: pages.reused,
    workers: pool.workers,
    wallMs,
    phases,
    maxRssMB,
    bundlesMaxRssMB: bundles.maxRssMB,
    cpuMs,
    bundlesCpuMs: bundles.cpuMs,
    derived: derived?.counts,
  };
  writeFileSync(process.env.BUILD_STATS, JSON.stringify({ ...stats, renderMs: Math.round(pages.renderMs), writeMs: Math.round(pages.writeMs) }));
}

/** The bundles wanted, built in Vite's process (render-bundles.ts), which is handed the site once it is valid. */
function startBundles(wanted: BundlesWanted) {
  const bundling = buildBundles(quiet, wanted, clientSite.promise, () => serverBuilt.resolve());
  bundling.catch(() => {}); // awaited above; this only keeps an early failure from being reported as unhandled
  return { wanted, bundling };
}

/** The validated site, or the validator's messages (file, line, pointer) and exit code 1 (Vite's process stopped first). */
function validOrExit(root: string): LoadedSite {
  try {
    return loadValidSite(root, paths.schemas);
  } catch (error) {
    console.error((error as Error).message);
    clientSite.reject(error);
    process.exit(1);
  }
}

function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  let reject: (reason: unknown) => void = () => {};
  const promise = new Promise<T>((yes, no) => ((resolve = yes), (reject = no)));
  promise.catch(() => {}); // a rejection stops Vite's process (render-bundles.ts), and is reported by validOrExit
  return { promise, resolve, reject };
}
