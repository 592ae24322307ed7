import { execFile } from 'node:child_process';

/**
 * What a live build is a version of: the commit it was built from (a publish's, or a release another instance
 * published), and when that version was made (a publish: when its build was made live; a release: when it was
 * recorded). A build without a commit is a deploy's (`npm run build`, a code release not from the studio): only its
 * begin time is known.
 */
export interface ReleaseMark {
  commit?: string;
  /** ISO time */
  at: string;
}

/** Whether a build of `candidate` is newer than the live one, the same version, or older. */
export type ReleaseOrder = 'newer' | 'same' | 'older';

/** Whether commit `older` is an ancestor of commit `newer` (false when either is unknown). */
export type IsAncestor = (older: string, newer: string) => Promise<boolean>;

/**
 * The one ordering of the live site's versions, for a publish's build, a release another instance published and a
 * start alike. Commits on the site's branch are in the order git has them: a commit after the live one is newer
 * whatever the clocks say, one before it older. Versions git cannot order (a deploy's build, which names no commit;
 * a commit taken back after it went live, which is on no branch) are ordered by their time: a release recorded after
 * a deploy's build was begun is newer than the deploy, one recorded before it is in it or older.
 */
export async function releaseOrder(candidate: ReleaseMark, live: ReleaseMark | undefined, isAncestor: IsAncestor): Promise<ReleaseOrder> {
  if (!live) return 'newer';
  if (candidate.commit && live.commit) {
    if (candidate.commit === live.commit) return 'same';
    if (await isAncestor(live.commit, candidate.commit)) return 'newer';
    if (await isAncestor(candidate.commit, live.commit)) return 'older';
  }
  const [made, shown] = [Date.parse(candidate.at), Date.parse(live.at)];
  return made > shown ? 'newer' : made < shown ? 'older' : 'same';
}

/** git's answer in the working copy, whose history has every commit this instance published or followed. */
export const ancestorIn =
  (siteRoot: string): IsAncestor =>
  (older, newer) =>
    new Promise((resolve) => execFile('git', ['-C', siteRoot, 'merge-base', '--is-ancestor', older, newer], (error) => resolve(!error)));

/** The commit checked out in the working copy, or undefined when it is no git work tree. */
export const headOf = (siteRoot: string): Promise<string | undefined> =>
  new Promise((resolve) => execFile('git', ['-C', siteRoot, 'rev-parse', '--verify', '-q', 'HEAD'], (error, out) => resolve(error ? undefined : out.trim())));
