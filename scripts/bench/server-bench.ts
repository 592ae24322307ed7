import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { paths } from '../../core/paths.ts';
import { holdSqliteWriteLock } from '../../tests/support/sqlite-lock.ts';
import { TABLES } from './tables.ts';
import { recordRun, type Row } from './results-table.ts';
import { smoke } from './smoke.ts';

/**
 * npm run bench:server: requests per second and p99 latency for a page, a
 * hashed asset and a lead POST at 50 connections, for the production server,
 * the hand-written server it replaced (from git history) and `vite preview`.
 * And, for the production server, a page while another process holds SQLite's
 * write lock and leads wait for it (server/sqlite-lock.test.ts checks what
 * happens then; this measures how fast pages still are).
 * BENCH_SMOKE=1: 1 s and 5 connections each, only to see that it runs.
 */
const OLD_SERVER_COMMIT = 'fdfd8d5';
const CONNECTIONS = smoke ? 5 : 50;
const SECONDS = smoke ? 1 : Number(process.env.BENCH_SECONDS ?? 8);

interface Target {
  name: string;
  port: number;
  start: () => ChildProcess;
  leads: boolean;
  /** the contact page's path: vite preview finds a folder's index.html only with the slash */
  page?: string;
}

function waitForPort(port: number): Promise<void> {
  const until = Date.now() + 30_000;
  return new Promise((resolve, reject) => {
    const tryOnce = () =>
      fetch(`http://127.0.0.1:${port}/`)
        .then(() => resolve())
        .catch(() => (Date.now() > until ? reject(new Error(`nothing on port ${port}`)) : setTimeout(() => void tryOnce(), 200)));
    void tryOnce();
  });
}

async function run(url: string, options: Partial<autocannon.Options> = {}) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers: { 'accept-encoding': 'br, gzip' }, ...options });
  const bad = result.non2xx + result.errors + result.timeouts;
  return { rps: result.requests.average, p99: result.latency.p99, bad };
}

if (!existsSync(join(paths.dist, 'index.html'))) execFileSync('npm', ['run', 'build'], { cwd: paths.root, stdio: 'inherit' });
// pages load no script until an island needs one: the asset is the build's biggest script (the islands' runtime)
const scripts = readdirSync(join(paths.dist, 'assets')).filter((name) => name.endsWith('.js'));
const size = (name: string) => statSync(join(paths.dist, 'assets', name)).size;
const biggest = scripts.sort((a, b) => size(b) - size(a))[0];
if (!biggest) throw new Error(`no script in ${join(paths.dist, 'assets')}: run npm run build`);
const bundle = `/assets/${biggest}`;

// the replaced server, exactly as it was but for where it finds the build (its scripts/lib/paths.ts is core/paths.ts
// now); outside a git checkout (a source archive) there is no history to take it from, and it is left out
let oldSource: string | undefined;
try {
  oldSource = execFileSync('git', ['show', `${OLD_SERVER_COMMIT}:scripts/serve.ts`], {
    cwd: paths.root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
} catch {
  console.log(`no git history here: the old server (${OLD_SERVER_COMMIT}) is left out`);
}
const oldServer = join(paths.root, 'scripts', `.old-serve-${process.pid}.tmp.ts`);
if (oldSource) writeFileSync(oldServer, oldSource.replace("from './lib/paths.ts'", "from '../core/paths.ts'"));
const dataDir = mkdtempSync(join(tmpdir(), 'bench-server-'));
const env = { ...process.env, HOST: '127.0.0.1' };
const previewOptions = {
  configFile: false,
  appType: 'mpa',
  root: paths.root,
  build: { outDir: paths.dist },
  preview: { port: 4393, strictPort: true, host: '127.0.0.1' },
};
const previewScript = `import { preview } from 'vite'; await preview(${JSON.stringify(previewOptions)});`;

const targets: Target[] = [
  {
    name: 'server/main.ts (Hono)',
    port: 4391,
    leads: true,
    start: () =>
      spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
        cwd: paths.root,
        env: { ...env, PORT: '4391', DATA_DIR: dataDir, RATE_LIMIT_LEADS: '100000000' },
        stdio: 'ignore',
      }),
  },
  ...(oldSource
    ? [
        {
          name: 'old scripts/serve.ts',
          port: 4392,
          leads: false,
          start: () => spawn(process.execPath, ['--import', 'tsx', oldServer], { cwd: paths.root, env: { ...env, PORT: '4392' }, stdio: 'ignore' }),
        },
      ]
    : []),
  {
    name: 'vite preview',
    port: 4393,
    leads: false,
    page: '/contact/',
    // without the project's vite.config.ts: its dev plugins make the app 'custom', and preview would then serve
    // no page at all; the build is the one SITE_OUT names, if any
    start: () => spawn(process.execPath, ['--input-type=module', '-e', previewScript], { cwd: paths.root, env, stdio: 'ignore' }),
  },
];

type Result = Awaited<ReturnType<typeof run>>;
const rows: string[] = [];
/** each target's results by request: page, asset, lead */
const measured = new Map<string, Partial<Record<RequestKind, Result>>>();
const fmt = (r: { rps: number; p99: number; bad: number }) =>
  `${Math.round(r.rps).toString().padStart(7)} req/s  p99 ${String(r.p99).padStart(4)} ms${r.bad ? `  (${r.bad} not 2xx)` : ''}`;
try {
  for (const target of targets) {
    const child = target.start();
    try {
      await waitForPort(target.port);
      const base = `http://127.0.0.1:${target.port}`;
      const pageResult = await run(`${base}${target.page ?? '/contact'}`);
      const asset = await run(`${base}${bundle}`);
      let lead = 'n/a (no leads API)';
      measured.set(target.name, { page: pageResult, asset });
      let locked = '';
      if (target.leads) {
        let n = 0;
        const leads = {
          requests: [
            {
              method: 'POST' as const,
              headers: { 'content-type': 'application/json' },
              setupRequest: (req: object) => ({
                ...req,
                body: JSON.stringify({
                  submissionId: `bench-${process.pid}-${n++}`,
                  values: { name: 'Bench', email: 'bench@example.nl', phone: '', message: 'Snelheidstest' },
                }),
              }),
            },
          ],
        };
        const result = await run(`${base}/api/forms/contact`, leads);
        lead = fmt(result);
        measured.get(target.name)!.lead = result;
        // another process holds the write lock: a few leads at a time wait for it (800 ms) and are answered 503,
        // and pages are asked for meanwhile
        const holder = await holdSqliteWriteLock(join(dataDir, 'leads.sqlite'));
        try {
          const waiting = run(`${base}/api/forms/contact`, { ...leads, connections: Math.min(CONNECTIONS, 5) });
          const page = await run(`${base}${target.page ?? '/contact'}`);
          const refused = await waiting;
          measured.get(target.name)!.pageLocked = page;
          measured.get(target.name)!.leadLocked = refused;
          locked = `\n  page, the write lock held    ${fmt(page)}\n  lead POST, the lock held     ${fmt(refused)}`;
        } finally {
          await holder.release();
        }
      }
      rows.push(
        `${target.name}\n  page ${(target.page ?? '/contact').padEnd(23)} ${fmt(pageResult)}\n  asset ${bundle.slice(8, 30).padEnd(22)} ${fmt(asset)}\n  lead POST                    ${lead}${locked}`,
      );
    } finally {
      child.kill('SIGTERM');
    }
  }
} finally {
  rmSync(oldServer, { force: true });
  rmSync(dataDir, { recursive: true, force: true });
}
console.log(`${CONNECTIONS} connections, ${SECONDS} s each, Accept-Encoding: br, gzip\n`);
console.log(rows.join('\n\n'));

type RequestKind = 'page' | 'asset' | 'lead' | 'pageLocked' | 'leadLocked';
const REQUESTS: Record<RequestKind, string> = {
  page: 'a page (/contact)',
  asset: 'the biggest script (br)',
  lead: 'a lead POST, stored in SQLite',
  pageLocked: "a page, while another process holds SQLite's write lock",
  leadLocked: 'a lead POST meanwhile (5 connections): 503 after its wait',
};

/** One row a request: the production server's figures beside the old server's and vite preview's, same run. */
function resultRows(): Row[] {
  const [main, old, preview] = ['server/main.ts (Hono)', 'old scripts/serve.ts', 'vite preview'].map((name) => measured.get(name));
  const cell = (r: Result | undefined) => (r ? `${Math.round(r.rps).toLocaleString('en')} req/s, p99 ${r.p99} ms${r.bad ? ` (${r.bad} not 2xx)` : ''}` : '-');
  const times = (a: Result | undefined, b: Result | undefined) => (a && b && b.rps > 0 ? `${(a.rps / b.rps).toFixed(1)}x` : '-');
  return (Object.keys(REQUESTS) as RequestKind[]).map((request) => ({
    request: REQUESTS[request],
    'server/main.ts': cell(main?.[request]),
    'old server': cell(old?.[request]),
    'vite preview': cell(preview?.[request]),
    'req/s: main / old server': times(main?.[request], old?.[request]),
    note: `${CONNECTIONS} connections, ${SECONDS} s; old server: scripts/serve.ts at ${OLD_SERVER_COMMIT}`,
  }));
}

await recordRun(TABLES['server-bench'], resultRows());
