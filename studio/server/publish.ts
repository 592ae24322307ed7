import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { SiteFiles as VersionFiles } from '../../core/validate/site-files.ts';
import type { Problem } from '../../core/validate/validate.ts';
import { coded } from '../../core/validate/problem-catalog.ts';
import { SITE_PATHS } from '../../core/site/layout.ts';
import type { ChangesAnswer, PendingFile, Published, PublishRefusalReason, PushResult, PushTarget, RefusedFile, Version } from '../../core/studio/contract.ts';
import { RefusedPathError, unlinkedPath } from './site-files.ts';

/**
 * Publishing is git: a published version is a commit of the site's files (site.config.json, content/, public/),
 * History is their `git log`, and restoring a version is a new commit (history is never rewritten). Git runs as a
 * program with its arguments (never through a shell), in the site's folder, with every path given relative to it,
 * so only the site's own files are ever read, committed, restored or removed, whether the site is the repository's
 * root, a folder inside one, or a repository of its own.
 */
const run = promisify(execFile);

/** What git said when it refused: the studio says it in plain words, the detail is for a developer. */
export class PublishError extends Error {
  constructor(
    readonly reason: PublishRefusalReason,
    message: string,
    /** a version's problems as the validator found them (a restore refused for them) */
    readonly problems?: Problem[],
    /** the files it is about (a conflict: those changed elsewhere too) */
    readonly files?: string[],
  ) {
    super(message);
  }
}

export async function git(siteRoot: string, args: string[], env: NodeJS.ProcessEnv = {}, input?: string): Promise<string> {
  // literal paths (a name with * is that name); no prompt for a password that nobody could type
  const child = run('git', ['--literal-pathspecs', '-C', siteRoot, ...args], {
    env: { ...process.env, GIT_TERMINAL_PROMPT: '0', LC_ALL: 'C', ...env },
    maxBuffer: 64 * 1024 * 1024,
    timeout: 120_000,
  });
  if (input !== undefined) child.child.stdin?.end(input);
  const { stdout } = await child;
  return stdout;
}

export const nulList = (out: string) => out.split('\0').filter((part) => part !== '');

/** Whether the site is in a git work tree (and the studio can publish). */
export async function inGit(siteRoot: string): Promise<boolean> {
  try {
    return (await git(siteRoot, ['rev-parse', '--is-inside-work-tree'])).trim() === 'true';
  } catch {
    return false;
  }
}

/** The commit the site was last published as; a repository without one compares with the empty tree. */
async function base(siteRoot: string): Promise<string> {
  try {
    return (await git(siteRoot, ['rev-parse', '--verify', '-q', 'HEAD^{commit}'])).trim();
  } catch {
    return (await git(siteRoot, ['hash-object', '-t', 'tree', '/dev/null'])).trim();
  }
}

/** What Publish would make the new published version: the changes call's answer without where it pushes. */
export type Pending = Omit<ChangesAnswer, 'push'>;

const STATUS: Record<string, PendingFile['status']> = { A: 'added', D: 'removed', M: 'changed', T: 'changed' };
const isText = (path: string) => path.endsWith('.json');

/** The site files that differ from the last published version: changed, removed, and new (untracked) ones. */
async function changedPaths(siteRoot: string): Promise<{ path: string; status: PendingFile['status'] }[]> {
  const from = await base(siteRoot);
  const tracked = nulList(await git(siteRoot, ['diff', '--name-status', '-z', '--no-renames', '--relative', from, '--', ...SITE_PATHS]));
  const out: { path: string; status: PendingFile['status'] }[] = [];
  for (let i = 0; i + 1 < tracked.length; i += 2) out.push({ path: tracked[i + 1]!, status: STATUS[tracked[i]!.charAt(0)] ?? 'changed' });
  const untracked = nulList(await git(siteRoot, ['ls-files', '--others', '--exclude-standard', '-z', '--', ...SITE_PATHS]));
  for (const path of untracked) out.push({ path, status: 'added' });
  return out.sort((a, b) => a.path.localeCompare(b.path));
}

/** The published text of a file (`HEAD:./path` is relative to the site's folder). */
async function published(siteRoot: string, path: string): Promise<string> {
  return git(siteRoot, ['show', `HEAD:./${path}`]);
}

/**
 * Whether a changed path is the site's own file: not a link, and not in a linked folder. git itself stores a link as
 * a link, but the studio would read its target to show and hash it; the file API refuses the same path.
 */
function unlinked(siteRoot: string, path: string): boolean {
  try {
    unlinkedPath(siteRoot, path);
    return true;
  } catch (error) {
    if (error instanceof RefusedPathError) return false;
    throw error;
  }
}

function fingerprintOf(siteRoot: string, files: { path: string; status: string }[], refused: RefusedFile[]): string {
  const hash = createHash('sha256');
  // a refused link by its name only: what it points at is never read
  for (const file of refused) hash.update(`refused\0${file.path}\0`);
  for (const file of files) {
    const full = join(siteRoot, file.path);
    hash.update(`${file.status}\0${file.path}\0`);
    if (existsSync(full)) hash.update(readFileSync(full));
    hash.update('\0');
  }
  return hash.digest('hex').slice(0, 24);
}

/** What Publish would make the new published version, with the JSON texts to say it in words. */
export async function pending(siteRoot: string): Promise<Pending> {
  const changed = await changedPaths(siteRoot);
  const paths = changed.filter((file) => unlinked(siteRoot, file.path));
  const refused = changed.filter((file) => !paths.includes(file)).map((file): RefusedFile => ({ path: file.path, reason: 'link' }));
  const files = await Promise.all(
    paths.map(async ({ path, status }): Promise<PendingFile> => {
      if (!isText(path)) return { path, status };
      const before = status === 'added' ? undefined : await published(siteRoot, path);
      const after = status === 'removed' ? undefined : readFileSync(join(siteRoot, path), 'utf8');
      return { path, status, before, after };
    }),
  );
  return { files, refused, fingerprint: fingerprintOf(siteRoot, paths, refused) };
}

/** The changes now, refused when they are not the ones the person looked at. */
export async function expectPending(siteRoot: string, fingerprint: string): Promise<Pending> {
  const now = await pending(siteRoot);
  if (now.fingerprint !== fingerprint) throw new PublishError('stale', 'The site changed since you looked at the changes; look at them again.');
  return now;
}

export interface Author {
  name: string;
  /** their e-mail address (a staff account's); without it, git's own or one made from the name */
  email?: string;
}

/** The person as git's author and committer: their name, and the e-mail git is set up with or one made from the name. */
async function identity(siteRoot: string, author: Author): Promise<NodeJS.ProcessEnv> {
  // git drops < > and line breaks from a name itself; they are taken out here so the name is the one shown
  const name = author.name
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f<>]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 100);
  if (name === '') throw new PublishError('invalid', 'A name is needed to publish.');
  let email = author.email?.replace(/[\s<>]/g, '') ?? '';
  if (email === '')
    try {
      email = (await git(siteRoot, ['config', '--get', 'user.email'])).trim();
    } catch {
      // no e-mail set up: one of the studio's own
    }
  if (email === '')
    email = `${
      name
        .toLowerCase()
        .replace(/[^a-z0-9._-]+/g, '.')
        .replace(/^\.+|\.+$/g, '') || 'studio'
    }@studio.local`;
  return { GIT_AUTHOR_NAME: name, GIT_AUTHOR_EMAIL: email, GIT_COMMITTER_NAME: name, GIT_COMMITTER_EMAIL: email };
}

/** A commit message as git keeps it: no control characters but line breaks, not endless. */
function cleanMessage(message: string): string {
  const clean = message
    .replace(/\r\n?/g, '\n')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0009\u000b-\u001f\u007f]/g, ' ')
    .trim()
    .slice(0, 4000);
  if (clean === '') throw new PublishError('invalid', 'A publish needs a message.');
  return clean;
}

/**
 * Commits exactly `paths` (as they are in the work tree, removals included) and nothing else the index may hold:
 * `commit --only` leaves whatever a developer staged beside them staged. The repository's own hooks run.
 */
export async function commitPaths(siteRoot: string, paths: string[], message: string, author: Author): Promise<string> {
  const env = await identity(siteRoot, author);
  await git(siteRoot, ['add', '-A', '--', ...paths]);
  try {
    await git(siteRoot, ['commit', '-q', '--only', '-m', cleanMessage(message), '--', ...paths], env);
  } catch (error) {
    // a hook of the repository said no: its words are for a developer
    const { stderr = '', stdout = '' } = error as { stderr?: string; stdout?: string };
    throw new PublishError('refused', `git did not make the commit: ${`${stderr}\n${stdout}`.trim() || (error as Error).message}`);
  }
  return (await git(siteRoot, ['rev-parse', 'HEAD'])).trim();
}

/** Where Publish pushes, from STUDIO_PUSH_REMOTE and STUDIO_PUSH_BRANCH; none when no remote is set. */
export function pushTargetFromEnv(env: NodeJS.ProcessEnv = process.env): PushTarget | undefined {
  const remote = env.STUDIO_PUSH_REMOTE?.trim();
  return remote ? { remote, branch: env.STUDIO_PUSH_BRANCH?.trim() || undefined } : undefined;
}

/** Why git refused a push, from its own words: the remote has commits we lack, a hook said no, or it was not reached. */
function pushFailure(output: string): 'behind' | 'refused' | 'unreachable' {
  if (/\[rejected\]|non-fast-forward|fetch first/.test(output)) return 'behind';
  if (/\[remote rejected\]|hook declined|denied/.test(output)) return 'refused';
  return 'unreachable';
}

const gitError = (error: unknown) => {
  const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
  return `${stdout}\n${stderr}`.trim() || (error as Error).message;
};

/**
 * The files outside the site's (site.config.json, content/, public/) that the commits a push would send change, with
 * the commit that changes each: every commit HEAD has that neither the remote's branches and tags now (those of them
 * that are here) nor its remote-tracking branches have. A remote with nothing yet would get the whole history. A
 * merge counts only for what it changes against every parent: a developer's `git pull` of someone else's commit
 * sends nothing new.
 */
async function outsideChanges(siteRoot: string, remote: string): Promise<string[]> {
  const advertised = (await git(siteRoot, ['ls-remote', '--', remote]))
    .split('\n')
    .map((line) => line.split('\t')[0]!)
    .filter((id) => /^[0-9a-f]{40,64}$/.test(id));
  // the remote's tips this repository has (one it lacks is a commit of someone else's: the push is refused as behind)
  const known =
    advertised.length === 0 ? '' : await git(siteRoot, ['cat-file', '--batch-check=%(objectname)\t%(objecttype)'], {}, `${advertised.join('\n')}\n`);
  // and what it had when last fetched from or pushed to (a remote named as a remote): ours up to there went before
  const tracked = nulList(await git(siteRoot, ['for-each-ref', '--format=%(objectname)%00', `refs/remotes/${remote}/`])).map((id) => id.trim());
  const haves = known
    .split('\n')
    .filter((line) => line.endsWith('\tcommit'))
    .map((line) => line.split('\t')[0]!)
    .concat(tracked.filter((id) => id !== ''));
  const prefix = (await git(siteRoot, ['rev-parse', '--show-prefix'])).trim();
  const own = (path: string) =>
    path.startsWith(prefix) && SITE_PATHS.some((site) => path.slice(prefix.length) === site || path.slice(prefix.length).startsWith(`${site}/`));
  // every path from the repository's root whatever the settings say (diff.relative, log.showRoot, signatures)
  const log = await git(siteRoot, [
    ...['-c', 'log.showRoot=true', 'log', '--no-renames', '--no-relative', '--no-show-signature', '--cc', '--name-only', '-z'],
    ...['--format=%x01%h %s', 'HEAD', '--not', ...haves, '--'],
  ]);
  const outside: string[] = [];
  let commit = '';
  for (const part of nulList(log)) {
    // a commit's line starts with \x01; the names after it are its paths (the first after a line break)
    const entry = part.replace(/^\n/, '');
    if (entry.startsWith('\x01')) commit = entry.slice(1);
    else if (entry !== '' && !own(entry)) outside.push(`${commit}: ${entry}`);
  }
  return outside;
}

/**
 * Sends the published versions to the remote's branch; a refusal keeps the local commits as they are. Refused before
 * anything is sent when those commits change files outside the site: a developer's commit (notes, a key) would go
 * along with a Publish whose list showed only site files.
 */
export async function push(siteRoot: string, target: PushTarget): Promise<PushResult> {
  const branch = target.branch ?? (await git(siteRoot, ['rev-parse', '--abbrev-ref', 'HEAD'])).trim();
  if (branch === 'HEAD') return { ok: false, remote: target.remote, branch, reason: 'unreachable', detail: 'no branch is checked out: set STUDIO_PUSH_BRANCH' };
  // a remote or branch name that starts with - is not an option
  if (target.remote.startsWith('-') || branch.startsWith('-'))
    return { ok: false, remote: target.remote, branch, reason: 'unreachable', detail: 'invalid name' };
  let outside: string[];
  try {
    outside = await outsideChanges(siteRoot, target.remote);
  } catch (error) {
    return { ok: false, remote: target.remote, branch, reason: 'unreachable', detail: gitError(error) };
  }
  if (outside.length > 0)
    return {
      ok: false,
      remote: target.remote,
      branch,
      reason: 'outside',
      detail: `Not pushed: these commits, not on ${target.remote} yet, change files outside the site (${SITE_PATHS.join(', ')}). Push them yourself first (or take them out), then send again.\n${outside.join('\n')}`,
    };
  try {
    await git(siteRoot, ['push', '--porcelain', target.remote, `HEAD:refs/heads/${branch}`]);
    return { ok: true, remote: target.remote, branch };
  } catch (error) {
    const detail = gitError(error);
    return { ok: false, remote: target.remote, branch, reason: pushFailure(detail), detail };
  }
}

/** Commits the changes the person looked at (its fingerprint), and pushes them when a remote is set. */
export async function publish(siteRoot: string, options: { fingerprint: string; message: string; author: Author; target?: PushTarget }): Promise<Published> {
  const now = await expectPending(siteRoot, options.fingerprint);
  if (now.files.length === 0) throw new PublishError('nothing', 'There is nothing to publish.');
  const broken = now.files.find((file) => file.after !== undefined && !parses(file.after));
  if (broken) throw new PublishError('invalid', `${broken.path} is not valid JSON.`);
  const commit = await commitPaths(
    siteRoot,
    now.files.map((file) => file.path),
    options.message,
    options.author,
  );
  return { commit, push: options.target ? await push(siteRoot, options.target) : undefined };
}

function parses(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** Files that are not published yet, as they are now, go back to the last published version; new files are removed. */
export async function discard(siteRoot: string, fingerprint: string): Promise<string[]> {
  const now = await expectPending(siteRoot, fingerprint);
  const tracked = await trackedAtHead(
    siteRoot,
    now.files.map((file) => file.path),
  );
  const restore = now.files.filter((file) => tracked.has(file.path)).map((file) => file.path);
  const remove = now.files.filter((file) => !tracked.has(file.path)).map((file) => file.path);
  if (restore.length > 0) await git(siteRoot, ['restore', '--source=HEAD', '--staged', '--worktree', '--', ...restore]);
  // a new file staged but never committed leaves the index too; then it is removed
  if (remove.length > 0) {
    await git(siteRoot, ['rm', '-q', '--cached', '--ignore-unmatch', '--', ...remove]);
    await git(siteRoot, ['clean', '-q', '-f', '--', ...remove]);
  }
  return now.files.map((file) => file.path);
}

/** Which of `paths` the last published version has. */
async function trackedAtHead(siteRoot: string, paths: string[]): Promise<Set<string>> {
  if (paths.length === 0) return new Set();
  try {
    return new Set(nulList(await git(siteRoot, ['ls-tree', '-r', '--name-only', '-z', 'HEAD', '--', ...paths])));
  } catch {
    // no commit yet: nothing is published
    return new Set();
  }
}

/** The published versions of the site's files, newest first. */
export async function history(siteRoot: string, limit = 100): Promise<Version[]> {
  let out: string;
  try {
    out = await git(siteRoot, ['log', `-n${limit}`, '--format=%H%x1f%aI%x1f%an%x1f%s%x1e', '--', ...SITE_PATHS]);
  } catch {
    return [];
  }
  return out
    .split('\x1e')
    .map((record) => record.trim())
    .filter((record) => record !== '')
    .map((record) => {
      const [commit = '', date = '', author = '', message = ''] = record.split('\x1f');
      return { commit, date, author, message };
    });
}

/** One version's site files, as the validator reads a site: its JSON texts and the paths it has (links are none). */
async function versionFiles(siteRoot: string, commit: string): Promise<{ files: VersionFiles; links: string[] }> {
  const entries = nulList(await git(siteRoot, ['ls-tree', '-r', '-z', commit, '--', ...SITE_PATHS]));
  const paths = new Set<string>();
  const texts = new Map<string, string>();
  const links: string[] = [];
  for (const entry of entries) {
    // "<mode> <type> <object>\t<path from the site's folder>"
    const [meta = '', path = ''] = entry.split('\t');
    const [mode, type, object] = meta.split(' ');
    if (mode === '120000') links.push(path);
    if (type !== 'blob' || mode === '120000') continue;
    paths.add(path);
    for (let at = path.indexOf('/'); at > 0; at = path.indexOf('/', at + 1)) paths.add(path.slice(0, at));
    if (path.endsWith('.json')) texts.set(path, await git(siteRoot, ['cat-file', 'blob', object!]));
  }
  const files: VersionFiles = {
    read: (rel) => texts.get(rel),
    list: (dir) => [...texts.keys()].filter((path) => path.startsWith(`${dir}/`) && !path.slice(dir.length + 1).includes('/')).sort(),
    exists: (rel) => paths.has(rel),
    absolute: (rel) => join(siteRoot, rel),
  };
  return { files, links };
}

/**
 * A new commit whose site files are those of an earlier version (history is never rewritten), refused while
 * there are unpublished changes (they would be lost or mixed in) and when that version has problems by the validator
 * Publish goes by (a site Publish refuses does not go live by History either): then nothing is changed.
 */
export async function restoreVersion(
  siteRoot: string,
  options: { commit: string; message: string; author: Author; validate: (files: VersionFiles) => Problem[] },
): Promise<string> {
  const changed = await putVersion(siteRoot, options);
  return commitPaths(siteRoot, changed, options.message, options.author);
}

/**
 * An earlier version's site files put in the work tree as unpublished changes (the files it lacks removed), on the
 * same refusals as restoreVersion; the paths changed. The live server then publishes them as any change.
 */
export async function putVersion(siteRoot: string, options: { commit: string; validate: (files: VersionFiles) => Problem[] }): Promise<string[]> {
  if (!/^[0-9a-f]{7,64}$/.test(options.commit)) throw new PublishError('no-version', 'No such version.');
  try {
    await git(siteRoot, ['cat-file', '-e', `${options.commit}^{commit}`]);
  } catch {
    throw new PublishError('no-version', 'No such version.');
  }
  if ((await pending(siteRoot)).files.length > 0) throw new PublishError('unpublished', 'There are unpublished changes; publish or discard them first.');
  const version = await versionFiles(siteRoot, options.commit);
  const problems = [
    ...version.links.map((path): Problem => ({ file: path, line: 0, column: 0, pointer: '', ...coded('version-link', {}) })),
    ...options.validate(version.files),
  ];
  if (problems.length > 0) throw new PublishError('version-problems', `That version has ${problems.length} problem(s); it is not restored.`, problems);
  const files = async (rev: string) => nulList(await git(siteRoot, ['ls-tree', '-r', '--name-only', '-z', rev, '--', ...SITE_PATHS]));
  const paths = [...new Set([...(await files('HEAD')), ...(await files(options.commit))])];
  // every file of either version in the work tree: those the old version lacks are removed, the others take its content
  await git(siteRoot, ['restore', `--source=${options.commit}`, '--worktree', '--', ...paths]);
  const changed = (await pending(siteRoot)).files.map((file) => file.path);
  if (changed.length === 0) throw new PublishError('nothing', 'The site is already this version.');
  return changed;
}
