import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { catchUpWithRemote, ownWorkingCopy } from './working-copy.ts';

const work = mkdtempSync(join(tmpdir(), 'working-copy-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const env = { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1' };
const git = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, env, encoding: 'utf8' }).trim();

it('clones the site into the data folder at the first start, and keeps an editor’s changes at the next', () => {
  const seed = join(work, 'seed');
  execFileSync('git', ['init', '-q', '-b', 'main', seed], { env });
  writeFileSync(join(seed, 'site.config.json'), '{"lang":"nl"}\n');
  git(seed, 'add', '-A');
  git(seed, '-c', 'user.name=Seed', '-c', 'user.email=seed@test', 'commit', '-qm', 'site');
  const remote = join(work, 'remote.git');
  execFileSync('git', ['clone', '-q', '--bare', seed, remote], { env });
  const data = join(work, 'data');
  const first = ownWorkingCopy(data, remote, 'main');
  expect(first).toEqual({ siteRoot: join(data, 'studio-site'), made: true });
  expect(readFileSync(join(first.siteRoot, 'site.config.json'), 'utf8')).toBe('{"lang":"nl"}\n');
  writeFileSync(join(first.siteRoot, 'site.config.json'), '{"lang":"en"}\n');
  expect(ownWorkingCopy(data, remote, 'main')).toEqual({ siteRoot: first.siteRoot, made: false });
  expect(readFileSync(join(first.siteRoot, 'site.config.json'), 'utf8')).toBe('{"lang":"en"}\n');
  // a copy of another site there is never taken for this one
  expect(() => ownWorkingCopy(data, join(work, 'another.git'), 'main')).toThrow(/is a copy of .*remote\.git, not of .*another\.git/);
});

describe('a working copy taken over from another instance', () => {
  let remote = '';
  let copy = '';
  let other = '';
  beforeEach(() => {
    const dir = mkdtempSync(join(work, 'catch-up-'));
    const seed = join(dir, 'seed');
    execFileSync('git', ['init', '-q', '-b', 'main', seed], { env });
    writeFileSync(join(seed, 'a.json'), '"a"\n');
    writeFileSync(join(seed, 'b.json'), '"b"\n');
    git(seed, 'add', '-A');
    git(seed, '-c', 'user.name=Seed', '-c', 'user.email=seed@test', 'commit', '-qm', 'site');
    remote = join(dir, 'remote.git');
    execFileSync('git', ['clone', '-q', '--bare', seed, remote], { env });
    copy = join(dir, 'copy');
    other = join(dir, 'other');
    execFileSync('git', ['clone', '-q', remote, copy], { env });
    execFileSync('git', ['clone', '-q', remote, other], { env });
  });
  const commit = (dir: string, file: string, text: string, message: string) => {
    writeFileSync(join(dir, file), text);
    git(dir, 'add', '-A');
    git(dir, '-c', 'user.name=Eva', '-c', 'user.email=eva@test', 'commit', '-qm', message);
  };
  /** a publish on the instance that owned the working copy meanwhile */
  const publishElsewhere = (file: string, text: string) => {
    commit(other, file, text, `published: ${file}`);
    git(other, 'push', '-q', 'origin', 'main');
    return git(other, 'rev-parse', 'HEAD');
  };
  const target = { remote: 'origin', branch: 'main' };
  const read = (file: string) => readFileSync(join(copy, file), 'utf8');

  it('is brought up to the newest published version, with its own commits not sent and edits not published on top', async () => {
    expect(await catchUpWithRemote(copy, target)).toEqual([]);
    const newest = publishElsewhere('a.json', '"a, published"\n');
    commit(copy, 'b.json', '"b, not sent"\n', 'not sent');
    writeFileSync(join(copy, 'b.json'), '"b, an edit"\n');
    writeFileSync(join(copy, 'new.json'), '"a new page"\n');
    expect(await catchUpWithRemote(copy, target)).toEqual([
      `the working copy brought up to the remote's newest version (${newest.slice(0, 12)}), with its own (1 commit not sent and edits not published) on top`,
    ]);
    expect(git(copy, 'log', '--format=%s', '-3').split('\n')).toEqual(['not sent', 'published: a.json', 'site']);
    expect([read('a.json'), read('b.json'), read('new.json')]).toEqual(['"a, published"\n', '"b, an edit"\n', '"a new page"\n']);
    expect(git(copy, 'status', '--porcelain').split('\n')).toEqual(['M b.json', '?? new.json']);
    expect(git(copy, 'log', '-1', '--format=%an', 'HEAD~1')).toBe('Eva');
  });

  it('takes the remote’s when its own conflict, sets its own aside in a branch and says which', async () => {
    const newest = publishElsewhere('a.json', '"a, published"\n');
    writeFileSync(join(copy, 'a.json'), '"a, an edit of the same field"\n');
    const [line] = await catchUpWithRemote(copy, target);
    expect(line).toMatch(
      new RegExp(
        `^the working copy's own changes \\(edits not published\\) conflict with the remote's newest version \\(${newest.slice(0, 12)}\\): it has the remote's now, its own are set aside in the branch (studio-set-aside-\\S+)$`,
      ),
    );
    const branch = /branch (\S+)$/.exec(line!)![1]!;
    expect(git(copy, 'rev-parse', 'HEAD')).toBe(newest);
    expect(git(copy, 'status', '--porcelain')).toBe('');
    expect(git(copy, 'show', `${branch}:a.json`)).toBe('"a, an edit of the same field"');
  });

  it('undoes what a catch-up killed half way left: its rebase, and the commit that carried the edits', async () => {
    publishElsewhere('a.json', '"a, published"\n');
    commit(copy, 'a.json', '"a, not sent"\n', 'not sent');
    git(copy, 'fetch', '-q', 'origin');
    expect(() => git(copy, '-c', 'user.name=S', '-c', 'user.email=s@s', 'rebase', '-q', 'origin/main')).toThrow();
    const [undone, setAside] = await catchUpWithRemote(copy, target);
    expect(undone).toBe('a rebase of an earlier change of owner left half done: undone');
    expect(setAside).toMatch(/\(1 commit not sent\) conflict/);
    // a carrying commit on top, as a catch-up killed after it made it leaves it
    writeFileSync(join(copy, 'b.json'), '"b, an edit"\n');
    commit(copy, 'b.json', '"b, an edit"\n', 'studio: unpublished edits carried over a change of owner');
    expect(await catchUpWithRemote(copy, target)).toEqual([]);
    expect(git(copy, 'status', '--porcelain')).toBe('M b.json');
    expect(git(copy, 'log', '-1', '--format=%s')).toBe('published: a.json');
  });
});
