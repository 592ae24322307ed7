import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../../core/paths.ts';

/**
 * A build goes live atomically, tested end to end with real processes: two real builds of the base fixture
 * (`npm run build`'s script, the second with a changed theme colour and tagline, so its hashed CSS and JavaScript
 * differ), the real server (server/main.ts) on the link, and the real rollback script switching between them while
 * 50 connections fetch pages and every asset they link.
 */
const PORT = 4720;
const origin = `http://127.0.0.1:${PORT}`;
const env = Object.fromEntries(
  Object.entries(process.env).filter(([name]) => !/^npm_|^SITE_OUT$|^SITE_ROOT$|^DIST_DIR$|^DATA_DIR$|^PORT$|^SITE_KEEP_BUILDS$/i.test(name)),
);

let base: string;
let out: string;
let server: ChildProcess | undefined;
const builds: { a: string; b: string } = { a: '', b: '' };

interface Run {
  code: number | null;
  output: string;
}

/** A script of ours as its own process (tsx), with the output kept for the failure message. */
function runScript(script: string, args: string[], extra: Record<string, string>): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(paths.root, script), ...args], {
      cwd: paths.root,
      env: { ...env, SITE_OUT: out, BUILD_QUIET: '1', ...extra },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, output }));
  });
}

/** `npm run build` of a site into `out`; the id of the build that went live. */
async function buildLive(siteRoot: string, extra: Record<string, string> = {}): Promise<string> {
  const run = await runScript('scripts/build/build-and-switch.ts', [], { SITE_ROOT: siteRoot, ...extra });
  expect(run.code, run.output).toBe(0);
  return liveId();
}

const liveId = () => readlinkSync(out).split('/').pop()!;
const buildFile = (id: string, path: string) => readFileSync(join(`${out}-builds`, id, path));
const switchTo = async (id?: string) => {
  const run = await runScript('scripts/cli/rollback.ts', id ? [id] : [], {});
  expect(run.code, run.output).toBe(0);
};

function startServer(): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(paths.root, 'server/main.ts')], {
    cwd: paths.root,
    env: { ...env, DIST_DIR: out, DATA_DIR: join(base, 'data'), PORT: String(PORT), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server = child;
  let output = '';
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('serving ')) resolve();
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`the server ended (${code}) before it listened:\n${output}`)));
  });
}

beforeAll(async () => {
  base = mkdtempSync(join(tmpdir(), 'atomic-switch-'));
  out = join(base, 'out');
  const siteB = join(base, 'site-b');
  cpSync(join(paths.root, 'tests/fixtures/base'), siteB, { recursive: true });
  const config = join(siteB, 'site.config.json');
  const changed = readFileSync(config, 'utf8')
    .replace('"primary": "#1d4ed8"', '"primary": "#1e40af"')
    .replace('"tagline": "Websites en', '"tagline": "Sites en');
  writeFileSync(config, changed);
  builds.a = await buildLive(join(paths.root, 'tests/fixtures/base'));
  builds.b = await buildLive(siteB);
  await startServer();
}, 300_000);

afterAll(async () => {
  if (server && server.exitCode === null) {
    const ended = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    await ended;
  }
  if (base) rmSync(base, { recursive: true, force: true });
});

/** The routes both builds have: every page (index.html, or a route's x.html), as its URL path. */
function routes(): string[] {
  const folder = join(`${out}-builds`, builds.a);
  return (readdirSync(folder, { recursive: true }) as string[])
    .filter((file) => file.endsWith('.html') && !file.startsWith('.') && file !== '404.html')
    .map((file) => `/${file.replace(/index\.html$/, '').replace(/\.html$/, '')}`);
}

const ASSET_IN_PAGE = /(?:href|src)="(\/assets\/[^"]+)"/g;
const CHUNK_IN_SCRIPT = /"\.\/([A-Za-z0-9_.-]+\.js)"/g;
/** The assets a page links, and the chunks its scripts import: what a browser asks for after the page. */
function linkedAssets(page: string, build: string): string[] {
  const assets = new Set([...page.matchAll(ASSET_IN_PAGE)].map((m) => m[1]!));
  for (const asset of [...assets].filter((a) => a.endsWith('.js'))) {
    const script = buildFile(build, asset).toString();
    for (const m of script.matchAll(CHUNK_IN_SCRIPT)) assets.add(`/assets/${m[1]}`);
  }
  return [...assets];
}

describe('a build goes live in one step', () => {
  it('builds beside the live build and switches a link: dist is a link to the new build, the one before is kept', () => {
    expect(builds.a).not.toBe(builds.b);
    expect(liveId()).toBe(builds.b);
    expect(readdirSync(`${out}-builds`).filter((name) => !name.startsWith('.'))).toEqual([builds.a, builds.b]);
    // the two builds differ in their hashed stylesheet and script, so a mixed pair would show
    const hashed = (id: string) => readdirSync(join(`${out}-builds`, id, 'assets')).filter((f) => /^(style|hydrate)-.*\.(css|js)$/.test(f));
    expect(hashed(builds.a).filter((f) => hashed(builds.b).includes(f))).toEqual([]);
  });

  it('leaves the live build untouched when a build fails, and leaves no half-written folder behind', async () => {
    const broken = join(base, 'site-broken');
    cpSync(join(paths.root, 'tests/fixtures/base'), broken, { recursive: true });
    cpSync(join(paths.root, 'tests/fixtures/broken/many-errors-at-once'), broken, { recursive: true, force: true });
    const run = await runScript('scripts/build/build-and-switch.ts', [], { SITE_ROOT: broken });
    expect(run.code).not.toBe(0);
    expect(run.output).toContain(`build ${builds.b} stays live`);
    expect(liveId()).toBe(builds.b);
    expect(readdirSync(`${out}-builds`).filter((name) => !name.startsWith('.'))).toEqual([builds.a, builds.b]);
    const home = await fetch(`${origin}/`);
    expect(await home.text()).toBe(buildFile(builds.b, 'index.html').toString());
  }, 120_000);
});

interface Tally {
  requests: number;
  pages: Map<string, number>;
  /** a non-200 answer or a failed request */
  errors: string[];
  /** an answer that is not the file of the build the page came from */
  mixed: string[];
}

const ENCODINGS = ['br', 'gzip', 'identity'];

/** One visitor on its own connection: a page, then every asset it links, over and over until told to stop. */
async function visitor(number: number, stopped: () => boolean, tally: Tally, pages: Map<string, Map<string, string>>): Promise<void> {
  const routeList = [...pages.keys()];
  for (let round = 0; !stopped(); round++) {
    const route = routeList[(number + round) % routeList.length]!;
    const headers = { 'accept-encoding': ENCODINGS[(number + round) % ENCODINGS.length]! };
    tally.requests++;
    try {
      const res = await fetch(`${origin}${route}`, { headers });
      const page = await res.text();
      if (res.status !== 200) throw new Error(`${route}: ${res.status}`);
      const build = [...pages.get(route)!].find(([, body]) => body === page)?.[0];
      if (!build) {
        tally.mixed.push(`${route}: a page of neither build`);
        continue;
      }
      tally.pages.set(build, (tally.pages.get(build) ?? 0) + 1);
      for (const asset of linkedAssets(page, build)) {
        tally.requests++;
        const answer = await fetch(`${origin}${asset}`, { headers });
        const bytes = Buffer.from(await answer.arrayBuffer());
        if (answer.status !== 200) throw new Error(`${asset} of a page of ${build}: ${answer.status}`);
        if (!bytes.equals(buildFile(build, asset))) tally.mixed.push(`${asset}: not the bytes of build ${build}, whose page linked it`);
      }
    } catch (error) {
      tally.errors.push((error as Error).message);
    }
  }
}

/** Each route's page in each build, as the files hold them. */
function pagesOfBuilds(): Map<string, Map<string, string>> {
  const pages = new Map<string, Map<string, string>>();
  for (const route of routes()) {
    const file = route === '/' ? 'index.html' : `${route.slice(1)}.html`;
    pages.set(route, new Map([builds.a, builds.b].map((id) => [id, buildFile(id, file).toString()])));
  }
  return pages;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Whether the home page becomes `page` within a bound far above the switch's real time (the server indexes the new
 * build in the background; for this site a few milliseconds): a server that never follows the link fails.
 */
async function servedWithin(page: string, ms = 60_000): Promise<boolean> {
  for (const until = Date.now() + ms; Date.now() < until; await pause(20)) {
    if ((await (await fetch(`${origin}/`)).text()) === page) return true;
  }
  return false;
}

describe('under load', () => {
  it('50 connections fetching pages and their assets while five switches happen: no error, no 404, no mixed pair', async () => {
    const pages = pagesOfBuilds();
    // every page differs between the builds (they link different hashed assets): each answer names its build
    for (const [route, bodies] of pages) expect(new Set(bodies.values()).size, route).toBe(2);
    const tally: Tally = { requests: 0, pages: new Map(), errors: [], mixed: [] };
    let stop = false;
    const visitors = Array.from({ length: 50 }, (_, n) => visitor(n, () => stop, tally, pages));
    // rollback with no argument goes to the build before (a); then back and forth by id
    const switches: [string | undefined, string][] = [
      [undefined, builds.a],
      [builds.b, builds.b],
      [builds.a, builds.a],
      [builds.b, builds.b],
      [builds.a, builds.a],
    ];
    const seenAfterSwitch: string[] = [];
    const started = performance.now();
    try {
      for (const [argument, expected] of switches) {
        await pause(300);
        await switchTo(argument);
        expect(liveId()).toBe(expected);
        // the same server process serves the new build soon after (once it has indexed it), without a restart
        seenAfterSwitch.push((await servedWithin(pages.get('/')!.get(expected)!)) ? expected : `not ${expected}`);
      }
      await pause(300);
    } finally {
      stop = true;
      await Promise.all(visitors);
    }
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `atomic switch: ${tally.requests} requests in ${seconds.toFixed(1)} s over 50 connections, 5 switches; pages per build: ${JSON.stringify(Object.fromEntries(tally.pages))}`,
    );
    expect({ errors: tally.errors.length, first: tally.errors.slice(0, 5) }).toEqual({ errors: 0, first: [] });
    expect({ mixed: tally.mixed.length, first: tally.mixed.slice(0, 5) }).toEqual({ mixed: 0, first: [] });
    expect(seenAfterSwitch).toEqual(switches.map(([, expected]) => expected));
    // both builds were served to the visitors under load, not one throughout (how many of each depends on the
    // machine's pace: the switches above are what each was served after)
    expect(tally.pages.get(builds.a) ?? 0).toBeGreaterThan(0);
    expect(tally.pages.get(builds.b) ?? 0).toBeGreaterThan(0);
    expect(server?.exitCode).toBeNull();
  }, 240_000);

  it("still serves the old build's assets to a page of it fetched just before the switch", async () => {
    expect(liveId()).toBe(builds.a);
    const page = await (await fetch(`${origin}/`)).text();
    expect(page).toBe(buildFile(builds.a, 'index.html').toString());
    await switchTo(builds.b);
    const oldOnly = linkedAssets(page, builds.a).filter((asset) => !existsSync(join(`${out}-builds`, builds.b, asset)));
    expect(oldOnly.length).toBeGreaterThan(0);
    for (const asset of oldOnly) {
      const res = await fetch(`${origin}${asset}`);
      expect(res.status, asset).toBe(200);
      expect(Buffer.from(await res.arrayBuffer()).equals(buildFile(builds.a, asset)), asset).toBe(true);
    }
    // the pages are the new build's
    expect(await servedWithin(buildFile(builds.b, 'index.html').toString())).toBe(true);
  }, 60_000);
});

describe('old builds', () => {
  it('serves only whole builds while one is written, prunes all but SITE_KEEP_BUILDS, keeps the one before, and a pruned asset is a 404', async () => {
    expect(liveId()).toBe(builds.b);
    const pageOfA = buildFile(builds.a, 'index.html').toString();
    // another site altogether (the English fixture, without the quote form): its forms must go live with its pages
    const token = async () => (await fetch(`${origin}/api/forms/quote/token`)).status;
    expect(await token()).toBe(200);
    // a visitor asking all through the build: never a page of the build being written, only whole ones
    const seen: string[] = [];
    let building = true;
    const visits = (async () => {
      for (; building; await pause(10)) seen.push(await (await fetch(`${origin}/`)).text());
    })();
    const c = await buildLive(join(paths.root, 'tests/fixtures/en'), { SITE_KEEP_BUILDS: '2' });
    expect(readdirSync(`${out}-builds`).filter((name) => !name.startsWith('.'))).toEqual([builds.b, c]);
    expect(await servedWithin(buildFile(c, 'index.html').toString())).toBe(true);
    building = false;
    await visits;
    const whole = new Set([buildFile(builds.b, 'index.html').toString(), buildFile(c, 'index.html').toString()]);
    expect(seen.length).toBeGreaterThan(10);
    expect(seen.filter((page) => !whole.has(page))).toEqual([]);
    expect(await token()).toBe(404);
    // a's stylesheet is in no build kept: gone with its build, answered as any unknown file, never a 500
    const styleOfA = [...pageOfA.matchAll(ASSET_IN_PAGE)].map((m) => m[1]!).find((asset) => asset.endsWith('.css'))!;
    const gone = await fetch(`${origin}${styleOfA}`);
    expect(gone.status).toBe(404);
    expect(gone.headers.get('cache-control')).toBe('no-store');
    await switchTo();
    expect(liveId()).toBe(builds.b);
    expect(await servedWithin(buildFile(builds.b, 'index.html').toString())).toBe(true);
    expect(await token()).toBe(200);
  }, 180_000);
});
