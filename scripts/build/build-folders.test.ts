import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { paths } from '../../core/paths.ts';
import {
  buildFolder,
  buildsOf,
  completeBuilds,
  deleteTrash,
  keepFromEnv,
  liveBuildId,
  lockBuilds,
  markComplete,
  newBuildId,
  prune,
  switchTo,
  type Builds,
} from './build-folders.ts';

// The switch, pruning and lock on a real file system; the builds themselves (and the server under load) are tested
// with real builds in server/static/atomic-switch.test.ts.
let base: string;
let builds: Builds;

beforeEach(() => {
  base = mkdtempSync(join(tmpdir(), 'live-build-'));
  builds = buildsOf(join(base, 'dist'));
});
afterEach(() => rmSync(base, { recursive: true, force: true }));

/** A finished build folder with one page; its id a second later than the one before. */
let clock = Date.parse('2026-01-01T10:00:00Z');
function finishedBuild(page: string, complete = true): string {
  clock += 1000;
  const id = newBuildId(new Date(clock));
  mkdirSync(buildFolder(builds, id), { recursive: true });
  writeFileSync(join(buildFolder(builds, id), 'index.html'), page);
  if (complete) markComplete(builds, id, 1);
  return id;
}

const page = () => readFileSync(join(builds.live, 'index.html'), 'utf8');

describe('switchTo', () => {
  it('makes the live path a relative link to the build, replaced in one rename', () => {
    const first = finishedBuild('one');
    const second = finishedBuild('two');
    switchTo(builds, first);
    expect(page()).toBe('one');
    switchTo(builds, second);
    expect(page()).toBe('two');
    expect(readlinkSync(builds.live)).toBe(`dist-builds/${second}`);
    expect(liveBuildId(builds)).toBe(second);
    // no temporary link left beside it
    expect(readdirSync(base).sort()).toEqual(['dist', 'dist-builds']);
  });

  it('refuses a build that has not finished, naming the builds there', () => {
    const done = finishedBuild('done');
    const running = finishedBuild('half', false);
    expect(() => switchTo(builds, running)).toThrow(`no complete build "${running}" in ${builds.dir}; the builds there: ${done}`);
    expect(existsSync(builds.live)).toBe(false);
  });

  it('keeps a plain dist folder of an older build as a build to roll back to', () => {
    mkdirSync(builds.live);
    writeFileSync(join(builds.live, 'index.html'), 'plain');
    const next = finishedBuild('next');
    switchTo(builds, next);
    expect(lstatSync(builds.live).isSymbolicLink()).toBe(true);
    const adopted = completeBuilds(builds).find((id) => id !== next)!;
    switchTo(builds, adopted);
    expect(page()).toBe('plain');
  });
});

describe('prune', () => {
  it('keeps the live build and the newest others up to the number, and deletes unfinished leftovers', () => {
    const ids = ['a', 'b', 'c', 'd'].map((p) => finishedBuild(p));
    const leftover = finishedBuild('killed', false);
    mkdirSync(`${buildFolder(builds, ids[3]!)}-ssr`);
    switchTo(builds, ids[0]!); // rolled back to the oldest
    const removed = prune(builds, 3);
    expect(completeBuilds(builds)).toEqual([ids[0], ids[2], ids[3]]);
    expect(removed.sort()).toEqual([ids[1], leftover, `${ids[3]}-ssr`].sort());
    expect(readdirSync(builds.dir).filter((name) => !name.startsWith('.'))).toEqual([ids[0], ids[2], ids[3]]);
    expect(page()).toBe('a');
    // their files are gone once the deletion has run
    deleteTrash(builds, { wait: true });
    expect(readdirSync(builds.dir).sort()).toEqual([ids[0], ids[2], ids[3]].sort());
  });

  it('deletes the pruned builds in a process of its own, which outlives the call', async () => {
    const ids = ['a', 'b', 'c', 'd'].map((p) => finishedBuild(p));
    switchTo(builds, ids[3]!);
    expect(prune(builds, 2)).toEqual([ids[0], ids[1]]);
    expect(existsSync(join(builds.dir, '.pruned'))).toBe(true);
    deleteTrash(builds);
    await expect.poll(() => existsSync(join(builds.dir, '.pruned')), { timeout: 15_000 }).toBe(false);
    expect(completeBuilds(builds)).toEqual([ids[2], ids[3]]);
  });
});

describe('settings and lock', () => {
  it('reads SITE_KEEP_BUILDS, 3 when unset, and refuses fewer than 2', () => {
    expect(keepFromEnv(undefined)).toBe(3);
    expect(keepFromEnv('5')).toBe(5);
    expect(() => keepFromEnv('1')).toThrow('SITE_KEEP_BUILDS must be a whole number of 2 or more');
    expect(() => keepFromEnv('two')).toThrow('not "two"');
  });

  it('lets one build or rollback at a time hold the lock, and takes over a lock whose process is gone', () => {
    const release = lockBuilds(builds);
    expect(() => lockBuilds(builds)).toThrow(`another build or rollback (process ${process.pid}) is running`);
    release();
    // a pid no process has (above the kernel's pid_max)
    writeFileSync(join(builds.dir, '.lock'), '9999999');
    const again = lockBuilds(builds);
    expect(readFileSync(join(builds.dir, '.lock'), 'utf8')).toBe(String(process.pid));
    again();
  });
});

describe('npm run rollback', () => {
  const rollback = (...args: string[]) =>
    spawnSync(process.execPath, ['--import', 'tsx', join(paths.root, 'scripts/cli/rollback.ts'), ...args], {
      cwd: paths.root,
      env: { ...process.env, SITE_OUT: builds.live },
      encoding: 'utf8',
    });

  it('goes back to the build before, lists the builds with the live one marked, and says when there is none before', () => {
    const first = finishedBuild('one');
    const second = finishedBuild('two');
    switchTo(builds, second);
    const back = rollback();
    expect(back.status, back.stderr).toBe(0);
    expect(back.stdout).toContain(`live: build ${first}`);
    expect(page()).toBe('one');
    expect(rollback('--list').stdout).toBe(`* ${first}  (live)\n  ${second}\n`);
    const none = rollback();
    expect(none.status).toBe(1);
    expect(none.stderr).toContain(`no build before ${first} to roll back to`);
    expect(page()).toBe('one');
  }, 60_000);
});
