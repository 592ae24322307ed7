import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { paths } from '../../core/paths.ts';
import { studioWrite } from '../../scripts/test-support/studio-writes.ts';
import { PUBLISH_API, STUDIO_API, type ChangesAnswer, type PublishAnswer, type StudioState } from '../../core/studio/contract.ts';
import { liveBuilder } from '../../studio-host/live-builder.ts';
import { git, gitEnv, siteRepo } from '../../scripts/test-support/site-repo.ts';
import { startStudioServer, type StudioServer } from '../../studio-host/studio-server.ts';
import { openStudioGate, type StudioGate } from '../../studio-host/gate/studio-gate.ts';
import { hashToken, newToken } from '../../server/staff/tokens.ts';
import { openStaffStore } from '../../server/staff/store/staff-store.ts';
import { openStudioState } from '../../studio-host/state/studio-state.ts';
import { databaseBackends } from '../support/database-backends.ts';

/**
 * Two server instances on one PostgreSQL, each with its own working copy and its own live build: a publish on one is
 * recorded in the database once it is on the remote, and the other builds that same commit and serves it. The builds
 * are deterministic: both serve the same bytes. How soon the other serves it is a figure of the machine, not a test's:
 * `npm run bench:publish` measures it.
 */
/** how long the other instances are given to build and serve a release: generous, for a loaded 2-core machine */
const LIVE_WITHIN_MS = 90_000;
const postgres = databaseBackends({ prefix: 'studio-instances-' })[1];
const work = mkdtempSync(join(tmpdir(), 'studio-instances-'));
const { remote } = siteRepo(work);
const instances: { server: StudioServer; gate: StudioGate; copy: string; live: string }[] = [];
/** what each instance's server said */
const said: Record<string, string[]> = {};
let storage: Awaited<ReturnType<typeof postgres.fresh>>;

/** An instance: its own clone of the remote and its own live build, and its studio's server on the one database. */
async function instance(name: string, build = true) {
  const copy = join(work, `copy-${name}`);
  const live = join(work, `live-${name}`);
  execFileSync('git', ['clone', '-q', remote, copy], { env: gitEnv });
  if (build) await liveBuilder({ siteRoot: copy, live })();
  return { copy, live, start: () => startInstance(name, copy, live) };
}

async function startInstance(name: string, copy: string, live: string) {
  const gate = await openStudioGate(storage, {});
  const server = await startStudioServer({
    root: paths.root,
    siteRoot: copy,
    schemaDir: paths.schemas,
    build: live,
    target: { remote: 'origin', branch: 'main' },
    door: { ...gate, backOffice: 'http://127.0.0.1:4330' },
    instance: name,
    releaseTickMs: 200,
    log: (line) => (said[name] ??= []).push(line),
  });
  instances.push({ server, gate, copy, live });
}
let late: Awaited<ReturnType<typeof instance>>;

beforeAll(async () => {
  await postgres.setup();
  storage = await postgres.fresh();
  for (const name of ['a', 'b']) await (await instance(name)).start();
  // a third instance, down while the publish happens: its live build is older than the release
  late = await instance('c');
  // an editor of the back office, with a studio session on instance a
  const staff = await openStaffStore(storage);
  const state = await openStudioState(storage);
  await staff.addUser('eva@example.nl', 'editor', { tokenHash: hashToken(newToken()), createdBy: null });
  const eva = (await staff.findUserByEmail('eva@example.nl'))!;
  ticket = newToken();
  await state.createTicket(hashToken(ticket), eva.id);
  await Promise.all([staff.close(), state.close()]);
}, 180_000);
afterAll(async () => {
  for (const { server, gate } of instances) {
    await server.close();
    await gate.close();
  }
  await postgres.teardown();
  rmSync(work, { recursive: true, force: true });
}, 60_000);
let ticket = '';

it('a publish on one instance goes live on the other, byte for byte the same', async () => {
  const [a, b] = instances as [(typeof instances)[0], (typeof instances)[0]];
  const entered = await fetch(`${a.server.url}/__studio/enter?ticket=${ticket}`, { redirect: 'manual' });
  const cookie = entered.headers.get('set-cookie')!.split(';')[0]!;
  const call = async <T>(route: string, body?: unknown) =>
    (await (
      await fetch(`${a.server.url}${route}`, {
        headers: { cookie, ...(body === undefined ? {} : studioWrite(a.server.url)) },
        ...(body === undefined ? {} : { method: 'POST', body: JSON.stringify(body) }),
      })
    ).json()) as T;
  const state = await call<StudioState>(`${STUDIO_API}/state`);
  const home = state.files.find((file) => file.path === 'content/pages/home.json')!;
  await call(`${STUDIO_API}/edit`, { path: home.path, base: home.hash, ops: [{ op: 'set', path: ['blocks', 0, 'headline'], value: 'Op beide servers' }] });
  const changes = await call<PublishAnswer<ChangesAnswer>>(`${PUBLISH_API}/changes`);
  const bBefore = realpathSync(b.live);
  await call(`${PUBLISH_API}/commit`, { fingerprint: changes.git ? changes.fingerprint : '', message: 'Kop', name: 'Eva' });
  const page = (live: string) => readFileSync(join(realpathSync(live), 'index.html'), 'utf8');
  expect(page(a.live)).toContain('Op beide servers');
  await expect.poll(() => realpathSync(b.live), { timeout: LIVE_WITHIN_MS, interval: 50 }).not.toBe(bBefore);
  expect(page(b.live)).toBe(page(a.live));
  // the other instance's working copy is as it was: its editors' changes are theirs
  expect(git(b.copy, 'status', '--porcelain')).toBe('');
  // an instance that was down builds the newest release when it starts
  const cBefore = realpathSync(late.live);
  await late.start();
  await expect.poll(() => realpathSync(late.live), { timeout: LIVE_WITHIN_MS, interval: 50 }).not.toBe(cBefore);
  expect(page(late.live)).toBe(page(a.live));
  // and one whose live build was begun after the release (a deploy since) is never taken back to it
  const deployed = await instance('d');
  const dBefore = realpathSync(deployed.live);
  await deployed.start();
  await expect.poll(() => said.d ?? [], { timeout: LIVE_WITHIN_MS }).toContainEqual(expect.stringMatching(/: the live build is this version, and is kept$/));
  expect(realpathSync(deployed.live)).toBe(dBefore);
}, 360_000);
