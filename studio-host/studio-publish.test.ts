import { mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { paths } from '../core/paths.ts';
import { studioWrite } from '../scripts/test-support/studio-writes.ts';
import {
  PUBLISH_API,
  STUDIO_API,
  type ChangesAnswer,
  type HistoryAnswer,
  type PublishAnswer,
  type Published,
  type StudioState,
} from '../core/studio/contract.ts';
import { git, siteRepo } from '../scripts/test-support/site-repo.ts';
import { liveBuilder } from './live-builder.ts';
import { startStudioServer, type StudioServer } from './studio-server.ts';

/**
 * Publish in the studio's server without Vite, end to end over HTTP: a heading edited through the studio's call and
 * published is a commit by the editor on the remote, and the live build (a new build folder, switched to) serves it,
 * as the page the studio previews from then on.
 */
const work = mkdtempSync(join(tmpdir(), 'studio-publish-'));
const live = join(work, 'live');
const { site, remote } = siteRepo(work);
let server: StudioServer;

beforeAll(async () => {
  // the first live build, as the server's deploy makes it
  await liveBuilder({ siteRoot: site, live })();
  server = await startStudioServer({ root: paths.root, siteRoot: site, schemaDir: paths.schemas, build: live, target: { remote: 'origin', branch: 'main' } });
}, 120_000);
afterAll(async () => {
  await server?.close();
  rmSync(work, { recursive: true, force: true });
});

const call = async <T>(route: string, body?: unknown): Promise<T> => {
  const answer = await fetch(
    `${server.url}${route}`,
    body === undefined ? {} : { method: 'POST', headers: studioWrite(server.url), body: JSON.stringify(body) },
  );
  expect(answer.status, route).toBe(200);
  return (await answer.json()) as T;
};

it('a published heading is the editor’s commit on the remote, and live in a new build the studio previews from', async () => {
  const before = realpathSync(live);
  const state = await call<StudioState>(`${STUDIO_API}/state`);
  const home = state.files.find((file) => file.path === 'content/pages/home.json')!;
  await call(`${STUDIO_API}/edit`, {
    path: 'content/pages/home.json',
    base: home.hash,
    ops: [{ op: 'set', path: ['blocks', 0, 'headline'], value: 'Websites die werken' }],
  });
  const changes = await call<PublishAnswer<ChangesAnswer>>(`${PUBLISH_API}/changes`);
  expect(changes.git && changes.files.map((file) => file.path)).toEqual(['content/pages/home.json']);
  const published = await call<PublishAnswer<Published>>(`${PUBLISH_API}/commit`, {
    fingerprint: changes.git ? changes.fingerprint : '',
    message: 'De kop van de homepage',
    name: 'Eva Editor',
  });
  expect(published).toMatchObject({ git: true, push: { ok: true, remote: 'origin', branch: 'main' } });
  expect(git(remote, 'log', '-1', '--format=%an %s', 'main')).toBe('Eva Editor De kop van de homepage');
  // a new build is live, and has the heading
  const now = realpathSync(live);
  expect(now).not.toBe(before);
  expect(readFileSync(join(now, 'index.html'), 'utf8')).toContain('Websites die werken');
  // the studio's pages are the new build's
  expect(await (await fetch(`${server.url}/`)).text()).toBe(readFileSync(join(now, 'index.html'), 'utf8'));
  expect(git(site, 'status', '--porcelain')).toBe('');
}, 120_000);

it('History’s restore is a publish: the earlier heading is live in a new build and on the remote, nothing left unpublished', async () => {
  const before = realpathSync(live);
  const history = await call<PublishAnswer<HistoryAnswer>>(`${PUBLISH_API}/history`);
  const seed = history.git ? history.versions.find((version) => version.message === 'site')! : undefined;
  const restored = await call<PublishAnswer<Published>>(`${PUBLISH_API}/restore`, {
    commit: seed?.commit,
    message: 'Terug naar de eerste versie',
    name: 'Eva Editor',
  });
  expect(restored).toMatchObject({ git: true, push: { ok: true, remote: 'origin', branch: 'main' } });
  // the new commit is the remote's newest, and the live build (a new one) is the earlier version again
  expect(git(remote, 'log', '-1', '--format=%s', 'main')).toBe('Terug naar de eerste versie');
  const now = realpathSync(live);
  expect(now).not.toBe(before);
  const page = readFileSync(join(now, 'index.html'), 'utf8');
  expect(page).not.toContain('Websites die werken');
  expect(await (await fetch(`${server.url}/`)).text()).toBe(page);
  expect(git(site, 'status', '--porcelain')).toBe('');
}, 120_000);

it('a restore the live publish refuses leaves nothing behind: no commit, the working copy as it was', async () => {
  const head = git(site, 'rev-parse', 'HEAD');
  // the remote gets a commit of code meanwhile: the live server publishes nothing until the deploy
  const other = mkdtempSync(join(tmpdir(), 'studio-publish-other-'));
  try {
    git(other, 'clone', '-q', remote, '.');
    git(other, '-c', 'user.name=Dev', '-c', 'user.email=dev@test', 'commit', '-q', '--allow-empty', '-m', 'leeg');
    writeFileSync(join(other, 'server.js'), 'export {};\n');
    git(other, 'add', 'server.js');
    git(other, '-c', 'user.name=Dev', '-c', 'user.email=dev@test', 'commit', '-qm', 'code');
    git(other, 'push', '-q', 'origin', 'main');
  } finally {
    rmSync(other, { recursive: true, force: true });
  }
  const history = await call<PublishAnswer<HistoryAnswer>>(`${PUBLISH_API}/history`);
  const published = history.git ? history.versions.find((version) => version.message === 'De kop van de homepage')! : undefined;
  const answer = await fetch(`${server.url}${PUBLISH_API}/restore`, {
    method: 'POST',
    headers: studioWrite(server.url),
    body: JSON.stringify({ commit: published?.commit, message: 'Toch de nieuwe kop', name: 'Eva Editor' }),
  });
  expect(answer.status).toBe(409);
  expect(git(site, 'rev-parse', 'HEAD')).toBe(head);
  expect(git(site, 'status', '--porcelain')).toBe('');
}, 120_000);
