import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { StudioDoor } from './studio-door.ts';

const run = promisify(execFile);

export interface ReleaseFollowerOptions {
  door: StudioDoor;
  /** this instance's working copy: its remote has every published commit */
  siteRoot: string;
  remote: string;
  /** builds a folder of the site's files and makes it live on this instance (live-builder.ts) */
  buildLive: (siteRoot: string) => Promise<unknown>;
  /** how often to look for a release this instance does not serve yet */
  tickMs: number;
  /** when this instance's live build was begun (live-builder.ts liveBuildTime) */
  liveSince: () => Date | undefined;
  log?: (line: string) => void;
}

/**
 * More than one server instance: a publish on one is recorded in the database (the commit, once it is on the
 * remote), and every other instance builds that same commit and switches to it. The build is deterministic, so
 * every instance serves the same bytes; each keeps its own build folders, so no shared disk is needed, and an
 * instance that was down builds the newest release when it is up again (unless its live build was begun after that
 * release: a deploy since, which is never taken back to an older release). The commit is built from the remote's copy
 * of it, unpacked beside the working copy, which stays as it is (an editor's unpublished changes in it are theirs).
 */
export function releaseFollower(options: ReleaseFollowerOptions) {
  /** the commit this instance serves, as far as it knows */
  let serving: string | undefined;
  let first = true;
  let busy = false;
  const git = async (args: string[]) => (await run('git', ['-C', options.siteRoot, ...args], { maxBuffer: 64 * 1024 * 1024 })).stdout.trim();

  const build = async (commit: string) => {
    await git(['fetch', '-q', '--no-tags', options.remote]);
    const prefix = await git(['rev-parse', '--show-prefix']);
    const tree = mkdtempSync(join(tmpdir(), 'release-'));
    try {
      await run('sh', ['-c', `git -C "$1" archive --format=tar "$2" | tar -x -C "$3"`, 'sh', options.siteRoot, `${commit}:${prefix}`, tree]);
      await options.buildLive(tree);
    } finally {
      rmSync(tree, { recursive: true, force: true });
    }
  };

  const tick = async () => {
    const latest = await options.door.releases.latest();
    // at a start: a live build begun after the newest release has it, or is newer still (a deploy): it stays
    const since = first ? options.liveSince() : undefined;
    first = false;
    if (latest && since && since.getTime() >= Date.parse(latest.publishedAt)) {
      serving = latest.commit;
      options.log?.(`release ${latest.commit.slice(0, 12)}: the live build was begun after it, and is kept`);
    }
    if (!latest || latest.commit === serving) return;
    await build(latest.commit);
    serving = latest.commit;
    options.log?.(`release ${latest.commit.slice(0, 12)} by ${latest.publishedBy}: built and live on this instance`);
  };
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    tick()
      .catch((error: unknown) => options.log?.(`releases: ${(error as Error).message}`))
      .finally(() => (busy = false));
  }, options.tickMs);
  timer.unref();
  return {
    /** a commit this instance made live itself (its own publish): not built again */
    serves: (commit: string) => void (serving = commit),
    stop: () => clearInterval(timer),
  };
}
