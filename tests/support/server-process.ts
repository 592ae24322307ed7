import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { paths } from '../../core/paths.ts';
import { writeFixtureServerSite } from './server-site.ts';

/** The real `npm run serve` entry in its own process, on a free port, with its own data folder. */
export interface ServerProcess {
  url: string;
  port: number;
  dataDir: string;
  process: ChildProcess;
  /** everything it printed */
  output: () => string;
  /** SIGTERM, and wait for the exit code */
  stop: () => Promise<number | null>;
  /** SIGKILL: no chance to finish anything */
  kill9: () => Promise<void>;
}

export interface StartOptions {
  dataDir?: string;
  distDir?: string;
  env?: Record<string, string>;
}

/** A few files in the shape of a build, with the fixture site's server file, so server tests need no `npm run build`. */
export function fixtureDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'dist-fixture-'));
  mkdirSync(join(dir, 'assets'));
  mkdirSync(join(dir, 'contact'));
  const page = (title: string) => `<!doctype html><html lang="nl"><head><title>${title}</title></head><body><h1>${title}</h1></body></html>`;
  writeFileSync(join(dir, 'index.html'), page('Home'));
  writeFileSync(join(dir, 'contact/index.html'), page('Contact'));
  writeFileSync(join(dir, '404.html'), page('Niet gevonden'));
  writeFileSync(join(dir, 'assets/index-abc123.js'), `console.log(${JSON.stringify('x'.repeat(5000))});\n`);
  writeFixtureServerSite(dir);
  return dir;
}

export async function startServer(options: StartOptions = {}): Promise<ServerProcess> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'server-data-'));
  const distDir = options.distDir ?? paths.dist;
  const child = spawn(process.execPath, ['--import', 'tsx', join(paths.root, 'server/main.ts')], {
    cwd: paths.root,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DIST_DIR: distDir, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 30_000);
    const look = () => {
      const match = /http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    };
    child.stdout.on('data', look);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    dataDir,
    process: child,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
    kill9: async () => {
      child.kill('SIGKILL');
      await exited;
    },
  };
}

export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

/** The back office's address, from the server's own line once it is there (the site's line comes first). */
export async function backOfficeOf(server: ServerProcess, timeoutMs = 20_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = /back office on (http:\/\/127\.0\.0\.1:\d+)/.exec(server.output())?.[1];
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no back office:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
