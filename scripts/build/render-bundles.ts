import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { paths } from '../../core/paths.ts';
import type { ClientSiteData } from '../site-bundles/site-data.ts';

/**
 * The two Vite builds the prerender needs: the browser's islands runtime and stylesheet, and the server entry that
 * renders the pages. They run at once, in a process of their own: Vite and its bundler keep memory that they never
 * give back, and the render workers then start in a process without it (the build's peak memory).
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

/**
 * Runs the builds wanted in a child process (vite-bundles.ts, with this process's environment); rejects when they
 * fail. `site` is what the client build takes of the site (bundle-reuse.ts), handed to the child when it resolves:
 * Vite may start before the site is validated. A rejected `site` stops the child. `onServerBuilt` is called once the
 * server entry is written (the client build may still run).
 */
export async function buildBundles(
  quiet: boolean,
  wanted: BundlesWanted,
  site: Promise<ClientSiteData>,
  onServerBuilt: () => void = () => {},
): Promise<BundlesReport> {
  // nothing to build: no process (and no Vite) at all
  if (!wanted.client && !wanted.server) return { ms: 0, maxRssMB: 0, cpuMs: 0 };
  const started = performance.now();
  // vite-bundles.ts as plain JavaScript (scripts/run-bundled.mjs, kept between builds): tsx's loader hooks would sit in
  // the resolution and loading of every module Vite imports, which slows Node's import of Vite alone
  const script = [join(paths.root, 'scripts/run-bundled.mjs'), fileURLToPath(new URL('./vite-bundles.ts', import.meta.url))];
  const child = spawn(process.execPath, script, {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, BUILD_QUIET: quiet ? '1' : '', BUILD_BUNDLES: JSON.stringify(wanted) },
  });
  let figures = { maxRssMB: 0, cpuMs: 0 };
  // a message sent before the child listens would be lost: it says when it does
  let listening: () => void = () => {};
  const ready = new Promise<void>((resolve) => (listening = resolve));
  child.on('message', (message: FromBundles) => {
    if ('listening' in message) listening();
    else if ('serverBuilt' in message) onServerBuilt();
    else figures = message;
  });
  Promise.all([site, ready]).then(
    ([data]) => child.connected && child.send({ site: data } satisfies ToBundles),
    () => child.kill(),
  );
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) => {
      // the child printed Vite's and the validator's messages itself
      if (code === 0) resolve({ ms: Math.round(performance.now() - started), ...figures });
      else reject(new Error(`the client and server builds failed (exit code ${code})`));
    });
  });
}

/** The one message the bundling process gets, once it says it listens. */
export interface ToBundles {
  site: ClientSiteData;
}
/** What the bundling process says: that it listens, that the server entry is written, then its figures as it ends. */
export type FromBundles = { listening: true } | { serverBuilt: true } | { maxRssMB: number; cpuMs: number };
