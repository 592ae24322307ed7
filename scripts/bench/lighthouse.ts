import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { paths } from '../lib/paths.ts';
import { serveBuild } from '../lib/browser.ts';

/**
 * Lighthouse (mobile emulation, simulated throttling) on the built site, several
 * runs per page, median reported because single runs vary. Run after `npm run build`.
 * Usage: npm run bench:lighthouse [-- runs]
 */
const runs = Number(process.argv[2] ?? 3);
const routes = ['/', '/marketing', '/demo', '/contact'];
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const server = await serveBuild(4392);
const out = mkdtempSync(join(tmpdir(), 'lh-'));
try {
  console.log(`${'route'.padEnd(12)} perf  a11y  best  seo   FCP ms  LCP ms  TBT ms   CLS   (median of ${runs})`);
  for (const route of routes) {
    const rows: { perf: number; a11y: number; best: number; seo: number; fcp: number; lcp: number; tbt: number; cls: number }[] = [];
    for (let i = 0; i < runs; i++) {
      const file = join(out, `r${i}.json`);
      execFileSync(
        process.execPath,
        [
          join(paths.root, 'node_modules/lighthouse/cli/index.js'),
          `${server.url}${route}`,
          '--quiet',
          '--output=json',
          `--output-path=${file}`,
          '--only-categories=performance,accessibility,best-practices,seo',
          '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage',
        ],
        { env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' }, stdio: 'ignore' },
      );
      const r = JSON.parse(readFileSync(file, 'utf8')) as {
        categories: Record<string, { score: number }>;
        audits: Record<string, { numericValue: number }>;
      };
      rows.push({
        perf: r.categories.performance!.score * 100,
        a11y: r.categories.accessibility!.score * 100,
        best: r.categories['best-practices']!.score * 100,
        seo: r.categories.seo!.score * 100,
        fcp: r.audits['first-contentful-paint']!.numericValue,
        lcp: r.audits['largest-contentful-paint']!.numericValue,
        tbt: r.audits['total-blocking-time']!.numericValue,
        cls: r.audits['cumulative-layout-shift']!.numericValue,
      });
    }
    const m = (k: keyof (typeof rows)[number]) => median(rows.map((r) => r[k]));
    console.log(
      `${route.padEnd(12)} ${String(Math.round(m('perf'))).padStart(4)}  ${String(Math.round(m('a11y'))).padStart(4)}  ${String(Math.round(m('best'))).padStart(4)}  ${String(Math.round(m('seo'))).padStart(4)}  ${String(Math.round(m('fcp'))).padStart(7)} ${String(Math.round(m('lcp'))).padStart(7)} ${String(Math.round(m('tbt'))).padStart(7)}  ${m('cls').toFixed(3)}`,
    );
  }
} finally {
  server.stop();
  rmSync(out, { recursive: true, force: true });
}
