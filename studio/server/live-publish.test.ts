import { execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { paths } from '../../core/paths.ts';
import { publishLive, recoverWorkingCopy, type LivePublishOptions } from './live-publish.ts';
import { discard, pending } from './publish.ts';

/**
 * Publish on the live server against real git: a bare remote, the server's working copy cloned from it, and another
 * editor's clone that pushes to it. What goes live is recorded by the host's `makeLive` (here: which commit, and the
 * page's text in the working copy at that moment).
 */
const HOME = 'content/pages/home.json';
const HEADLINE = 'A website you will be proud to show your customers';
const env = { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1' };
let work = '';
let remote = '';
let copy = '';
let other = '';
const git = (dir: string, ...args: string[]) => execFileSync('git', ['-C', dir, ...args], { encoding: 'utf8', env }).trim();
const read = (dir: string, file: string) => readFileSync(join(dir, file), 'utf8');
const edit = (dir: string, file: string, from: string, to: string) => {
  const text = read(dir, file);
  expect(text).toContain(from);
  writeFileSync(join(dir, file), text.replace(from, to));
};
/** another editor's commit, pushed to the remote */
const pushFromOther = (file: string, from: string, to: string) => {
  git(other, 'pull', '-q', '--ff-only');
  edit(other, file, from, to);
  git(other, 'add', '-A');
  git(other, '-c', 'user.name=Other', '-c', 'user.email=other@test', 'commit', '-qm', `other: ${file}`);
  git(other, 'push', '-q', 'origin', 'main');
};

beforeEach(() => {
  work = mkdtempSync(join(tmpdir(), 'live-publish-'));
  const seed = join(work, 'seed');
  mkdirSync(seed);
  for (const name of ['site.config.json', 'content', 'public'])
    cpSync(join(paths.root, 'tests/fixtures/content-landing', name), join(seed, name), { recursive: true });
  writeFileSync(join(seed, 'package.json'), '{ "name": "site" }\n');
  git(seed, 'init', '-q', '-b', 'main');
  git(seed, 'add', '-A');
  git(seed, '-c', 'user.name=Seed', '-c', 'user.email=seed@test', 'commit', '-qm', 'site');
  remote = join(work, 'remote.git');
  execFileSync('git', ['clone', '-q', '--bare', seed, remote], { env });
  copy = join(work, 'copy');
  other = join(work, 'other');
  execFileSync('git', ['clone', '-q', remote, copy], { env });
  execFileSync('git', ['clone', '-q', remote, other], { env });
});
afterEach(() => rmSync(work, { recursive: true, force: true }));

async function publish(overrides: Partial<LivePublishOptions> = {}) {
  const live: { commit: string; headline: boolean }[] = [];
  const outcome = await publishLive({
    siteRoot: copy,
    fingerprint: (await pending(copy)).fingerprint,
    message: 'De kop van de homepage',
    author: { name: 'Eva Editor', email: 'eva@agency.test' },
    target: { remote: 'origin', branch: 'main' },
    validate: () => undefined,
    makeLive: async (commit) => void live.push({ commit, headline: read(copy, HOME).includes('Websites die werken') }),
    ...overrides,
  });
  return { outcome, live };
}

describe('publish on the live server', () => {
  it('commits as the editor, makes that commit live, and pushes it', async () => {
    edit(copy, HOME, HEADLINE, 'Websites die werken');
    const { outcome, live } = await publish();
    expect(outcome).toMatchObject({ ok: true, pushed: true, rebasedOver: 0 });
    const commit = git(copy, 'rev-parse', 'HEAD');
    expect(live).toEqual([{ commit, headline: true }]);
    expect(git(remote, 'log', '-1', '--format=%H %an <%ae> %s', 'main')).toBe(`${commit} Eva Editor <eva@agency.test> De kop van de homepage`);
    expect(git(copy, 'status', '--porcelain')).toBe('');
  });

  it("takes another editor's commit of a site file first, and publishes on top of it", async () => {
    pushFromOther('content/pages/contact.json', '"blocks"', '"blocks" ');
    edit(copy, HOME, HEADLINE, 'Websites die werken');
    const { outcome, live } = await publish();
    expect(outcome).toMatchObject({ ok: true, pushed: true, rebasedOver: 1 });
    expect(git(remote, 'log', '--format=%an', 'main').split('\n').slice(0, 3)).toEqual(['Eva Editor', 'Other', 'Seed']);
    expect(live[0]!.commit).toBe(git(remote, 'rev-parse', 'main'));
  });

  it('refuses when the remote has a commit of code, and leaves the working copy and the live build as they were', async () => {
    pushFromOther('package.json', '"site"', '"site-2"');
    const before = git(copy, 'rev-parse', 'HEAD');
    edit(copy, HOME, HEADLINE, 'Websites die werken');
    const { outcome, live } = await publish();
    expect(outcome).toEqual({ ok: false, reason: 'code-changed', files: ['package.json'] });
    expect(live).toEqual([]);
    expect(git(copy, 'rev-parse', 'HEAD')).toBe(before);
    expect(read(copy, HOME)).toContain('Websites die werken');
    expect(git(copy, 'status', '--porcelain')).toBe(`M ${HOME}`);
  });

  it('on a conflict with a change made elsewhere: the rebase undone, theirs taken in as published, mine kept as the change, nothing live', async () => {
    pushFromOther(HOME, HEADLINE, 'Een andere kop van elders');
    pushFromOther('content/pages/contact.json', '"blocks"', '"blocks" ');
    edit(copy, HOME, HEADLINE, 'Websites die werken');
    const { outcome, live } = await publish();
    expect(outcome).toEqual({ ok: false, reason: 'conflict', files: [HOME] });
    expect(live).toEqual([]);
    expect(existsSync(join(copy, '.git/rebase-merge'))).toBe(false);
    // their commits are the published version here now; the editor's heading is the one change, over theirs
    expect(git(copy, 'rev-parse', 'HEAD')).toBe(git(remote, 'rev-parse', 'main'));
    expect(git(copy, 'status', '--porcelain')).toBe(`M ${HOME}`);
    expect(read(copy, HOME)).toContain('Websites die werken');
    expect(read(copy, 'content/pages/contact.json')).toContain('"blocks" ');
    const [change] = (await pending(copy)).files;
    expect([change?.before?.includes('Een andere kop van elders'), change?.after?.includes('Websites die werken')]).toEqual([true, true]);
    expect(git(remote, 'log', '-1', '--format=%an', 'main')).toBe('Other');
    // Publish again: mine goes on top of theirs
    const again = await publish();
    expect(again.outcome).toMatchObject({ ok: true, pushed: true });
    expect(git(remote, 'log', '-2', '--format=%an', 'main')).toBe('Eva Editor\nOther');
    expect(read(copy, HOME)).toContain('Websites die werken');
  });

  it('after a conflict, Discard keeps theirs: the working copy is the remote’s version', async () => {
    pushFromOther(HOME, HEADLINE, 'Een andere kop van elders');
    edit(copy, HOME, HEADLINE, 'Websites die werken');
    expect((await publish()).outcome).toMatchObject({ ok: false, reason: 'conflict' });
    await discard(copy, (await pending(copy)).fingerprint);
    expect(git(copy, 'status', '--porcelain')).toBe('');
    expect(read(copy, HOME)).toContain('Een andere kop van elders');
    expect(git(copy, 'rev-parse', 'HEAD')).toBe(git(remote, 'rev-parse', 'main'));
  });
});

describe('the build begun beside the git steps', () => {
  /** A host's early build: it reads the working copy when it begins, and is made live or thrown away as `go` says. */
  const early = () => {
    const said: { headline: boolean; other: boolean; live: boolean }[] = [];
    const buildEarly = async (go: Promise<boolean>) => {
      const seen = { headline: read(copy, HOME).includes('Websites die werken'), other: read(copy, 'content/pages/contact.json').includes('"blocks" ') };
      said.push({ ...seen, live: await go });
    };
    return { said, buildEarly };
  };

  it('goes live when the remote had nothing new: the commit is the files it read, and nothing is built twice', async () => {
    edit(copy, HOME, HEADLINE, 'Websites die werken');
    const host = early();
    const { outcome, live } = await publish({ buildEarly: host.buildEarly });
    expect(outcome).toMatchObject({ ok: true, pushed: true, rebasedOver: 0 });
    expect(host.said).toEqual([{ headline: true, other: false, live: true }]);
    expect(live).toEqual([]);
    expect(git(remote, 'log', '-1', '--format=%an', 'main')).toBe('Eva Editor');
  });

  it('is thrown away when remote commits were taken in: the rebased files are built and made live instead', async () => {
    pushFromOther('content/pages/contact.json', '"blocks"', '"blocks" ');
    edit(copy, HOME, HEADLINE, 'Websites die werken');
    const host = early();
    const { outcome, live } = await publish({ buildEarly: host.buildEarly });
    expect(outcome).toMatchObject({ ok: true, pushed: true, rebasedOver: 1 });
    expect(host.said).toEqual([{ headline: true, other: false, live: false }]);
    expect(live).toEqual([{ commit: git(remote, 'rev-parse', 'main'), headline: true }]);
  });

  it('is thrown away on a conflict; one that fails as it goes live fails the publish as a build does, the changes kept', async () => {
    pushFromOther(HOME, HEADLINE, 'Een andere kop van elders');
    edit(copy, HOME, HEADLINE, 'Websites die werken');
    const host = early();
    expect((await publish({ buildEarly: host.buildEarly })).outcome).toEqual({ ok: false, reason: 'conflict', files: [HOME] });
    expect(host.said).toEqual([{ headline: true, other: false, live: false }]);

    git(copy, 'checkout', '-q', '--', HOME);
    git(copy, 'pull', '-q', '--rebase');
    edit(copy, HOME, 'Een andere kop van elders', 'Websites die werken');
    const headBefore = git(copy, 'rev-parse', 'HEAD');
    const { outcome } = await publish({
      buildEarly: async (go) => {
        if (await go) throw new Error('the build stopped');
      },
    });
    expect(outcome).toEqual({ ok: false, reason: 'build-failed', detail: 'the build stopped' });
    expect(git(copy, 'rev-parse', 'HEAD')).toBe(headBefore);
    expect((await pending(copy)).files.map((file) => file.path)).toEqual([HOME]);
  });
});

describe('what a publish on the live server refuses', () => {
  it('refuses an invalid site and a stale list of changes, and commits nothing', async () => {
    const before = git(copy, 'rev-parse', 'HEAD');
    edit(copy, HOME, HEADLINE, 'Websites die werken');
    expect((await publish({ validate: () => 'content/pages/home.json: line 7' })).outcome).toEqual({
      ok: false,
      reason: 'invalid',
      detail: 'content/pages/home.json: line 7',
    });
    const shown = (await pending(copy)).fingerprint;
    edit(copy, HOME, 'Websites die werken', 'Websites die nog beter werken');
    await expect(publish({ fingerprint: shown })).rejects.toThrow(/changed since you looked/);
    expect(git(copy, 'rev-parse', 'HEAD')).toBe(before);
  });

  it('a build that fails leaves the live build and the remote as they were, and the changes to publish again', async () => {
    edit(copy, HOME, HEADLINE, 'Websites die werken');
    const remoteBefore = git(remote, 'rev-parse', 'main');
    const headBefore = git(copy, 'rev-parse', 'HEAD');
    const { outcome } = await publish({
      makeLive: () => Promise.reject(new Error('the build stopped')),
    });
    expect(outcome).toEqual({ ok: false, reason: 'build-failed', detail: 'the build stopped' });
    expect(git(remote, 'rev-parse', 'main')).toBe(remoteBefore);
    // not "nothing to publish" next time: the change is an unpublished change again
    expect(git(copy, 'rev-parse', 'HEAD')).toBe(headBefore);
    expect((await pending(copy)).files.map((file) => file.path)).toEqual([HOME]);
    expect((await publish()).outcome).toMatchObject({ ok: true });
  });
});

describe('a publish stopped half way', () => {
  it('is cleaned at the next start: its lock, a half rebase and git’s index lock, each said; a running one is left alone', async () => {
    // a publish killed during its rebase: the lock of a process that is gone, the rebase stopped on a conflict
    pushFromOther(HOME, HEADLINE, 'Een andere kop van elders');
    edit(copy, HOME, HEADLINE, 'Websites die werken');
    git(copy, '-c', 'user.name=S', '-c', 'user.email=s@s', 'commit', '-qam', 'half');
    const before = git(copy, 'rev-parse', 'HEAD');
    git(copy, 'fetch', '-q', 'origin', 'main');
    expect(() => git(copy, '-c', 'user.name=S', '-c', 'user.email=s@s', 'rebase', '-q', 'FETCH_HEAD')).toThrow();
    const dead = execFileSync(process.execPath, ['-p', 'process.pid'], { encoding: 'utf8' }).trim();
    writeFileSync(join(copy, '.git/helder-publish.lock'), JSON.stringify({ pid: Number(dead), at: new Date().toISOString() }));
    writeFileSync(join(copy, '.git/index.lock'), '');
    const cleaned = await recoverWorkingCopy(copy);
    expect(cleaned).toEqual([
      "git's locks left by a stopped command: removed (index.lock)",
      'a rebase left half done: undone, the working copy is as before it',
      `the lock of a publish that stopped (process ${dead}): removed`,
    ]);
    expect(git(copy, 'rev-parse', 'HEAD')).toBe(before);
    expect(git(copy, 'status', '--porcelain')).toBe('');
    expect(await recoverWorkingCopy(copy)).toEqual([]);
    // a lock held by a process that runs (this one's parent, say) is a publish under way: busy, and left alone
    writeFileSync(join(copy, '.git/helder-publish.lock'), JSON.stringify({ pid: process.ppid }));
    expect(await recoverWorkingCopy(copy)).toEqual([]);
    edit(copy, HOME, 'Websites die werken', 'Websites die nog beter werken');
    expect((await publish()).outcome).toEqual({ ok: false, reason: 'busy' });
    expect(existsSync(join(copy, '.git/helder-publish.lock'))).toBe(true);
    // a publish of this process under way is busy too; at a start, a lock of this process number is a dead one's
    writeFileSync(join(copy, '.git/helder-publish.lock'), JSON.stringify({ pid: process.pid }));
    expect((await publish()).outcome).toEqual({ ok: false, reason: 'busy' });
    expect(await recoverWorkingCopy(copy)).toEqual([`the lock of a publish that stopped (process ${process.pid}): removed`]);
  });

  it('git’s locks without a publish’s (a discard or a catch-up killed): removed at a start, never while a process works in the working copy', async () => {
    mkdirSync(join(copy, '.git/refs/studio'), { recursive: true });
    for (const lock of ['index.lock', 'HEAD.lock', 'refs/heads/main.lock', 'refs/studio/incoming.lock']) writeFileSync(join(copy, '.git', lock), '');
    // a git command at work in the working copy (here: a process whose folder is the work tree) may hold them
    const working = spawn('sleep', ['600'], { cwd: join(copy, 'content') });
    try {
      await expect.poll(() => existsSync(`/proc/${working.pid}/cwd`)).toBe(true);
      const [said] = await recoverWorkingCopy(copy);
      expect(said).toMatch(new RegExp(`^git's locks \\(.*HEAD\\.lock.*\\) left as they are: process ${working.pid} works in the working copy$`));
      expect(existsSync(join(copy, '.git/HEAD.lock'))).toBe(true);
    } finally {
      working.kill('SIGKILL');
    }
    await expect.poll(() => existsSync(`/proc/${working.pid}/cwd`)).toBe(false);
    expect(await recoverWorkingCopy(copy)).toEqual([
      "git's locks left by a stopped command: removed (HEAD.lock, index.lock, refs/heads/main.lock, refs/studio/incoming.lock)",
    ]);
    // a publish's own check leaves them to the start: it runs beside the studio's other git calls
    writeFileSync(join(copy, '.git/index.lock'), '');
    expect(await recoverWorkingCopy(copy, { atStart: false })).toEqual([]);
    rmSync(join(copy, '.git/index.lock'));
    edit(copy, HOME, HEADLINE, 'Websites die werken');
    expect((await publish()).outcome).toMatchObject({ ok: true, pushed: true });
  });

  it('behind the back office: a lock of another instance is a dead one’s, whatever its process number; the owner’s own is not', async () => {
    // the earlier owner's publish on a shared disk: its process number is of another machine (here: one that runs)
    writeFileSync(join(copy, '.git/helder-publish.lock'), JSON.stringify({ pid: process.ppid, instance: 'studio-a:7' }));
    expect(await recoverWorkingCopy(copy, { atStart: false, ownedBy: 'studio-a:7' })).toEqual([]);
    edit(copy, HOME, HEADLINE, 'Websites die werken');
    expect((await publish({ ownedBy: 'studio-a:7' })).outcome).toEqual({ ok: false, reason: 'busy' });
    // it owns the working copy no more: the new owner's publish cleans the lock and goes on
    const { outcome } = await publish({ ownedBy: 'studio-b:7' });
    expect(outcome).toMatchObject({ ok: true, pushed: true });
    expect(existsSync(join(copy, '.git/helder-publish.lock'))).toBe(false);
    expect(await recoverWorkingCopy(copy, { ownedBy: 'studio-b:7' })).toEqual([]);
    writeFileSync(join(copy, '.git/helder-publish.lock'), JSON.stringify({ pid: process.ppid, instance: 'studio-a:7' }));
    expect(await recoverWorkingCopy(copy, { ownedBy: 'studio-b:7' })).toEqual([
      `the lock of a publish that stopped (process ${process.ppid} of the instance studio-a:7): removed`,
    ]);
  });
});
