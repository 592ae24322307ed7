import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Locator, Page } from '@playwright/test';
import { launchChromium } from '../test-support/browser.ts';
import { copySite, percentile, roundsArgument, startDevServer } from '../test-support/dev-server.ts';
import { TABLES } from './tables.ts';
import { recordRun, type Row } from './results-table.ts';
import { smoke } from './smoke.ts';

/**
 * Keystroke-to-preview time of the studio (`npm run dev`, /__studio): a character typed into the home page's hero
 * headline, timed from the key press until the desktop preview has painted the new heading (the studio puts a
 * typed text into the open page at once), and until a new render of the page shows it. Beside them, in the same
 * run and interleaved, the dev server's own full-reload time: the same heading written to the file by another
 * editor, until the same preview has painted it. On the real site and on a copy with 1,000 landing pages.
 * Median and p95 of each. Exits 0: a benchmark, not a test.
 * Usage: npm run bench:studio [-- rounds]   (default 15; with BENCH_SMOKE=1, 1 on the real site only)
 */

const GOAL_MS = 200;
const PORT = Number(process.env.BENCH_STUDIO_PORT ?? 4395);
const FILE = 'content/pages/home.json';
const HEADING = 'Krijg een website waar je echt trots op kunt zijn';

const rounds = roundsArgument('bench:studio', smoke ? 1 : 15);
const summary = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return { median: percentile(sorted, 50), p95: percentile(sorted, 95) };
};

/** A copy of the site (never a link: the studio writes to it), with `cities` cities when asked (x 8 services). */
function siteWith(cities?: number): string {
  const site = copySite('bench-studio-');
  if (cities) {
    const config = JSON.parse(readFileSync(join(site, 'site.config.json'), 'utf8')) as { landing: { cities: string[] } };
    const names = [...config.landing.cities];
    for (let n = 1; names.length < cities; n++) names.push(`Plaats ${n}`);
    config.landing.cities = names.slice(0, cities);
    writeFileSync(join(site, 'site.config.json'), `${JSON.stringify(config, null, 2)}\n`);
  }
  return site;
}

type Stamp = 'bench-shown' | 'bench-rendered';

/**
 * When the desktop preview first painted an <h1> reading `text`, stamped by the studio's page into the tab's session
 * storage as the frame told it (a document the studio reloads may be gone before it could be asked): bench-shown in
 * any way (the studio's instant text or a new render), bench-rendered in a document rendered with it.
 */
async function stampOf(page: Page, text: string, stamp: Stamp): Promise<number> {
  const frame = page.frameLocator('iframe[data-device="desktop"]');
  await frame.locator('main h1', { hasText: text }).waitFor({ timeout: 20_000 });
  for (let waited = 0; waited < 20_000; waited += 20) {
    const saved = await page.evaluate((key) => sessionStorage.getItem(key), stamp);
    const at = saved ? (JSON.parse(saved) as { text: string; at: number }) : undefined;
    if (at?.text === text) return at.at;
    await sleep(20);
  }
  throw new Error(`the preview never stamped ${stamp} for "${text}"`);
}

/** What the benchmark waits for, and when it began to (the stamps of a document started after it are a render's). */
const want = (page: Page, text: string) =>
  page.evaluate((t) => {
    sessionStorage.setItem('bench-wanted', t);
    sessionStorage.setItem('bench-wanted-at', String(performance.timeOrigin + performance.now()));
  }, text);

/**
 * Every preview document tells the studio's page the first frame in which its <h1> reads a new text (the preview is
 * sandboxed on an origin of its own: it has no storage of the studio's); the studio's page stamps, once per text, the
 * desktop preview showing what the benchmark waits for: at all (bench-shown) and in a document started after the
 * benchmark began to wait for it, so rendered with it (bench-rendered). A string: tsx would wrap a function's inner
 * functions in a helper the page does not have.
 */
const STAMPS = `if (window.top === window) {
  addEventListener('message', (event) => {
    const seen = event.data && event.data.benchHeading;
    const frame = document.querySelector('iframe[data-device="desktop"]');
    if (!seen || !frame || event.source !== frame.contentWindow) return;
    const wanted = sessionStorage.getItem('bench-wanted');
    const stamp = (key) => {
      if (JSON.parse(sessionStorage.getItem(key) || 'null')?.text !== wanted) sessionStorage.setItem(key, JSON.stringify({ text: wanted, at: seen.at }));
    };
    if (seen.text !== wanted) return;
    stamp('bench-shown');
    if (seen.started > Number(sessionStorage.getItem('bench-wanted-at') ?? Infinity)) stamp('bench-rendered');
  });
} else {
  let last;
  const check = () => {
    const text = document.querySelector('main h1')?.textContent;
    if (text !== undefined && text !== last) {
      last = text;
      parent.postMessage({ benchHeading: { text, at: performance.timeOrigin + performance.now(), started: performance.timeOrigin } }, '*');
    }
    requestAnimationFrame(check);
  };
  // from the document's start: the first frame runs just before its first paint (not at DOMContentLoaded,
  // which waits for Vite's client module)
  requestAnimationFrame(check);
}`;

interface Times {
  studio: number[];
  rendered: number[];
  reload: number[];
}

/**
 * One round: a key pressed in the studio (until the preview shows it, and until a render of it), then the same kind
 * of change written by another editor (Vite's own full reload). Returns the heading the file holds after it.
 */
async function round(page: Page, field: Locator, site: string, n: number, heading: string, times: Times): Promise<string> {
  const text = `${heading.slice(0, 40)} ${n}`;
  await field.fill(text.slice(0, -1));
  // the preview has rendered that before the key is pressed
  await page
    .frameLocator('iframe[data-device="desktop"]')
    .locator('main h1', { hasText: text.slice(0, -1) })
    .waitFor({ timeout: 20_000 });
  await sleep(1000);
  await want(page, text);
  const pressed = Date.now();
  await field.press(text.slice(-1));
  times.studio.push(Math.round((await stampOf(page, text, 'bench-shown')) - pressed));
  times.rendered.push(Math.round((await stampOf(page, text, 'bench-rendered')) - pressed));
  await sleep(1000);
  const file = join(site, FILE);
  const outside = `${text.slice(0, 40)} x${n}`;
  await want(page, outside);
  const written = Date.now();
  writeFileSync(file, readFileSync(file, 'utf8').replace(JSON.stringify(text), JSON.stringify(outside)));
  times.reload.push(Math.round((await stampOf(page, outside, 'bench-rendered')) - written));
  await sleep(1000);
  return outside;
}

async function measure(label: string, cities?: number): Promise<{ label: string } & Times> {
  const site = siteWith(cities);
  const vite = await startDevServer(site, PORT);
  const browser = await launchChromium();
  const times: Times = { studio: [], rendered: [], reload: [] };
  try {
    const page = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
    await page.addInitScript(STAMPS);
    await page.goto(vite.url('/__studio'));
    // the hero's heading, by where it is in the file (its label is in the site's language)
    const field = page.locator('input[data-pointer="/blocks/0/headline"], textarea[data-pointer="/blocks/0/headline"]');
    await field.waitFor({ timeout: 30_000 });
    await page.frameLocator('iframe[data-device="desktop"]').locator('main h1', { hasText: HEADING }).waitFor({ timeout: 30_000 });
    let text = HEADING;
    for (let n = 1; n <= rounds; n++) {
      text = await round(page, field, site, n, text, times);
      console.log(
        `${label} round ${String(n).padStart(2)}: studio ${times.studio.at(-1)} ms (rendered ${times.rendered.at(-1)} ms), full reload ${times.reload.at(-1)} ms`,
      );
    }
  } finally {
    await browser.close();
    await vite.stop();
    rmSync(site, { recursive: true, force: true });
  }
  return { label, ...times };
}

const results = [await measure('home page'), ...(smoke ? [] : [await measure('1,000 landing pages', 125)])];
console.log("\nkeystroke to preview (studio) beside the dev server's full reload (baseline), same run:");
const rows: Row[] = [];
for (const { label, studio, rendered, reload } of results) {
  const s = summary(studio);
  const d = summary(rendered);
  const r = summary(reload);
  console.log(
    `  ${label.padEnd(20)} studio median ${s.median} ms, p95 ${s.p95} ms (goal ${GOAL_MS} ms: ${s.p95 <= GOAL_MS ? 'met' : 'NOT met'}) · ` +
      `its render median ${d.median} ms, p95 ${d.p95} ms · full reload (baseline) median ${r.median} ms, p95 ${r.p95} ms`,
  );
  rows.push({
    site: label,
    rounds: String(studio.length),
    'studio: median / p95': `${s.median} / ${s.p95} ms`,
    'its render: median / p95': `${d.median} / ${d.p95} ms`,
    'full reload (baseline): median / p95': `${r.median} / ${r.p95} ms`,
    'median: studio / full reload': `${(s.median / r.median).toFixed(2)}x`,
    'goal (p95)': `${GOAL_MS} ms: ${s.p95 <= GOAL_MS ? 'met' : 'NOT met'}`,
    note: '-',
  });
}
await recordRun(TABLES['studio-bench'], rows);
