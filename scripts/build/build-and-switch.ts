import { spawn } from 'node:child_process';
import { realpathSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { paths } from '../../core/paths.ts';
import { buildFolder, buildsOf, deleteTrash, keepFromEnv, liveBuildId, lockBuilds, markComplete, newBuildId, prune, switchTo } from './build-folders.ts';

/**
 * `npm run build`: scripts/build/build.ts into a new folder beside the live build (SITE_OUT set to it), then, only when
 * it succeeded, the switch that makes it live in one step, and the pruning of old builds (SITE_KEEP_BUILDS, 3 by
 * default; their files are deleted in the background, after the build has ended). A failed or stopped build is deleted and the live build stays. The live path is dist/ (or SITE_OUT).
 */
const builds = buildsOf(paths.dist);
let keep: number;
try {
  keep = keepFromEnv(process.env.SITE_KEEP_BUILDS);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

/** scripts/build/build.ts as a child, into `out`; a signal to this process is passed on, and reported as the exit. */
function runBuild(out: string, previous: string | undefined): Promise<{ code: number; signal?: NodeJS.Signals }> {
  // SITE_PREVIOUS_OUT: the live build, for a build that reuses what did not change
  const env = { ...process.env, SITE_OUT: out, ...(previous ? { SITE_PREVIOUS_OUT: previous } : {}) };
  // bundled and kept (scripts/run-bundled.mjs): Node starts it without tsx's loader, a third of an incremental build
  const command = [join(paths.root, 'scripts', 'run-bundled.mjs'), join(paths.root, 'scripts', 'build', 'build.ts')];
  const child = spawn(process.execPath, command, { cwd: paths.root, env, stdio: 'inherit' });
  const forward = (signal: NodeJS.Signals) => child.kill(signal);
  const signals: NodeJS.Signals[] = ['SIGTERM', 'SIGINT', 'SIGHUP'];
  for (const signal of signals) process.on(signal, forward);
  return new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      for (const name of signals) process.off(name, forward);
      resolve({ code: code ?? 1, signal: signal ?? undefined });
    });
  });
}

const liveFolder = () => {
  try {
    return realpathSync(builds.live);
  } catch {
    return undefined;
  }
};

let release: () => void;
try {
  release = lockBuilds(builds);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
const started = performance.now();
const id = newBuildId();
const out = buildFolder(builds, id);
const before = liveBuildId(builds);
const result = await runBuild(out, liveFolder());
// the server bundle's intermediate SSR build is not part of what is served
rmSync(`${out}-ssr`, { recursive: true, force: true });
if (result.code !== 0 || result.signal) {
  rmSync(out, { recursive: true, force: true });
  release();
  console.error(`build ${id} failed: ${before ? `build ${before} stays live` : `nothing changed in ${builds.live}`}`);
  if (result.signal) process.kill(process.pid, result.signal);
  process.exit(result.code || 1);
}
markComplete(builds, id, Math.round(performance.now() - started) / 1000);
switchTo(builds, id);
const removed = prune(builds, keep);
release();
// the new build is live: the old ones are deleted by a process of their own, and the build has ended
deleteTrash(builds);
console.log(
  `live: build ${id} in ${builds.live}${before ? ` (before: ${before}, npm run rollback to go back)` : ''}` +
    `${removed.length ? `; pruned ${removed.length} old build${removed.length === 1 ? '' : 's'}, ${keep} kept` : ''}`,
);
