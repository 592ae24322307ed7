import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { paths } from '../core/paths.ts';
import {
  buildInNewFolder,
  buildsOf,
  completeBuilds,
  deleteTrash,
  DEFAULT_KEEP,
  liveBuildId,
  lockBuilds,
  prune,
  type Builds,
} from '../scripts/build/build-folders.ts';
import { askGo, warmBuilder, type GoLive } from '../scripts/build/warm-build.ts';
import { ancestorIn, headOf, releaseOrder, type ReleaseMark } from './release-order.ts';

export interface LiveBuilderOptions {
  /** the working copy to build */
  siteRoot: string;
  /** the live build's path (a link to the live build folder, as `npm run build` makes it) */
  live: string;
  /** how many builds are kept for a rollback */
  keep?: number;
}

/** What a build printed last, for a message: its last lines. */
const tail = (output: string) => output.trim().split('\n').slice(-12).join('\n');

/**
 * A publish's build: the working copy (or `root`, another folder of the site's files) built and made live, only
 * forward: when it is a newer version of the site than the live build (release-order.ts), decided under the builds'
 * lock once it is written. A build of the working copy is the version of its commit (HEAD) made now; one of `root`
 * is `release`'s, a version published elsewhere (without it: a version made now, as a deploy's).
 */
export interface LiveBuild {
  /**
   * With `go`, the finished build waits for it: made live when it resolves true (`live`), else thrown away. A build of
   * `release` that is not newer than the live build is thrown away too; one of the working copy that is older
   * (a newer version went live while it was built) fails, and the live build stays.
   */
  (root?: string, go?: Promise<boolean>, release?: ReleaseMark): Promise<{ id: string; seconds: number; live: boolean }>;
  /**
   * A build of the working copy thrown away, so the first publish's build is as quick as the next ones: its seconds,
   * or undefined when there was nothing to build from (no live build, or one with other bundles) or it failed.
   */
  prime(): Promise<number | undefined>;
  /** between builds: the render workers started afresh and primed when they have had their builds (warm-build.ts) */
  renew(): Promise<void>;
  /** ends the kept render workers */
  close(): Promise<void>;
}

/**
 * A publish's build (the host's `makeLive`): the working copy built as `npm run build` builds it, into a new build
 * folder beside the live one, from the live build (what did not change is taken from it), then switched to in one
 * step and the old builds pruned. A content edit is built by a warm builder in this process (its render workers,
 * schemas and model kept from the last build, as `npm run build:watch` keeps them); one that needs a bundle built, and
 * another folder of the site's files (`root`), by `npm run build`'s work in a child process. A failed build is deleted
 * and the live build stays; another build under way (a `npm run build`, a rollback) makes this one fail with its words.
 */
export function liveBuilder({ siteRoot, live, keep = DEFAULT_KEEP }: LiveBuilderOptions): LiveBuild {
  const builds = buildsOf(live);
  const warm = warmBuilder({ siteRoot, live, keep });
  const build = async (root = siteRoot, go?: Promise<boolean>, release?: ReleaseMark) => {
    const forward = onlyForward(siteRoot, live, root === siteRoot, go, release);
    if (root === siteRoot) {
      const outcome = await warm.build(forward);
      if ('live' in outcome) return { id: outcome.live, seconds: outcome.seconds, live: true };
      if ('thrownAway' in outcome) return { id: '', seconds: outcome.thrownAway, live: false };
      if ('busy' in outcome) throw new Error(outcome.busy);
      // a bundle to build: the workers' engine or model is not the next one's
      await warm.close();
    }
    return childBuild(builds, root, keep, forward);
  };
  return Object.assign(build, {
    prime: async () => {
      const outcome = await warm.prime().catch(() => undefined);
      return outcome && 'primed' in outcome ? outcome.primed : undefined;
    },
    renew: async () => void (await warm.renew().catch(() => undefined)),
    close: () => warm.close(),
  });
}

/** The file in a build folder that says which version of the site it is (a dot-file: never served). */
export const RELEASE_FILE = '.release.json';

/** What the live build is a version of: its mark, a deploy's begin time (no mark), or undefined when none is live. */
export function liveRelease(live: string): ReleaseMark | undefined {
  let folder: string;
  try {
    folder = realpathSync(live);
  } catch {
    return undefined;
  }
  try {
    const mark = JSON.parse(readFileSync(join(folder, RELEASE_FILE), 'utf8')) as Partial<ReleaseMark>;
    if (typeof mark.at === 'string') return { at: mark.at, ...(typeof mark.commit === 'string' ? { commit: mark.commit } : {}) };
  } catch {
    // a deploy's build (`npm run build`), or one made before builds said their version
  }
  const begun = liveBuildTime(live);
  return begun && { at: begun.toISOString() };
}

/**
 * Whether a finished build goes live, asked under the builds' lock with its folder: when `go` says so and it is newer
 * than the live build then (a build of `release` also not when it is the same version: nothing to do). Its version is
 * written into its folder, for the next build's question.
 */
function onlyForward(siteRoot: string, live: string, ofWorkingCopy: boolean, go: Promise<boolean> | undefined, release: ReleaseMark | undefined): GoLive {
  return async (out) => {
    if (go && !(await go)) return false;
    const commit = release ? undefined : ofWorkingCopy ? await headOf(siteRoot) : undefined;
    const mark = release ?? { ...(commit ? { commit } : {}), at: new Date().toISOString() };
    const order = await releaseOrder(mark, liveRelease(live), ancestorIn(siteRoot));
    if (order === 'older' && !release) throw new Error('a newer version of the site went live while this one was built: it is not made live');
    if (order === 'older' || (release && order === 'same')) return false;
    writeFileSync(join(out, RELEASE_FILE), `${JSON.stringify(mark)}\n`);
    return true;
  };
}

/** `npm run build`'s work from the live build, in a child process, made live (with `go`, when it says so). */
async function childBuild(builds: Builds, root: string, keep: number, go?: GoLive): Promise<{ id: string; seconds: number; live: boolean }> {
  const release = lockBuilds(builds);
  let previous: string | undefined;
  try {
    previous = realpathSync(builds.live);
  } catch {
    previous = undefined;
  }
  const made = await buildInNewFolder(builds, keep, release, async (out) => {
    const env: NodeJS.ProcessEnv = { ...process.env, SITE_ROOT: root, SITE_OUT: out, BUILD_QUIET: '1' };
    delete env.BUILD_INCREMENTAL;
    if (previous) env.SITE_PREVIOUS_OUT = previous;
    else delete env.SITE_PREVIOUS_OUT;
    const { code, output } = await run(process.execPath, [join(paths.root, 'scripts/run-bundled.mjs'), join(paths.root, 'scripts/build/build.ts')], env);
    rmSync(`${out}-ssr`, { recursive: true, force: true });
    if (code !== 0) throw new Error(`the build stopped:\n${tail(output)}`);
    return { goLive: await askGo(go, out), value: undefined };
  });
  return { id: made.id, seconds: made.seconds, live: made.live };
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number; output: string }> {
  const child = spawn(command, args, { cwd: paths.root, env });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code: code ?? 1, output })));
}

/**
 * At a start: the build folders a stopped publish left half written (no marker of a finished build) are taken away,
 * and said; the live build is as it was. Nothing is touched while another build holds the builds' lock.
 */
export function recoverBuilds(live: string, keep = DEFAULT_KEEP): string[] {
  const builds = buildsOf(live);
  if (!existsSync(builds.dir)) return [];
  let release: () => void;
  try {
    release = lockBuilds(builds);
  } catch {
    return [];
  }
  try {
    const complete = new Set(completeBuilds(builds));
    const half = readdirSync(builds.dir).filter((name) => !name.startsWith('.') && !complete.has(name));
    if (half.length === 0) return [];
    prune(builds, keep);
    deleteTrash(builds, { wait: true });
    return half.map((name) => `a build left half written (${name}): removed; the live build is as it was`);
  } finally {
    release();
  }
}

/** When the live build was begun (its id says so), or undefined when the live path names no build folder. */
export function liveBuildTime(live: string): Date | undefined {
  const id = liveBuildId(buildsOf(live));
  const parts = id && /^(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})(\d{2})-(\d{3})/.exec(id);
  return parts ? new Date(`${parts[1]}-${parts[2]}-${parts[3]}T${parts[4]}:${parts[5]}:${parts[6]}.${parts[7]}Z`) : undefined;
}
