import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as prettier from 'prettier';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { paths } from '../../core/paths.ts';
import { TABLES } from './tables.ts';
import { currentRun, readRows, recordRun, resultsDir, type BenchTable, type RunInfo } from './results-table.ts';

/** The writing of a benchmark's results table, on a file in a temporary folder; no figure is measured here. */
const table: BenchTable = {
  bench: 'example-bench',
  title: 'Example benchmark',
  about: 'What the example measures, beside its baseline | in the same run.',
  command: 'npm run bench:example',
  columns: ['site', 'figure', 'baseline', 'ratio'],
};
const runOf = (n: number): RunInfo => ({
  date: `2026-01-${String(n).padStart(2, '0')} 10:00 UTC`,
  commit: `abc${n}`,
  machine: '2 cores, Node 20.20.0, load 1.0 0.9 0.8',
});
const rowsOf = (n: number) => [
  { site: 'small', figure: `${n} s`, baseline: `${2 * n} s`, ratio: '2.00x' },
  { site: 'large', figure: `${n}0 s`, baseline: '-', ratio: '-' },
];

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'results-table-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

it('writes the header and a run of rows, and reads them back', async () => {
  const file = await recordRun(table, rowsOf(1), { dir, run: runOf(1) });
  expect(file).toBe(join(dir, 'example-bench.md'));
  const text = readFileSync(file!, 'utf8');
  expect(text.startsWith('# Example benchmark\n')).toBe(true);
  expect(text).toContain('`npm run bench:example`');
  expect(readRows(text)).toEqual(rowsOf(1).map((row) => ({ ...runOf(1), ...row })));
});

it('adds a new run on top and keeps the header', async () => {
  await recordRun(table, rowsOf(1), { dir, run: runOf(1) });
  await recordRun(table, rowsOf(2), { dir, run: runOf(2) });
  const text = readFileSync(join(dir, 'example-bench.md'), 'utf8');
  expect(text.match(/^# Example benchmark$/gm)).toHaveLength(1);
  expect(readRows(text).map((row) => `${row.commit} ${row.site}`)).toEqual(['abc2 small', 'abc2 large', 'abc1 small', 'abc1 large']);
});

it('keeps only the latest runs, whole', async () => {
  for (let n = 1; n <= 5; n++) await recordRun(table, rowsOf(n), { dir, run: runOf(n), keep: 3 });
  const rows = readRows(readFileSync(join(dir, 'example-bench.md'), 'utf8'));
  expect(rows.map((row) => row.commit)).toEqual(['abc5', 'abc5', 'abc4', 'abc4', 'abc3', 'abc3']);
});

it('keeps older rows by column name when the columns change', async () => {
  await recordRun(table, rowsOf(1), { dir, run: runOf(1) });
  await recordRun({ ...table, columns: ['site', 'peak memory', 'figure'] }, [{ site: 'small', 'peak memory': '500 MB', figure: '3 s' }], {
    dir,
    run: runOf(2),
  });
  const rows = readRows(readFileSync(join(dir, 'example-bench.md'), 'utf8'));
  expect(rows[0]).toEqual({ ...runOf(2), site: 'small', 'peak memory': '500 MB', figure: '3 s' });
  expect(rows[1]).toEqual({ ...runOf(1), site: 'small', 'peak memory': '-', figure: '1 s' });
});

it('writes markdown as the project formats it: one table, a pipe in a cell escaped', async () => {
  await recordRun(table, [{ site: 'a | b', figure: 'x\ny', baseline: '', ratio: '1.0x' }], { dir, run: runOf(1) });
  const file = join(dir, 'example-bench.md');
  const text = readFileSync(file, 'utf8');
  const config = (await prettier.resolveConfig(join(paths.root, 'README.md'))) ?? {};
  expect(await prettier.check(text, { ...config, filepath: file })).toBe(true);
  const tableLines = text.split('\n').filter((line) => line.startsWith('|'));
  expect(tableLines).toHaveLength(3);
  for (const line of tableLines) expect(line.split(/(?<!\\)\|/)).toHaveLength(2 + 3 + table.columns.length);
  expect(readRows(text)[0]).toMatchObject({ site: 'a | b', figure: 'x y', baseline: '-' });
});

it('writes the index of every benchmark beside the table', async () => {
  await recordRun(table, rowsOf(1), { dir, run: runOf(1) });
  const index = readFileSync(join(dir, 'README.md'), 'utf8');
  expect(index.startsWith('# Benchmarks\n')).toBe(true);
  for (const { bench, command } of Object.values(TABLES)) {
    expect(index).toContain(`(${bench}.md)`);
    expect(index).toContain(`\`${command}\``);
  }
});

it('a file without a results table reads as no rows, and is written anew', async () => {
  writeFileSync(join(dir, 'example-bench.md'), '# something else\n');
  await recordRun(table, rowsOf(1), { dir, run: runOf(1) });
  expect(readRows(readFileSync(join(dir, 'example-bench.md'), 'utf8'))).toHaveLength(2);
});

it('records nowhere with BENCH_NO_RECORD=1, and in BENCH_RESULTS_DIR when set', () => {
  expect(resultsDir({ BENCH_NO_RECORD: '1', BENCH_RESULTS_DIR: dir })).toBeUndefined();
  expect(resultsDir({ BENCH_RESULTS_DIR: dir })).toBe(dir);
});

it('dates a run by the time, the commit and the machine', () => {
  const run = currentRun();
  expect(run.date).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC$/);
  expect(run.commit).toMatch(/^([0-9a-f]{7,}( \(changed\))?|-)$/);
  expect(run.machine).toMatch(/^\d+ cores, Node \d+\.\d+\.\d+, load [\d.]+ [\d.]+ [\d.]+$/);
});
