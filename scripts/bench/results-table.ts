import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import * as prettier from 'prettier';
import { paths } from '../../core/paths.ts';
import { smoke } from './smoke.ts';
import { TABLES } from './tables.ts';

/**
 * Each benchmark keeps its results in docs/benchmarks/<bench>.md: a header saying what it measures and how to run
 * it, then one table whose rows are dated by their run (when, at which commit, on what machine), newest first, the
 * latest runs only. A figure is read beside the baseline measured in the same run, so a row carries both.
 *
 * BENCH_NO_RECORD=1: the run writes nothing. BENCH_RESULTS_DIR=<dir>: the tables are written there instead of
 * docs/benchmarks/. A smoke run (BENCH_SMOKE=1) has figures that mean nothing, so it records only into
 * BENCH_RESULTS_DIR, never into the project's docs.
 */

/** How many runs a table keeps: enough to see a trend, few enough to read. */
export const KEEP_RUNS = 10;

/** The columns every row starts with: which run it is of. */
export const RUN_COLUMNS = ['date', 'commit', 'machine'] as const;

export interface BenchTable {
  /** the file's name without .md, e.g. build-bench */
  bench: string;
  title: string;
  /** what it measures and what the baseline beside it is (markdown) */
  about: string;
  /** how to run it, e.g. npm run bench */
  command: string;
  /** the figure columns after the run's, in order */
  columns: string[];
}

export interface RunInfo {
  date: string;
  commit: string;
  machine: string;
}

export type Row = Record<string, string>;

const MARKER = '<!-- results: the rows below are written by the benchmark (scripts/bench/results-table.ts) -->';

/** When, where and on what this run is: UTC to the second, the commit's short hash, the cores, Node and the load. */
export function currentRun(): RunInfo {
  const date = `${new Date().toISOString().slice(0, 19).replace('T', ' ')} UTC`;
  const load = loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');
  return { date, commit: gitCommit(), machine: `${availableParallelism()} cores, Node ${process.version.slice(1)}, load ${load}` };
}

/** The short hash of HEAD, marked when tracked files differ from it (the figures are then of no commit exactly). */
function gitCommit(): string {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: paths.root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  try {
    const changed = git('status', '--porcelain', '--untracked-files=no') !== '';
    return `${git('rev-parse', '--short', 'HEAD')}${changed ? ' (changed)' : ''}`;
  } catch {
    // a source archive has no history
    return '-';
  }
}

/** Where this run's tables go, or undefined when it records none. */
export function resultsDir(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.BENCH_NO_RECORD === '1') return undefined;
  if (env.BENCH_RESULTS_DIR) return env.BENCH_RESULTS_DIR;
  return smoke ? undefined : join(paths.root, 'docs', 'benchmarks');
}

/**
 * Adds a run's rows to the top of its benchmark's table and keeps the latest `keep` runs. The header is written
 * anew from `table` each time; older rows keep their cells by column name ('-' where a column is new).
 * Returns the file written, or undefined when the run records nothing.
 */
export async function recordRun(table: BenchTable, rows: Row[], options: { dir?: string; run?: RunInfo; keep?: number } = {}): Promise<string | undefined> {
  const dir = options.dir ?? resultsDir();
  if (!dir || rows.length === 0) return undefined;
  const file = join(dir, `${table.bench}.md`);
  const run = options.run ?? currentRun();
  const fresh = rows.map((row) => ({ ...row, ...run }));
  const older = existsSync(file) ? readRows(readFileSync(file, 'utf8')) : [];
  const kept = keepRuns([...fresh, ...older], options.keep ?? KEEP_RUNS);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, await formatted(file, renderTable(table, kept)));
  const index = join(dir, 'README.md');
  writeFileSync(index, await formatted(index, renderIndex()));
  console.log(`results recorded in ${file}`);
  return file;
}

/** A run's rows are the consecutive rows of the same date, commit and machine; the first `keep` runs stay. */
export function keepRuns(rows: Row[], keep: number): Row[] {
  const runKey = (row: Row) => RUN_COLUMNS.map((c) => row[c] ?? '').join('\n');
  const kept: Row[] = [];
  let runs = 0;
  let last: string | undefined;
  for (const row of rows) {
    if (runKey(row) !== last) runs++;
    last = runKey(row);
    if (runs > keep) break;
    kept.push(row);
  }
  return kept;
}

const escapeCell = (text: string) => (text.trim() || '-').replace(/\s*\n\s*/g, ' ').replace(/\|/g, '\\|');
const unescapeCell = (text: string) => text.trim().replace(/\\\|/g, '|');

/** The cells of a table line, split at the pipes no backslash escapes. */
function cellsOf(line: string): string[] {
  const inner = line
    .trim()
    .replace(/^\|/, '')
    .replace(/(?<!\\)\|$/, '');
  return inner.split(/(?<!\\)\|/).map(unescapeCell);
}

/** The rows of the results table in a file's text, each by its column names. */
export function readRows(text: string): Row[] {
  const after = text.indexOf(MARKER);
  if (after < 0) return [];
  const lines = text
    .slice(after + MARKER.length)
    .split('\n')
    .map((line) => line.trim());
  const start = lines.findIndex((line) => line.startsWith('|'));
  if (start < 0) return [];
  const header = cellsOf(lines[start]!);
  const rows: Row[] = [];
  // the line after the header is the alignment row
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    const cells = cellsOf(line);
    rows.push(Object.fromEntries(header.map((name, i) => [name, cells[i] ?? '-'])));
  }
  return rows;
}

/** The whole file: title, what it measures, how to run it, and the table. */
export function renderTable(table: BenchTable, rows: Row[]): string {
  const columns = [...RUN_COLUMNS, ...table.columns];
  const cells = [columns, ...rows.map((row) => columns.map((c) => row[c] ?? '-'))].map((line) => line.map(escapeCell));
  const widths = columns.map((_, i) => Math.max(3, ...cells.map((line) => line[i]!.length)));
  const line = (values: string[]) => `| ${values.map((v, i) => v.padEnd(widths[i]!)).join(' | ')} |`;
  const lines = [line(cells[0]!), line(widths.map((w) => '-'.repeat(w))), ...cells.slice(1).map(line)];
  return [
    `# ${table.title}`,
    '',
    table.about.trim(),
    '',
    `Run it with \`${table.command}\`. Each run adds its rows at the top (the latest ${KEEP_RUNS} runs are kept): the date (UTC), the commit ` +
      'measured ("(changed)": with uncommitted changes), and the machine (cores, Node, load average at the end of the run). ' +
      'Compare figures within one run: the machine is shared, and its load and disk vary. `BENCH_NO_RECORD=1` runs without recording.',
    '',
    MARKER,
    '',
    ...lines,
    '',
  ].join('\n');
}

/** The text as the project's prettier would write it, so `npm run lint` finds nothing to change. */
async function formatted(file: string, text: string): Promise<string> {
  const config = (await prettier.resolveConfig(join(paths.root, 'README.md'))) ?? {};
  return prettier.format(text, { ...config, filepath: file });
}

/** docs/benchmarks/README.md: one line a benchmark, what it measures, its command and its table. */
export function renderIndex(): string {
  return [
    '# Benchmarks',
    '',
    'Measured figures are dated results, not prose: each benchmark in `scripts/bench/` writes its own table here at the end of a',
    'run, one row a thing measured, dated by its run (date, commit, machine), with the baseline measured in the same run beside',
    `it, the latest ${KEEP_RUNS} runs newest first. The oldest rows may be figures the README gave before these tables, dated by the`,
    'commit that wrote them there. `BENCH_NO_RECORD=1` runs a benchmark without recording; `BENCH_RESULTS_DIR=<folder>` records elsewhere;',
    '`BENCH_SMOKE=1` (one short round of everything, figures meaningless) records only there. The tables are written by',
    '`scripts/bench/results-table.ts`, their headers and columns are in `scripts/bench/tables.ts`.',
    '',
    ...Object.values(TABLES).map((table) => `- [${table.title}](${table.bench}.md): ${table.summary}; \`${table.command}\``),
    '',
  ].join('\n');
}
