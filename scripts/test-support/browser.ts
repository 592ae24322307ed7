import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { paths } from '../../core/paths.ts';

/** Debian's Chromium with the flags that keep it quiet on a closed network. */
export const CHROMIUM_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

export interface ServeBuildOptions {
  /** the build to serve; dist/ by default */
  distDir?: string;
  /** how long to wait for the first answer to GET / */
  timeoutMs?: number;
  /** the server's stdout and stderr are appended here; dropped by default */
  logFile?: string;
}

export interface BuildServer {
  url: string;
  stop: () => void;
  /** undefined while it runs; "code 1", "signal SIGTERM", ... once it has ended */
  ended: () => string | undefined;
}

/** Serves a build with the production server, its data in a temporary folder, on a port until stop() is called. */
export async function serveBuild(port: number, { distDir = paths.dist, timeoutMs = 30_000, logFile }: ServeBuildOptions = {}): Promise<BuildServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'serve-build-'));
  const log = logFile ? openSync(logFile, 'a') : 'ignore';
  const server = spawn(process.execPath, ['--import', 'tsx', join(paths.root, 'server/main.ts')], {
    cwd: paths.root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DIST_DIR: distDir, DATA_DIR: dataDir },
    stdio: ['ignore', log, log],
  });
  // the child has its own copy of the descriptor
  if (typeof log === 'number') closeSync(log);
  let ended: string | undefined;
  server.on('exit', (code, signal) => {
    ended = signal ? `signal ${signal}` : `code ${code}`;
    rmSync(dataDir, { recursive: true, force: true });
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  while (ended === undefined && Date.now() < deadline) {
    try {
      if ((await fetch(`${url}/`)).ok) return { url, stop: () => server.kill(), ended: () => ended };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  server.kill();
  throw new Error(ended ? `the build server for ${distDir} ended (${ended}) before answering on ${url}` : `the build server did not start on ${url}`);
}

/**
 * Scrolls through the whole page in steps, by script: no pointer or key event that a page could take for the
 * visitor's first interaction. Ends when the network is quiet, so every island met on the way has loaded.
 */
export async function scrollThrough(page: Page, pauseMs = 60): Promise<void> {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0; y <= height; y += 400) {
    await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
    await page.waitForTimeout(pauseMs);
  }
  await page.waitForLoadState('networkidle');
}
