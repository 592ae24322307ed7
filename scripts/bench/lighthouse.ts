import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { paths } from '../../core/paths.ts';
import { CHROMIUM_PATH, serveBuild, type BuildServer } from '../test-support/browser.ts';
import { runLighthouse } from '../test-support/lighthouse.ts';
import { createCompressor } from '../build/precompress.ts';
import { TABLES } from './tables.ts';
import { recordRun, type Row } from './results-table.ts';
import { smoke } from './smoke.ts';

/**
 * Lighthouse (mobile: simulated Slow 4G and 4x CPU) on two builds of the site, each served by the production server:
 *   here:  the production build (prerendered HTML and its scripts)
 *   limit: the same HTML without a single script: what the markup alone can reach
 * Per route, what the scripts cost is the difference: TBT over the limit's, LCP as a ratio of the limit's, and
 * the score's difference. And, once per round, the machine's floor: a page of one heading and one paragraph (no CSS, no script) on the
 * same server. What that page scores is what this machine and Lighthouse allow any page; goals below it are
 * not the site's to reach.
 * Several runs per page, the variants interleaved within each round so machine drift hits all alike; medians reported.
 * A failed run (NO_FCP, NO_LCP, ...) is counted, never fatal. Exits 0: it is a benchmark, not a test.
 * Usage: npm run bench:lighthouse [-- runs]   (default 5)
 * BENCH_SMOKE=1: one run of the home page, on the existing build (SITE_OUT) if there is one; the floor is built and
 * served but not measured, as its run is the same code as the variants'.
 */

const VARIANTS = ['here', 'limit'] as const;
type Variant = (typeof VARIANTS)[number];
const PORTS: Record<Variant, number> = { here: 4396, limit: 4397 };
const FLOOR_PORT = 4399;
const ROUTES = smoke ? ['/'] : ['/', '/demo', '/portfolio', '/contact', '/webdesign-amersfoort'];
/**
 * A landing page forwards to / after 1.5 s by script, so Lighthouse would measure the home page (or lose the
 * landing page's paint: NO_FCP) where the limit, without script, stays. With ?preview it stays in every variant
 * and shows one more line (its notice); the page's paint is what is compared.
 */
const QUERY: Record<string, string> = { '/webdesign-amersfoort': '?preview' };
/** What the scripts may cost over the limit (the same HTML without script), and the CLS any page must keep. */
const GOALS = { lcpToLimit: 1.1, tbtOverLimitMs: 25, perfBelowLimit: 1, cls: 0.01 };

const runs = Number(process.argv[2] ?? (smoke ? 1 : 5));
if (!Number.isInteger(runs) || runs < 1) {
  console.error(`usage: npm run bench:lighthouse [-- runs]; "${process.argv[2]}" is not a positive whole number`);
  process.exit(2);
}

interface Sample {
  variant: Variant | 'floor';
  route: string;
  round: number;
  /** 0-100; null when Lighthouse could not score the run */
  perf: number | null;
  fcp: number | null;
  lcp: number | null;
  tbt: number | null;
  cls: number | null;
  /** runtimeError.code, a metric audit's error code, or NO_REPORT when no JSON was written */
  error: string | null;
  /** the page shown when Lighthouse stopped, if not the route (the landing pages move on to / with script) */
  endedOn?: string;
}

interface Summary {
  variant: Variant;
  route: string;
  perf: number | null;
  fcp: number | null;
  lcp: number | null;
  tbt: number | null;
  cls: number | null;
  errors: Record<string, number>;
  /** runs without error that ended on another path than the route (the landing page's redirect) */
  endedElsewhere: number;
  lcpToLimit?: number | null;
  /** here's TBT minus the limit's: the main-thread time the scripts block */
  tbtOverLimit?: number | null;
  /** here's score minus the limit's */
  perfToLimit?: number | null;
}

interface Lhr {
  finalDisplayedUrl?: string;
  runtimeError?: { code: string; message: string };
  categories: { performance?: { score: number | null } };
  audits: Record<string, { numericValue?: number; scoreDisplayMode?: string; errorMessage?: string }>;
}

const METRICS = {
  fcp: 'first-contentful-paint',
  lcp: 'largest-contentful-paint',
  tbt: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
} as const;

function median(values: (number | null)[]): number | null {
  const xs = values.filter((v): v is number => v !== null).sort((a, b) => a - b);
  if (xs.length === 0) return null;
  const mid = Math.floor(xs.length / 2);
  return xs.length % 2 ? xs[mid]! : (xs[mid - 1]! + xs[mid]!) / 2;
}

const ratio = (a: number | null | undefined, b: number | null | undefined) => (a == null || b == null || b === 0 ? null : a / b);
const difference = (a: number | null | undefined, b: number | null | undefined) => (a == null || b == null ? null : a - b);

/** Deletes a page's brotli and gzip copies, so the server sends the page as it is now. */
function dropPacked(file: string): void {
  for (const packed of [`${file}.br`, `${file}.gz`]) if (existsSync(packed)) unlinkSync(packed);
}

function htmlFilesIn(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.html'))
    .map((e) => join(e.parentPath, e.name));
}

// --- the builds -------------------------------------------------------------------------------------------------

function buildHere(dir: string): void {
  if (smoke && existsSync(join(paths.dist, 'index.html'))) {
    cpSync(paths.dist, dir, { recursive: true, dereference: true });
    return;
  }
  execFileSync('npx', ['tsx', 'scripts/build/build.ts'], { cwd: paths.root, env: { ...process.env, SITE_OUT: dir, BUILD_QUIET: '1' }, stdio: 'inherit' });
}

const SCRIPT_ELEMENT = /<script\b[^>]*>[\s\S]*?<\/script\s*>/gi;
const MODULEPRELOAD = /<link\b[^>]*\brel\s*=\s*["']?modulepreload\b[^>]*>/gi;

/** `here` without any script element or modulepreload; its precompressed pages deleted, so the stripped ones are served. */
async function buildLimit(here: string, dir: string): Promise<void> {
  cpSync(here, dir, { recursive: true });
  // compressed again like the real build's pages: served raw, the limit would pay for bytes the site does not send
  const compressor = createCompressor();
  for (const file of htmlFilesIn(dir)) {
    const html = readFileSync(file, 'utf8').replace(SCRIPT_ELEMENT, '').replace(MODULEPRELOAD, '');
    if (/<script\b|modulepreload/i.test(html)) throw new Error(`${file}: a script or modulepreload survived the stripping`);
    writeFileSync(file, html);
    dropPacked(file);
    compressor.add(file);
  }
  await compressor.finish();
}

/** The floor: the limit's server files with its home page replaced by the least a page can be. */
function buildFloor(limit: string, dir: string): void {
  cpSync(limit, dir, { recursive: true });
  const home = join(dir, 'index.html');
  // no site's words: the floor measures the machine, not the content
  writeFileSync(
    home,
    '<!doctype html><html lang="nl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
      '<title>Vloer</title></head><body><h1>Een kop</h1><p>Een alinea tekst.</p></body></html>',
  );
  dropPacked(home);
}

// --- one Lighthouse run -----------------------------------------------------------------------------------------------

/** A metric audit that failed carries the code at the end of its message: "... (NO_LCP)". */
function auditError(lhr: Lhr): string | null {
  for (const id of Object.values(METRICS)) {
    const audit = lhr.audits[id];
    if (audit?.scoreDisplayMode === 'error') return /\(([A-Z_]+)\)\s*$/.exec(audit.errorMessage ?? '')?.[1] ?? `AUDIT_ERROR:${id}`;
  }
  return null;
}

async function measure(variant: Variant | 'floor', url: string, route: string, round: number, report: string): Promise<Sample> {
  rmSync(report, { force: true });
  const { stderr } = await runLighthouse(`${url}${route}${QUERY[route] ?? ''}`, report, ['performance']);
  const empty = { variant, route, round, perf: null, fcp: null, lcp: null, tbt: null, cls: null };
  if (!existsSync(report)) {
    const why = stderr.trim().split('\n').at(-1) ?? '';
    console.error(`  ${variant} ${route}: no report${why ? `: ${why}` : ''}`);
    return { ...empty, error: 'NO_REPORT' };
  }
  const lhr = JSON.parse(readFileSync(report, 'utf8')) as Lhr;
  rmSync(report, { force: true });
  const value = (id: string) => lhr.audits[id]?.numericValue ?? null;
  const score = lhr.categories.performance?.score;
  // a path on the same server, or the whole URL (chrome-error://chromewebdata/ when the server did not answer)
  const shown = lhr.finalDisplayedUrl?.startsWith(`${url}/`) ? lhr.finalDisplayedUrl.slice(url.length) : (lhr.finalDisplayedUrl ?? route);
  return {
    ...empty,
    perf: score == null ? null : score * 100,
    fcp: value(METRICS.fcp),
    lcp: value(METRICS.lcp),
    tbt: value(METRICS.tbt),
    cls: value(METRICS.cls),
    error: lhr.runtimeError?.code ?? auditError(lhr) ?? (score == null ? 'NO_SCORE' : null),
    ...(shown === `${route}${QUERY[route] ?? ''}` ? {} : { endedOn: shown }),
  };
}

// --- report -----------------------------------------------------------------------------------------------------------

function summarize(samples: Sample[]): Summary[] {
  const out: Summary[] = [];
  for (const route of ROUTES) {
    const byVariant = new Map<Variant, Summary>();
    for (const variant of VARIANTS) {
      const mine = samples.filter((s) => s.variant === variant && s.route === route);
      const errors: Record<string, number> = {};
      for (const s of mine) if (s.error) errors[s.error] = (errors[s.error] ?? 0) + 1;
      const m = (k: keyof typeof METRICS | 'perf') => median(mine.map((s) => s[k]));
      const endedElsewhere = mine.filter((s) => s.endedOn && !s.error).length;
      byVariant.set(variant, { variant, route, perf: m('perf'), fcp: m('fcp'), lcp: m('lcp'), tbt: m('tbt'), cls: m('cls'), errors, endedElsewhere });
    }
    const here = byVariant.get('here')!;
    const limit = byVariant.get('limit')!;
    here.lcpToLimit = ratio(here.lcp, limit.lcp);
    here.tbtOverLimit = difference(here.tbt, limit.tbt);
    here.perfToLimit = difference(here.perf, limit.perf);
    out.push(...byVariant.values());
  }
  return out;
}

const num = (v: number | null | undefined, digits = 0) => (v == null ? '-' : v.toFixed(digits));
const errorText = (errors: Record<string, number>) =>
  Object.entries(errors)
    .map(([code, n]) => `${n} ${code}`)
    .join(', ') || '0';

function printTable(summaries: Summary[]): void {
  const header = ['route', 'variant', 'perf', 'FCP ms', 'LCP ms', 'TBT ms', 'CLS', 'TBT over limit', 'LCP/limit', 'perf-limit', 'errors'];
  const signed = (v: number | null | undefined) => (v == null ? '-' : `${v > 0 ? '+' : ''}${v.toFixed(0)}`);
  const rows = summaries.map((s) => [
    s.route,
    s.variant,
    num(s.perf),
    num(s.fcp),
    num(s.lcp),
    num(s.tbt),
    num(s.cls, 3),
    s.variant === 'here' ? signed(s.tbtOverLimit) : '',
    s.variant === 'here' ? num(s.lcpToLimit, 2) : '',
    s.variant === 'here' ? signed(s.perfToLimit) : '',
    errorText(s.errors),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i < 2 || i === cells.length - 1 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(
    `\n${line(header)}   (median of ${runs}; goals: TBT <= +${GOALS.tbtOverLimitMs} ms, LCP <= ${GOALS.lcpToLimit.toFixed(2)}x, perf >= -${GOALS.perfBelowLimit})`,
  );
  summaries.forEach((s, i) => {
    if (i > 0 && s.variant === VARIANTS[0]) console.log('');
    console.log(line(rows[i]!).trimEnd());
  });
  const moved = summaries.filter((s) => s.endedElsewhere > 0);
  if (moved.length) {
    console.log(`\nended on another page (a redirect by script): ${moved.map((s) => `${s.variant} ${s.route} ${s.endedElsewhere}/${runs}`).join(', ')}`);
  }
}

interface Goal {
  goal: string;
  pass: boolean;
  detail: string;
}

function goals(summaries: Summary[], samples: Sample[]): Goal[] {
  const here = summaries.filter((s) => s.variant === 'here');
  /** Every route's median against the goal; a route without a value (all its runs failed) misses it too. */
  const check = (goal: string, value: (s: Summary) => number | null | undefined, ok: (v: number) => boolean): Goal => {
    const failed = here.flatMap((s) => {
      const v = value(s);
      return v == null ? [`${s.route} (no data)`] : ok(v) ? [] : [s.route];
    });
    return { goal, pass: failed.length === 0, detail: failed.length ? `misses on ${failed.join(', ')}` : 'every route' };
  };
  const noPaint = samples.filter((s) => s.variant === 'here' && (s.error === 'NO_FCP' || s.error === 'NO_LCP'));
  return [
    check(
      `LCP <= ${GOALS.lcpToLimit.toFixed(2)}x limit`,
      (s) => s.lcpToLimit,
      (v) => v <= GOALS.lcpToLimit,
    ),
    check(
      `TBT <= limit + ${GOALS.tbtOverLimitMs} ms`,
      (s) => s.tbtOverLimit,
      (v) => v <= GOALS.tbtOverLimitMs,
    ),
    check(
      `CLS <= ${GOALS.cls}`,
      (s) => s.cls,
      (v) => v <= GOALS.cls,
    ),
    check(
      `perf >= limit - ${GOALS.perfBelowLimit}`,
      (s) => s.perfToLimit,
      (v) => v >= -GOALS.perfBelowLimit,
    ),
    {
      goal: 'no NO_FCP/NO_LCP',
      pass: noPaint.length === 0,
      detail: noPaint.length ? noPaint.map((s) => `${s.error} on ${s.route} (run ${s.round + 1})`).join(', ') : `in ${runs * ROUTES.length} runs`,
    },
  ];
}

// --- results table ---------------------------------------------------------------------------------------------------

/** One row a route: the production build's medians beside the limit's (the same HTML without script), and the floor's. */
function resultRows(summaries: Summary[], floor: Sample[], checks: Goal[]): Row[] {
  const signed = (v: number | null | undefined, unit = '') => (v == null ? '-' : `${v > 0 ? '+' : ''}${v.toFixed(0)}${unit}`);
  const pair = (a: number | null, b: number | null, unit: string) => `${num(a)} / ${num(b)}${unit}`;
  const rows = summaries
    .filter((s) => s.variant === 'here')
    .map((here) => {
      const limit = summaries.find((s) => s.variant === 'limit' && s.route === here.route)!;
      return {
        route: here.route,
        'score: here / limit': pair(here.perf, limit.perf, ''),
        'LCP: here / limit': pair(here.lcp, limit.lcp, ' ms'),
        'LCP / limit': here.lcpToLimit == null ? '-' : `${here.lcpToLimit.toFixed(2)}x`,
        'TBT: here / limit': pair(here.tbt, limit.tbt, ' ms'),
        'TBT over limit': signed(here.tbtOverLimit, ' ms'),
        CLS: num(here.cls, 3),
        'failed runs': errorText({ ...here.errors, ...Object.fromEntries(Object.entries(limit.errors).map(([code, n]) => [`${code} (limit)`, n])) }),
        note: `median of ${runs}; goals met: ${checks.filter((g) => g.pass).length} of ${checks.length}`,
      };
    });
  const floorMedian = (k: 'perf' | 'lcp' | 'tbt') => num(median(floor.map((x) => x[k])));
  const floorRow = { route: 'floor (a heading and a paragraph)', 'score: here / limit': floorMedian('perf'), 'LCP: here / limit': `${floorMedian('lcp')} ms` };
  return [...rows, { ...floorRow, 'TBT: here / limit': `${floorMedian('tbt')} ms`, note: `the machine's floor, median of ${runs}` }];
}

// --- main -------------------------------------------------------------------------------------------------------------

const work = mkdtempSync(join(tmpdir(), 'lh-bench-'));
const dirs = Object.fromEntries(VARIANTS.map((v) => [v, join(work, v)])) as Record<Variant, string>;
const resultsFile = join(work, 'lighthouse-results.json');
const floorDir = join(work, 'floor');
const servers: Partial<Record<Variant | 'floor', BuildServer>> = {};
let restarts = 0;

/** The variant's server, started again if it has ended since the last run (its log says why). */
async function serverFor(variant: Variant | 'floor'): Promise<BuildServer> {
  const running = servers[variant];
  if (running && !running.ended()) return running;
  if (running) {
    restarts++;
    console.error(`  the ${variant} server ended (${running.ended()}), see ${join(work, `server-${variant}.log`)}; starting it again`);
  }
  const server = await serveBuild(variant === 'floor' ? FLOOR_PORT : PORTS[variant], {
    distDir: variant === 'floor' ? floorDir : dirs[variant],
    logFile: join(work, `server-${variant}.log`),
  });
  servers[variant] = server;
  return server;
}

try {
  console.log(`building the variants in ${work}`);
  buildHere(dirs.here);
  await buildLimit(dirs.here, dirs.limit);
  buildFloor(dirs.limit, floorDir);

  for (const variant of [...VARIANTS, 'floor'] as const) await serverFor(variant);

  const samples: Sample[] = [];
  const floor: Sample[] = [];
  const total = runs * ROUTES.length * VARIANTS.length;
  const report = join(work, 'report.json');
  for (let round = 0; round < runs; round++) {
    if (!smoke) {
      const f = await measure('floor', (await serverFor('floor')).url, '/', round, report);
      floor.push(f);
      console.log(
        `[floor ${round + 1}/${runs}] perf ${num(f.perf).padStart(3)}  LCP ${num(f.lcp).padStart(5)} ms  TBT ${num(f.tbt).padStart(4)} ms${f.error ? `  ${f.error}` : ''}`,
      );
    }
    for (const [r, route] of ROUTES.entries()) {
      // a different variant goes first each time: none always gets the cold (or warm) slot
      for (let k = 0; k < VARIANTS.length; k++) {
        const variant = VARIANTS[(round + r + k) % VARIANTS.length]!;
        let s = await measure(variant, (await serverFor(variant)).url, route, round, report);
        // a server that ended during the run (something else stopped it) says nothing about the page: once more
        if (servers[variant]?.ended()) s = await measure(variant, (await serverFor(variant)).url, route, round, report);
        samples.push(s);
        console.log(
          `[${String(samples.length).padStart(String(total).length)}/${total}] ${variant.padEnd(5)} ${route.padEnd(22)} ` +
            `perf ${num(s.perf).padStart(3)}  LCP ${num(s.lcp).padStart(5)} ms  TBT ${num(s.tbt).padStart(4)} ms${s.error ? `  ${s.error}` : ''}${s.endedOn ? `  (ended on ${s.endedOn})` : ''}`,
        );
      }
    }
  }

  const summaries = summarize(samples);
  const checks = goals(summaries, samples);
  printTable(summaries);
  const floorMedian = (k: 'perf' | 'lcp' | 'tbt') => num(median(floor.map((x) => x[k])));
  console.log(
    `\nthe machine's floor (one heading and one paragraph, no CSS, no script; median of ${runs}): ` +
      `perf ${floorMedian('perf')}, LCP ${floorMedian('lcp')} ms, TBT ${floorMedian('tbt')} ms (runs: ${floor.map((x) => num(x.tbt)).join(', ')} ms)`,
  );
  console.log('\ngoals for "here":');
  for (const g of checks) console.log(`  ${g.pass ? 'PASS' : 'FAIL'}  ${g.goal.padEnd(20)} ${g.detail}`);

  const result = {
    date: new Date().toISOString(),
    runs,
    routes: ROUTES,
    variants: VARIANTS,
    chrome: CHROMIUM_PATH,
    serverRestarts: restarts,
    goals: checks,
    summaries,
    samples,
    floor,
  };
  writeFileSync(resultsFile, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`\nfull results: ${resultsFile}`);
  await recordRun(TABLES.lighthouse, resultRows(summaries, floor, checks));
  const passed = checks.filter((g) => g.pass).length;
  const errors = samples.filter((s) => s.error).length;
  console.log(
    `lighthouse: ${runs} run(s) x ${ROUTES.length} routes x ${VARIANTS.length} variants; ${errors} failed run(s), ${restarts} server restart(s); goals for "here": ${passed}/${checks.length} PASS`,
  );
} catch (error) {
  console.error(`lighthouse bench stopped: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  for (const server of Object.values(servers)) server.stop();
  // the builds go, the results stay
  for (const dir of [...Object.values(dirs), floorDir, `${dirs.here}-ssr`]) rmSync(dir, { recursive: true, force: true });
}
