import { execFileSync } from 'node:child_process';
import { readdirSync, statSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { performance } from 'node:perf_hooks';
import { paths } from '../lib/paths.ts';
import { makeBigSite } from './big-site.ts';

/** Full build (client + server + prerender) time of the real config and of the 1,000-landing-page config. */
function countHtml(dir: string): number {
  return readdirSync(dir).reduce((n, name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return n + countHtml(p);
    return n + (name.endsWith('.html') ? 1 : 0);
  }, 0);
}

function timeBuild(label: string, siteRoot: string, out: string) {
  const started = performance.now();
  execFileSync(process.execPath, ['--import', 'tsx', join(paths.root, 'scripts/build.ts')], {
    cwd: paths.root,
    env: { ...process.env, SITE_ROOT: siteRoot, SITE_OUT: out, BUILD_QUIET: '1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const seconds = (performance.now() - started) / 1000;
  console.log(`${label.padEnd(28)} ${String(countHtml(out)).padStart(5)} HTML files  ${seconds.toFixed(2)} s`);
  rmSync(out, { recursive: true, force: true });
  rmSync(`${out}-ssr`, { recursive: true, force: true });
}

timeBuild('real config', paths.root, join(tmpdir(), 'bench-build-real'));
const big = makeBigSite(125);
try {
  timeBuild('125 cities x 8 services', big.root, join(tmpdir(), 'bench-build-big'));
} finally {
  big.cleanup();
}
