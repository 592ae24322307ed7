import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { discard, history, inGit, pending, publish, PublishError, push, restoreVersion } from './publish.ts';

/**
 * Publishing against real git repositories in temporary folders: a site in a repository of its own, one in a folder
 * of a bigger repository, and a bare repository as the remote it pushes to.
 */
// the machine's own git settings (an e-mail, hooks) play no part
process.env.GIT_CONFIG_GLOBAL = '/dev/null';
process.env.GIT_CONFIG_NOSYSTEM = '1';
const folders: string[] = [];
const folder = () => {
  const made = mkdtempSync(join(tmpdir(), 'studio-publish-'));
  folders.push(made);
  return made;
};
afterEach(() => folders.splice(0).forEach((made) => rmSync(made, { recursive: true, force: true })));

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-C', cwd, '-c', 'user.name=dev', '-c', 'user.email=dev@test', ...args], { encoding: 'utf8' }).trim();

const page = (title: string, headline: string) => `${JSON.stringify({ title, blocks: [{ type: 'hero', headline }] }, null, 2)}\n`;

/** A site with a config, a page and an image, committed once; `sub` puts it in a folder of the repository. */
function siteRepo(sub = ''): { repo: string; site: string } {
  const repo = folder();
  const site = join(repo, sub);
  mkdirSync(join(site, 'content/pages'), { recursive: true });
  mkdirSync(join(site, 'public/images'), { recursive: true });
  writeFileSync(join(site, 'site.config.json'), '{ "lang": "nl" }\n');
  writeFileSync(join(site, 'content/pages/home.json'), page('Home', 'Welkom'));
  writeFileSync(join(site, 'public/images/a.webp'), 'image a');
  writeFileSync(join(repo, 'README.md'), 'the project\n');
  git(repo, 'init', '-q', '-b', 'main');
  git(repo, 'add', '-A');
  git(repo, 'commit', '-qm', 'site');
  return { repo, site };
}

const changedFiles = (repo: string, commit = 'HEAD') => git(repo, 'show', '--name-only', '--format=', commit).split('\n').sort();
const fingerprint = async (site: string) => (await pending(site)).fingerprint;

describe('publishing the site with git', () => {
  it('lists what changed, with the published and the current text of each JSON file', async () => {
    const { site } = siteRepo();
    writeFileSync(join(site, 'content/pages/home.json'), page('Home', 'Hallo'));
    writeFileSync(join(site, 'content/pages/new.json'), page('Nieuw', 'Nieuw'));
    writeFileSync(join(site, 'public/images/b.webp'), 'image b');
    rmSync(join(site, 'public/images/a.webp'));
    const { files } = await pending(site);
    expect(files.map((f) => [f.path, f.status])).toEqual([
      ['content/pages/home.json', 'changed'],
      ['content/pages/new.json', 'added'],
      ['public/images/a.webp', 'removed'],
      ['public/images/b.webp', 'added'],
    ]);
    expect(files[0]).toMatchObject({ before: page('Home', 'Welkom'), after: page('Home', 'Hallo') });
    expect(files[2]).not.toHaveProperty('before', expect.anything());
  });

  it('commits only the site files, with the message and the name given, and leaves a developer staged file staged', async () => {
    const { repo, site } = siteRepo('site');
    writeFileSync(join(site, 'content/pages/home.json'), page('Home', 'Hallo'));
    writeFileSync(join(site, 'public/images/b.webp'), 'image b');
    writeFileSync(join(repo, 'README.md'), 'changed by a developer\n');
    git(repo, 'add', 'README.md');
    const { commit, push: pushed } = await publish(site, {
      fingerprint: await fingerprint(site),
      message: 'Inhoud bijgewerkt: Home (kop)',
      author: { name: 'Anna de Vries' },
    });
    expect(pushed).toBeUndefined();
    expect(changedFiles(repo, commit)).toEqual(['site/content/pages/home.json', 'site/public/images/b.webp']);
    expect(git(repo, 'log', '-1', '--format=%an|%ae|%s')).toBe('Anna de Vries|anna.de.vries@studio.local|Inhoud bijgewerkt: Home (kop)');
    expect(git(repo, 'diff', '--cached', '--name-only')).toBe('README.md');
    expect((await pending(site)).files).toEqual([]);
  });

  it('takes the e-mail git is set up with, and a name without line breaks or brackets', async () => {
    const { repo, site } = siteRepo();
    git(repo, 'config', 'user.email', 'web@example.nl');
    writeFileSync(join(site, 'site.config.json'), '{ "lang": "en" }\n');
    await publish(site, { fingerprint: await fingerprint(site), message: 'Settings', author: { name: ' Anna\n<x> ' } });
    expect(git(repo, 'log', '-1', '--format=%an <%ae>')).toBe('Anna x <web@example.nl>');
  });

  it('refuses changes other than those the person looked at, an empty publish, and invalid JSON', async () => {
    const { site } = siteRepo();
    const empty = await fingerprint(site);
    await expect(publish(site, { fingerprint: empty, message: 'm', author: { name: 'A' } })).rejects.toMatchObject({ reason: 'nothing' });
    writeFileSync(join(site, 'content/pages/home.json'), page('Home', 'Hallo'));
    const seen = await fingerprint(site);
    writeFileSync(join(site, 'content/pages/home.json'), page('Home', 'Hallo!'));
    await expect(publish(site, { fingerprint: seen, message: 'm', author: { name: 'A' } })).rejects.toMatchObject({ reason: 'stale' });
    writeFileSync(join(site, 'content/pages/home.json'), '{ "title": ');
    await expect(publish(site, { fingerprint: await fingerprint(site), message: 'm', author: { name: 'A' } })).rejects.toBeInstanceOf(PublishError);
  });

  it('pushes to a bare repository as remote', async () => {
    const remote = folder();
    execFileSync('git', ['init', '-q', '--bare', '-b', 'main', remote]);
    const { repo, site } = siteRepo();
    git(repo, 'remote', 'add', 'origin', remote);
    git(repo, 'push', '-q', 'origin', 'main');
    writeFileSync(join(site, 'content/pages/home.json'), page('Home', 'Hallo'));
    const { commit, push: pushed } = await publish(site, {
      fingerprint: await fingerprint(site),
      message: 'Home',
      author: { name: 'Anna' },
      target: { remote: 'origin', branch: 'main' },
    });
    expect(pushed).toEqual({ ok: true, remote: 'origin', branch: 'main' });
    expect(git(remote, 'rev-parse', 'main')).toBe(commit);
  });

  it('says a push was refused when the remote has a commit this copy lacks, and keeps the local commit', async () => {
    const remote = folder();
    execFileSync('git', ['init', '-q', '--bare', '-b', 'main', remote]);
    const { repo, site } = siteRepo();
    git(repo, 'remote', 'add', 'origin', remote);
    git(repo, 'push', '-q', 'origin', 'main');
    // someone else publishes first, from another copy
    const other = folder();
    execFileSync('git', ['clone', '-q', remote, other]);
    writeFileSync(join(other, 'README.md'), 'theirs\n');
    git(other, 'commit', '-qam', 'theirs');
    git(other, 'push', '-q', 'origin', 'main');
    const theirs = git(remote, 'rev-parse', 'main');
    writeFileSync(join(site, 'content/pages/home.json'), page('Home', 'Hallo'));
    const { commit, push: pushed } = await publish(site, {
      fingerprint: await fingerprint(site),
      message: 'Home',
      author: { name: 'Anna' },
      target: { remote: 'origin', branch: 'main' },
    });
    expect(pushed).toMatchObject({ ok: false, reason: 'behind' });
    expect(git(repo, 'rev-parse', 'HEAD')).toBe(commit);
    expect(git(repo, 'log', '-1', '--format=%s')).toBe('Home');
    expect(git(remote, 'rev-parse', 'main')).toBe(theirs);
  });

  it('says a push a hook refused was refused, and one to nowhere was not delivered', async () => {
    const remote = folder();
    execFileSync('git', ['init', '-q', '--bare', '-b', 'main', remote]);
    writeFileSync(join(remote, 'hooks/pre-receive'), '#!/bin/sh\necho "not today" >&2\nexit 1\n', { mode: 0o755 });
    const { site } = siteRepo();
    expect(await push(site, { remote, branch: 'main' })).toMatchObject({ ok: false, reason: 'refused' });
    expect(await push(site, { remote: join(remote, 'missing') })).toMatchObject({ ok: false, reason: 'unreachable', branch: 'main' });
  });

  it('says a commit a hook of the repository refused was not made, and keeps the changes', async () => {
    const { repo, site } = siteRepo();
    writeFileSync(join(repo, '.git/hooks/pre-commit'), '#!/bin/sh\necho "lint failed" >&2\nexit 1\n', { mode: 0o755 });
    writeFileSync(join(site, 'content/pages/home.json'), page('Home', 'Hallo'));
    await expect(publish(site, { fingerprint: await fingerprint(site), message: 'Home', author: { name: 'Anna' } })).rejects.toMatchObject({
      reason: 'refused',
      message: expect.stringContaining('lint failed') as string,
    });
    expect(git(repo, 'rev-list', '--count', 'HEAD')).toBe('1');
    expect(readFileSync(join(site, 'content/pages/home.json'), 'utf8')).toBe(page('Home', 'Hallo'));
  });

  it('discards: changed files go back, new files and images are removed, removed ones return', async () => {
    const { repo, site } = siteRepo('site');
    writeFileSync(join(site, 'content/pages/home.json'), page('Home', 'Hallo'));
    writeFileSync(join(site, 'content/pages/new.json'), page('Nieuw', 'Nieuw'));
    writeFileSync(join(site, 'public/images/b.webp'), 'image b');
    rmSync(join(site, 'public/images/a.webp'));
    writeFileSync(join(repo, 'notes.txt'), 'not the site\n');
    const lost = await discard(site, await fingerprint(site));
    expect(lost).toHaveLength(4);
    expect(readFileSync(join(site, 'content/pages/home.json'), 'utf8')).toBe(page('Home', 'Welkom'));
    expect(existsSync(join(site, 'content/pages/new.json'))).toBe(false);
    expect(existsSync(join(site, 'public/images/b.webp'))).toBe(false);
    expect(readFileSync(join(site, 'public/images/a.webp'), 'utf8')).toBe('image a');
    expect(existsSync(join(repo, 'notes.txt'))).toBe(true);
    expect((await pending(site)).files).toEqual([]);
  });

  it('lists the versions and restores one as a new commit, refusing while changes are unpublished', async () => {
    const { repo, site } = siteRepo();
    const first = git(repo, 'rev-parse', 'HEAD');
    writeFileSync(join(site, 'content/pages/home.json'), page('Home', 'Hallo'));
    writeFileSync(join(site, 'content/pages/new.json'), page('Nieuw', 'Nieuw'));
    await publish(site, { fingerprint: await fingerprint(site), message: 'Tweede versie', author: { name: 'Anna' } });
    const versions = await history(site);
    expect(versions.map((v) => [v.message, v.author])).toEqual([
      ['Tweede versie', 'Anna'],
      ['site', 'dev'],
    ]);
    writeFileSync(join(site, 'site.config.json'), '{ "lang": "en" }\n');
    await expect(restoreVersion(site, { commit: first, message: 'Terug', author: { name: 'Bo' } })).rejects.toMatchObject({ reason: 'unpublished' });
    git(repo, 'checkout', '--', 'site.config.json');
    const commit = await restoreVersion(site, { commit: first, message: 'Versie van 1 nov teruggezet', author: { name: 'Bo' } });
    expect(git(repo, 'rev-list', '--count', 'HEAD')).toBe('3');
    expect(git(repo, 'log', '-1', '--format=%s|%an')).toBe('Versie van 1 nov teruggezet|Bo');
    expect(changedFiles(repo, commit)).toEqual(['content/pages/home.json', 'content/pages/new.json']);
    expect(readFileSync(join(site, 'content/pages/home.json'), 'utf8')).toBe(page('Home', 'Welkom'));
    expect(existsSync(join(site, 'content/pages/new.json'))).toBe(false);
    await expect(restoreVersion(site, { commit: 'deadbeef', message: 'm', author: { name: 'Bo' } })).rejects.toMatchObject({ reason: 'no-version' });
  });

  it('knows when the site is not in git', async () => {
    const site = folder();
    expect(await inGit(site)).toBe(false);
    expect(await inGit(siteRepo().site)).toBe(true);
  });
});
