import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync, rmSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { performance } from 'node:perf_hooks';
import { paths } from '../../core/paths.ts';
import { makeBigSite } from './big-site.ts';
import { smoke } from './smoke.ts';

/**
 * Full build (client + server + prerender) time of the real config and of 1,000 and 2,000 landing pages
 * (`-- 10000` adds 10,000), and the browser's JavaScript of each: the landing matrix must not change it.
 * BENCH_SMOKE=1: the real config only.
 */
function countHtml(dir: string): number {
  return readdirSync(dir).reduce((n, name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return n + countHtml(p);
    return n + (name.endsWith('.html') ? 1 : 0);
  }, 0);
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

let reference: Map<string, number> | undefined;

function timeBuild(label: string, siteRoot: string, out: string) {
  const started = performance.now();
  execFileSync(process.execPath, ['--import', 'tsx', join(paths.root, 'scripts/build.ts')], {
    cwd: paths.root,
    env: { ...process.env, SITE_ROOT: siteRoot, SITE_OUT: out, BUILD_QUIET: '1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const seconds = (performance.now() - started) / 1000;
  const js = scripts(out);
  reference ??= js;
  const differ = [...js].filter(([name, bytes]) => reference!.get(name) !== bytes).map(([name]) => name);
  const runtime = ((js.get('hydrate') ?? 0) / 1024).toFixed(1);
  console.log(
    `${label.padEnd(28)} ${String(countHtml(out)).padStart(6)} HTML files  ${seconds.toFixed(2).padStart(6)} s   islands runtime ${runtime} kB gzip; ` +
      (differ.length ? `scripts that differ from the real config's: ${differ.join(', ')}` : 'every script byte-identical to the real config'),
  );
  rmSync(out, { recursive: true, force: true });
  rmSync(`${out}-ssr`, { recursive: true, force: true });
}

timeBuild('real config', paths.root, join(tmpdir(), 'bench-build-real'));
for (const cities of smoke ? [] : [125, 250, ...(process.argv.includes('10000') ? [1250] : [])]) {
  const big = makeBigSite(cities);
  try {
    timeBuild(`${cities} cities x 8 services`, big.root, join(tmpdir(), `bench-build-${cities}`));
  } finally {
    big.cleanup();
  }
}
