import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { paths } from '../../core/paths.ts';
import { PUBLISH_API, STUDIO_API, type ChangesAnswer, type PublishAnswer, type StudioState } from '../../core/studio/contract.ts';
import { liveBuilder } from '../../studio-host/live-builder.ts';
import { git, gitEnv, siteRepo } from '../../scripts/test-support/site-repo.ts';
import { studioWrite } from '../../scripts/test-support/studio-writes.ts';
import { openStaffStore } from '../../server/staff/store/staff-store.ts';
import { hashToken, newToken } from '../../server/staff/tokens.ts';
import { openStudioState } from '../../studio-host/state/studio-state.ts';
import { databaseBackends } from '../support/database-backends.ts';
import { startServer, type ServerProcess } from '../support/server-process.ts';

/**
 * The live site only goes forward. Two `npm run studio` processes on one PostgreSQL, each with its own working copy
 * and live build, and the public server (`npm run serve`) on each live build, whose home page is asked for every
 * 100 ms from the first publish to the last. The editor publishes a new heading right after each restart of the
 * instance that owns the working copy, and after another instance took the working copy over from a killed one;
 * every heading a visitor got is the newest one so far, never one that was published before it.
 *
 * The remote has another branch, which someone pushes to before each restart, and each working copy a git hook that
 * pauses while a fetch takes that branch in: only the release follower's fetch takes every branch, so the follower,
 * if it looks at a release at all after a restart, is still fetching when the editor's publish is built.
 */
const postgres = databaseBackends({ prefix: 'studio-live-forward-' })[1];
const work = mkdtempSync(join(tmpdir(), 'studio-live-forward-'));
const { site: seed, remote } = siteRepo(work);
const SEED_HEADLINE = 'A website you will be proud to show your customers';
const LEASE_MS = 8_000;
/** what the test waits for at most: a build of the site on a loaded 2-core machine, a take-over after the lease */
const GENEROUS_MS = 120_000;
let storage: Awaited<ReturnType<typeof postgres.fresh>>;

interface Instance {
  name: string;
  data: string;
  live: string;
  process?: ChildProcess;
  output: string;
  url: string;
}
const instances: Instance[] = [];
const publicServers: ServerProcess[] = [];

/** `npm run studio` as a deploy starts it, behind the back office, in a process group of its own; resolved once it serves. */
async function start(instance: Instance): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(paths.root, 'studio-host/main.ts')], {
    cwd: paths.root,
    env: {
      ...gitEnv,
      STUDIO_REMOTE: remote,
      STUDIO_BACK_OFFICE: 'http://127.0.0.1:4330',
      DATABASE_URL: storage.databaseUrl,
      DATA_DIR: instance.data,
      SITE_OUT: instance.live,
      STUDIO_PORT: '0',
      STUDIO_OWNER_LEASE_MS: String(LEASE_MS),
    },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  instance.process = child;
  // what it said in all its starts (for a failure's message); its address from this one
  instance.output += `--- started\n`;
  const from = instance.output.length;
  child.stdout!.on('data', (chunk: Buffer) => (instance.output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (instance.output += chunk.toString()));
  const address = () => /Studio \(without Vite\): (\S+)\/__studio/.exec(instance.output.slice(from))?.[1];
  await expect.poll(address, { timeout: GENEROUS_MS }).toBeTruthy();
  instance.url = address()!;
}

/** SIGTERM (the instance lets the working copy go) or SIGKILL (it does not), and its end. */
async function stop(instance: Instance, signal: 'SIGTERM' | 'SIGKILL'): Promise<void> {
  const child = instance.process!;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const ended = new Promise((done) => child.once('exit', done));
  process.kill(signal === 'SIGKILL' ? -child.pid! : child.pid!, signal);
  await ended;
}

/** The pause: a reference-transaction hook in the instance's working copy (cloned into its data folder at its first start). */
function slowFetchOfSide(made: Instance): void {
  const hook = join(made.data, 'studio-site/.git/hooks/reference-transaction');
  writeFileSync(hook, `#!/bin/sh\n[ "$1" = prepared ] || exit 0\nif grep -q ' refs/remotes/origin/side$'; then sleep 8; fi\nexit 0\n`);
  chmodSync(hook, 0o755);
}

/** A new commit on the remote's other branch (not the site's): what the follower's next fetch takes in. */
let sideCommits = 0;
function pushSide(): void {
  const commit = git(seed, '-c', 'user.name=Elders', '-c', 'user.email=elders@test', 'commit-tree', 'HEAD^{tree}', '-m', `elders ${++sideCommits}`);
  git(seed, 'push', '-q', '--force', 'origin', `${commit}:refs/heads/side`);
}

/** An instance with its data folder and a first live build of the seed, as its deploy makes it. */
async function instance(name: string): Promise<Instance> {
  const made: Instance = { name, data: join(work, `data-${name}`), live: join(work, `live-${name}`), output: '', url: '' };
  const builder = liveBuilder({ siteRoot: seed, live: made.live });
  await builder();
  await builder.close();
  instances.push(made);
  return made;
}

/** The headings in the order they are published: a visitor's page is one of them. */
const versions = [SEED_HEADLINE];
/** What the public server of each instance answered, every 100 ms: the index of the heading in `versions`. */
const seen: Record<string, number[]> = {};
let sampling = true;

async function sample(name: string, server: ServerProcess): Promise<void> {
  const got = (seen[name] ??= []);
  while (sampling) {
    const page = await fetch(`${server.url}/`)
      .then((answer) => answer.text())
      .catch(() => '');
    // the newest version a page names (an older one may stand elsewhere on it, e.g. in a meta description: never)
    const index = versions.findLastIndex((heading) => page.includes(heading));
    if (index >= 0) got.push(index);
    await new Promise((done) => setTimeout(done, 100));
  }
}

/** The studio's calls as its page sends them, with the editor's session, to whichever instance is asked. */
let cookie = '';
async function call<T>(at: Instance, route: string, body?: unknown): Promise<T> {
  const answer = await fetch(`${at.url}${route}`, {
    headers: { cookie, ...(body === undefined ? {} : studioWrite(at.url)) },
    ...(body === undefined ? {} : { method: 'POST', body: JSON.stringify(body) }),
  });
  expect(answer.status, `${route}: ${await answer.clone().text()}`).toBe(200);
  return (await answer.json()) as T;
}

/** The heading changed in the studio (not published): the fingerprint Publish is then asked with. */
async function edit(at: Instance, heading: string): Promise<string> {
  const state = await call<StudioState>(at, `${STUDIO_API}/state`);
  const home = state.files.find((file) => file.path === 'content/pages/home.json')!;
  await call(at, `${STUDIO_API}/edit`, { path: home.path, base: home.hash, ops: [{ op: 'set', path: ['blocks', 0, 'headline'], value: heading }] });
  const changes = await call<PublishAnswer<ChangesAnswer>>(at, `${PUBLISH_API}/changes`);
  return changes.git ? changes.fingerprint : '';
}

/** An editor of the back office, and a ticket that opens the studio for her (it lasts a short while: made when used). */
async function ticketOfEditor(): Promise<string> {
  const staff = await openStaffStore(storage);
  const state = await openStudioState(storage);
  await staff.addUser('eva@example.nl', 'editor', { tokenHash: hashToken(newToken()), createdBy: null });
  const ticket = newToken();
  await state.createTicket(hashToken(ticket), (await staff.findUserByEmail('eva@example.nl'))!.id);
  await Promise.all([staff.close(), state.close()]);
  return ticket;
}

const publish = (at: Instance, fingerprint: string, heading: string) => {
  versions.push(heading);
  return call(at, `${PUBLISH_API}/commit`, { fingerprint, message: heading, name: 'Eva' });
};

/** Until every public server has shown the newest heading (each instance serves every release, soon or late). */
const allShowNewest = () =>
  expect.poll(() => Object.values(seen).every((got) => got.at(-1) === versions.length - 1), { timeout: GENEROUS_MS, interval: 200 }).toBe(true);
/** The follower's pause and a build of the site after the newest heading is shown: a late older build would come now. */
const settle = () => new Promise((done) => setTimeout(done, 15_000));

beforeAll(async () => {
  await postgres.setup();
  storage = await postgres.fresh();
  for (const name of ['a', 'b']) {
    const made = await instance(name);
    const server = await startServer({ distDir: made.live });
    publicServers.push(server);
    void sample(name, server);
  }
}, 300_000);
afterAll(async () => {
  sampling = false;
  for (const made of instances) if (made.process) await stop(made, 'SIGKILL');
  for (const server of publicServers) await server.stop();
  await postgres.teardown();
  rmSync(work, { recursive: true, force: true });
}, 60_000);

it('shows every visitor the versions in the order they were published, through restarts, publishes and a take-over', async () => {
  const [a, b] = instances as [Instance, Instance];
  await start(a);
  slowFetchOfSide(a);
  const entered = await fetch(`${a.url}/__studio/enter?ticket=${await ticketOfEditor()}`, { redirect: 'manual' });
  cookie = entered.headers.get('set-cookie')!.split(';')[0]!;
  await publish(a, await edit(a, 'Versie 1'), 'Versie 1');
  await expect.poll(() => seen.a?.at(-1), { timeout: GENEROUS_MS }).toBe(1);
  // restarts of the instance that owns the working copy, each followed at once by a publish of what was edited before it
  for (const round of [2, 3]) {
    const heading = `Versie ${round}`;
    const fingerprint = await edit(a, heading);
    pushSide();
    await stop(a, 'SIGTERM');
    await start(a);
    await publish(a, fingerprint, heading);
    await expect.poll(() => seen.a?.at(-1), { timeout: GENEROUS_MS }).toBe(round);
  }
  await settle();
  // a second instance starts (it builds the newest release), the owner is killed, the second takes the working copy
  // over when its lease has run out, and the editor publishes there, then again right after its restart
  await start(b);
  slowFetchOfSide(b);
  await allShowNewest();
  await stop(a, 'SIGKILL');
  await expect.poll(() => b.output, { timeout: LEASE_MS + GENEROUS_MS }).toMatch(/took over the working copy from .* \(its lease ran out\)/);
  // it serves the studio once its working copy is ready
  await expect.poll(async () => (await fetch(`${b.url}${STUDIO_API}/state`, { headers: { cookie } })).status, { timeout: GENEROUS_MS }).toBe(200);
  await publish(b, await edit(b, 'Versie 4'), 'Versie 4');
  const fingerprint = await edit(b, 'Versie 5');
  pushSide();
  await stop(b, 'SIGTERM');
  await start(b);
  await publish(b, fingerprint, 'Versie 5');
  await expect.poll(() => seen.b?.at(-1), { timeout: GENEROUS_MS }).toBe(5);
  await settle();
  sampling = false;
  // never an older heading after a newer one, on either instance
  for (const [name, got] of Object.entries(seen)) {
    const backwards = got.flatMap((version, at) => (at > 0 && version < got[at - 1]! ? [`${versions[got[at - 1]!]} -> ${versions[version]}`] : []));
    expect(backwards, `${name}: ${got.join(' ')}\n${instances.find((made) => made.name === name)!.output}`).toEqual([]);
  }
  console.log(
    Object.entries(seen)
      .map(([name, got]) => `${name}: ${got.length} samples`)
      .join(', '),
  );
}, 900_000);
