import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { paths } from '../../core/paths.ts';

/**
 * `npm run dev` on another site's files, for the browser tests and the benchmarks of the dev server and the
 * studio: started, waited for, and stopped (gone, its port free) by the caller.
 */
export interface DevServer {
  url(path: string): string;
  /** everything it printed so far */
  output(): string;
  /** whether the process still runs */
  running(): boolean;
  stop(): Promise<void>;
}

/** A copy of a site's config, content and public files in a new temporary folder (never links: the tests write to it). */
export function copySite(prefix: string, from: string = paths.root): string {
  const site = mkdtempSync(join(tmpdir(), prefix));
  for (const name of ['site.config.json', 'content', 'public']) cpSync(join(from, name), join(site, name), { recursive: true });
  return site;
}

export interface DevServerOptions {
  /** more arguments for Vite (`--host 0.0.0.0`) */
  args?: string[];
  /** the environment instead of this process's own (SITE_ROOT is set on it) */
  env?: NodeJS.ProcessEnv;
}

export async function startDevServer(siteRoot: string, port: number, timeoutMs = 30_000, options: DevServerOptions = {}): Promise<DevServer> {
  let output = '';
  const args = [join(paths.root, 'node_modules/vite/bin/vite.js'), '--port', String(port), '--strictPort', ...(options.args ?? [])];
  const vite = spawn(process.execPath, args, {
    cwd: paths.root,
    env: { ...(options.env ?? process.env), SITE_ROOT: siteRoot },
  });
  vite.stdout.on('data', (d: Buffer) => (output += d.toString()));
  vite.stderr.on('data', (d: Buffer) => (output += d.toString()));
  let stopping = false;
  // a dev server that goes away while its tests still use it says why, in the test run's output
  vite.once('exit', (code, signal) => {
    if (!stopping) console.error(`the dev server on port ${port} ended by itself (${signal ?? `exit code ${code}`}); it said:\n${output.slice(-4000)}`);
  });
  const stop = async () => {
    stopping = true;
    if (vite.exitCode !== null || vite.signalCode !== null) return;
    const exited = new Promise((done) => vite.once('exit', done));
    vite.kill();
    // one that does not stop within 5 s is killed
    const timer = setTimeout(() => vite.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  };
  // the studio's line is printed once the server listens (a message that the port is taken names the port too)
  for (let waited = 0; !output.includes(`http://127.0.0.1:${port}/__studio`); waited += 100) {
    if (waited > timeoutMs || vite.exitCode !== null) {
      await stop();
      throw new Error(`the dev server did not start on port ${port}:\n${output}`);
    }
    await sleep(100);
  }
  return { url: (path) => `http://127.0.0.1:${port}${path}`, output: () => output, running: () => vite.exitCode === null && vite.signalCode === null, stop };
}

/** The `p`th percentile of numbers sorted in ascending order (nearest rank). */
export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** A benchmark's rounds from its first argument, or the default; anything else stops it with its usage line. */
export function roundsArgument(script: string, fallback: number): number {
  const rounds = Number(process.argv[2] ?? fallback);
  if (!Number.isInteger(rounds) || rounds < 1) {
    console.error(`usage: npm run ${script} [-- rounds]; "${process.argv[2]}" is not a positive whole number`);
    process.exit(2);
  }
  return rounds;
}
