import { existsSync, readdirSync, readFileSync, readlinkSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { SITE_PATHS } from '../../core/site/layout.ts';
import type { PushTarget } from '../../core/studio/contract.ts';
import { commitPaths, expectPending, git, nulList, pending, push, type Author } from './publish.ts';
import { takeTheirsKeepMine } from './take-theirs.ts';

/**
 * Publish on the live server, in one step and under one lock: the changes the editor looked at are validated,
 * committed as theirs, put on top of what the remote has now (commits of other editors, which may change only the
 * site's files: a commit of code is refused, "deploy first"), built and made live (by the host: `makeLive`), and
 * pushed. A conflict with a change made elsewhere undoes the rebase and the commit: the working copy and the live
 * build are as they were, and the editor is told which files. A publish stopped anywhere (the process killed) leaves
 * its lock and perhaps a half rebase, which `recoverWorkingCopy` undoes at the next start, saying what it cleaned.
 */

export type LivePublishOutcome =
  | { ok: true; commit: string; rebasedOver: number; pushed: boolean }
  | {
      ok: false;
      /**
       * busy: another publish holds the lock; nothing: no change; invalid: the site has problems (`detail`);
       * code-changed: the remote has commits that change more than the site's files (`files`); conflict: a file
       * changed both here and there (`files`); build-failed: the commit is taken back, its changes unpublished again (`detail`);
       * push-failed: live here, not sent (`detail`)
       */
      reason: 'busy' | 'nothing' | 'invalid' | 'code-changed' | 'conflict' | 'build-failed' | 'push-failed';
      files?: string[];
      detail?: string;
      /** push-failed: the commit that is live here */
      commit?: string;
    };

export interface LivePublishOptions {
  /** the working copy: a git work tree the server owns, the site at its root or in a folder of it */
  siteRoot: string;
  /** the changes the editor was shown (the changes call's fingerprint): others are refused as stale */
  fingerprint: string;
  message: string;
  author: Author;
  /** where the published commits go, and where other editors' commits come from */
  target?: PushTarget & { branch: string };
  /** the site's problems in words, or undefined when it is valid */
  validate: () => string | undefined;
  /** builds the commit checked out and makes it live; throws when it could not (the live build stays as it was) */
  makeLive: (commit: string) => Promise<void>;
  /**
   * Begins the working copy's build at once, beside the commit and the fetch: made live when `go` resolves true (throws
   * then as `makeLive` does), thrown away when false. Without it, `makeLive` builds after the git steps.
   */
  buildEarly?: (go: Promise<boolean>) => Promise<void>;
  /** the server instance that owns the working copy, behind the back office (see `recoverWorkingCopy`) */
  ownedBy?: string;
}

const LOCK_FILE = 'helder-publish.lock';
/** how many times a push that found new commits on the remote takes them and tries again */
const PUSH_ATTEMPTS = 3;

const gitDirOf = async (siteRoot: string) => (await git(siteRoot, ['rev-parse', '--absolute-git-dir'])).trim();
const head = async (siteRoot: string) => (await git(siteRoot, ['rev-parse', 'HEAD'])).trim();

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * What the lock file says: the process (and the server instance, behind the back office), and once the publish has
 * committed, the commit before it and where it sends.
 */
interface LockNote {
  pid: number;
  instance?: string;
  at: string;
  /** HEAD before the publish's commit */
  before?: string;
  /** the remote-tracking branch a sent commit is in */
  sentTo?: string;
  /** where it sends */
  remote?: string;
  branch?: string;
  /** the commit it began to push: it may be on the remote though the process was killed before it heard so */
  sending?: string;
}

/**
 * The publish lock (a file in the git folder, with the process that holds it), or undefined when it is held: its
 * release, and `note`, which writes what a recovery needs to know into it as the publish goes.
 */
function takeLock(gitDir: string, instance?: string): { release: () => void; note: (more: Partial<LockNote>) => void } | undefined {
  const file = join(gitDir, LOCK_FILE);
  let written: LockNote = { pid: process.pid, ...(instance ? { instance } : {}), at: new Date().toISOString() };
  try {
    writeFileSync(file, JSON.stringify(written), { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return undefined;
    throw error;
  }
  return {
    release: () => rmSync(file, { force: true }),
    note: (more) => writeFileSync(file, JSON.stringify((written = { ...written, ...more }))),
  };
}

/** What a lock file says, when it can be read. */
function lockNote(file: string): Partial<LockNote> {
  try {
    const note = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockNote>;
    return typeof note === 'object' && note !== null ? note : {};
  } catch {
    return {};
  }
}

/** Whether `commit` is in `ref`'s history. */
const isAncestor = (siteRoot: string, commit: string, ref: string) =>
  git(siteRoot, ['merge-base', '--is-ancestor', commit, ref]).then(
    () => true,
    () => false,
  );

/**
 * Whether the publish's commit (HEAD) reached the remote before the publish stopped: asked of the remote itself when
 * the publish had begun to push (a push killed after the remote took it has not moved the remote-tracking branch),
 * else of the remote-tracking branch as it was last fetched.
 */
async function sent(siteRoot: string, note: Partial<LockNote>): Promise<boolean> {
  if (note.sending && note.remote && note.branch)
    try {
      await git(siteRoot, ['fetch', '-q', '--no-tags', note.remote, `+refs/heads/${note.branch}:${INCOMING_REF}`]);
      return await isAncestor(siteRoot, 'HEAD', INCOMING_REF);
    } catch {
      // the remote not reached: by what the working copy knows of it
    }
  return note.sentTo ? isAncestor(siteRoot, 'HEAD', note.sentTo) : false;
}

/**
 * A publish that stopped after its commit and before the commit was sent: the commit (always the newest, on top of
 * anything the rebase took in) is taken back, so its changes are unpublished changes again and the next Publish
 * builds and sends them. Whether it went live before it stopped does not matter: publishing them again is the same.
 * A commit that reached the remote stays: it is published. HEAD is taken back only when it is the publish's commit
 * (on the commit before, or on the remote's it took in): a rebase that found the change there already left none.
 */
async function takeBackCommit(siteRoot: string, note: Partial<LockNote>): Promise<string[]> {
  if (!note.before || (await head(siteRoot)) === note.before) return [];
  const parent = await git(siteRoot, ['rev-parse', '-q', '--verify', 'HEAD~1']).then(
    (out) => out.trim(),
    () => '',
  );
  const taken = await git(siteRoot, ['rev-parse', '-q', '--verify', INCOMING_REF]).then(
    (out) => out.trim(),
    () => '',
  );
  if (parent === '' || (parent !== note.before && parent !== taken)) return [];
  if (await sent(siteRoot, note)) return [`a publish that stopped after it was sent: its commit ${(await head(siteRoot)).slice(0, 12)} is published and stays`];
  await git(siteRoot, ['reset', '-q', '--mixed', 'HEAD~1']);
  return ['a publish that stopped before it was sent: its changes are unpublished changes again; Publish sends them'];
}

/**
 * The processes (other than this one) at work in the working copy: git runs in the work tree's folder (`git -C`), so
 * one whose current folder is in it may hold git's locks. None where the system does not tell (no /proc).
 */
function atWork(top: string): number[] {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return [];
  }
  return entries
    .filter((name) => /^\d+$/.test(name) && Number(name) !== process.pid)
    .filter((name) => {
      try {
        const cwd = readlinkSync(`/proc/${name}/cwd`);
        return cwd === top || cwd.startsWith(`${top}${sep}`);
      } catch {
        // gone, or another user's
        return false;
      }
    })
    .map(Number);
}

/** git's lock files in the git folder and under refs/ (a ref's lock is `<ref>.lock`), by their path in it; the publish's own apart. */
function gitLocks(gitDir: string): string[] {
  const found: string[] = [];
  const look = (dir: string) => {
    for (const entry of readdirSync(join(gitDir, dir), { withFileTypes: true })) {
      const path = dir === '' ? entry.name : `${dir}/${entry.name}`;
      if (entry.isDirectory() && (dir !== '' || entry.name === 'refs')) look(path);
      else if (entry.name.endsWith('.lock') && entry.name !== LOCK_FILE) found.push(path);
    }
  };
  look('');
  return found.sort();
}

/**
 * git's locks that a git command killed with its process left (HEAD.lock, a ref's, the index's, a commit's temporary
 * index, packed-refs.lock): while one is there, every git command that needs it fails. Removed only when no process is
 * at work in the working copy: a git command that runs holds its own.
 */
async function removeStaleGitLocks(siteRoot: string, gitDir: string): Promise<string[]> {
  const stale = gitLocks(gitDir);
  if (stale.length === 0) return [];
  const top = realpathSync((await git(siteRoot, ['rev-parse', '--show-toplevel'])).trim());
  const working = atWork(top);
  if (working.length > 0) return [`git's locks (${stale.join(', ')}) left as they are: process ${working.join(', ')} works in the working copy`];
  for (const lock of stale) rmSync(join(gitDir, lock), { force: true });
  return [`git's locks left by a stopped command: removed (${stale.join(', ')})`];
}

/** Whether a recovery may clean up after the publish whose lock it found: its process is gone (see `recoverWorkingCopy`). */
function stopped(note: Partial<LockNote>, atStart: boolean, ownedBy: string | undefined): boolean {
  const pid = typeof note.pid === 'number' ? note.pid : undefined;
  const another = ownedBy !== undefined && typeof note.instance === 'string' && note.instance !== ownedBy;
  return another || pid === undefined || (pid === process.pid ? atStart : !alive(pid));
}

/** A rebase or a merge a stopped publish left half done, undone (git's locks removed first: the undoing needs them). */
async function undoHalfDone(siteRoot: string, gitDir: string): Promise<string[]> {
  const undone: string[] = [];
  if (existsSync(join(gitDir, 'rebase-merge')) || existsSync(join(gitDir, 'rebase-apply'))) {
    await git(siteRoot, ['rebase', '--abort']);
    undone.push('a rebase left half done: undone, the working copy is as before it');
  }
  if (existsSync(join(gitDir, 'MERGE_HEAD'))) {
    await git(siteRoot, ['merge', '--abort']);
    undone.push('a merge left half done: undone');
  }
  return undone;
}

/**
 * What a publish that stopped half way (its process killed) left in the working copy, undone: its lock, git's locks,
 * a rebase or merge under way, and its commit when it was not sent. Only when the lock's process is gone: a publish
 * that runs is left alone. At a server's start (`atStart`) a lock of this very process number is a dead one's (a
 * container's server has the same number at each start); later it is a publish of this process under way. Behind the
 * back office (`ownedBy`: the instance that owns the working copy now) a lock another instance wrote is a dead one's
 * whatever its process number: that instance no longer owns the working copy, and on a shared disk its process ran on
 * another machine, where the number means nothing here. At a start or a take-over git's locks are removed without a
 * publish's lock too (a discard, a catch-up or a fetch killed), when no process is at work in the working copy. Gives
 * what it cleaned, in words for the server's log.
 */
export async function recoverWorkingCopy(siteRoot: string, { atStart = true, ownedBy }: { atStart?: boolean; ownedBy?: string } = {}): Promise<string[]> {
  const gitDir = await gitDirOf(siteRoot);
  const lock = join(gitDir, LOCK_FILE);
  if (!existsSync(lock)) return atStart ? removeStaleGitLocks(siteRoot, gitDir) : [];
  const note = lockNote(lock);
  if (!stopped(note, atStart, ownedBy)) return [];
  const cleaned = await removeStaleGitLocks(siteRoot, gitDir);
  cleaned.push(...(await undoHalfDone(siteRoot, gitDir)));
  cleaned.push(...(await takeBackCommit(siteRoot, note)));
  rmSync(lock, { force: true });
  const another = ownedBy !== undefined && typeof note.instance === 'string' && note.instance !== ownedBy ? note.instance : undefined;
  const whose = [typeof note.pid === 'number' ? `process ${note.pid}` : '', another ? `of the instance ${another}` : ''].filter(Boolean).join(' ');
  cleaned.push(`the lock of a publish that stopped${whose ? ` (${whose})` : ''}: removed`);
  return cleaned;
}

/**
 * Where a publish fetches the remote's branch to: a ref of its own, which no other fetch in the working copy (a release
 * followed, FETCH_HEAD) writes while the publish reads it.
 */
export const INCOMING_REF = 'refs/studio/incoming';

/** The commits the remote's branch has that HEAD lacks, and the files they change outside the site's. */
async function incoming(siteRoot: string, target: PushTarget & { branch: string }): Promise<{ commits: number; outside: string[] }> {
  await git(siteRoot, ['fetch', '-q', '--no-tags', target.remote, `+refs/heads/${target.branch}:${INCOMING_REF}`]);
  const commits = Number((await git(siteRoot, ['rev-list', '--count', `HEAD..${INCOMING_REF}`])).trim());
  if (commits === 0) return { commits, outside: [] };
  const prefix = (await git(siteRoot, ['rev-parse', '--show-prefix'])).trim();
  const own = (path: string) =>
    path.startsWith(prefix) && SITE_PATHS.some((site) => path.slice(prefix.length) === site || path.slice(prefix.length).startsWith(`${site}/`));
  const paths = nulList(await git(siteRoot, ['log', '--no-renames', '--no-relative', '--format=', '--name-only', '-z', `HEAD..${INCOMING_REF}`])).map((p) =>
    p.replace(/^\n/, ''),
  );
  return { commits, outside: [...new Set(paths.filter((path) => path !== '' && !own(path)))] };
}

/** Puts HEAD's commits on top of the fetched ones; on a conflict, the rebase undone and the files in conflict given. */
async function rebaseOnFetched(siteRoot: string): Promise<string[] | undefined> {
  try {
    await git(siteRoot, ['-c', 'user.name=Studio', '-c', 'user.email=studio@studio.local', 'rebase', '-q', INCOMING_REF]);
    return undefined;
  } catch {
    const files = nulList(await git(siteRoot, ['diff', '--name-only', '--relative', '--diff-filter=U', '-z']));
    await git(siteRoot, ['rebase', '--abort']);
    return files;
  }
}

/**
 * The working copy's build begun beside the git steps (`buildEarly`), so the commit, the fetch and the build take the
 * time of the longest, not of all three: it goes live when the commit is the files it read (no remote commits were
 * taken in), and is thrown away otherwise, before the rebased files are built.
 */
function earlyBuild(options: LivePublishOptions) {
  if (!options.buildEarly) return undefined;
  let decide: (go: boolean) => void = () => undefined;
  const building = options.buildEarly(new Promise<boolean>((resolve) => (decide = resolve)));
  // a failure is the publish's when the build is asked to go live; one thrown away ends without a word
  building.catch(() => undefined);
  return {
    /** true: made live (throws as `makeLive` does); false: thrown away */
    async settle(go: boolean): Promise<void> {
      decide(go);
      if (go) await building;
      else await building.catch(() => undefined);
    },
  };
}

/**
 * After the commit: the remote's new commits taken in (refused when they change code or conflict), the result made
 * live and pushed; a push that finds newer commits takes them and goes round again.
 */
async function takeInBuildAndSend(
  options: LivePublishOptions,
  before: string,
  early: ReturnType<typeof earlyBuild>,
  note: (more: Partial<LockNote>) => void,
): Promise<LivePublishOutcome> {
  const { siteRoot, target } = options;
  // the changes back as they were before the publish: uncommitted, in the working copy
  const undo = () => git(siteRoot, ['reset', '-q', '--mixed', before]);
  let rebasedOver = 0;
  for (let attempt = 1; ; attempt++) {
    if (target) {
      const found = await incoming(siteRoot, target);
      if (found.outside.length > 0) {
        await undo();
        return { ok: false, reason: 'code-changed', files: found.outside };
      }
      if (found.commits > 0) {
        const conflict = await rebaseOnFetched(siteRoot);
        if (conflict) {
          // theirs becomes the published version here, the editor's the change to it: shown side by side, and
          // Publish (mine on top) or Discard (theirs) then goes through
          await undo();
          const mine = (await pending(siteRoot)).files.map((file) => file.path);
          await takeTheirsKeepMine(siteRoot, mine, before, INCOMING_REF);
          return { ok: false, reason: 'conflict', files: conflict };
        }
        rebasedOver += found.commits;
      }
    }
    const commit = await head(siteRoot);
    try {
      if (early && attempt === 1 && rebasedOver === 0) await early.settle(true);
      else {
        await early?.settle(false);
        await options.makeLive(commit);
      }
    } catch (error) {
      // the commit (on top of anything the rebase took in) taken back: its changes wait, unpublished, for the next try
      await git(siteRoot, ['reset', '-q', '--mixed', 'HEAD~1']);
      return { ok: false, reason: 'build-failed', detail: (error as Error).message };
    }
    if (!target) return { ok: true, commit, rebasedOver, pushed: false };
    note({ sending: commit });
    const pushed = await push(siteRoot, target);
    if (pushed.ok) return { ok: true, commit, rebasedOver, pushed: true };
    // another server or editor pushed meanwhile: their commits are taken, built and sent with ours
    if (pushed.reason !== 'behind' || attempt >= PUSH_ATTEMPTS) return { ok: false, reason: 'push-failed', detail: pushed.detail, commit };
  }
}

/**
 * A publish that failed after its commit for a reason of git's (a remote not reached, a lock held): a rebase under way
 * undone and the commit taken back, so the changes are unpublished changes again, as after a refusal. Whatever of it
 * fails is left to the next start's recovery: the error the publish failed with is the one told.
 */
async function undoCommit(siteRoot: string, gitDir: string, before: string): Promise<void> {
  if (existsSync(join(gitDir, 'rebase-merge')) || existsSync(join(gitDir, 'rebase-apply'))) await git(siteRoot, ['rebase', '--abort']).catch(() => undefined);
  await git(siteRoot, ['reset', '-q', '--mixed', before]).catch(() => undefined);
}

/** See the module's comment. */
export async function publishLive(options: LivePublishOptions): Promise<LivePublishOutcome> {
  const { siteRoot, target } = options;
  const gitDir = await gitDirOf(siteRoot);
  await recoverWorkingCopy(siteRoot, { atStart: false, ...(options.ownedBy ? { ownedBy: options.ownedBy } : {}) });
  const lock = takeLock(gitDir, options.ownedBy);
  if (!lock) return { ok: false, reason: 'busy' };
  let early: ReturnType<typeof earlyBuild>;
  try {
    const before = await head(siteRoot);
    const now = await expectPending(siteRoot, options.fingerprint);
    if (now.files.length === 0) return { ok: false, reason: 'nothing' };
    const problems = options.validate();
    if (problems !== undefined) return { ok: false, reason: 'invalid', detail: problems };
    early = earlyBuild(options);
    lock.note({ before, ...(target ? { sentTo: `refs/remotes/${target.remote}/${target.branch}`, remote: target.remote, branch: target.branch } : {}) });
    await commitPaths(
      siteRoot,
      now.files.map((file) => file.path),
      options.message,
      options.author,
    );
    return await takeInBuildAndSend(options, before, early, lock.note).catch(async (error: unknown) => {
      await undoCommit(siteRoot, gitDir, before);
      throw error;
    });
  } finally {
    // a build begun early and not made live is thrown away before the lock goes
    await early?.settle(false);
    lock.release();
  }
}
