import { execFileSync } from 'node:child_process';
import { linkSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { paths } from '../../core/paths.ts';
import { openStudioGate } from '../../studio-host/gate/studio-gate.ts';
import { publishLive } from '../../studio/server/live-publish.ts';
import { pending } from '../../studio/server/publish.ts';
import { databaseBackends } from '../../tests/support/database-backends.ts';
import { liveBuilder, type LiveBuild } from '../../studio-host/live-builder.ts';
import { startStudioServer } from '../../studio-host/studio-server.ts';
import { copySite, percentile, roundsArgument } from '../test-support/dev-server.ts';
import { gitEnv, siteRepo as fixtureRepo } from '../test-support/site-repo.ts';
import { makeBigContentSite } from './big-site.ts';
import { recordRun, type Row } from './results-table.ts';
import { smoke } from './smoke.ts';
import { TABLES } from './tables.ts';

/**
 * Publish on the live server (studio/server/live-publish.ts with studio-host/live-builder.ts), from the call
 * until the new build is live and the commit pushed to a bare remote: a heading changed in a page, or one town's text
 * in the collection of towns, each round. Beside it, in the same run, the same edit built and switched to without git
 * (the build alone: what the publish adds is the difference). On the agency site and on 10,000 pages. Median and p95, beside the 1 s goal. And a publish on one
 * server instance until a second instance on the same PostgreSQL serves it (tests/integration/studio-instances.test.ts
 * checks that it does), on the content landing fixture. Exits 0.
 * Usage: npm run bench:publish [-- rounds]   (default 5; with BENCH_SMOKE=1 one round on the agency site only)
 */

const GOAL_MS = 1000;
const rounds = roundsArgument('bench:publish', smoke ? 1 : 5);
const env = { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1' };
const git = (dir: string, ...args: string[]) => execFileSync('git', ['-C', dir, ...args], { encoding: 'utf8', env }).trim();

interface Case {
  name: string;
  make: () => { root: string; cleanup: () => void };
  file: string;
  heading: string;
}

const cases: Case[] = [
  {
    name: 'agency site (49 pages)',
    make: () => {
      const root = copySite('bench-publish-');
      return { root, cleanup: () => rmSync(root, { recursive: true, force: true }) };
    },
    file: 'content/pages/marketing.json',
    heading: 'Online marketing die meetbaar meer klanten oplevert',
  },
  {
    name: 'content landing, 10,000 pages',
    make: () => makeBigContentSite(2500),
    file: 'content/pages/home.json',
    heading: 'A website you will be proud to show your customers',
  },
  {
    // the common edit: one town's text, in the one file that holds every town (its pages and hubs change)
    name: "content landing, 10,000 pages, one town's text",
    make: () => makeBigContentSite(2500),
    file: 'content/collections/cities.json',
    heading: 'Bristol is our home.',
  },
];

const ms = (sorted: number[]) => `${Math.round(percentile(sorted, 50))} / ${Math.round(percentile(sorted, 95))} ms`;
const sorted = (times: number[]) => [...times].sort((a, b) => a - b);

/** A git work tree of the site that pushes to a bare remote in `work`. */
function siteRepo(root: string, work: string): void {
  git(root, 'init', '-q', '-b', 'main');
  git(root, 'add', '-A');
  git(root, '-c', 'user.name=Seed', '-c', 'user.email=seed@bench', 'commit', '-qm', 'site');
  execFileSync('git', ['init', '-q', '--bare', '-b', 'main', join(work, 'remote.git')], { env });
  git(root, 'remote', 'add', 'origin', join(work, 'remote.git'));
  git(root, 'push', '-q', 'origin', 'main');
}

/** One publish of the heading changed, as the studio's server publishes: its time until live, and until pushed. */
async function publishOnce(root: string, builder: LiveBuild, round: number): Promise<{ live: number; pushed: number }> {
  const started = performance.now();
  let liveAt = 0;
  const outcome = await publishLive({
    siteRoot: root,
    fingerprint: (await pending(root)).fingerprint,
    message: `Meting ${round}`,
    author: { name: 'Bench', email: 'bench@studio.local' },
    target: { remote: 'origin', branch: 'main' },
    validate: () => undefined,
    makeLive: async () => {
      await builder();
      liveAt = performance.now();
    },
    // the build begun beside the commit and the fetch
    buildEarly: async (go) => {
      if ((await builder(undefined, go)).live) liveAt = performance.now();
    },
  });
  const pushed = performance.now() - started;
  if (!outcome.ok) throw new Error(`round ${round}: not published (${outcome.reason}): ${outcome.detail ?? ''}`);
  return { live: liveAt - started, pushed };
}

/** The rounds: a publish of an edit, then (the baseline) the same kind of edit built and switched to without git. */
async function timeRounds(c: Case, root: string, builder: LiveBuild) {
  const file = join(root, c.file);
  const original = readFileSync(file, 'utf8');
  if (!original.includes(c.heading)) throw new Error(`${c.file} has no heading "${c.heading}" to edit`);
  const times = { live: [] as number[], pushed: [] as number[], build: [] as number[] };
  for (let round = 1; round <= rounds; round++) {
    writeFileSync(file, original.replace(c.heading, `Publicatie ${round} van de meting`));
    const { live, pushed } = await publishOnce(root, builder, round);
    times.live.push(live);
    times.pushed.push(pushed);
    // as the studio's server does after each build, not in a Publish's time
    await builder.renew();
    writeFileSync(file, original.replace(c.heading, `Bouw ${round} van de meting`));
    const built = performance.now();
    await builder();
    times.build.push(performance.now() - built);
    await builder.renew();
    git(root, 'checkout', '-q', '--', c.file);
  }
  return { toLive: sorted(times.live), publish: sorted(times.pushed), alone: sorted(times.build) };
}

/** The live build's pages (its .html files), from its folder. */
function pagesOf(folder: string): string[] {
  const found = readdirSync(folder, { recursive: true, withFileTypes: true });
  return found.filter((entry) => entry.isFile() && entry.name.endsWith('.html')).map((entry) => relative(folder, join(entry.parentPath, entry.name)));
}

/**
 * The floor under a build that writes each page into a folder of its own: the live build's pages made anew in an
 * empty folder beside it (a folder and a hard link each, as a build takes an unchanged page), on the same disk, in
 * this run; the time of each round (the folder deleted after, not timed).
 */
function linkFloor(live: string, work: string): number[] {
  const from = realpathSync(live);
  const pages = pagesOf(from);
  const times: number[] = [];
  for (let round = 1; round <= rounds; round++) {
    const to = join(work, `floor-${round}`);
    const made = new Set<string>();
    const started = performance.now();
    for (const page of pages) {
      const folder = dirname(join(to, page));
      if (!made.has(folder)) mkdirSync(folder, { recursive: true });
      made.add(folder);
      linkSync(join(from, page), join(to, page));
    }
    times.push(performance.now() - started);
    rmSync(to, { recursive: true, force: true });
  }
  return sorted(times);
}

/** One case: a git work tree of the site pushing to a bare remote, its first live build, then the rounds. */
async function measure(c: Case): Promise<Row> {
  const site = c.make();
  const work = mkdtempSync(join(tmpdir(), 'bench-publish-work-'));
  const builder = liveBuilder({ siteRoot: site.root, live: join(work, 'live') });
  try {
    siteRepo(site.root, work);
    await builder();
    // as the studio's server does at its start: the build's workers made ready before the first Publish
    await builder.prime();
    const { toLive, publish, alone } = await timeRounds(c, site.root, builder);
    const floor = linkFloor(join(work, 'live'), work);
    console.log(
      `${c.name}: publish to live ${ms(toLive)}, to pushed ${ms(publish)} (median / p95), the build alone ${ms(alone)}, its pages linked alone ${Math.round(percentile(floor, 50))} ms; goal: live, p95 under ${GOAL_MS} ms`,
    );
    return {
      site: c.name,
      rounds: String(rounds),
      'publish to live: median / p95': ms(toLive),
      'publish to live and pushed: median / p95': ms(publish),
      'the build alone (baseline): median / p95': ms(alone),
      'publish to live - build (median)': `${Math.round(percentile(toLive, 50) - percentile(alone, 50))} ms`,
      'the pages linked alone (floor): median': `${Math.round(percentile(floor, 50))} ms`,
      goal: `live: p95 under ${GOAL_MS} ms`,
      'p95 / goal': `${(percentile(toLive, 95) / GOAL_MS).toFixed(2)}x`,
      note: '-',
    };
  } finally {
    await builder.close();
    site.cleanup();
    // the live link and its builds are in the work folder too
    rmSync(work, { recursive: true, force: true });
  }
}

/** How long a poll for the second instance's build waits before the round is called lost. */
const SECOND_WITHIN_MS = 120_000;

/**
 * A publish on one instance until another serves it: two instances of the studio's server on one throwaway
 * PostgreSQL, each with its own clone of the content landing fixture (pushing to one bare remote) and its own live
 * build. The first publishes as its server does (the commit built, made live, pushed) and records the release in
 * the database; timed from then until the second, which looks for new releases every second as by default, has
 * built the commit and made it live.
 */
async function secondInstance(): Promise<Row> {
  const postgres = databaseBackends({ prefix: 'bench-instances-' })[1];
  const work = mkdtempSync(join(tmpdir(), 'bench-publish-instances-'));
  const { remote } = fixtureRepo(work);
  const copy = (name: string) => {
    const dir = join(work, `copy-${name}`);
    execFileSync('git', ['clone', '-q', remote, dir], { env: gitEnv });
    return dir;
  };
  const [a, b] = [copy('a'), copy('b')];
  const builderA = liveBuilder({ siteRoot: a, live: join(work, 'live-a') });
  const liveB = join(work, 'live-b');
  const closing: (() => Promise<void>)[] = [() => builderA.close()];
  try {
    const storage = await postgres.fresh();
    await builderA();
    await builderA.prime();
    await liveBuilder({ siteRoot: b, live: liveB })();
    const gates = [await openStudioGate(storage, {}), await openStudioGate(storage, {})];
    closing.push(...gates.map((gate) => () => gate.close()));
    const server = await startStudioServer({
      root: paths.root,
      siteRoot: b,
      schemaDir: paths.schemas,
      build: liveB,
      target: { remote: 'origin', branch: 'main' },
      door: { ...gates[1]!, backOffice: 'http://127.0.0.1:4330' },
      instance: 'b',
      log: () => undefined,
    });
    closing.unshift(() => server.close());
    const file = join(a, 'content/pages/home.json');
    const original = readFileSync(file, 'utf8');
    const heading = 'A website you will be proud to show your customers';
    if (!original.includes(heading)) throw new Error(`content/pages/home.json has no heading "${heading}" to edit`);
    const times: number[] = [];
    for (let round = 1; round <= rounds; round++) {
      writeFileSync(file, original.replace(heading, `Publicatie ${round} op de andere server`));
      const before = realpathSync(liveB);
      const outcome = await publishLive({
        siteRoot: a,
        fingerprint: (await pending(a)).fingerprint,
        message: `Meting ${round}`,
        author: { name: 'Bench', email: 'bench@studio.local' },
        target: { remote: 'origin', branch: 'main' },
        validate: () => undefined,
        makeLive: async () => void (await builderA()),
      });
      if (!outcome.ok) throw new Error(`round ${round}: not published (${outcome.reason})`);
      await gates[0]!.releases.record(outcome.commit, 'bench@studio.local');
      const recorded = performance.now();
      while (realpathSync(liveB) === before) {
        if (performance.now() - recorded > SECOND_WITHIN_MS) throw new Error(`round ${round}: the second instance did not serve the release`);
        await sleep(10);
      }
      times.push(performance.now() - recorded);
      await builderA.renew();
    }
    const sortedTimes = sorted(times);
    console.log(`a second instance: the release recorded to live there ${ms(sortedTimes)} (median / p95)`);
    return {
      site: 'content landing fixture, a second instance',
      rounds: String(rounds),
      'live on a second instance: median / p95': ms(sortedTimes),
      note: 'from the release recorded in PostgreSQL until the other instance serves it; it looks every 1 s',
    };
  } finally {
    for (const close of closing) await close();
    await postgres.teardown();
    rmSync(work, { recursive: true, force: true });
  }
}

const rows: Row[] = [];
for (const c of smoke ? cases.slice(0, 1) : cases) rows.push(await measure(c));
rows.push(await secondInstance());
await recordRun(TABLES['publish-bench'], rows);
