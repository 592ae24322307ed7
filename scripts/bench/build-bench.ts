import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { performance } from 'node:perf_hooks';
import { paths } from '../../core/paths.ts';
import { makeBigSite } from './big-site.ts';
import { smoke } from './smoke.ts';

/**
 * Full build (client + server + prerender) of the real config and of 1,000 and 2,000 landing pages (`-- 10000`
 * adds 10,000, `-- 100000` adds 100,000): its pages per second and peak memory, each beside the same build with the
 * render workers off (BUILD_WORKERS=0, the build's thread renders every page) in the same run; and the browser's
 * JavaScript of each: the landing matrix must not change it. BENCH_SMOKE=1: the real config only.
 */

interface Stats {
  routes: number;
  workers: number;
  wallMs: number;
  phases: Record<string, number>;
  maxRssMB: number;
  bundlesMaxRssMB: number;
}

interface Measured {
  seconds: number;
  stats: Stats;
  /** the most memory the build's processes (it, its bundling process, esbuild) held at once, sampled every 50 ms */
  treePeakMB: number;
  scripts: Map<string, number>;
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

/** Resident memory (MB) of a process and all its descendants, from /proc. */
function treeRssMB(root: number): number {
  const children = new Map<number, number[]>();
  const rss = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ppid = Number(fields[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(name)]);
      rss.set(Number(name), Number(fields[21]) * 4096);
    } catch {
      // the process ended meanwhile
    }
  }
  let bytes = 0;
  for (const stack = [root]; stack.length > 0;) {
    const pid = stack.pop()!;
    bytes += rss.get(pid) ?? 0;
    stack.push(...(children.get(pid) ?? []));
  }
  return bytes / 1048576;
}

function build(siteRoot: string, out: string, workers?: number): Promise<Measured> {
  const statsFile = join(tmpdir(), `bench-build-stats-${process.pid}.json`);
  const env: NodeJS.ProcessEnv = { ...process.env, SITE_ROOT: siteRoot, SITE_OUT: out, BUILD_QUIET: '1', BUILD_STATS: statsFile };
  if (workers !== undefined) env.BUILD_WORKERS = String(workers);
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', join(paths.root, 'scripts/build.ts')], {
    cwd: paths.root,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let treePeakMB = 0;
  const sampler = setInterval(() => (treePeakMB = Math.max(treePeakMB, treeRssMB(child.pid ?? 0))), 50);
  return new Promise((resolve, reject) => {
    child.on('exit', (code) => {
      clearInterval(sampler);
      const seconds = (performance.now() - started) / 1000;
      if (code !== 0) return reject(new Error(`the build of ${siteRoot} failed (exit code ${code})`));
      const stats = JSON.parse(readFileSync(statsFile, 'utf8')) as Stats;
      rmSync(statsFile, { force: true });
      resolve({ seconds, stats, treePeakMB: Math.round(treePeakMB), scripts: scripts(out) });
    });
  });
}

let reference: Map<string, number> | undefined;

const rate = (m: Measured) => Math.round(m.stats.routes / m.seconds);
const figures = (m: Measured) =>
  `${m.seconds.toFixed(2).padStart(6)} s ${String(rate(m)).padStart(5)} pages/s, peak ${m.treePeakMB} MB (largest process ${Math.max(m.stats.maxRssMB, m.stats.bundlesMaxRssMB)} MB)`;

async function timeBuild(label: string, siteRoot: string, out: string, withBaseline: boolean): Promise<void> {
  try {
    const now = await build(siteRoot, out);
    const js = now.scripts;
    reference ??= js;
    const differ = [...js].filter(([name, bytes]) => reference!.get(name) !== bytes).map(([name]) => name);
    const runtime = ((js.get('hydrate') ?? 0) / 1024).toFixed(1);
    // the previous figure, from the same machine in the same minutes: the build's own thread renders every page
    const before = withBaseline ? await build(siteRoot, `${out}-workers-off`, 0) : undefined;
    console.log(`${label.padEnd(28)} ${String(now.stats.routes).padStart(6)} HTML files (load ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores)`);
    console.log(`  ${now.stats.workers} render workers: ${figures(now)}`);
    if (before) console.log(`  workers off:      ${figures(before)}   -> ${(before.seconds / now.seconds).toFixed(2)}x`);
    const phases = Object.entries(now.stats.phases).map(([name, ms]) => `${name} ${(ms / 1000).toFixed(2)} s`);
    console.log(`  where the time went: ${phases.join('; ')}`);
    console.log(
      `  islands runtime ${runtime} kB gzip; ` +
        (differ.length ? `scripts that differ from the real config's: ${differ.join(', ')}` : 'every script byte-identical to the real config'),
    );
  } finally {
    for (const dir of [out, `${out}-ssr`, `${out}-workers-off`, `${out}-workers-off-ssr`]) rmSync(dir, { recursive: true, force: true });
  }
}

await timeBuild('real config', paths.root, join(tmpdir(), 'bench-build-real'), !smoke);
const sizes = [125, 250, ...(process.argv.includes('10000') ? [1250] : []), ...(process.argv.includes('100000') ? [12500] : [])];
for (const cities of smoke ? [] : sizes) {
  const big = makeBigSite(cities);
  try {
    // 100,000 pages: only the workers' build (the point is that it fits in memory; workers off would take minutes)
    await timeBuild(`${cities} cities x 8 services`, big.root, join(tmpdir(), `bench-build-${cities}`), cities < 12500);
  } finally {
    big.cleanup();
  }
}
