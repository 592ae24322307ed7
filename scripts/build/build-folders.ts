import {
  closeSync,
  existsSync,
  fsyncSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { LIVE_BUILD_MARKER, type LiveBuildMarker } from '../../core/static/live-build.ts';

/**
 * Builds that go live in one step. Each build is written into a folder of its own beside the live one
 * (`dist-builds/<id>`), marked complete when the build has succeeded, and then made live by renaming a new symbolic
 * link over `dist`: a rename is atomic, so a reader of `dist` (the server, a test, a tool) sees the old build whole
 * or the new one whole, never a half-written folder and never none. The build before stays for `npm run rollback`;
 * older ones are pruned.
 */
export interface Builds {
  /** the path everybody reads: a link to the live build */
  live: string;
  /** where the builds are: `<live>-builds/<id>` */
  dir: string;
}

/** written into a build when it has succeeded: a folder without it is a build still running or one that failed */
export const COMPLETE_MARKER = LIVE_BUILD_MARKER;
/** builds kept when SITE_KEEP_BUILDS is unset: the live one, the one before it for a rollback, and one more */
export const DEFAULT_KEEP = 3;
const ID = /^\d{8}-\d{6}-\d{3}-[0-9a-f]{4}$/;

export const buildsOf = (live: string): Builds => ({ live: resolve(live), dir: `${resolve(live)}-builds` });

/** A new build's id: its start time (so ids sort by age) and a random tail (so two builds never share one). */
export function newBuildId(now = new Date()): string {
  const [date, time] = now.toISOString().replace(/[-:]/g, '').replace('Z', '').split('T') as [string, string];
  return `${date}-${time.replace('.', '-')}-${randomBytes(2).toString('hex')}`;
}

export const buildFolder = (builds: Builds, id: string) => join(builds.dir, id);

/** The completed builds, oldest first. */
export function completeBuilds(builds: Builds): string[] {
  if (!existsSync(builds.dir)) return [];
  return readdirSync(builds.dir)
    .filter((name) => ID.test(name) && existsSync(join(builds.dir, name, COMPLETE_MARKER)))
    .sort();
}

/** The id of the build the live link names; undefined when there is none, or the live path is a plain folder. */
export function liveBuildId(builds: Builds): string | undefined {
  let target: string;
  try {
    target = readlinkSync(builds.live);
  } catch {
    return undefined;
  }
  const folder = resolve(dirname(builds.live), target);
  return dirname(folder) === builds.dir ? basename(folder) : undefined;
}

/** Marks a finished build complete: only such a build can go live or be rolled back to. */
export function markComplete(builds: Builds, id: string, seconds: number): void {
  const file = join(buildFolder(builds, id), COMPLETE_MARKER);
  const marker: LiveBuildMarker = { id, finishedAt: new Date().toISOString(), seconds };
  writeFileSync(file, `${JSON.stringify(marker)}\n`);
}

/** A folder's entries made durable: a switch survives a power cut as the old build or the new one. */
function syncFolder(folder: string): void {
  const handle = openSync(folder, 'r');
  try {
    fsyncSync(handle);
  } finally {
    closeSync(handle);
  }
}

/**
 * A live path that is still a plain folder (made before builds went live this way) becomes a build of its own,
 * so the first switch keeps it for a rollback. Between its move and the new link, `dist` is missing for a moment,
 * once: the server keeps serving what it has meanwhile.
 */
function adoptPlainFolder(builds: Builds): void {
  const stats = lstatSync(builds.live, { throwIfNoEntry: false });
  if (!stats || stats.isSymbolicLink()) return;
  if (!stats.isDirectory()) throw new Error(`${builds.live} is a file, not a build: move it away, then build again`);
  const id = newBuildId(stats.mtime);
  mkdirSync(builds.dir, { recursive: true });
  renameSync(builds.live, buildFolder(builds, id));
  markComplete(builds, id, 0);
}

/** Makes a completed build live in one step: a new link, renamed over the live path. */
export function switchTo(builds: Builds, id: string): void {
  if (!ID.test(id) || !existsSync(join(buildFolder(builds, id), COMPLETE_MARKER))) {
    const known = completeBuilds(builds);
    throw new Error(`no complete build "${id}" in ${builds.dir}; the builds there: ${known.join(', ') || 'none'}`);
  }
  adoptPlainFolder(builds);
  const parent = dirname(builds.live);
  const link = join(parent, `.${basename(builds.live)}.${process.pid}.${randomBytes(4).toString('hex')}.link`);
  // relative, so the project folder can be moved or mounted elsewhere with its builds
  symlinkSync(relative(parent, buildFolder(builds, id)), link);
  try {
    renameSync(link, builds.live);
  } catch (error) {
    unlinkSync(link);
    throw error;
  }
  syncFolder(parent);
}

/** Where pruned builds wait to be deleted: a dot-folder beside the builds, never one of them. */
const TRASH = '.pruned';

/**
 * Takes all but `keep` completed builds (the live one always stays; then the newest), and what failed or killed
 * builds left behind, out of the builds: each is renamed into a dot-folder beside them, at once, and then deleted
 * there by deleteTrash, off the build's time. Run only under the lock: a folder without its marker may be a build
 * being written.
 */
export function prune(builds: Builds, keep: number): string[] {
  if (!existsSync(builds.dir)) return [];
  const live = liveBuildId(builds);
  const complete = completeBuilds(builds);
  const kept = new Set([...(live ? [live] : []), ...complete.filter((id) => id !== live).slice(-(keep - (live ? 1 : 0)))]);
  const trash = join(builds.dir, TRASH, randomBytes(4).toString('hex'));
  const removed: string[] = [];
  for (const name of readdirSync(builds.dir)) {
    if (name.startsWith('.') || kept.has(name)) continue;
    mkdirSync(trash, { recursive: true });
    renameSync(join(builds.dir, name), join(trash, name));
    removed.push(name);
  }
  return removed;
}

/**
 * Deletes the pruned builds (several files and folders per page, so deleting a large site's build takes a while): by a
 * process of its own that outlives the build, or (`wait`) before returning. A deletion stopped halfway is taken up by
 * the next one.
 */
export function deleteTrash(builds: Builds, { wait = false }: { wait?: boolean } = {}): void {
  const trash = join(builds.dir, TRASH);
  if (!existsSync(trash)) return;
  if (wait) return rmSync(trash, { recursive: true, force: true });
  const remove = `require('node:fs').rmSync(${JSON.stringify(trash)}, { recursive: true, force: true })`;
  spawn(process.execPath, ['-e', remove], { detached: true, stdio: 'ignore' }).unref();
}

/** SITE_KEEP_BUILDS: how many builds stay on disk, at least 2 (the live one and one to roll back to). */
export function keepFromEnv(value: string | undefined): number {
  if (value === undefined || value === '') return DEFAULT_KEEP;
  const keep = Number(value);
  if (!Number.isInteger(keep) || keep < 2)
    throw new Error(`SITE_KEEP_BUILDS must be a whole number of 2 or more (the live build and one to roll back to), not ${JSON.stringify(value)}`);
  return keep;
}

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * One build or rollback at a time per live path: a second would prune the first one's half-written folder or
 * switch under it. A lock left by a process that is gone is taken over. Returns the release.
 */
export function lockBuilds(builds: Builds): () => void {
  mkdirSync(builds.dir, { recursive: true });
  const file = join(builds.dir, '.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(readFileSync(file, 'utf8'));
      if (Number.isInteger(holder) && holder > 0 && isRunning(holder)) {
        throw new Error(`another build or rollback (process ${holder}) is running on ${builds.live}: wait for it, or stop it`);
      }
      rmSync(file, { force: true });
    }
  }
  throw new Error(`cannot lock ${file}: remove it if no build is running`);
}

/**
 * A build into a folder of its own beside the live one, while the caller holds the builds' lock (`release`, called at
 * the end): `write` fills the folder and says whether it goes live; then it is marked complete, switched to and the
 * old builds pruned, or else deleted. A failure deletes it too, and the live build stays.
 */
export async function buildInNewFolder<T>(
  builds: Builds,
  keep: number,
  release: () => void,
  write: (out: string) => Promise<{ goLive: boolean; value: T }>,
): Promise<{ id: string; seconds: number; live: boolean; value: T }> {
  const id = newBuildId();
  const out = buildFolder(builds, id);
  const started = performance.now();
  try {
    const { goLive, value } = await write(out);
    const seconds = Math.round(performance.now() - started) / 1000;
    if (!goLive) {
      rmSync(out, { recursive: true, force: true });
      return { id, seconds, live: false, value };
    }
    markComplete(builds, id, seconds);
    switchTo(builds, id);
    prune(builds, keep);
    return { id, seconds, live: true, value };
  } catch (error) {
    rmSync(out, { recursive: true, force: true });
    throw error;
  } finally {
    release();
    deleteTrash(builds);
  }
}
