import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { paths } from '../../core/paths.ts';
import { engineKey } from './build-keys.ts';

/**
 * The render workers change where the pages are made, never what they are: a build of the English fixture with
 * two workers and one on the build's own thread (BUILD_WORKERS=0) write the same files, byte for byte, compressed
 * files, the CSP hashes, _headers and the sitemap included.
 */
const outs: string[] = [];
afterAll(() => {
  for (const out of outs) for (const dir of [out, `${out}-ssr`]) rmSync(dir, { recursive: true, force: true });
});

function build(workers: number): { out: string; output: string } {
  const out = join(mkdtempSync(join(tmpdir(), `render-pool-${workers}-`)), 'out');
  outs.push(out);
  const run = spawnSync(process.execPath, ['--import', 'tsx', join(paths.root, 'scripts/build/build.ts')], {
    cwd: paths.root,
    env: { ...process.env, SITE_ROOT: join(paths.root, 'tests/fixtures/en'), SITE_OUT: out, BUILD_QUIET: '1', BUILD_WORKERS: String(workers) },
    encoding: 'utf8',
  });
  expect(run.status, run.stdout + run.stderr).toBe(0);
  return { out, output: run.stdout };
}

const files = (dir: string) => readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort();

it('two render workers write the same files as the build thread alone, compressed ones included', () => {
  const alone = build(0);
  const workers = build(2);
  // the bundled worker is kept for the next build of this engine, which starts its workers without esbuild
  const kept = join(paths.root, 'node_modules/.cache/helder-build', `render-worker-${engineKey(paths.root)}.mjs`);
  expect(existsSync(kept)).toBe(true);
  const again = build(2);
  expect(files(again.out)).toEqual(files(workers.out));
  expect(alone.output).toContain('on the main thread');
  expect(workers.output).toContain('on 2 worker threads');
  const written = files(workers.out);
  expect(files(alone.out)).toEqual(written);
  // every page (its brotli and gzip are the server's to make), and what the server reads: the hashes of the pages'
  // inline scripts
  for (const name of ['index.html', 'contact.html', 'sitemap.xml', '.csp.json', '_headers']) {
    expect(written, name).toContain(name);
  }
  expect(written.filter((name) => /\.html\.(?:br|gz)$/.test(name) && !name.startsWith('404.html'))).toEqual([]);
  const differ = written.filter((name) => {
    const path = join(workers.out, name);
    try {
      return !readFileSync(path).equals(readFileSync(join(alone.out, name)));
    } catch {
      return false; // a folder
    }
  });
  expect(differ).toEqual([]);
}, 240_000);
