import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { paths } from '../../core/paths.ts';
import { discard, history, inGit, pending, publish, PublishError, push, restoreVersion } from './publish.ts';
import { studioSite } from './site-state.ts';

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

/** The base fixture site (one that validates) in a repository of its own, committed once; `sub` as above. */
function fixtureRepo(sub = ''): { repo: string; site: string; validate: Parameters<typeof restoreVersion>[1]['validate'] } {
  const repo = folder();
  const site = join(repo, sub);
  for (const name of ['site.config.json', 'content', 'public']) cpSync(join(paths.root, 'tests/fixtures/base', name), join(site, name), { recursive: true });
  writeFileSync(join(repo, 'README.md'), 'the project\n');
  git(repo, 'init', '-q', '-b', 'main');
  git(repo, 'add', '-A');
  git(repo, 'commit', '-qm', 'site');
  // the studio's own validator of the site: the one Publish goes by
  const { validateFiles } = studioSite({ siteRoot: site, schemaDir: join(paths.root, 'schemas'), siteApi: () => undefined });
  return { repo, site, validate: validateFiles };
}

/** A bare repository as the remote `origin` of `repo`, with `repo`'s main pushed to it. */
function withRemote(repo: string): string {
  const remote = folder();
  execFileSync('git', ['init', '-q', '--bare', '-b', 'main', remote]);
  git(repo, 'remote', 'add', 'origin', remote);
  git(repo, 'push', '-q', 'origin', 'main');
  return remote;
}

const edit = (site: string, path: string, from: string, to: string) =>
  writeFileSync(join(site, path), readFileSync(join(site, path), 'utf8').replace(from, to));

const changedFiles = (repo: string, commit = 'HEAD') => git(repo, 'show', '--name-only', '--format=', commit).split('\n').sort();
const fingerprint = async (site: string) => (await pending(site)).fingerprint;

// each test runs git a few dozen times: seconds on a machine busy with other work
describe('publishing the site with git', { timeout: 60_000 }, () => {
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
    const { repo, site } = siteRepo();
    const remote = withRemote(repo);
    writeFileSync(join(remote, 'hooks/pre-receive'), '#!/bin/sh\necho "not today" >&2\nexit 1\n', { mode: 0o755 });
    writeFileSync(join(site, 'content/pages/home.json'), page('Home', 'Hallo'));
    await publish(site, { fingerprint: await fingerprint(site), message: 'Home', author: { name: 'Anna' } });
    expect(await push(site, { remote, branch: 'main' })).toMatchObject({ ok: false, reason: 'refused' });
    expect(await push(site, { remote: join(remote, 'missing') })).toMatchObject({ ok: false, reason: 'unreachable', branch: 'main' });
  });

  it('refuses the push while the commits it would send change files outside the site, keeps the commit here, and sends once those are on the remote', async () => {
    const { repo, site } = siteRepo('site');
    const remote = withRemote(repo);
    const before = git(remote, 'rev-parse', 'main');
    // a developer's commit, not pushed: notes (a key, say) beside the site
    writeFileSync(join(repo, 'notes.txt'), 'not for the remote\n');
    git(repo, 'add', 'notes.txt');
    git(repo, 'commit', '-qm', 'notes');
    writeFileSync(join(site, 'content/pages/home.json'), page('Home', 'Hallo'));
    const target = { remote: 'origin', branch: 'main' };
    const { commit, push: pushed } = await publish(site, { fingerprint: await fingerprint(site), message: 'Home', author: { name: 'Anna' }, target });
    expect(pushed).toMatchObject({ ok: false, reason: 'outside', detail: expect.stringMatching(/notes: notes\.txt/) as string });
    expect(pushed?.ok === false && pushed.detail).not.toContain('home.json');
    expect(git(remote, 'rev-parse', 'main')).toBe(before);
    expect(() => git(remote, 'cat-file', '-e', commit)).toThrow();
    expect(git(repo, 'rev-parse', 'HEAD')).toBe(commit);
    expect(git(repo, 'log', '-1', '--format=%s')).toBe('Home');
    // "send again" is refused the same way, a push to the remote's address too
    expect(await push(site, target)).toMatchObject({ ok: false, reason: 'outside' });
    expect(await push(site, { remote, branch: 'main' })).toMatchObject({ ok: false, reason: 'outside' });
    // the developer pushes their commit; meanwhile someone else's commit of another file reached the remote, merged
    // here (git pull): nothing outside the site is new now, so the site's commit goes
    git(repo, 'push', '-q', 'origin', 'HEAD~1:main');
    const other = folder();
    execFileSync('git', ['clone', '-q', remote, other]);
    writeFileSync(join(other, 'README.md'), 'theirs\n');
    git(other, 'commit', '-qam', 'theirs');
    git(other, 'push', '-q', 'origin', 'main');
    git(repo, 'pull', '-q', '--no-rebase', '--no-edit', 'origin', 'main');
    expect(await push(site, target)).toEqual({ ok: true, remote: 'origin', branch: 'main' });
    expect(git(remote, 'rev-parse', 'main')).toBe(git(repo, 'rev-parse', 'HEAD'));
  });

  it('never reads, hashes or commits through a link: a linked file or folder is listed as refused and left out', async () => {
    const { repo, site } = siteRepo();
    const outside = folder();
    writeFileSync(join(outside, 'secret.json'), '{ "title": "Geheim" }\n');
    mkdirSync(join(outside, 'pages'));
    writeFileSync(join(outside, 'pages/a.json'), page('Geheim', 'Geheim'));
    symlinkSync(join(outside, 'secret.json'), join(site, 'content/pages/x.json'));
    symlinkSync(join(outside, 'pages'), join(site, 'content/linked'));
    // a published page replaced by a link
    rmSync(join(site, 'content/pages/home.json'));
    symlinkSync(join(outside, 'secret.json'), join(site, 'content/pages/home.json'));
    writeFileSync(join(site, 'site.config.json'), '{ "lang": "en" }\n');
    const seen = await pending(site);
    expect(seen.files.map((f) => f.path)).toEqual(['site.config.json']);
    expect(seen.refused).toEqual([
      { path: 'content/linked', reason: 'link' },
      { path: 'content/pages/home.json', reason: 'link' },
      { path: 'content/pages/x.json', reason: 'link' },
    ]);
    expect(JSON.stringify(seen)).not.toContain('Geheim');
    // what a link points at is not hashed: its text changing is no change to publish
    writeFileSync(join(outside, 'secret.json'), '{ "title": "Nog geheimer" }\n');
    expect((await pending(site)).fingerprint).toBe(seen.fingerprint);
    const { commit } = await publish(site, { fingerprint: seen.fingerprint, message: 'Settings', author: { name: 'Anna' } });
    expect(changedFiles(repo, commit)).toEqual(['site.config.json']);
    expect(git(repo, 'show', 'HEAD:content/pages/home.json')).toBe(page('Home', 'Welkom').trim());
    expect(git(repo, 'ls-files', '--', 'content')).toBe('content/pages/home.json');
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
    const { repo, site, validate } = fixtureRepo();
    const first = git(repo, 'rev-parse', 'HEAD');
    edit(site, 'content/pages/home.json', '"headline": "Welkom"', '"headline": "Hallo"');
    writeFileSync(join(site, 'content/pages/new.json'), page('Nieuw', 'Nieuw'));
    await publish(site, { fingerprint: await fingerprint(site), message: 'Tweede versie', author: { name: 'Anna' } });
    const versions = await history(site);
    expect(versions.map((v) => [v.message, v.author])).toEqual([
      ['Tweede versie', 'Anna'],
      ['site', 'dev'],
    ]);
    const config = readFileSync(join(site, 'site.config.json'), 'utf8');
    writeFileSync(join(site, 'site.config.json'), config.replace('"nl"', '"en"'));
    await expect(restoreVersion(site, { commit: first, message: 'Terug', author: { name: 'Bo' }, validate })).rejects.toMatchObject({ reason: 'unpublished' });
    git(repo, 'checkout', '--', 'site.config.json');
    const commit = await restoreVersion(site, { commit: first, message: 'Versie van 1 nov teruggezet', author: { name: 'Bo' }, validate });
    expect(git(repo, 'rev-list', '--count', 'HEAD')).toBe('3');
    expect(git(repo, 'log', '-1', '--format=%s|%an')).toBe('Versie van 1 nov teruggezet|Bo');
    expect(changedFiles(repo, commit)).toEqual(['content/pages/home.json', 'content/pages/new.json']);
    expect(readFileSync(join(site, 'content/pages/home.json'), 'utf8')).toContain('"headline": "Welkom"');
    expect(existsSync(join(site, 'content/pages/new.json'))).toBe(false);
    await expect(restoreVersion(site, { commit: 'deadbeef', message: 'm', author: { name: 'Bo' }, validate })).rejects.toMatchObject({ reason: 'no-version' });
  });

  it('refuses to restore a version with problems, and changes nothing: no commit, the files as they were', async () => {
    const { repo, site, validate } = fixtureRepo('site');
    // a developer committed a version that does not validate (a variant the hero does not have), then fixed it
    edit(site, 'content/pages/home.json', '"variant": "home"', '"variant": "groot"');
    git(repo, 'commit', '-qam', 'broken');
    const broken = git(repo, 'rev-parse', 'HEAD');
    edit(site, 'content/pages/home.json', '"variant": "groot"', '"variant": "home"');
    edit(site, 'content/pages/home.json', '"headline": "Welkom"', '"headline": "Hersteld"');
    git(repo, 'commit', '-qam', 'fixed');
    const head = git(repo, 'rev-parse', 'HEAD');
    const text = readFileSync(join(site, 'content/pages/home.json'), 'utf8');
    const refused = restoreVersion(site, { commit: broken, message: 'Terug', author: { name: 'Bo' }, validate });
    await expect(refused).rejects.toMatchObject({ reason: 'version-problems' });
    const { problems } = (await refused.catch((error: unknown) => error)) as PublishError;
    expect(problems?.map((p) => `${p.file} ${p.pointer}`)).toEqual(['content/pages/home.json /blocks/0/variant']);
    expect(git(repo, 'rev-parse', 'HEAD')).toBe(head);
    expect(git(repo, 'status', '--porcelain')).toBe('');
    expect(readFileSync(join(site, 'content/pages/home.json'), 'utf8')).toBe(text);
    // the version before it has none: it is restored
    await restoreVersion(site, { commit: git(repo, 'rev-parse', `${broken}~1`), message: 'Terug', author: { name: 'Bo' }, validate });
    expect(readFileSync(join(site, 'content/pages/home.json'), 'utf8')).toContain('"headline": "Welkom"');
  });

  it('knows when the site is not in git', async () => {
    const site = folder();
    expect(await inGit(site)).toBe(false);
    expect(await inGit(siteRepo().site)).toBe(true);
  });
});
