import { spawn } from 'node:child_process';
import { existsSync, readdirSync, realpathSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { paths } from '../../core/paths.ts';
import { buildInNewFolder, buildsOf, completeBuilds, deleteTrash, DEFAULT_KEEP, liveBuildId, lockBuilds, prune, type Builds } from '../build/build-folders.ts';
import { warmBuilder } from '../build/warm-build.ts';

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

/** A publish's build: the working copy (or `root`, another folder of the site's files) built and made live. */
export interface LiveBuild {
  /** With `go`, the finished build waits for it: made live when it resolves true (`live`), else thrown away. */
  (root?: string, go?: Promise<boolean>): Promise<{ id: string; seconds: number; live: boolean }>;
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
  const build = async (root = siteRoot, go?: Promise<boolean>) => {
    if (root === siteRoot) {
      const outcome = await warm.build(go);
      if ('live' in outcome) return { id: outcome.live, seconds: outcome.seconds, live: true };
      if ('thrownAway' in outcome) return { id: '', seconds: outcome.thrownAway, live: false };
      if ('busy' in outcome) throw new Error(outcome.busy);
      // a bundle to build: the workers' engine or model is not the next one's
      await warm.close();
    }
    return childBuild(builds, root, keep, go);
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

/** `npm run build`'s work from the live build, in a child process, made live (with `go`, when it says so). */
async function childBuild(builds: Builds, root: string, keep: number, go?: Promise<boolean>): Promise<{ id: string; seconds: number; live: boolean }> {
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
    return { goLive: !go || (await go), value: undefined };
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
