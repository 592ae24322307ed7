import { test, expect } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';

const root = process.cwd();

// one dev server run is enough: desktop project only (playwright.config.ts)
test.describe('dev server', { tag: '@desktop-only' }, () => {
  let site: string;
  let server: ChildProcess;
  let output = '';
  const port = 4390 + Number(process.env.TEST_PARALLEL_INDEX ?? 0);

  test.beforeAll(async () => {
    site = mkdtempSync(join(tmpdir(), 'dev-site-'));
    cpSync(join(root, 'site.config.json'), join(site, 'site.config.json'));
    cpSync(join(root, 'content'), join(site, 'content'), { recursive: true });
    cpSync(join(root, 'public'), join(site, 'public'), { recursive: true });
    server = spawn(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), '--port', String(port), '--strictPort'], {
      cwd: root,
      env: { ...process.env, SITE_ROOT: site },
    });
    server.stdout?.on('data', (d: Buffer) => (output += d.toString()));
    server.stderr?.on('data', (d: Buffer) => (output += d.toString()));
    await expect.poll(() => output, { timeout: 20_000 }).toContain(`${port}`);
  });

  test.afterAll(() => {
    server?.kill();
    if (site) rmSync(site, { recursive: true, force: true });
  });

  test('shows config errors in the overlay and the terminal, keeps running, and clears them when fixed', async ({ page }) => {
    const file = join(site, 'content/pages/marketing.json');
    const original = readFileSync(file, 'utf8');
    await page.goto(`http://127.0.0.1:${port}/marketing`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Online marketing die meetbaar meer klanten oplevert');

    writeFileSync(file, original.replace('"type": "hero"', '"type": "hreo"'));
    const overlay = page.locator('vite-error-overlay');
    await expect(overlay).toBeAttached({ timeout: 15_000 });
    await expect(overlay.locator('.message')).toContainText('content/pages/marketing.json:');
    await expect(overlay.locator('.message')).toContainText('unknown block type "hreo" - did you mean "hero"?');
    await expect.poll(() => output).toMatch(/content\/pages\/marketing\.json:\d+:\d+ {2}\/blocks\/0\/type {2}unknown block type "hreo"/);

    writeFileSync(file, original);
    await expect(overlay).toHaveCount(0, { timeout: 15_000 });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Online marketing die meetbaar meer klanten oplevert');
    expect(server.exitCode).toBeNull();
  });
});
