import { mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { paths } from '../../core/paths.ts';
import { studioWrite } from '../test-support/studio-writes.ts';
import { PUBLISH_API, STUDIO_API, type ChangesAnswer, type PublishAnswer, type Published, type StudioState } from '../../core/studio/contract.ts';
import { git, siteRepo } from '../test-support/site-repo.ts';
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
