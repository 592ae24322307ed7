import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { launchChromium } from '../test-support/browser.ts';
import { copySite, percentile, roundsArgument, startDevServer } from '../test-support/dev-server.ts';
import { TABLES } from './tables.ts';
import { recordRun } from './results-table.ts';
import { smoke } from './smoke.ts';

/**
 * Edit-to-screen time of the dev server: `vite` on a copy of the site (SITE_ROOT), a page open in Chromium, then a
 * heading of that page's content file changed, timed from the write until the new text has been painted (the
 * page stamps the first frame that shows it). Median and p90 of the rounds, beside the goal. Exits 0: it is a
 * benchmark, not a test.
 * Usage: npm run bench:dev [-- rounds]   (default 10; 1 with BENCH_SMOKE=1)
 */

const GOAL_MS = 1000;
const PORT = Number(process.env.BENCH_DEV_PORT ?? 4394);
const PAGE = '/marketing';
const FILE = 'content/pages/marketing.json';
const HEADING = 'Online marketing die meetbaar meer klanten oplevert';

const rounds = roundsArgument('bench:dev', smoke ? 1 : 10);

const site = copySite('bench-dev-');
const file = join(site, FILE);
const original = readFileSync(file, 'utf8');
if (!original.includes(HEADING)) throw new Error(`${FILE} has no heading "${HEADING}" to edit`);

const vite = await startDevServer(site, PORT);
const browser = await launchChromium();
try {
  const page = await browser.newPage();
  // every document stamps the first frame after its HTML is parsed in which its <h1> reads what the benchmark
  // waits for (a string: tsx would wrap a function's inner functions in a helper the page does not have)
  await page.addInitScript(`{
    const wanted = sessionStorage.getItem('bench-wanted') ?? '';
    const check = () => {
      if (document.querySelector('h1')?.textContent === wanted) window.__shownAt = performance.timeOrigin + performance.now();
      else requestAnimationFrame(check);
    };
    document.addEventListener('DOMContentLoaded', () => requestAnimationFrame(check));
  }`);
  const url = vite.url(PAGE);
  // the first load compiles and optimizes: not measured
  await page.goto(url);
  await page.locator('h1', { hasText: HEADING }).waitFor();
  const times: number[] = [];
  for (let round = 1; round <= rounds; round++) {
    const text = `Kop ${round} van de meting`;
    await page.evaluate((t) => sessionStorage.setItem('bench-wanted', t), text);
    const written = Date.now();
    writeFileSync(file, original.replace(HEADING, text));
    await page.locator('h1', { hasText: text }).waitFor({ timeout: 15_000 });
    const shownAt = await page.waitForFunction(() => (window as unknown as { __shownAt?: number }).__shownAt).then((h) => h.jsonValue() as Promise<number>);
    const ms = Math.round(shownAt - written);
    times.push(ms);
    console.log(`round ${String(round).padStart(2)}: ${ms} ms`);
    // the watcher settles before the next edit
    await sleep(300);
  }
  const sorted = [...times].sort((a, b) => a - b);
  const median = percentile(sorted, 50);
  const p90 = percentile(sorted, 90);
  console.log(`\nedit to screen over ${rounds} rounds: median ${median} ms, p90 ${p90} ms (goal: under ${GOAL_MS} ms) ${p90 < GOAL_MS ? 'met' : 'NOT met'}`);
  await recordRun(TABLES['dev-edit-bench'], [
    {
      page: `${PAGE} (${FILE})`,
      rounds: String(rounds),
      median: `${median} ms`,
      p90: `${p90} ms`,
      range: `${sorted[0]} to ${sorted.at(-1)} ms`,
      goal: `under ${GOAL_MS} ms`,
      'p90 / goal': `${(p90 / GOAL_MS).toFixed(2)}x`,
      note: '-',
    },
  ]);
} finally {
  await browser.close();
  await vite.stop();
  writeFileSync(file, original);
  rmSync(site, { recursive: true, force: true });
}
