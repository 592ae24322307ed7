import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { paths } from '../../core/paths.ts';

/**
 * Every benchmark the README's Scripts table lists still runs: each, through npm as a reader would start it, in
 * its smoke mode (BENCH_SMOKE=1: one short round of each thing it measures) must exit 0. Its figures are not
 * looked at. The benchmarks are the package.json scripts that run a file of scripts/bench/; the ones that need a
 * build share one, made here into SITE_OUT, away from the project's dist/. Each writes its results table into a
 * temporary BENCH_RESULTS_DIR, never into the project's docs/benchmarks/.
 */
const pkg = JSON.parse(readFileSync(join(paths.root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
const benchmarks = Object.entries(pkg.scripts)
  .filter(([, command]) => command.includes('scripts/bench/'))
  .map(([name]) => name);
const out = mkdtempSync(join(tmpdir(), 'bench-smoke-'));
const results = mkdtempSync(join(tmpdir(), 'bench-smoke-results-'));
// npm's own variables of an enclosing `npm test` stay out of the npm started here
const env = {
  ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_|^SITE_OUT$|^DIST_DIR$|^PORT$/i.test(name))),
  BENCH_SMOKE: '1',
  SITE_OUT: out,
  BENCH_RESULTS_DIR: results,
  // an enclosing BENCH_NO_RECORD=1 would leave the tables below unwritten
  BENCH_NO_RECORD: '',
  CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium',
};

function run(command: string, args: string[], timeoutMs: number): Promise<{ code: number | null; output: string }> {
  const child = spawn(command, args, { cwd: paths.root, env });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const timer = setTimeout(() => child.kill('SIGINT'), timeoutMs);
  return new Promise((resolve) =>
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    }),
  );
}

beforeAll(async () => {
  const built = await run(process.execPath, ['--import', 'tsx', 'scripts/build/build.ts'], 180_000);
  expect(built.code, built.output).toBe(0);
}, 200_000);
afterAll(() => {
  rmSync(out, { recursive: true, force: true });
  rmSync(`${out}-ssr`, { recursive: true, force: true });
  rmSync(results, { recursive: true, force: true });
});

it('the benchmarks are the ones the README lists', () => {
  const readme = readFileSync(join(paths.root, 'README.md'), 'utf8');
  const table = readme.slice(readme.indexOf('## Scripts'), readme.indexOf('\n## ', readme.indexOf('## Scripts') + 1));
  const listed = [...table.matchAll(/^\| `npm run ([\w:-]+)`/gm)].map((m) => m[1]);
  expect(benchmarks.length).toBeGreaterThanOrEqual(6);
  for (const name of benchmarks) expect(listed, `${name} is missing from the README's Scripts table`).toContain(name);
});

it.each(benchmarks)(
  'npm run %s runs (BENCH_SMOKE=1)',
  async (name) => {
    const { code, output } = await run('npm', ['run', name], 150_000);
    expect(code, output).toBe(0);
    // the build's benchmark gives the incremental build of one content edit, which renders that one page
    if (name === 'bench') expect(output).toMatch(/one content edit, npm run build end to end: [\d.]+ s \(1 rendered, \d+ unchanged\)/);
    // each of its scripts recorded a run in its table (what the figures are is not looked at)
    for (const [, bench] of pkg.scripts[name]!.matchAll(/scripts\/bench\/([\w-]+)\.ts/g)) {
      const table = join(results, `${bench}.md`);
      expect(existsSync(table), `${bench} wrote no results table`).toBe(true);
      expect(readFileSync(table, 'utf8')).toMatch(/^\| \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC/m);
    }
  },
  180_000,
);
