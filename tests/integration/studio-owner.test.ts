import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { paths } from '../../core/paths.ts';
import { studioWrite } from '../../scripts/test-support/studio-writes.ts';
import {
  CLIENT_LINKS_API,
  EVENTS_API,
  PUBLISH_API,
  STUDIO_API,
  type ChangesAnswer,
  type NewClientLinkAnswer,
  type PublishAnswer,
  type StudioState,
} from '../../core/studio/contract.ts';
import { liveBuilder } from '../../studio-host/live-builder.ts';
import { startStudioServer, type StudioServer } from '../../studio-host/studio-server.ts';
import { git, gitEnv, siteRepo } from '../../scripts/test-support/site-repo.ts';
import { openStaffStore } from '../../server/staff/store/staff-store.ts';
import { hashToken, newToken } from '../../server/staff/tokens.ts';
import { openStudioGate, type StudioGate } from '../../studio-host/gate/studio-gate.ts';
import { openStudioState } from '../../studio-host/state/studio-state.ts';
import { databaseBackends } from '../support/database-backends.ts';

/**
 * Two studio instances behind one address, on one PostgreSQL, each with its own data folder: the first, the real
 * `npm run studio` process, owns the working copy, and the second (in this process) forwards the studio's requests to
 * it. Killed with `kill -9`, the first stops renewing; within its lease the second takes the working copy over,
 * brings its own copy up to what was published, and serves the studio itself.
 */
const postgres = databaseBackends({ prefix: 'studio-owner-' })[1];
const work = mkdtempSync(join(tmpdir(), 'studio-owner-'));
const { site: seed, remote } = siteRepo(work);
/** short, so that the test waits for a take-over in seconds, and long enough that a request sent at the kill is answered within it on a loaded machine */
const LEASE_MS = 8_000;
const TICK_MS = 250;
const first = { data: join(work, 'data-a'), live: join(work, 'live-a') };
const second = { copy: join(work, 'copy-b'), live: join(work, 'live-b') };
/** what the second instance said, and when */
const said: string[] = [];
const saidAt = new Map<string, number>();
let storage: Awaited<ReturnType<typeof postgres.fresh>>;
let running: ChildProcess | undefined;
let output = '';
let gate: StudioGate;
let b: StudioServer;
let cookie = '';

/** `npm run studio` as a deploy starts it, behind the back office, in a process group of its own (a kill takes its build too). */
async function startFirst() {
  running = spawn(process.execPath, ['--import', 'tsx', join(paths.root, 'studio-host/main.ts')], {
    cwd: paths.root,
    env: {
      ...gitEnv,
      STUDIO_REMOTE: remote,
      STUDIO_BACK_OFFICE: 'http://127.0.0.1:4330',
      DATABASE_URL: storage.databaseUrl,
      DATA_DIR: first.data,
      SITE_OUT: first.live,
      STUDIO_PORT: '0',
      STUDIO_OWNER_LEASE_MS: String(LEASE_MS),
    },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  running.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  for (const started = Date.now(); !output.includes('Studio (without Vite): '); await new Promise((done) => setTimeout(done, 50)))
    if (Date.now() - started > 60_000 || running.exitCode !== null) throw new Error(`npm run studio did not start:\n${output}`);
}

/** A live build of the site for an instance, and the builder's workers ended. */
async function build(live: string) {
  const builder = liveBuilder({ siteRoot: seed, live });
  await builder();
  await builder.close();
}

beforeAll(async () => {
  await postgres.setup();
  storage = await postgres.fresh();
  await build(first.live);
  await build(second.live);
  execFileSync('git', ['clone', '-q', remote, second.copy], { env: gitEnv });
  await startFirst();
  gate = await openStudioGate(storage, {});
  b = await startStudioServer({
    root: paths.root,
    siteRoot: second.copy,
    schemaDir: paths.schemas,
    build: second.live,
    target: { remote: 'origin', branch: 'main' },
    door: { ...gate, backOffice: 'http://127.0.0.1:4330' },
    instance: 'instance-b',
    releaseTickMs: 200,
    ownerLeaseMs: LEASE_MS,
    ownerTickMs: TICK_MS,
    log: (line) => {
      said.push(line);
      saidAt.set(line, Date.now());
    },
  });
  // an editor of the back office, with a studio session opened on the second instance
  const staff = await openStaffStore(storage);
  const state = await openStudioState(storage);
  await staff.addUser('eva@example.nl', 'editor', { tokenHash: hashToken(newToken()), createdBy: null });
  const ticket = newToken();
  await state.createTicket(hashToken(ticket), (await staff.findUserByEmail('eva@example.nl'))!.id);
  await Promise.all([staff.close(), state.close()]);
  const entered = await fetch(`${b.url}/__studio/enter?ticket=${ticket}`, { redirect: 'manual' });
  cookie = entered.headers.get('set-cookie')!.split(';')[0]!;
}, 180_000);
afterAll(async () => {
  if (running?.pid && running.exitCode === null && running.signalCode === null) process.kill(-running.pid, 'SIGKILL');
  await b?.close();
  await gate?.close();
  await postgres.teardown();
  rmSync(work, { recursive: true, force: true });
}, 60_000);

/** A request to the second instance, as the studio's page sends it, with the door's cookie. */
const toSecond = (route: string, body?: unknown, accept = 'application/json') =>
  fetch(`${b.url}${route}`, {
    headers: { cookie, accept, ...(body === undefined ? {} : studioWrite(b.url)) },
    ...(body === undefined ? {} : { method: 'POST', body: JSON.stringify(body) }),
  });
const call = async <T>(route: string, body?: unknown) => {
  const answer = await toSecond(route, body);
  expect(answer.status, route).toBe(200);
  return (await answer.json()) as T;
};
const home = (state: StudioState) => state.files.find((file) => file.path === 'content/pages/home.json')!;
const setHeading = async (value: string) => {
  const page = home(await call<StudioState>(`${STUDIO_API}/state`));
  await call(`${STUDIO_API}/edit`, { path: page.path, base: page.hash, ops: [{ op: 'set', path: ['blocks', 0, 'headline'], value }] });
};
const publish = async () => {
  const changes = await call<PublishAnswer<ChangesAnswer>>(`${PUBLISH_API}/changes`);
  return call(`${PUBLISH_API}/commit`, { fingerprint: changes.git ? changes.fingerprint : '', message: 'Kop', name: 'Eva' });
};
const livePage = (live: string) => readFileSync(join(realpathSync(live), 'index.html'), 'utf8');

/** The events stream through the second instance: what it has brought so far. */
async function events() {
  const answer = await toSecond(EVENTS_API, undefined, 'text/event-stream');
  expect([answer.status, answer.headers.get('content-type')]).toEqual([200, 'text/event-stream']);
  const reader = answer.body!.getReader();
  let text = '';
  const reading = (async () => {
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) text += new TextDecoder().decode(chunk.value);
  })().catch(() => undefined);
  return { text: () => text, close: () => reader.cancel().then(() => reading) };
}

it('serves the studio from the instance that owns the working copy: an edit and a Publish through the other are made there', async () => {
  const pid = running!.pid!;
  expect(output).toContain(`studio: this instance (${hostname()}:${pid}) owns the working copy and serves the studio`);
  const firstCopy = join(first.data, 'studio-site');
  // the second lets in only the signed in, as the owner does
  expect((await fetch(`${b.url}${STUDIO_API}/state`)).status).toBe(401);
  expect((await call<StudioState>(`${STUDIO_API}/state`)).siteRoot).toBe(firstCopy);
  const stream = await events();
  await setHeading('Bewerkt via de tweede');
  // written in the owner's working copy, not in the second's; its events stream reaches the browser through the second
  expect(readFileSync(join(firstCopy, 'content/pages/home.json'), 'utf8')).toContain('Bewerkt via de tweede');
  expect(git(second.copy, 'status', '--porcelain')).toBe('');
  await expect.poll(stream.text, { timeout: 60_000 }).toContain('data: {"path":"content/pages/home.json"}');
  expect(stream.text()).toMatch(/^retry: 1000\n\n/);
  await stream.close();
  // the preview, and a client's link (no session), show the owner's unpublished page
  expect(await (await toSecond('/', undefined, 'text/html')).text()).toContain('Bewerkt via de tweede');
  const link = await call<NewClientLinkAnswer>(CLIENT_LINKS_API, { route: '/', days: 1 });
  expect(await (await fetch(`${b.url}${link.path}`)).text()).toContain('Bewerkt via de tweede');
  await publish();
  expect(git(remote, 'log', '-1', '--format=%an <%ae>', 'main')).toBe('eva@example.nl <eva@example.nl>');
  expect(git(firstCopy, 'rev-parse', 'HEAD')).toBe(git(remote, 'rev-parse', 'main'));
  expect(livePage(first.live)).toContain('Bewerkt via de tweede');
  expect(said.filter((line) => /working copy/.test(line))).toEqual([]);
}, 60_000);

it('when the owner is killed, the other instance takes the working copy over within its lease and serves the studio itself', async () => {
  const pid = running!.pid!;
  const published = git(remote, 'rev-parse', 'main');
  process.kill(-pid, 'SIGKILL');
  await new Promise((done) => running!.once('exit', done));
  const killedAt = Date.now();
  const line = `studio: took over the working copy from ${hostname()}:${pid} (its lease ran out)`;
  // nobody serves the studio until its lease has run out: one sentence and when to try again
  const gap = await toSecond(`${STUDIO_API}/state`, undefined, 'text/html');
  expect([gap.status, gap.headers.get('retry-after')]).toEqual([503, '1']);
  expect(await gap.text()).toContain('The studio is moving to another server right now; try again in a few seconds.');
  // then the second takes the working copy over by itself (a generous wait: how soon is the lease's, and the machine's)
  await expect.poll(async () => (await toSecond(`${STUDIO_API}/state`)).status, { timeout: LEASE_MS + 90_000, interval: 100 }).toBe(200);
  const served = Date.now() - killedAt;
  expect(said).toContain(line);
  // taken over first, and served once its working copy is ready
  const tookOver = saidAt.get(line)! - killedAt;
  expect(tookOver).toBeLessThanOrEqual(served);
  console.log(
    `the second instance took the working copy over ${tookOver} ms after the kill and served the studio after ${served} ms (lease ${LEASE_MS} ms, tick ${TICK_MS} ms)`,
  );
  expect(said).toContain(`studio: the working copy brought up to the remote's newest version (${published.slice(0, 12)})`);
  // its own working copy, with what the first published
  const state = await call<StudioState>(`${STUDIO_API}/state`);
  expect(state.siteRoot).toBe(second.copy);
  expect(home(state).text).toContain('Bewerkt via de tweede');
  await setHeading('Na de overname');
  await publish();
  expect(livePage(second.live)).toContain('Na de overname');
  expect(git(remote, 'log', '-1', '--format=%an <%ae>', 'main')).toBe('eva@example.nl <eva@example.nl>');
  expect(git(remote, 'show', 'main:content/pages/home.json')).toContain('Na de overname');
  expect(git(second.copy, 'status', '--porcelain')).toBe('');
}, 180_000);
