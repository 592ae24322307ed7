import type { BenchTable } from './results-table.ts';

/**
 * What each benchmark's results table says about it, and its columns: here, not in the benchmark's script, so the
 * index of the tables (docs/benchmarks/README.md) is made from the same words without running any benchmark.
 */
const tables = {
  'validate-bench': {
    bench: 'validate-bench',
    title: 'Validation time',
    summary: '`validateSite` in process, cold and warm, on the real config and on 1,000 landing pages',
    about: [
      '`validateSite` in process, on the real config and on a config of 125 cities x 8 services (1,000 landing pages): the first',
      'validation, whose schemas are compiled (cold), beside the median of the warm ones, whose schemas are loaded already, in the',
      'same run. The build and `npm run validate` load compiled schemas from a cache, so their validation is close to the warm figure.',
    ].join('\n'),
    command: 'npm run bench',
    columns: ['config', 'routes', 'warm, median', 'cold (schemas compiled)', 'cold / warm', 'note'],
  },
  'build-bench': {
    bench: 'build-bench',
    title: 'Build time',
    summary: 'a full `npm run build` and one content edit (`npm run build`, `npm run build:watch`), beside the engine before',
    about: [
      'A full `npm run build` (client, server, pages) of the agency site and of generated sites of landing pages',
      '(`makeBigSite`, `makeBigContentSite` in `scripts/bench/big-site.ts`): its time, pages per second, CPU time and peak memory',
      "(the sum over the build's processes, sampled every 50 ms), beside the baseline built in the same run: the same build with the",
      'render workers off (`BUILD_WORKERS=0`), or with `BENCH_BEFORE=<checkout>` the engine of that checkout (the note says which).',
      "Then, on the generated sites, one content edit (the contact page's title) built by `npm run build` end to end, and five such",
      'edits built by `npm run build:watch`, each timed from the save to the new build live (median, and the range of the five).',
      '`-- 10000` adds the 10,000-page sites (and their build without the build cache, `BUILD_CACHE=0`), `-- 100000` adds 100,000 pages.',
    ].join('\n'),
    command: 'npm run bench [-- 10000 100000]',
    columns: [
      'site',
      'HTML files',
      'full build',
      'baseline',
      'baseline / full build',
      'no build cache',
      'one content edit, npm run build',
      'one content edit, npm run build:watch',
      'peak memory: full / edit',
      'note',
    ],
  },
  'dev-edit-bench': {
    bench: 'dev-edit-bench',
    title: 'Dev server: edit to screen',
    summary: "a content file's heading changed until the open dev page has painted it, beside the 1 s goal",
    about: [
      "The dev server (`vite` on a copy of the site) with a page open in Chromium: a heading of that page's content file changed,",
      'timed from the write until the page has painted the new text. Median and p90 of the rounds, beside the goal.',
    ].join('\n'),
    command: 'npm run bench:dev [-- rounds]',
    columns: ['page', 'rounds', 'median', 'p90', 'range', 'goal', 'p90 / goal', 'note'],
  },
  'server-bench': {
    bench: 'server-bench',
    title: 'Production server throughput',
    summary: 'requests per second and p99 of the production server, beside the old server and `vite preview`',
    about: [
      "Requests per second and p99 latency (autocannon, `Accept-Encoding: br, gzip`) for a page, the build's biggest script and a",
      'lead POST, for the production server (`server/main.ts`) beside, in the same run, the hand-written server it replaced',
      '(`scripts/serve.ts` from git history) and `vite preview`. The old server and `vite preview` have no leads API.',
    ].join('\n'),
    command: 'npm run bench:server',
    columns: ['request', 'server/main.ts', 'old server', 'vite preview', 'req/s: main / old server', 'note'],
  },
  'studio-bench': {
    bench: 'studio-bench',
    title: 'Studio: keystroke to preview',
    summary: "a key typed in the studio until the preview shows it, beside the dev server's full reload",
    about: [
      "The studio (`npm run dev`, `/__studio`) in Chromium: a character typed into the home page's hero headline, timed from the key",
      'press until the desktop preview has painted the new heading (the studio puts a typed text into the open page at once), and until',
      "a new render of the page shows it. Beside them, interleaved in the same run, the baseline: the dev server's own full reload, the",
      'same heading written to the file by another editor until the preview has painted it. On the real site and on a copy with 1,000',
      'landing pages; median and p95 of each.',
    ].join('\n'),
    command: 'npm run bench:studio [-- rounds]',
    columns: [
      'site',
      'rounds',
      'studio: median / p95',
      'its render: median / p95',
      'full reload (baseline): median / p95',
      'median: studio / full reload',
      'goal (p95)',
      'note',
    ],
  },
  'studio-structural': {
    bench: 'studio-structural',
    title: "Studio: a block's add, move and delete to preview",
    summary: 'a block added, moved and deleted in the studio until the previews show the new order, beside the full reload',
    about: [
      'The studio (`npm run dev` on a copy of `tests/fixtures/base`, `/__studio` in Chromium at 1440 x 900): a block added, moved up and',
      'deleted again, each timed from the click until the previews have drawn the blocks in the new order. Beside it, of the same edits',
      'in the same run, the baseline: the full-reload path, until a document loaded after the click shows the new order. Each round with',
      "the desktop's preview alone and with the phone's beside it. Median and p95 of each, beside the limit (p95).",
    ].join('\n'),
    command: 'npm run bench:studio [-- rounds]',
    columns: [
      'previews',
      'edit',
      'rounds',
      'studio: median / p95',
      'full reload (baseline): median / p95',
      'median: studio / full reload',
      'limit (p95)',
      'note',
    ],
  },
  'bundle-sizes': {
    bench: 'bundle-sizes',
    title: 'JavaScript and CSS a page loads',
    summary: 'the JavaScript (gzip) each type of page loads, on load, scrolled through and touched, and its CSS',
    about: [
      'The gzip size of the JavaScript each type of page loads in Chromium (390 x 844), from the production build, in three moments:',
      'on load with nothing touched (first), after scrolling through the whole page (every island that hydrates on view), and after',
      'pointing at each island that waits for the visitor (the form, the chat); and the CSS the page links. Run after `npm run build`.',
    ].join('\n'),
    command: 'npm run sizes',
    columns: ['route', 'type', 'first JS', 'scrolled', 'touched', 'CSS', 'note'],
  },
  lighthouse: {
    bench: 'lighthouse',
    title: 'Lighthouse: what the scripts cost',
    summary: 'Lighthouse (mobile) on the production build beside the same HTML without scripts',
    about: [
      'Lighthouse (mobile: simulated Slow 4G and 4x CPU) on two builds of the site served by the production server, the variants',
      'interleaved in each round: the production build (here) and, as the baseline, the same HTML without a single script (limit):',
      'what the scripts cost is the difference. Medians of the runs. The floor is a page of one heading and one paragraph on the same',
      "server: what this machine allows any page. The goals (the `GOALS` of `scripts/bench/lighthouse.ts`) bound LCP as a ratio of the limit's,",
      'TBT over it and the score below it; the note says how many were met.',
    ].join('\n'),
    command: 'npm run bench:lighthouse [-- runs]',
    columns: ['route', 'score: here / limit', 'LCP: here / limit', 'LCP / limit', 'TBT: here / limit', 'TBT over limit', 'CLS', 'failed runs', 'note'],
  },
  inbox: {
    bench: 'inbox',
    title: 'Leads inbox at 100,000 leads',
    summary: "the back office's inbox pages and searches at 100,000 leads on SQLite and PostgreSQL, beside the plain list query",
    about: [
      "The back office's leads inbox (`inboxPage` of the storage) on a fresh database of 100,000 leads (10 forms, 8% spam, a third",
      'of them contacted, won or lost, spread over two years), on SQLite and on PostgreSQL: p50 and p95 over the rounds of the first',
      'page (with the total), a page deep in the list by its cursor, a search by a word, and a search with the form and status',
      'filters; 50 leads a page, spam left out. Beside them, interleaved in the same run, the baseline: the plain list query',
      '(`listLeads`, the newest 50, no filter, no total); and the limit: p95 under 100 ms.',
    ].join('\n'),
    command: 'npm run bench',
    columns: ['database', 'leads', 'query', 'rounds', 'p50', 'p95', 'plain list (baseline): p50 / p95', 'limit (p95)', 'p95 / limit', 'note'],
  },
} satisfies Record<string, BenchTable & { summary: string }>;

export type BenchName = keyof typeof tables;
export const TABLES: Record<BenchName, BenchTable & { summary: string }> = tables;
