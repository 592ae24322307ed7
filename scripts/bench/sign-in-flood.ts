import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { paths } from '../../core/paths.ts';
import { fixtureDist } from '../../tests/support/server-process.ts';
import { recordRun, type Row } from './results-table.ts';
import { smoke } from './smoke.ts';
import { TABLES } from './tables.ts';

/**
 * npm run bench:sign-in: does a flood of wrong sign-ins slow the public site? The production server answers a page
 * and its stylesheet alone (the quiet baseline), then while 200 addresses send wrong sign-ins to its back office
 * without pause (in another process, so the flood's own work is not this process's). p95 of each beside the limit:
 * 2x the quiet p95, or 20 ms where that is more. BENCH_SMOKE=1: 20 addresses for a second, only to see it runs.
 */
const FLOODERS = smoke ? 20 : 200;
const SECONDS = smoke ? 1 : Number(process.env.BENCH_SECONDS ?? 10);
const PROBES = 4;
const LIMIT_FLOOR_MS = 20;
const root = process.env.BENCH_BEFORE ?? paths.root;

/** The server of `root` (this checkout, or BENCH_BEFORE's) on free ports; resolves once both ports are named. */
async function startServer(distDir: string, dataDir: string): Promise<{ child: ChildProcess; site: string; admin: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'server/main.ts')], {
    cwd: root,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DIST_DIR: distDir, TRUST_PROXY: '1', NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const until = Date.now() + 60_000;
  for (;;) {
    const ports = [...output.matchAll(/http:\/\/127\.0\.0\.1:(\d+)/g)].map((m) => `http://127.0.0.1:${m[1]}`);
    const unique = [...new Set(ports)];
    if (unique.length >= 2) return { child, site: unique[0]!, admin: unique[1]! };
    if (child.exitCode !== null || Date.now() > until) throw new Error(`the server did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Latencies of one request after another on each of PROBES connections, for `seconds`. */
async function probe(url: string, seconds: number): Promise<number[]> {
  const times: number[] = [];
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: PROBES }, async () => {
      while (performance.now() < until) {
        const started = performance.now();
        const answer = await fetch(url, { headers: { 'accept-encoding': 'br, gzip' } });
        await answer.arrayBuffer();
        if (!answer.ok) throw new Error(`${url}: ${answer.status}`);
        times.push(performance.now() - started);
      }
    }),
  );
  return times;
}

const p95 = (times: number[]) => [...times].sort((a, b) => a - b)[Math.floor(times.length * 0.95)] ?? NaN;

/** The flood in a child process: FLOODERS loops of wrong sign-ins, each from its own address, until it is told to stop. */
function flood(admin: string): { stop: () => Promise<Record<string, number>> } {
  const script = `
    const statuses = {};
    let on = true;
    process.on('message', () => { on = false; });
    const one = async (i) => {
      const address = '198.18.' + (i >> 8) + '.' + (i & 255);
      while (on) {
        try {
          const answer = await fetch(${JSON.stringify(`${admin}/api/sign-in`)}, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin', 'x-staff-request': '1', 'x-forwarded-for': address },
            body: JSON.stringify({ email: 'iemand' + i + '@example.nl', password: 'een verkeerd wachtwoord ' + i, code: '123456' }),
          });
          await answer.arrayBuffer();
          statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
        } catch { statuses.error = (statuses.error ?? 0) + 1; }
      }
    };
    Promise.all(Array.from({ length: ${FLOODERS} }, (_, i) => one(i))).then(() => { process.send(statuses, () => process.exit(0)); });
  `;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return {
    stop: () =>
      new Promise((resolve) => {
        child.once('message', (statuses) => resolve(statuses as Record<string, number>));
        child.send('stop');
      }),
  };
}

const distDir = existsSync(join(paths.dist, 'index.html')) ? paths.dist : fixtureDist();
const stylesheet = readdirSync(join(distDir, 'assets')).find((name) => name.endsWith('.css'));
const requests = { page: '/', stylesheet: stylesheet ? `/assets/${stylesheet}` : '/assets/index-abc123.js' };
const dataDir = mkdtempSync(join(tmpdir(), 'bench-sign-in-'));
const server = await startServer(distDir, dataDir);
try {
  // warm: the page's compressed body is made on its first request
  await probe(`${server.site}${requests.page}`, 0.5);
  const quiet = { page: await probe(`${server.site}${requests.page}`, SECONDS), stylesheet: await probe(`${server.site}${requests.stylesheet}`, SECONDS) };
  const flooding = flood(server.admin);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const loud = { page: await probe(`${server.site}${requests.page}`, SECONDS), stylesheet: await probe(`${server.site}${requests.stylesheet}`, SECONDS) };
  const statuses = await flooding.stop();
  const answered = Object.entries(statuses)
    .map(([status, count]) => `${count} x ${status}`)
    .join(', ');
  const rows: Row[] = (['page', 'stylesheet'] as const).map((request) => {
    const limit = Math.max(2 * p95(quiet[request]), LIMIT_FLOOR_MS);
    const ratio = p95(loud[request]) / limit;
    return {
      request: `${request} (${requests[request]})`,
      'quiet p95': `${p95(quiet[request]).toFixed(1)} ms`,
      'flood p95': `${p95(loud[request]).toFixed(1)} ms`,
      limit: `${limit.toFixed(1)} ms`,
      'flood / limit': ratio.toFixed(2),
      'slowest in flood': `${Math.max(...loud[request]).toFixed(0)} ms`,
      'sign-ins answered': answered,
      note: `${FLOODERS} addresses, ${SECONDS} s each${process.env.BENCH_BEFORE ? `, server of ${process.env.BENCH_BEFORE}` : ''}${ratio <= 1 ? '' : ', OVER THE LIMIT'}`,
    };
  });
  console.table(rows);
  await recordRun(TABLES['sign-in-flood'], rows);
} finally {
  server.child.kill('SIGTERM');
  await new Promise((resolve) => server.child.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
