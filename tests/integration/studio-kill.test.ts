import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { paths } from '../../core/paths.ts';
import { studioWrite } from '../../scripts/test-support/studio-writes.ts';
import { PUBLISH_API, STUDIO_API, type ChangesAnswer, type PublishAnswer, type StudioState } from '../../core/studio/contract.ts';
import { liveBuilder } from '../../studio-host/live-builder.ts';
import { git, gitEnv, siteRepo } from '../../scripts/test-support/site-repo.ts';

/**
 * `kill -9` in the middle of a publish, on the real `npm run studio` process (its own working copy cloned from the
 * site's remote into its data folder): killed while the build of the publish is being written, the next start
 * finds no lock, no half rebase and no half build, says what it cleaned, and the edit is an unpublished change
 * again, which the next Publish makes live.
 */
const work = mkdtempSync(join(tmpdir(), 'studio-kill-'));
const { site: seed, remote } = siteRepo(work);
const live = join(work, 'live');
const data = join(work, 'data');
const copy = join(data, 'studio-site');
const env = gitEnv;
let running: ChildProcess | undefined;

beforeAll(async () => {
  await liveBuilder({ siteRoot: seed, live })();
}, 120_000);
afterAll(() => {
  if (running?.pid) process.kill(-running.pid, 'SIGKILL');
  rmSync(work, { recursive: true, force: true });
});

/** `npm run studio` as a deploy starts it, in a process group of its own (so a kill takes its build too); its address and what it said. */
async function startStudio(): Promise<{ url: string; output: () => string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(paths.root, 'studio-host/main.ts')], {
    cwd: paths.root,
    env: { ...env, STUDIO_REMOTE: remote, DATA_DIR: data, SITE_OUT: live, STUDIO_PORT: '0' },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running = child;
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await expect.poll(() => /Studio \(without Vite\): (\S+)\/__studio/.exec(output)?.[1], { timeout: 60_000 }).toBeTruthy();
  // its first build, thrown away to make the build's workers ready, is over: the next build folder is a publish's
  await expect.poll(() => output, { timeout: 60_000 }).toContain("studio: the build's workers are ready");
  return { url: /Studio \(without Vite\): (\S+)\/__studio/.exec(output)![1]!, output: () => output };
}

const builds = () => readdirSync(`${live}-builds`).filter((name) => !name.startsWith('.'));

it('after a kill -9 while a publish builds, the next start cleans up, says so, and the edit goes live with the next Publish', async () => {
  const liveBefore = realpathSync(live);
  const first = await startStudio();
  expect(first.output()).toContain(`studio: cloned ${remote} (main) into ${copy}`);
  const call = async <T>(route: string, body?: unknown) =>
    (await (
      await fetch(`${first.url}${route}`, body === undefined ? {} : { method: 'POST', headers: studioWrite(first.url), body: JSON.stringify(body) })
    ).json()) as T;
  const state = await call<StudioState>(`${STUDIO_API}/state`);
  const home = state.files.find((file) => file.path === 'content/pages/home.json')!;
  await call(`${STUDIO_API}/edit`, { path: home.path, base: home.hash, ops: [{ op: 'set', path: ['blocks', 0, 'headline'], value: 'Na de crash' }] });
  const changes = await call<PublishAnswer<ChangesAnswer>>(`${PUBLISH_API}/changes`);
  const fingerprint = changes.git ? changes.fingerprint : '';
  const known = new Set(builds());
  // the remote answers a fetch seconds late (git's own setting for the command it runs there): the publish has
  // committed and its build, begun beside the commit and the fetch, waits half written to go live
  git(copy, 'config', 'remote.origin.uploadpack', 'sleep 5; git-upload-pack');
  const headBefore = git(copy, 'rev-parse', 'HEAD');
  void call(`${PUBLISH_API}/commit`, { fingerprint, message: 'Kop', name: 'Eva' }).catch(() => undefined);
  await expect
    .poll(() => git(copy, 'rev-parse', 'HEAD') !== headBefore && builds().some((name) => !known.has(name)), { timeout: 30_000, interval: 50 })
    .toBe(true);
  // the server and its build killed at once, as a machine's crash would
  const killed = new Promise((done) => running!.once('exit', done));
  process.kill(-running!.pid!, 'SIGKILL');
  await killed;
  git(copy, 'config', '--unset', 'remote.origin.uploadpack');
  expect(existsSync(join(copy, '.git/helder-publish.lock'))).toBe(true);

  const second = await startStudio();
  expect(second.output()).toMatch(/studio: the lock of a publish that stopped \(process \d+\): removed/);
  expect(second.output()).toContain('studio: a publish that stopped before it was sent: its changes are unpublished changes again');
  expect(second.output()).toMatch(/studio: a build left half written \(\S+\): removed; the live build is as it was/);
  // nothing half done is left, and the live build is the one before
  expect(existsSync(join(copy, '.git/helder-publish.lock'))).toBe(false);
  expect(['rebase-merge', 'rebase-apply', 'index.lock'].filter((name) => existsSync(join(copy, '.git', name)))).toEqual([]);
  expect(builds().filter((name) => !known.has(name))).toEqual([]);
  expect(realpathSync(live)).toBe(liveBefore);
  expect(git(copy, 'status', '--porcelain')).toBe('M content/pages/home.json');
  // the next Publish makes it live and sends it
  const again = await fetch(`${second.url}${PUBLISH_API}/changes`);
  const next = (await again.json()) as PublishAnswer<ChangesAnswer>;
  const published = await fetch(`${second.url}${PUBLISH_API}/commit`, {
    method: 'POST',
    headers: studioWrite(second.url),
    body: JSON.stringify({ fingerprint: next.git ? next.fingerprint : '', message: 'Kop', name: 'Eva' }),
  });
  expect(published.status).toBe(200);
  expect(readFileSync(join(realpathSync(live), 'index.html'), 'utf8')).toContain('Na de crash');
  expect(git(remote, 'log', '-1', '--format=%s', 'main')).toBe('Kop');
}, 180_000);
