import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { git } from '../studio/server/publish.ts';
import { INCOMING_REF } from '../studio/server/live-publish.ts';

/** Where the server keeps its working copy of the site, in its data folder. */
export const WORKING_COPY_DIR = 'studio-site';

const gitNow = (args: string[], cwd?: string) => execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();

/**
 * The server's own working copy of the site: a clone of `remote` (its `branch`) in the data folder, made at the
 * first start and used as it is at every later one (an editor's unpublished changes stay in it). A folder there that
 * is a clone of another remote is refused with a plain line: the server never edits a site it was not given.
 */
export function ownWorkingCopy(dataDir: string, remote: string, branch: string): { siteRoot: string; made: boolean } {
  const siteRoot = join(dataDir, WORKING_COPY_DIR);
  if (existsSync(join(siteRoot, '.git'))) {
    const origin = gitNow(['remote', 'get-url', 'origin'], siteRoot);
    if (origin !== remote) throw new Error(`${siteRoot} is a copy of ${origin}, not of ${remote}: move it away, or set STUDIO_REMOTE to ${origin}`);
    return { siteRoot, made: false };
  }
  mkdirSync(dirname(siteRoot), { recursive: true });
  gitNow(['clone', '--quiet', '--branch', branch, remote, siteRoot]);
  return { siteRoot, made: true };
}

/** git as the studio commits when no person is behind it: a rebase's committer, the commit that carries edits over. */
const STUDIO_GIT = ['-c', 'user.name=Studio', '-c', 'user.email=studio@studio.local'];
/** the message of the commit that carries a working copy's uncommitted edits through a catch-up's rebase */
const CARRIED = 'studio: unpublished edits carried over a change of owner';

const gitAsync = async (siteRoot: string, args: string[]) => (await git(siteRoot, args)).trim();
const count = async (siteRoot: string, range: string) => Number(await gitAsync(siteRoot, ['rev-list', '--count', range]));

/** A rebase of an earlier catch-up left half done (its process killed): undone. No lock marks it, so recovery leaves it. */
async function undoHalfRebase(siteRoot: string): Promise<string[]> {
  const gitDir = await gitAsync(siteRoot, ['rev-parse', '--absolute-git-dir']);
  if (!['rebase-merge', 'rebase-apply'].some((name) => existsSync(join(gitDir, name)))) return [];
  await git(siteRoot, ['rebase', '--abort']);
  return ['a rebase of an earlier change of owner left half done: undone'];
}

/**
 * The uncommitted edits (new files too) as one commit on top, so that one rebase carries commits and edits alike. A
 * carrying commit left by a catch-up that stopped is taken back first: it was never a version of the site.
 */
async function carryEdits(siteRoot: string): Promise<boolean> {
  if ((await gitAsync(siteRoot, ['log', '-1', '--format=%s'])) === CARRIED) await git(siteRoot, ['reset', '-q', '--mixed', 'HEAD~1']);
  if ((await gitAsync(siteRoot, ['status', '--porcelain'])) === '') return false;
  await git(siteRoot, ['add', '-A']);
  await git(siteRoot, [...STUDIO_GIT, 'commit', '-q', '--no-verify', '-m', CARRIED]);
  return true;
}

/** What a working copy holds of its own, in words: "2 commits not sent and edits not published". */
function ownWords(commits: number, edits: boolean): string {
  const sent = commits > 0 ? `${commits} commit${commits === 1 ? '' : 's'} not sent` : '';
  return [sent, edits ? 'edits not published' : ''].filter(Boolean).join(' and ');
}

/**
 * The working copy brought up to the remote's newest published commit, when this instance takes it over (it may have
 * owned it long ago, or never). What it holds of its own from an earlier time it owned it (commits not sent, edits
 * not published) is put on top with a rebase and stays unpublished; when that conflicts with what was published
 * since, the working copy takes the remote's and its own are set aside in a branch, which the log names. Gives what
 * it did, in words for the server's log.
 */
export async function catchUpWithRemote(siteRoot: string, target: { remote: string; branch: string }): Promise<string[]> {
  const said = await undoHalfRebase(siteRoot);
  // into a ref of its own, read by its id: another fetch (a release followed) may write FETCH_HEAD meanwhile
  await git(siteRoot, ['fetch', '-q', '--no-tags', target.remote, `+refs/heads/${target.branch}:${INCOMING_REF}`]);
  const newest = await gitAsync(siteRoot, ['rev-parse', `${INCOMING_REF}^{commit}`]);
  const short = newest.slice(0, 12);
  const carried = await carryEdits(siteRoot);
  const own = ownWords((await count(siteRoot, `${newest}..HEAD`)) - (carried ? 1 : 0), carried);
  const behind = await count(siteRoot, `HEAD..${newest}`);
  try {
    if (behind > 0) await git(siteRoot, [...STUDIO_GIT, 'rebase', '-q', newest]);
  } catch {
    await git(siteRoot, ['rebase', '--abort']).catch(() => undefined);
    const branch = `studio-set-aside-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    await git(siteRoot, ['branch', branch, 'HEAD']);
    await git(siteRoot, ['reset', '-q', '--hard', newest]);
    return [
      ...said,
      `the working copy's own changes (${own}) conflict with the remote's newest version (${short}): it has the remote's now, its own are set aside in the branch ${branch}`,
    ];
  }
  if (carried) await git(siteRoot, ['reset', '-q', '--mixed', 'HEAD~1']);
  if (behind === 0) return said;
  return [...said, `the working copy brought up to the remote's newest version (${short})${own ? `, with its own (${own}) on top` : ''}`];
}
