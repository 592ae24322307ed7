import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Page } from '@playwright/test';
import { paths } from '../../core/paths.ts';
import { launchChromium } from '../test-support/browser.ts';
import { copySite, percentile, roundsArgument, startDevServer } from '../test-support/dev-server.ts';
import { TABLES } from './tables.ts';
import { recordRun, type Row } from './results-table.ts';
import { smoke } from './smoke.ts';

/**
 * Click-to-preview time of the studio's structural edits (`npm run dev` on a copy of tests/fixtures/base,
 * /__studio in Chromium at 1440 x 900): a block added (after the second one), moved up, and deleted again, each
 * timed from the click's event until the previews have drawn the page's blocks in the new order (each preview
 * document tells the studio's page the first frame that shows it). Beside it, of the same edits, the baseline:
 * the full-reload path, until a document loaded after the click (Vite's reload after the write, all the preview
 * did before) shows the new order. Each round twice: with the desktop's preview alone (a laptop's default) and
 * with the phone's beside it (one more page the dev server renders after each edit). Median and p95 of each,
 * beside the 200 ms limit. Exits 0: a benchmark, not a test.
 * Usage: npm run bench:studio [-- rounds]   (or tsx scripts/bench/studio-structural.ts [rounds]; default 20
 * rounds of add, move and delete; with BENCH_SMOKE=1, 1)
 */

const LIMIT_MS = 200;
const PORT = Number(process.env.BENCH_STRUCTURAL_PORT ?? 4398);
/** the type of the block added (its first value is valid at once) */
const ADDED = 'text';
/** between two edits: the reload of the one before and the studio's own checks are over */
const PAUSE_MS = smoke ? 1200 : 1700;

const rounds = roundsArgument('bench:studio', smoke ? 1 : 20);

type Op = 'add' | 'move' | 'delete';
type View = 'desktop alone' | 'desktop and phone';
interface Timing {
  view: View;
  op: Op;
  /** from the click until both previews showed the new order */
  shown: number;
  /** from the click until a document loaded after it showed it in both previews */
  loaded: number;
}

/**
 * Every preview document tells the studio's page its blocks' first words at each change of its DOM (its parse
 * included), in the frame about to be painted (the preview is sandboxed on an origin of its own: it has no storage
 * of the studio's). The studio's page compares them with those wanted, and stamps in sessionStorage the first that
 * match, per round and device: at all (`shown`) and in a document started after the click (`loaded`); it stamps the
 * armed click too. A string, not a function: tsx would wrap a function's inner functions in a helper the page does
 * not have.
 */
const STAMPS = `
if (document.benchStamps) {
  // once per document
} else if (window.top === window) {
  document.addEventListener('click', (event) => {
    if (sessionStorage.getItem('bench-armed') !== '1') return;
    sessionStorage.setItem('bench-armed', '0');
    sessionStorage.setItem('bench-clicked', String(performance.timeOrigin + event.timeStamp));
  }, true);
  addEventListener('message', (event) => {
    const seen = event.data && event.data.benchBlocks;
    const frame = [...document.querySelectorAll('iframe[data-device]')].find((f) => f.contentWindow === event.source);
    const round = sessionStorage.getItem('bench-round');
    const wanted = JSON.parse(sessionStorage.getItem('bench-wanted') ?? 'null');
    if (!seen || !frame || !round || !wanted) return;
    const now = seen.blocks;
    if (now.length !== wanted.length || !wanted.every((text, i) => text === null || text === now[i])) return;
    const stamp = (key) => {
      if (!sessionStorage.getItem(key)) sessionStorage.setItem(key, String(seen.at));
    };
    const device = frame.dataset.device;
    stamp(round + '-' + device + '-shown');
    if (seen.started > Number(sessionStorage.getItem('bench-clicked') ?? 'Infinity')) stamp(round + '-' + device + '-loaded');
  });
} else {
  const signature = () => [...(document.querySelector('main')?.children ?? [])]
    .filter((el) => el.tagName !== 'SCRIPT' && el.tagName !== 'TEMPLATE')
    .map((el) => (el.textContent ?? '').replace(/\\s+/g, ' ').trim().slice(0, 40));
  let queued = false;
  const check = () => {
    if (queued) return;
    queued = true;
    // the frame about to be painted shows it
    requestAnimationFrame(() => {
      queued = false;
      parent.postMessage({ benchBlocks: { blocks: signature(), at: performance.timeOrigin + performance.now(), started: performance.timeOrigin } }, '*');
    });
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true });
}
document.benchStamps = true;`;

const desktop = (page: Page) => page.frameLocator('iframe[data-device="desktop"]');

/** The blocks' first words as the desktop preview shows them now. */
async function shownBlocks(page: Page): Promise<string[]> {
  return desktop(page)
    .locator('main > :not(script):not(template)')
    .evaluateAll((els) => els.map((el) => (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40)));
}

/** A block of the studio's list by its place. */
const blockItem = (page: Page, index: number) => page.locator('.block-list > li').nth(index);

/** Adds a block of `type` after the selected one: from the palette of block types, or the list's type menu. */
async function addBlock(page: Page, type: string, arm: () => Promise<void>) {
  const palette = page.locator('.palette-toggle');
  if (await palette.count()) {
    await palette.click();
    await arm();
    await page.locator(`.palette-item[data-block-type="${type}"]`).click();
    return;
  }
  const menu = page.locator('.blocks select').last();
  await menu.selectOption(type);
  await arm();
  await menu.locator('xpath=following-sibling::button[1]').click();
}

/** Waits until the previews shown stamped the round; the times from the click, in ms. */
async function stamps(page: Page, round: string): Promise<{ shown: number; loaded: number }> {
  const phone = (await page.locator('iframe[data-device="phone"]').count()) > 0;
  for (let waited = 0; waited < 20_000; waited += 25) {
    // no function inside the page's function: tsx would wrap it in a helper the page does not have
    const [clicked, desktopShown, phoneShown, desktopLoaded, phoneLoaded] = (
      await page.evaluate(
        (keys) => keys.map((key) => sessionStorage.getItem(key)),
        ['bench-clicked', ...['shown', 'loaded'].flatMap((what) => [`${round}-desktop-${what}`, `${round}-phone-${what}`])],
      )
    ).map((value) => Number(value ?? NaN));
    const got = {
      clicked: clicked!,
      shown: phone ? Math.max(desktopShown!, phoneShown!) : desktopShown!,
      loaded: phone ? Math.max(desktopLoaded!, phoneLoaded!) : desktopLoaded!,
    };
    if (Number.isFinite(got.clicked) && Number.isFinite(got.shown) && Number.isFinite(got.loaded))
      return { shown: Math.round(got.shown - got.clicked), loaded: Math.round(got.loaded - got.clicked) };
    await sleep(25);
  }
  throw new Error(`the previews never showed round ${round}`);
}

/** One edit: its blocks wanted in the previews, the click armed just before it is made, and its times. */
async function timed(page: Page, round: string, wanted: (string | null)[], click: (arm: () => Promise<void>) => Promise<void>) {
  await page.evaluate(
    ({ r, w }) => {
      sessionStorage.removeItem('bench-clicked');
      sessionStorage.setItem('bench-wanted', w);
      sessionStorage.setItem('bench-round', r);
    },
    { r: round, w: JSON.stringify(wanted) },
  );
  await click(() => page.evaluate(() => sessionStorage.setItem('bench-armed', '1')));
  return stamps(page, round);
}

/**
 * The stamps in every frame's document. A new frame's first document is not always given them: the init script
 * runs in its initial about:blank, whose window (so the script's marks) the page's document inherits.
 */
async function stampEveryFrame(page: Page) {
  for (const frame of page.frames()) if (frame !== page.mainFrame()) await frame.evaluate(STAMPS);
}

/** Shows the phone's preview or not, from the preview's own button, and waits for its page. */
async function showPhone(page: Page, shown: boolean) {
  const toggle = page.locator('.preview-toggle');
  if ((await toggle.getAttribute('aria-pressed')) !== String(shown)) await toggle.click();
  if (shown) await page.frameLocator('iframe[data-device="phone"]').locator('main').waitFor({ timeout: 30_000 });
  await sleep(PAUSE_MS);
  await stampEveryFrame(page);
}

/** Add, move and delete, back to the page as it was. */
async function cycle(page: Page, n: number, view: View, base: string[]): Promise<Timing[]> {
  // the second block selected: the new one comes after it, third
  await blockItem(page, 1).locator('.block-select').click();
  await sleep(300);
  const add = await timed(page, `${n}-${view}-add`, [base[0]!, base[1]!, null, ...base.slice(2)], (arm) => addBlock(page, ADDED, arm));
  await sleep(PAUSE_MS);
  const added = (await shownBlocks(page))[2]!;
  const move = await timed(page, `${n}-${view}-move`, [base[0]!, added, ...base.slice(1)], async (arm) => {
    await arm();
    await blockItem(page, 2).locator('.block-actions button', { hasText: '↑' }).click();
  });
  await sleep(PAUSE_MS);
  const removed = await timed(page, `${n}-${view}-delete`, base, async (arm) => {
    await arm();
    await blockItem(page, 1).locator('.block-actions button', { hasText: '✕' }).click();
  });
  await sleep(PAUSE_MS);
  return [
    { view, op: 'add', ...add },
    { view, op: 'move', ...move },
    { view, op: 'delete', ...removed },
  ];
}

const site = copySite('bench-structural-', join(paths.root, 'tests/fixtures/base'));
const vite = await startDevServer(site, PORT);
const browser = await launchChromium();
const timings: Timing[] = [];
try {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.addInitScript(STAMPS);
  await page.goto(`http://127.0.0.1:${PORT}/__studio`);
  await page.locator('.block-list > li').nth(2).waitFor({ timeout: 30_000 });
  await desktop(page).locator('main h1').waitFor({ timeout: 30_000 });
  // the page's first visit (its splash, the dev server's first renders) is over
  await sleep(3000);
  const base = await shownBlocks(page);
  for (let n = 1; n <= rounds; n++) {
    for (const view of ['desktop alone', 'desktop and phone'] as const) {
      await showPhone(page, view === 'desktop and phone');
      const got = await cycle(page, n, view, base);
      timings.push(...got);
      console.log(`round ${String(n).padStart(2)}, ${view.padEnd(17)}: ${got.map((t) => `${t.op} ${t.shown} ms (full reload ${t.loaded} ms)`).join(', ')}`);
    }
  }
} finally {
  await browser.close();
  await vite.stop();
  rmSync(site, { recursive: true, force: true });
}

const summary = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return `median ${percentile(sorted, 50)} ms, p95 ${percentile(sorted, 95)} ms`;
};
const p95 = (times: number[]) =>
  percentile(
    [...times].sort((a, b) => a - b),
    95,
  );
console.log(`\nclick to the previews showing the new order of blocks (${rounds} rounds of each edit), beside the full reload (baseline), same run:`);
const rows: Row[] = [];
for (const view of ['desktop alone', 'desktop and phone', undefined] as const) {
  console.log(`  ${view ?? 'both views'}:`);
  for (const op of ['add', 'move', 'delete', undefined] as const) {
    const of = timings.filter((t) => (view === undefined || t.view === view) && (op === undefined || t.op === op));
    const shown = of.map((t) => t.shown);
    console.log(
      `    ${(op ?? 'all three').padEnd(9)} studio ${summary(shown)} (limit ${LIMIT_MS} ms: ${p95(shown) < LIMIT_MS ? 'met' : 'NOT met'})` +
        ` · full reload (baseline) ${summary(of.map((t) => t.loaded))}`,
    );
    if (view && op)
      rows.push(
        resultRow(
          view,
          op,
          shown,
          of.map((t) => t.loaded),
        ),
      );
  }
}

/** One edit in one view: the studio's median and p95 beside the full reload's of the same edits, and the limit. */
function resultRow(view: View, op: Op, shown: number[], loaded: number[]): Row {
  const sorted = (times: number[]) => [...times].sort((a, b) => a - b);
  const studio = sorted(shown);
  const reload = sorted(loaded);
  return {
    previews: view,
    edit: op,
    rounds: String(rounds),
    'studio: median / p95': `${percentile(studio, 50)} / ${percentile(studio, 95)} ms`,
    'full reload (baseline): median / p95': `${percentile(reload, 50)} / ${percentile(reload, 95)} ms`,
    'median: studio / full reload': `${(percentile(studio, 50) / percentile(reload, 50)).toFixed(2)}x`,
    'limit (p95)': `${LIMIT_MS} ms: ${percentile(studio, 95) < LIMIT_MS ? 'met' : 'NOT met'}`,
    note: '-',
  };
}

await recordRun(TABLES['studio-structural'], rows);
