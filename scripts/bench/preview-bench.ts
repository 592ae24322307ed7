import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { paths } from '../../core/paths.ts';
import { previewRenderer } from '../../studio-host/preview-renderer.ts';
import { buildSite } from '../test-support/build-site.ts';
import { copySite, percentile, roundsArgument, startDevServer } from '../test-support/dev-server.ts';
import { makeBigContentSite } from './big-site.ts';
import { recordRun, type Row } from './results-table.ts';
import { smoke } from './smoke.ts';
import { TABLES } from './tables.ts';

/**
 * The studio's preview without Vite (studio-host/preview-renderer.ts): a heading written to a page's file
 * until the preview's HTML of that page has it, on the agency site (49 pages) and on 10,000 pages of the content
 * landing fixture. Beside it, in the same run, the dev server's answer for the same page after the same kind of edit
 * (the preview the studio has in `npm run dev`). Median and p95 of each, beside the goal. Exits 0: a benchmark.
 * Usage: npm run bench:preview [-- rounds]   (default 20; with BENCH_SMOKE=1 two rounds on the agency site only)
 */

const GOAL_MS = 50;
/** a round that has not shown its edit by then stops the benchmark */
const ROUND_LIMIT_MS = 15_000;
const PORT = Number(process.env.BENCH_PREVIEW_PORT ?? 4396);
const rounds = roundsArgument('bench:preview', smoke ? 2 : 20);

interface Case {
  name: string;
  make: () => { root: string; cleanup: () => void };
  file: string;
  route: string;
  heading: string;
}

const cases: Case[] = [
  {
    name: 'agency site (49 pages)',
    make: () => {
      const root = copySite('bench-preview-');
      return { root, cleanup: () => rmSync(root, { recursive: true, force: true }) };
    },
    file: 'content/pages/marketing.json',
    route: '/marketing',
    heading: 'Online marketing die meetbaar meer klanten oplevert',
  },
  {
    name: 'content landing, 10,000 pages',
    make: () => makeBigContentSite(2500),
    file: 'content/pages/home.json',
    route: '/',
    heading: 'A website you will be proud to show your customers',
  },
];

/** A build of the site into a folder of its own (what the live server would serve), timed. */
function buildOf(root: string): { out: string; seconds: number } {
  const out = mkdtempSync(join(tmpdir(), 'bench-preview-build-'));
  const started = performance.now();
  const run = buildSite({ siteRoot: root, out });
  if (run.status !== 0) throw new Error(`the build of ${root} failed:\n${run.output}`);
  return { out, seconds: (performance.now() - started) / 1000 };
}

/** Times from each write of a new heading until `shows` returns a page that has it. */
async function timeEdits(file: string, heading: string, original: string, shows: (text: string) => Promise<boolean>, label: string) {
  const times: number[] = [];
  for (let round = 1; round <= rounds; round++) {
    const text = `${label} ${round} van de meting`;
    const written = performance.now();
    writeFileSync(file, original.replace(heading, text));
    while (!(await shows(text))) {
      if (performance.now() - written > ROUND_LIMIT_MS) throw new Error(`${label}: "${text}" not shown ${ROUND_LIMIT_MS} ms after it was written`);
      await sleep(2);
    }
    times.push(performance.now() - written);
    // the dev server's watcher settles before the next edit
    await sleep(150);
  }
  writeFileSync(file, original);
  return [...times].sort((a, b) => a - b);
}

const ms = (sorted: number[]) => `${Math.round(percentile(sorted, 50))} / ${Math.round(percentile(sorted, 95))} ms`;

const rows: Row[] = [];
for (const c of smoke ? cases.slice(0, 1) : cases) {
  const site = c.make();
  const file = join(site.root, c.file);
  const original = readFileSync(file, 'utf8');
  if (!original.includes(c.heading)) throw new Error(`${c.file} has no heading "${c.heading}" to edit`);
  // the smoke run takes the build its test made of the same site (SITE_OUT)
  const shared = smoke && existsSync(join(paths.dist, '.build'));
  const built = shared ? { out: paths.dist, seconds: 0 } : buildOf(site.root);
  console.log(`${c.name}: ${shared ? 'the shared build' : `built in ${built.seconds.toFixed(1)} s`}`);
  const preview = previewRenderer({ siteRoot: site.root, schemaDir: paths.schemas, build: built.out });
  const vite = await startDevServer(site.root, PORT, 60_000);
  try {
    // the first render of each loads the entry and the page: not measured
    if (!(await preview.render(c.route))?.includes(c.heading)) throw new Error(`the preview of ${c.route} does not show "${c.heading}"`);
    await fetch(vite.url(c.route)).then((r) => r.text());
    const previewTimes = await timeEdits(file, c.heading, original, async (text) => (await preview.render(c.route))?.includes(text) ?? false, 'Voorbeeld');
    const devTimes = await timeEdits(file, c.heading, original, async (text) => (await (await fetch(vite.url(c.route))).text()).includes(text), 'Dev');
    const median = percentile(previewTimes, 50);
    console.log(`${c.name}: preview ${ms(previewTimes)} (median / p95), dev server ${ms(devTimes)}; goal: median under ${GOAL_MS} ms`);
    rows.push({
      site: c.name,
      rounds: String(rounds),
      'preview without Vite: median / p95': ms(previewTimes),
      'dev server (baseline): median / p95': ms(devTimes),
      'dev server / preview (median)': `${(percentile(devTimes, 50) / median).toFixed(1)}x`,
      goal: `median under ${GOAL_MS} ms`,
      'median / goal': `${(median / GOAL_MS).toFixed(2)}x`,
      note: `entry loaded ${preview.loads}x; build ${built.seconds.toFixed(1)} s`,
    });
  } finally {
    await preview.close();
    await vite.stop();
    if (!shared) rmSync(built.out, { recursive: true, force: true });
    if (existsSync(site.root)) site.cleanup();
  }
}
await recordRun(TABLES['preview-bench'], rows);
