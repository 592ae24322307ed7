import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { paths } from '../../core/paths.ts';

const dir = mkdtempSync(join(tmpdir(), 'admin-vite-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('builds the same production pages when started under Vitest (NODE_ENV=test): no JSX for the development runtime', () => {
  const out = join(dir, 'pages');
  const built = spawnSync(
    process.execPath,
    [join(paths.root, 'scripts/run-bundled.mjs'), join(paths.root, 'scripts/build/admin-vite.ts'), out, join(dir, 'inputs.json')],
    {
      cwd: paths.root,
      env: { ...process.env, NODE_ENV: 'test' },
      encoding: 'utf8',
    },
  );
  expect(built.status, built.stdout + built.stderr).toBe(0);
  const scripts = readdirSync(join(out, 'assets')).filter((name) => name.endsWith('.js'));
  expect(scripts.length).toBeGreaterThan(0);
  // the production React in the bundle has no jsxDEV: a page compiled for it would throw before it renders
  for (const name of scripts) expect(readFileSync(join(out, 'assets', name), 'utf8')).not.toContain('jsxDEV');
}, 120_000);
