import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { paths } from './paths.ts';

/** Debian's Chromium with the flags that keep it quiet on a closed network (see STACK.md). */
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

/** Serves the build with the production server (its data in a temporary folder) on a port until stop() is called. */
export async function serveBuild(port: number): Promise<{ url: string; stop: () => void }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'serve-build-'));
  const server = spawn(process.execPath, ['--import', 'tsx', join(paths.root, 'server/main.ts')], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir },
    stdio: 'ignore',
  });
  server.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 50; i++) {
    try {
      if ((await fetch(`${url}/`)).ok) return { url, stop: () => server.kill() };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  server.kill();
  throw new Error(`the build server did not start on ${url}`);
}
