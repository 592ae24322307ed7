import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { performance } from 'node:perf_hooks';
import { paths } from '../../core/paths.ts';
import { makeBigContentSite, makeBigSite } from './big-site.ts';
import { buildFolder, buildsOf, markComplete, newBuildId, switchTo } from '../build/build-folders.ts';
import { TABLES } from './tables.ts';
import { recordRun, type Row } from './results-table.ts';
import { smoke } from './smoke.ts';

/**
 * Full build (client + server + prerender) of the real config and of 1,000 and 2,000 landing pages (`-- 10000`
 * adds 10,000, `-- 100000` adds 100,000): its pages per second and peak memory, each beside the same build with the
 * render workers off (BUILD_WORKERS=0, the build's thread renders every page) in the same run; and the browser's
 * JavaScript of each: the landing matrix must not change it. BENCH_SMOKE=1: the real config only.
 */

interface Measured {
  seconds: number;
  pages: number;
  /** where the build's time went, as it reports it (BUILD_STATS) */
  phases?: Record<string, number>;
  /** pages rendered, and pages taken from the previous build (BUILD_STATS) */
  rendered?: number;
  reused?: number;
  workers?: number;
  /** the most memory the build's processes (it, its bundling process, esbuild) held at once, sampled every 50 ms */
  treePeakMB: number;
  /** the most memory one of them held */
  largestMB: number;
  /** CPU time of the build and every process it waited for (user + system): steadier than the wall time on a shared machine */
  cpuSeconds: number;
  /** the system part of it: mostly creating files and folders, which on this disk costs more after many deletions */
  kernelSeconds: number;
  scripts: Map<string, number>;
}

function countHtml(dir: string): number {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.html')).length;
}

/** name (without its hash) -> gzip bytes of every script of a build */
function scripts(dir: string): Map<string, number> {
  const assets = join(dir, 'assets');
  return new Map(
    readdirSync(assets)
      .filter((f) => f.endsWith('.js'))
      .map((f) => [f.replace(/-[\w-]{8}\.js$/, ''), gzipSync(readFileSync(join(assets, f)), { level: 9 }).length]),
  );
}

/** Resident memory (MB) of a process and all its descendants, from /proc: their sum, and the largest one. */
function treeRssMB(root: number): { sum: number; largest: number } {
  const children = new Map<number, number[]>();
  const rss = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ppid = Number(fields[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(name)]);
      rss.set(Number(name), (Number(fields[21]) * 4096) / 1048576);
    } catch {
      // the process ended meanwhile
    }
  }
  const found = { sum: 0, largest: 0 };
  for (const stack = [root]; stack.length > 0;) {
    const pid = stack.pop()!;
    found.sum += rss.get(pid) ?? 0;
    found.largest = Math.max(found.largest, rss.get(pid) ?? 0);
    stack.push(...(children.get(pid) ?? []));
  }
  return found;
}

/** How a build is made: this engine with its workers (or BUILD_WORKERS), or the engine of another checkout. */
interface Engine {
  workers?: number;
  /** a checkout of an earlier commit (BENCH_BEFORE): its scripts/build/build.ts, as it was */
  root?: string;
  /** an incremental build: the previous build's folder */
  previous?: string;
  /** `npm run build` end to end, as staff run it: out is the live link, whose build it starts from */
  live?: boolean;
  /** BUILD_CACHE=0: no image widths or compressed assets kept from earlier builds, as on a machine's first build */
  cold?: boolean;
}

function build(siteRoot: string, out: string, engine: Engine = {}): Promise<Measured> {
  const statsFile = join(tmpdir(), `bench-build-stats-${process.pid}.json`);
  const env: NodeJS.ProcessEnv = { ...process.env, SITE_ROOT: siteRoot, SITE_OUT: out, BUILD_QUIET: '1', BUILD_STATS: statsFile };
  if (engine.workers !== undefined) env.BUILD_WORKERS = String(engine.workers);
  if (engine.previous) env.SITE_PREVIOUS_OUT = engine.previous;
  if (engine.cold) env.BUILD_CACHE = '0';
  const root = engine.root ?? paths.root;
  // the build script as npm run build runs it (plain JavaScript, scripts/run-bundled.mjs), where the engine has that
  const runner = existsSync(join(root, 'scripts/run-bundled.mjs')) ? [join(root, 'scripts/run-bundled.mjs')] : ['--import', 'tsx'];
  // an earlier engine (BENCH_BEFORE) may have its build script at the top of scripts/
  const script = ['scripts/build/build.ts', 'scripts/build.ts'].find((file) => existsSync(join(root, file))) ?? 'scripts/build.ts';
  const started = performance.now();
  const cpuFile = `${statsFile}.cpu`;
  const command = engine.live ? ['npm', 'run', '--silent', 'build'] : [process.execPath, ...runner, join(root, script)];
  // GNU time adds up the CPU of the build's threads and of the processes it waited for (Vite's, esbuild's)
  const child = spawn('/usr/bin/time', ['-f', '%U %S', '-o', cpuFile, ...command], { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] });
  const peak = { sum: 0, largest: 0 };
  const sampler = setInterval(() => {
    const now = treeRssMB(child.pid ?? 0);
    peak.sum = Math.max(peak.sum, now.sum);
    peak.largest = Math.max(peak.largest, now.largest);
  }, 50);
  return new Promise((resolve, reject) => {
    child.on('exit', (code) => {
      clearInterval(sampler);
      const seconds = (performance.now() - started) / 1000;
      if (code !== 0) return reject(new Error(`the build of ${siteRoot} failed (exit code ${code})`));
      // an earlier engine writes no figures of its own
      const stats = existsSync(statsFile) ? (JSON.parse(readFileSync(statsFile, 'utf8')) as Pick<Measured, 'phases' | 'workers' | 'rendered' | 'reused'>) : {};
      rmSync(statsFile, { force: true });
      const memory = { treePeakMB: Math.round(peak.sum), largestMB: Math.round(peak.largest) };
      const [user = 0, kernelSeconds = 0] = readFileSync(cpuFile, 'utf8').trim().split(/\s+/).map(Number);
      const cpuSeconds = user + kernelSeconds;
      rmSync(cpuFile, { force: true });
      const counts = stats.rendered === undefined ? {} : { rendered: stats.rendered, reused: stats.reused ?? 0 };
      resolve({
        seconds,
        pages: countHtml(out),
        phases: stats.phases,
        workers: stats.workers,
        ...counts,
        ...memory,
        cpuSeconds,
        kernelSeconds,
        scripts: scripts(out),
      });
    });
  });
}

let reference: Map<string, number> | undefined;
/** this run's rows of the results table, one a site */
const rows: Row[] = [];

const rate = (m: Measured) => Math.round(m.pages / m.seconds);
const figures = (m: Measured) =>
  `${m.seconds.toFixed(2).padStart(6)} s ${String(rate(m)).padStart(5)} pages/s, peak ${m.treePeakMB} MB (largest process ${m.largestMB} MB), CPU ${m.cpuSeconds.toFixed(1)} s (kernel ${m.kernelSeconds.toFixed(1)} s)`;
const before = process.env.BENCH_BEFORE;
const beforeLabel = before ? `engine of ${before}:` : 'workers off:';

/** The full build `out` made the live build of `<out>-live`, as `npm run build` would have left it. */
function makeLive(out: string, seconds: number): string {
  const builds = buildsOf(`${out}-live`);
  const id = newBuildId();
  mkdirSync(builds.dir, { recursive: true });
  renameSync(out, buildFolder(builds, id));
  markComplete(builds, id, seconds);
  switchTo(builds, id);
  leftovers.push(builds.live, builds.dir);
  return builds.live;
}

/**
 * One content edit (the contact page's title), then `npm run build` end to end (npm, the bundled build script, the
 * incremental build, the switch and the pruning) from the full build `out` made live: its time beside the full
 * build's, and how many pages it rendered. Only on a copy of the site: never on the project's own files.
 */
async function timeEdit(siteRoot: string, out: string, full: Measured): Promise<Row> {
  const live = makeLive(out, full.seconds);
  const file = join(siteRoot, 'content/pages/contact.json');
  const page = JSON.parse(readFileSync(file, 'utf8')) as { title: string };
  writeFileSync(file, `${JSON.stringify({ ...page, title: `${page.title} (bewerkt)` }, null, 2)}\n`);
  const edited = await build(siteRoot, live, { live: true });
  console.log(
    `  one content edit, npm run build end to end: ${edited.seconds.toFixed(2)} s (${edited.rendered ?? '?'} rendered, ${edited.reused ?? '?'} unchanged), ` +
      `peak ${edited.treePeakMB} MB; the full build beside it: ${full.seconds.toFixed(2)} s -> ${(full.seconds / edited.seconds).toFixed(1)}x`,
  );
  const phases = Object.entries(edited.phases ?? {}).map(([name, ms]) => `${name} ${(ms / 1000).toFixed(2)} s`);
  console.log(`  where the incremental build's time went: ${phases.join('; ')}`);
  const watched = smoke ? '-' : await timeWatchedEdits(siteRoot, live, file, edited.seconds);
  return {
    'one content edit, npm run build': `${edited.seconds.toFixed(2)} s: ${edited.rendered ?? '?'} page${edited.rendered === 1 ? '' : 's'} rendered`,
    'one content edit, npm run build:watch': watched,
    'peak memory: full / edit': `${full.treePeakMB} / ${edited.treePeakMB} MB`,
  };
}

/**
 * `npm run build:watch` on the same live build: five edits of the same file, each timed from the save (the file's
 * modification time) to the new build live, as the watching build reports it; beside the one `npm run build` above.
 */
async function timeWatchedEdits(siteRoot: string, live: string, file: string, npmSeconds: number): Promise<string> {
  const env = { ...process.env, SITE_ROOT: siteRoot, SITE_OUT: live, BUILD_QUIET: '1' };
  const watcher = spawn('npm', ['run', '--silent', 'build:watch'], { cwd: paths.root, env, stdio: ['ignore', 'pipe', 'inherit'], detached: true });
  const exited = new Promise((done) => watcher.once('exit', done));
  let output = '';
  watcher.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const until = async (test: () => boolean, seconds: number) => {
    for (let waited = 0; !test(); waited += 50) {
      if (waited > seconds * 1000) throw new Error(`npm run build:watch did not answer:\n${output}`);
      await new Promise((done) => setTimeout(done, 50));
    }
  };
  const times: number[] = [];
  try {
    await until(() => output.includes('watching'), 300);
    for (let n = 1; n <= 5; n++) {
      const from = output.length;
      const page = JSON.parse(readFileSync(file, 'utf8')) as { title: string };
      writeFileSync(file, `${JSON.stringify({ ...page, title: `${page.title.replace(/ \(bewerkt.*\)$/, '')} (bewerkt ${n})` }, null, 2)}\n`);
      await until(() => /live: build .* ([\d.]+) s after the save/.test(output.slice(from)), 60);
      times.push(Number(/([\d.]+) s after the save/.exec(output.slice(from))![1]));
      await new Promise((done) => setTimeout(done, 500));
    }
  } finally {
    // ended before the site is deleted: a watcher still running would take the deletion for a save
    process.kill(-watcher.pid!, 'SIGTERM');
    await exited;
  }
  const sorted = [...times].sort((a, b) => a - b);
  console.log(
    `  one content edit, npm run build:watch, save to live: median ${sorted[2]!.toFixed(2)} s (${times.map((t) => t.toFixed(2)).join(', ')}); ` +
      `npm run build beside it: ${npmSeconds.toFixed(2)} s`,
  );
  return `${sorted[2]!.toFixed(2)} s (${sorted[0]!.toFixed(2)} to ${sorted.at(-1)!.toFixed(2)})`;
}

/** The figures of a full build for the results table, beside its baseline's of the same run. */
function fullBuildRow(label: string, now: Measured, then: Measured | undefined, first: Measured | undefined, disk: string | undefined): Row {
  return {
    site: label,
    'HTML files': now.pages.toLocaleString('en'),
    'full build': `${now.seconds.toFixed(2)} s, ${rate(now).toLocaleString('en')} pages/s (CPU ${now.cpuSeconds.toFixed(1)} s)`,
    baseline: then ? `${then.seconds.toFixed(2)} s, ${rate(then).toLocaleString('en')} pages/s (CPU ${then.cpuSeconds.toFixed(1)} s)` : '-',
    'baseline / full build': then ? `${(then.seconds / now.seconds).toFixed(2)}x` : '-',
    'no build cache': first ? `${first.seconds.toFixed(2)} s` : '-',
    'peak memory: full / edit': `${now.treePeakMB} MB`,
    note: [then ? `baseline: ${before ? `engine of ${before}` : 'workers off'}` : '', disk ? `disk: ${disk}` : ''].filter(Boolean).join('; ') || '-',
  };
}

async function timeBuild(label: string, siteRoot: string, out: string, withBaseline: boolean, edit = false, cold = false): Promise<void> {
  try {
    const now = await build(siteRoot, out);
    const js = now.scripts;
    reference ??= js;
    const differ = [...js].filter(([name, bytes]) => reference!.get(name) !== bytes).map(([name]) => name);
    const runtime = ((js.get('hydrate') ?? 0) / 1024).toFixed(1);
    // the previous figure, from the same machine in the same minutes: the build's own thread renders every page,
    // or (BENCH_BEFORE=<checkout>) an earlier engine builds the same site
    const then = withBaseline ? await build(siteRoot, `${out}-before`, before ? { root: before } : { workers: 0 }) : undefined;
    console.log(`${label.padEnd(28)} ${String(now.pages).padStart(6)} HTML files (load ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores)`);
    const disk = now.pages >= 10_000 ? diskProbe(out) : undefined;
    if (disk) console.log(`  this disk now: ${disk}`);
    console.log(`  ${now.workers ?? '?'} render workers: ${figures(now)}`);
    if (then) console.log(`  ${beforeLabel.padEnd(17)} ${figures(then)}   -> ${(then.seconds / now.seconds).toFixed(2)}x`);
    const first = cold ? await build(siteRoot, `${out}-cold`, { cold: true }) : undefined;
    if (first) console.log(`  no build cache:   ${figures(first)} (BUILD_CACHE=0: image widths and compressed assets made, as in a machine's first build)`);
    const phases = Object.entries(now.phases ?? {}).map(([name, ms]) => `${name} ${(ms / 1000).toFixed(2)} s`);
    console.log(`  where the time went: ${phases.join('; ')}`);
    console.log(
      `  islands runtime ${runtime} kB gzip; ` +
        (differ.length ? `scripts that differ from the real config's: ${differ.join(', ')}` : 'every script byte-identical to the real config'),
    );
    const row = fullBuildRow(label, now, then, first, disk);
    rows.push(edit ? { ...row, ...(await timeEdit(siteRoot, out, now)) } : row);
  } finally {
    leftovers.push(out, `${out}-ssr`, `${out}-before`, `${out}-before-ssr`, `${out}-cold`, `${out}-cold-ssr`);
  }
}

/**
 * How long this disk takes right now to create 10,000 small files in a new folder (kept until the benchmark ends, as
 * the builds' are): the kernel part of a 10,000-page build. Seen on this machine: 0.9 s on a calm disk, 3 to 5 s soon
 * after many files were deleted, so a build's figure is read beside it.
 */
function diskProbe(near: string): string {
  const dir = `${near}-probe`;
  mkdirSync(dir, { recursive: true });
  leftovers.push(dir);
  const before = process.resourceUsage().systemCPUTime;
  const started = performance.now();
  for (let i = 0; i < 10_000; i++) writeFileSync(join(dir, `page-${i}.html`), '<!doctype html>');
  const kernel = (process.resourceUsage().systemCPUTime - before) / 1e6;
  return `10,000 files created in ${((performance.now() - started) / 1000).toFixed(2)} s (kernel ${kernel.toFixed(2)} s)`;
}

/**
 * The builds' folders, removed when the benchmark ends: ext4 scans past recently deleted inodes when it creates a
 * file, so a build that starts just after 30,000 files were deleted creates its own several times slower.
 */
const leftovers: string[] = [];
process.on('exit', () => {
  for (const dir of leftovers) rmSync(dir, { recursive: true, force: true });
});

await timeBuild('real config', paths.root, join(tmpdir(), 'bench-build-real'), !smoke);
const sizes = [125, 250, ...(process.argv.includes('10000') ? [1250] : []), ...(process.argv.includes('100000') ? [12500] : [])];
// the smoke run: a site of 2 cities, for the incremental edit only
for (const cities of smoke ? [2] : sizes) {
  const big = makeBigSite(cities);
  try {
    // 100,000 pages: only the workers' build (the point is that it fits in memory; workers off would take minutes)
    await timeBuild(`${cities} cities x 8 services`, big.root, join(tmpdir(), `bench-build-${cities}`), !smoke && cities < 12500, true, cities === 1250);
  } finally {
    big.cleanup();
  }
}
// the content landing variant: every landing page a page of blocks, and a hub per town (4 pages a town)
const contentSizes = [250, ...(process.argv.includes('10000') ? [2500] : [])];
for (const cities of smoke ? [] : contentSizes) {
  const big = makeBigContentSite(cities);
  try {
    await timeBuild(`${cities} towns, content pages`, big.root, join(tmpdir(), `bench-build-content-${cities}`), true, true, cities === 2500);
  } finally {
    big.cleanup();
  }
}

await recordRun(TABLES['build-bench'], rows);
