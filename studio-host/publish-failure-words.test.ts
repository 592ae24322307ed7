import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { paths } from '../core/paths.ts';
import { studioWrite } from '../scripts/test-support/studio-writes.ts';
import { PUBLISH_API, STUDIO_API, type ChangesAnswer, type PublishAnswer, type Published, type StudioState } from '../core/studio/contract.ts';
import { git, siteRepo } from '../scripts/test-support/site-repo.ts';
import { liveBuilder } from './live-builder.ts';
import { startStudioServer, type StudioServer } from './studio-server.ts';

/**
 * git refusing in the middle of a Publish, a discard or a send on the live server (a lock another process holds, a
 * remote that is not there, a remote that says no): the editor is told in the site's language (Dutch here), with a
 * reference to pass on, never git's words or the server's paths; those are in the server's log under that reference.
 * And the next Publish, once the cause is gone, works.
 */
const work = mkdtempSync(join(tmpdir(), 'publish-failure-words-'));
const live = join(work, 'live');
const { site, remote } = siteRepo(work);
const HOME = 'content/pages/home.json';
const logged: string[] = [];
let server: StudioServer;
let holder: ChildProcess | undefined;

beforeAll(async () => {
  // a Dutch site: the editor reads Dutch
  const config = join(site, 'site.config.json');
  writeFileSync(config, readFileSync(config, 'utf8').replace('"lang": "en"', '"lang": "nl"'));
  git(site, '-c', 'user.name=Seed', '-c', 'user.email=seed@test', 'commit', '-qam', 'nl');
  git(site, 'push', '-q', 'origin', 'main');
  await liveBuilder({ siteRoot: site, live })();
  server = await startStudioServer({
    root: paths.root,
    siteRoot: site,
    schemaDir: paths.schemas,
    build: live,
    target: { remote: 'origin', branch: 'main' },
    log: (line) => void logged.push(line),
  });
}, 120_000);
afterAll(async () => {
  holder?.kill('SIGKILL');
  await server?.close();
  rmSync(work, { recursive: true, force: true });
});

const post = async (route: string, body: unknown) =>
  fetch(`${server.url}${route}`, { method: 'POST', headers: studioWrite(server.url), body: JSON.stringify(body) });

async function editHeading(value: string) {
  const state = (await (await fetch(`${server.url}${STUDIO_API}/state`)).json()) as StudioState;
  const home = state.files.find((file) => file.path === HOME)!;
  expect((await post(`${STUDIO_API}/edit`, { path: HOME, base: home.hash, ops: [{ op: 'set', path: ['blocks', 0, 'headline'], value }] })).status).toBe(200);
}

async function fingerprint(): Promise<string> {
  const changes = (await (await fetch(`${server.url}${PUBLISH_API}/changes`)).json()) as PublishAnswer<ChangesAnswer>;
  return changes.git ? changes.fingerprint : '';
}

const publish = async () => post(`${PUBLISH_API}/commit`, { fingerprint: await fingerprint(), message: 'Kop', name: 'Eva' });

/** An answer the editor reads: a Dutch sentence with a reference, nothing of git's and no path; the details in the log. */
async function plainWords(answer: Response, details: RegExp) {
  const text = await answer.text();
  expect(text).not.toMatch(/git|fatal|error:|\.lock|\/tmp\/|\/work\//i);
  expect(text).not.toContain(work);
  const { error, reference } = JSON.parse(text) as { error: string; reference?: string };
  expect(error).toMatch(/\bniet\b/);
  expect(reference).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
  expect(
    logged.find((line) => line.includes(reference!)),
    logged.join('\n'),
  ).toMatch(details);
}

it('a lock another git process holds: the Publish is refused in plain words, and works once it is gone', async () => {
  await editHeading('Websites die werken');
  // a git command at work in the working copy holds HEAD's lock meanwhile
  holder = spawn('sleep', ['600'], { cwd: site });
  writeFileSync(join(site, '.git/HEAD.lock'), '');
  await plainWords(await publish(), /cannot lock ref 'HEAD'/);
  // the edit is still there to publish, and nothing was sent
  expect(git(remote, 'log', '-1', '--format=%s', 'main')).toBe('nl');
  expect(git(site, 'diff', 'HEAD', '--name-only')).toBe(HOME);
  holder.kill('SIGKILL');
  rmSync(join(site, '.git/HEAD.lock'));
  const again = await publish();
  expect(again.status).toBe(200);
  expect(git(remote, 'log', '-1', '--format=%s', 'main')).toBe('Kop');
}, 120_000);

it('a discard while git’s index is locked: plain words', async () => {
  await editHeading('Websites die nog beter werken');
  writeFileSync(join(site, '.git/index.lock'), '');
  await plainWords(await post(`${PUBLISH_API}/discard`, { fingerprint: await fingerprint() }), /index\.lock/);
  rmSync(join(site, '.git/index.lock'));
  expect((await post(`${PUBLISH_API}/discard`, { fingerprint: await fingerprint() })).status).toBe(200);
}, 120_000);

it('a remote that is not there: plain words, the edit kept as an unpublished change, and published when it is back', async () => {
  await editHeading('Websites die werken, altijd');
  git(site, 'remote', 'set-url', 'origin', join(work, 'gone.git'));
  await plainWords(await publish(), /gone\.git/);
  expect(git(site, 'diff', 'HEAD', '--name-only')).toBe(HOME);
  git(site, 'remote', 'set-url', 'origin', remote);
  expect((await publish()).status).toBe(200);
  expect(git(remote, 'show', `main:${HOME}`)).toContain('Websites die werken, altijd');
}, 120_000);

it('a remote that refuses the push: live here, and the editor told so without git’s words', async () => {
  const hook = join(remote, 'hooks/pre-receive');
  writeFileSync(hook, `#!/bin/sh\necho "remote: branch is protected in ${remote}" >&2\nexit 1\n`);
  chmodSync(hook, 0o755);
  await editHeading('Websites die werken, nu ook hier');
  const answer = await publish();
  const text = await answer.text();
  expect(answer.status, text).toBe(200);
  // (every publish answer says whether the site is in git, as `git: true`)
  expect(text.replace('"git":true', '')).not.toMatch(/git|fatal|error:|protected|\/tmp\//i);
  const published = JSON.parse(text) as PublishAnswer<Published>;
  const push = published.git ? published.push : undefined;
  expect(push).toMatchObject({ ok: false });
  const reference = push && !push.ok ? /[A-Z2-9]{4}-[A-Z2-9]{4}/.exec(push.detail)?.[0] : undefined;
  expect(logged.find((line) => reference && line.includes(reference))).toMatch(/branch is protected/);
  rmSync(hook);
}, 120_000);
