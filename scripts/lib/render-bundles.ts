import { spawn } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { paths } from '../../core/paths.ts';
import { ISLANDS_ENTRY } from './page-document.ts';

/**
 * The two Vite builds the prerender needs: the browser's islands runtime and stylesheet, and the server entry that
 * renders the pages. They run at once, in a process of their own: Vite and its bundler keep about 600 MB that
 * they never give back, and the render workers then start in a process without it (the build's peak memory).
 */

export interface BundlesReport {
  ms: number;
  /** peak resident memory of the bundling process, in MB */
  maxRssMB: number;
  /** CPU time the bundling process used (all its threads), in ms */
  cpuMs: number;
}

/** Which of the two bundles a build makes (an incremental build takes an unchanged one from the previous build). */
export interface BundlesWanted {
  client: boolean;
  server: boolean;
}

async function buildBoth(quiet: boolean, wanted: BundlesWanted): Promise<void> {
  // loaded here, in the child only: Vite and its bundler's native code are ~200 MB of the parent's memory otherwise
  const { build } = await import('vite');
  const logLevel = quiet ? ('warn' as const) : undefined;
  // The browser gets the islands' runtime only (each island a chunk of its own, loaded when its directive fires)
  // and one stylesheet for the whole site; the pages themselves are HTML from the prerender.
  const client =
    wanted.client &&
    build({
      root: paths.root,
      logLevel,
      build: {
        outDir: paths.dist,
        emptyOutDir: true,
        cssCodeSplit: false,
        rollupOptions: { input: { hydrate: ISLANDS_ENTRY }, preserveEntrySignatures: 'exports-only' },
      },
    });
  const server =
    wanted.server &&
    build({
      root: paths.root,
      logLevel: logLevel ?? 'warn',
      // React's build (production, unless NODE_ENV says otherwise, as under vitest) chosen when bundled, as Vite chose
      // the JSX transform: the render workers run in another process than Vite, which sets NODE_ENV in its own only
      define: { 'process.env.NODE_ENV': JSON.stringify(process.env.NODE_ENV ?? 'production') },
      // the site's public files are the client build's; the server entry never serves them
      build: { ssr: 'src/entry-server.tsx', outDir: paths.distSsr, emptyOutDir: true, copyPublicDir: false },
    });
  await Promise.all([client, server]);
}

/** Runs the builds wanted in a child process (with this process's loader and environment); rejects when they fail. */
export async function buildBundles(quiet: boolean, wanted: BundlesWanted = { client: true, server: true }): Promise<BundlesReport> {
  // nothing to build: no process (and no Vite) at all
  if (!wanted.client && !wanted.server) return { ms: 0, maxRssMB: 0, cpuMs: 0 };
  const started = performance.now();
  // this file under tsx's loader, as the build runs it or with tsx added (a bundled build, scripts/run-bundled.mjs, has none)
  const loader = process.execArgv.some((arg) => arg.includes('tsx')) ? process.execArgv : [...process.execArgv, '--import', 'tsx'];
  const child = spawn(process.execPath, [...loader, fileURLToPath(import.meta.url)], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, BUILD_QUIET: quiet ? '1' : '', BUILD_BUNDLES: JSON.stringify(wanted) },
  });
  let figures = { maxRssMB: 0, cpuMs: 0 };
  child.on('message', (message: typeof figures) => (figures = message));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) => {
      // the child printed Vite's and the validator's messages itself
      if (code === 0) resolve({ ms: Math.round(performance.now() - started), ...figures });
      else reject(new Error(`the client and server builds failed (exit code ${code})`));
    });
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    await buildBoth(Boolean(process.env.BUILD_QUIET), JSON.parse(process.env.BUILD_BUNDLES ?? '{"client":true,"server":true}') as BundlesWanted);
    // Vite may keep a handle open: the process ends once the parent has the figures
    const used = process.resourceUsage();
    const figures = { maxRssMB: Math.round(used.maxRSS / 1024), cpuMs: Math.round((used.userCPUTime + used.systemCPUTime) / 1000) };
    process.send?.(figures, () => process.exit(0));
  } catch (error) {
    console.error(error);
    process.exit(1);
  }
}
