import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseBackends, type Backend } from '../../tests/support/database-backends.ts';
import { fixtureDist, removeDir, startServer, type ServerProcess } from '../../tests/support/server-process.ts';
import { openStorage } from '../storage/open-storage.ts';
import type { StorageOptions } from '../storage/types.ts';
import { ERASED_FILE } from './erased-list.ts';
import {
  addPasskey,
  ADMIN_ORIGIN,
  adminUrl,
  command,
  commandEnv,
  formToken,
  newStaff,
  NO_LIMITS,
  passkeySignIn,
  sendLead,
  signIn,
  uploadPhoto,
} from './test-support/drill.ts';

/**
 * The restore drill, on SQLite and then on a real PostgreSQL: a backup taken by `npm run backup` while leads stream
 * into the real server, restored by `npm run restore` into a new data folder (and database), a server started on
 * it: every lead acknowledged before the backup began is there, every photo, the staff member signs in with their
 * own password and authenticator code, and with their own passkey; a person erased after the backup is erased
 * again; a target with data in it is refused.
 */
const backends = databaseBackends({ prefix: 'backup-test-' });
const dist = fixtureDist();
const servers: ServerProcess[] = [];
const temp: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'backup-drill-'));
  temp.push(dir);
  return dir;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

afterAll(async () => {
  for (const server of servers) await server.stop();
  for (const dir of [dist, ...temp]) removeDir(dir);
}, 60_000);

async function start(options: StorageOptions): Promise<ServerProcess & { admin: string }> {
  // the back office on a host name, as passkeys need: the same on the restored server as on the first
  const env = { ...NO_LIMITS, ADMIN_ORIGIN, ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}) };
  const server = await startServer({ distDir: dist, dataDir: options.dataDir, env });
  servers.push(server);
  await expect.poll(() => adminUrl(server), { timeout: 20_000 }).toBeDefined();
  return Object.assign(server, { admin: adminUrl(server)! });
}

/** Three visitors sending leads one after another until stopped: the submission ids answered with a 2xx. */
function streamLeads(server: ServerProcess): { acknowledged: Set<string>; stop: () => Promise<void> } {
  const acknowledged = new Set<string>();
  let stopped = false;
  let n = 0;
  const sender = async () => {
    while (!stopped) {
      const id = `stream-${(n++).toString().padStart(5, '0')}`;
      if ((await sendLead(server, id, `bezoeker${n}@example.nl`)).ok) acknowledged.add(id);
    }
  };
  const senders = Promise.all([sender(), sender(), sender()]);
  return { acknowledged, stop: async () => void ((stopped = true), await senders) };
}

/** The submission ids stored in a data folder (or database), spam included. */
async function submissionIds(options: StorageOptions): Promise<Set<string>> {
  const storage = await openStorage(options);
  try {
    const leads = [...(await storage.listLeads()), ...(await storage.listLeads({ spam: true }))];
    return new Set(leads.map((lead) => lead.submissionId));
  } finally {
    await storage.close();
  }
}

const photoStatus = async (server: ServerProcess, link: string) => (await fetch(`${server.url}${new URL(link).pathname}`)).status;

/** What the drill leaves before its backup: a staff member, their authenticator and passkey, a kept and an erased person's photos. */
async function seed(server: ServerProcess & { admin: string }, options: StorageOptions) {
  const { key, session } = await newStaff(server.admin, options, 'verkoop@example.nl');
  const passkey = await addPasskey(server.admin, session);
  const kept = await uploadPhoto(server, '#0000ff');
  const gone = await uploadPhoto(server, '#ff0000');
  const tokens = [await formToken(server), await formToken(server)];
  // a fill-time token counts after the form's three seconds: then the leads are no spam and keep their photos
  await sleep(3100);
  expect((await sendLead(server, 'blijft-1', 'blijft@example.nl', { photos: [kept.link], token: tokens[0] })).status).toBe(201);
  expect((await sendLead(server, 'gewist-1', 'gewist@example.nl', { photos: [gone.link], token: tokens[1] })).status).toBe(201);
  return { key, passkey, kept, gone };
}

/** `npm run backup` while three visitors send leads: the leads acknowledged before it began, and its folder. */
async function backupUnderLoad(server: ServerProcess, options: StorageOptions, name: string): Promise<{ before: Set<string>; folder: string }> {
  const stream = streamLeads(server);
  await sleep(500);
  const before = new Set(stream.acknowledged);
  const folder = join(tempDir(), 'backup');
  const backup = await command('server/backup/backup.ts', [folder], commandEnv(options));
  const duringBackup = stream.acknowledged.size - before.size;
  await stream.stop();
  expect(backup.stderr).toBe('');
  expect(backup.code).toBe(0);
  expect(backup.stdout).toMatch(/backup written to .* in [\d.]+ s/);
  // leads were taken while the backup ran
  expect(duringBackup).toBeGreaterThan(0);
  console.log(`${name}: ${before.size} leads acknowledged before the backup began, ${duringBackup} while it ran\n${backup.stdout}`);
  return { before, folder };
}

/** `npm run restore` into a new data folder (and database), with the list of the people erased meanwhile. */
async function restoreElsewhere(backend: Backend, folder: string, erasedFile: string): Promise<StorageOptions> {
  const target = await backend.fresh();
  const restore = await command('server/backup/restore.ts', [folder, '--erased', erasedFile], commandEnv(target));
  expect(restore.stderr).toBe('');
  expect(restore.code).toBe(0);
  expect(restore.stdout).toContain('erased again, as they were erased after this backup was taken: 1 person (1 lead, 1 photo');
  console.log(restore.stdout);
  return target;
}

describe.each(backends)('a backup and a restore drill on $name', (backend) => {
  beforeAll(() => backend.setup(), 180_000);
  afterAll(() => backend.teardown(), 30_000);

  it('restores every lead acknowledged before the backup, every photo and the staff; erases again who was erased after it', async () => {
    const options = await backend.fresh();
    const server = await start(options);
    const { key, passkey, kept, gone } = await seed(server, options);
    const { before, folder } = await backupUnderLoad(server, options, backend.name);

    // after the backup, the person is erased: the erase notes them on the data folder's list of erased people
    const erase = await command('server/cli/leads.ts', ['erase', 'gewist@example.nl'], commandEnv(options));
    expect(erase.stdout).toContain('erased 1 lead, 1 photo');
    expect(readFileSync(join(options.dataDir, ERASED_FILE), 'utf8')).toMatch(/^\S+Z [0-9a-f]{64}\n$/);
    expect(await server.stop()).toBe(0);
    await refusals(options, folder);

    const target = await restoreElsewhere(backend, folder, join(options.dataDir, ERASED_FILE));
    const restored = await start(target);
    const stored = await submissionIds(target);
    expect([...before].filter((id) => !stored.has(id))).toEqual([]);
    expect([stored.has('blijft-1'), stored.has('gewist-1')]).toEqual([true, false]);
    expect(await photoStatus(restored, kept.link)).toBe(200);
    expect(await photoStatus(restored, gone.link)).toBe(404);
    expect(readdirSync(join(target.dataDir, 'uploads'))).not.toContain(`${gone.id}.png`);
    // with PostgreSQL the photos came back with the database (pg_dump): the backup held no photo file
    if (options.databaseUrl) expect(readdirSync(join(folder, 'uploads'))).toEqual([]);
    expect(await signIn(restored.admin, 'verkoop@example.nl', key)).toBe(200);
    // the same passkey, over a challenge the restored server made
    expect(await passkeySignIn(restored.admin, passkey)).toEqual({ status: 200, me: 200, email: 'verkoop@example.nl' });
  }, 150_000);
});

/** A backup into a folder with something in it, and a restore over data, are refused, in words. */
async function refusals(options: StorageOptions, folder: string): Promise<void> {
  const overBackup = await command('server/backup/backup.ts', [folder], commandEnv(options));
  expect([overBackup.code, overBackup.stderr]).toEqual([1, `${folder} is not empty: a backup goes into a new or empty folder, never over another one\n`]);
  const overData = await command('server/backup/restore.ts', [folder], commandEnv(options));
  expect(overData.code).toBe(1);
  expect(overData.stderr).toContain(`${options.dataDir} is not empty (`);
  if (!options.databaseUrl) return;
  // an empty data folder, but the database has the server's tables
  const overDatabase = await command('server/backup/restore.ts', [folder], commandEnv({ ...options, dataDir: tempDir() }));
  expect(overDatabase.code).toBe(1);
  expect(overDatabase.stderr).toMatch(/^the database \w+ on 127\.0\.0\.1:\d+ is not empty \(\d+ tables\): a restore goes into a new, empty database/);
}
