import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { ReleaseMark, ReleaseOrder } from './release-order.ts';
import type { StudioDoor } from './studio-door.ts';

const run = promisify(execFile);

export interface ReleaseFollowerOptions {
  door: StudioDoor;
  /** this instance's working copy: its remote has every published commit */
  siteRoot: string;
  remote: string;
  /**
   * builds a folder of the site's files, a version published on another instance, and makes it live on this instance
   * when it is still newer than the live build once built (live-builder.ts): whether it did
   */
  buildLive: (siteRoot: string, release: ReleaseMark) => Promise<{ live: boolean }>;
  /** how often to look for a release this instance does not serve yet */
  tickMs: number;
  /** how a release stands to this instance's live build (release-order.ts, with live-builder.ts liveRelease) */
  order: (release: ReleaseMark) => Promise<ReleaseOrder>;
  log?: (line: string) => void;
}

/**
 * More than one server instance: a publish on one is recorded in the database (the commit, once it is on the
 * remote), and every other instance builds that same commit and switches to it. The build is deterministic, so
 * every instance serves the same bytes; each keeps its own build folders, so no shared disk is needed, and an
 * instance that was down builds the newest release when it is up again. Only forward: a release that is not newer
 * than the live build (this instance published it, or a later one, or a deploy was begun after it) is never built,
 * and one that a newer version overtook while it was built is thrown away (live-builder.ts decides under the
 * builds' lock). The commit is built from the remote's copy of it, unpacked beside the working copy, which stays as
 * it is (an editor's unpublished changes in it are theirs).
 */
export function releaseFollower(options: ReleaseFollowerOptions) {
  /** the newest release this instance serves, or has a newer version of, as far as it knows */
  let serving: string | undefined;
  let busy = false;
  const git = async (args: string[]) => (await run('git', ['-C', options.siteRoot, ...args], { maxBuffer: 64 * 1024 * 1024 })).stdout.trim();

  const build = async (release: ReleaseMark & { commit: string }) => {
    await git(['fetch', '-q', '--no-tags', options.remote]);
    const prefix = await git(['rev-parse', '--show-prefix']);
    const tree = mkdtempSync(join(tmpdir(), 'release-'));
    try {
      await run('sh', ['-c', `git -C "$1" archive --format=tar "$2" | tar -x -C "$3"`, 'sh', options.siteRoot, `${release.commit}:${prefix}`, tree]);
      return (await options.buildLive(tree, release)).live;
    } finally {
      rmSync(tree, { recursive: true, force: true });
    }
  };

  const tick = async () => {
    const latest = await options.door.releases.latest();
    if (!latest || latest.commit === serving) return;
    const release = { commit: latest.commit, at: latest.publishedAt };
    const name = latest.commit.slice(0, 12);
    // a publish of this instance while the release was looked at or built serves a newer one: it stays the one served
    const before = serving;
    const order = await options.order(release);
    const live = order === 'newer' && (await build(release));
    if (serving === before) serving = latest.commit;
    if (live) options.log?.(`release ${name} by ${latest.publishedBy}: built and live on this instance`);
    else if (order === 'newer') options.log?.(`release ${name}: a newer version went live while it was built; its build is thrown away`);
    else options.log?.(`release ${name}: the live build is ${order === 'same' ? 'this version' : 'newer'}, and is kept`);
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
