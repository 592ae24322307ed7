import { execFile, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgres, type TestPostgres } from '../../tests/support/postgres.ts';
import { openStorage } from '../storage/open-storage.ts';
import type { NewLead, Storage, StorageOptions } from '../storage/types.ts';

/**
 * `npm run leads -- export | erase <address>` in its own process, against the server's real storage on SQLite
 * and on a throwaway PostgreSQL, while another connection (the running server's) stays open. After the erase not
 * a byte of the person's address, phone or name is left in any file of the data folder (SQLite: the database,
 * its WAL and free pages; the uploads) or, on PostgreSQL, in the database's table files after a CHECKPOINT.
 */
const repo = fileURLToPath(new URL('../..', import.meta.url));
const execFileAsync = promisify(execFile);

const ADDRESS = 'Zeb.Target@Example.org';
const PHONE = '+31 6 55501234';
const NAME = 'Zebediah Targetsson';
const OTHER = 'someone.else@example.net';
const secrets = [ADDRESS, ADDRESS.toLowerCase(), PHONE, NAME];

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

async function leads(env: Record<string, string>, ...args: string[]): Promise<Run> {
  try {
    const { stdout, stderr } = await execFileAsync(process.execPath, ['--import', 'tsx', 'server/cli/leads.ts', ...args], {
      cwd: repo,
      env: { ...process.env, DATABASE_URL: '', ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as Run;
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

/**
 * The files under `dirs` whose raw bytes contain `text`. Read by grep in its own process: opening and closing the
 * database file here would drop this process's SQLite locks (POSIX locks belong to the process), and the CLI would
 * then take itself for the last connection and clean up the WAL as the running server would never let it.
 */
function filesHolding(dirs: string[], text: string): string[] {
  const found = spawnSync('grep', ['-rlaF', '--', text, ...dirs], { encoding: 'utf8' });
  if (found.status !== 0 && found.status !== 1) throw new Error(`grep failed: ${found.stderr}`);
  return found.stdout.split('\n').filter(Boolean);
}

let counter = 0;
const lead = (overrides: Partial<NewLead>): NewLead => ({
  submissionId: `erase-${counter++}`,
  form: 'quote',
  name: 'Filler Person',
  email: OTHER,
  phone: '020 1234567',
  message: `A message long enough to fill pages. ${'x'.repeat(300)}`,
  values: {},
  photos: [],
  spam: false,
  review: false,
  flags: [],
  ip: '198.51.100.4',
  userAgent: 'agent',
  ...overrides,
});

/** The person's data among others': three leads (one names the address only in a field), a spam lead with a photo it lists, mails, photos, a token binding. */
async function fill(storage: Storage, uploadsDir: string): Promise<{ kept: string; personIds: string[] }> {
  mkdirSync(uploadsDir, { recursive: true });
  const photo = async (id: string, ext: string, ip: string) => {
    writeFileSync(join(uploadsDir, `${id}.${ext}`), `image bytes of ${id}`);
    await storage.addUpload({
      id,
      type: `image/${ext === 'jpg' ? 'jpeg' : ext}`,
      ext,
      size: 20,
      width: 4,
      height: 3,
      createdAt: new Date().toISOString(),
      ip,
      leadId: null,
    });
  };
  for (let i = 0; i < 150; i++) await storage.addLead(lead({}));
  const person = { name: NAME, email: ADDRESS, phone: PHONE, values: { name: NAME, email: ADDRESS, phone: PHONE, message: 'Bel me gerust.' } };
  const first = await storage.addLead(lead({ ...person, photos: ['https://example.org/uploads/PersonPhotoFile0001.jpg'] }));
  await photo('PersonPhotoFile0001', 'jpg', '203.0.113.5');
  await storage.attachUploads(['PersonPhotoFile0001'], first.id, '203.0.113.5');
  await storage.queueLeadMail(first.id, {
    to: 'owner@example.org',
    replyTo: ADDRESS,
    subject: `Offerte - ${NAME}`,
    text: `Naam: ${NAME}\nEmail: ${ADDRESS}\nTelefoon: ${PHONE}`,
    templateId: 't',
  });
  await storage.bindFormToken('nonce-of-the-person', `erase-${counter - 1}`, new Date(0));
  const second = await storage.addLead(lead({ ...person, email: ADDRESS.toUpperCase() }));
  // the address only in another field
  const third = await storage.addLead(
    lead({ name: NAME, email: '', phone: PHONE, values: { name: NAME, note: `mail me: ${ADDRESS.toLowerCase()}`, phone: PHONE } }),
  );
  const spam = await storage.addLead(lead({ ...person, spam: true, flags: ['honeypot'], photos: ['https://example.org/uploads/SpamPhotoFile000001.png'] }));
  await photo('SpamPhotoFile000001', 'png', '203.0.113.5');
  // a mail whose lead is gone, that still names the person
  await storage.addMail({ leadId: null, to: 'owner@example.org', replyTo: ADDRESS, subject: 'Oud', text: `Email: ${ADDRESS}`, templateId: 't' });
  const kept = await storage.addLead(lead({ photos: ['https://example.org/uploads/OtherPhotoFile00001.jpg'] }));
  await photo('OtherPhotoFile00001', 'jpg', '198.51.100.4');
  await storage.attachUploads(['OtherPhotoFile00001'], kept.id, '198.51.100.4');
  await storage.queueLeadMail(kept.id, { to: 'owner@example.org', replyTo: OTHER, subject: 'Offerte', text: `Email: ${OTHER}`, templateId: 't' });
  for (let i = 0; i < 150; i++) await storage.addLead(lead({}));
  return { kept: kept.id, personIds: [first.id, second.id, third.id, spam.id] };
}

interface Backend {
  name: 'sqlite' | 'postgres';
  setup(): Promise<{ options: StorageOptions; env: Record<string, string> }>;
  /** the folders whose files must not hold the person's bytes after the erase */
  dirs(storage: Storage): Promise<string[]>;
  teardown(): Promise<void>;
}

const temp: string[] = [];
afterAll(() => temp.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'erase-test-'));
  temp.push(dir);
  return dir;
};

const sqlite: Backend = {
  name: 'sqlite',
  async setup() {
    const dataDir = join(tempDir(), 'data');
    return { options: { dataDir }, env: { DATA_DIR: dataDir } };
  },
  dirs: async () => [],
  teardown: async () => undefined,
};

let server: TestPostgres | undefined;
let databaseUrl = '';
const postgres: Backend = {
  name: 'postgres',
  async setup() {
    server = await startPostgres();
    const admin = new pg.Client(server.url);
    await admin.connect();
    await admin.query('create database erase_test');
    await admin.end();
    databaseUrl = server.url.replace(/\/postgres$/, '/erase_test');
    const dataDir = join(tempDir(), 'data');
    return { options: { databaseUrl, dataDir }, env: { DATA_DIR: dataDir, DATABASE_URL: databaseUrl } };
  },
  // the database's own folder in the test server's data directory: every table, index and TOAST file of it
  async dirs() {
    const client = new pg.Client(databaseUrl);
    await client.connect();
    try {
      await client.query('checkpoint');
      const { rows } = await client.query<{ dir: string; oid: number }>(
        "select current_setting('data_directory') as dir, oid from pg_database where datname = current_database()",
      );
      return [join(rows[0]!.dir, 'base', String(rows[0]!.oid))];
    } finally {
      await client.end();
    }
  },
  teardown: async () => server?.stop(),
};

describe.each([sqlite, postgres])('npm run leads -- export | erase <address> on $name', (backend) => {
  let options: StorageOptions;
  let env: Record<string, string>;
  let storage: Storage;
  let kept = '';
  let personIds: string[] = [];
  let uploadsDir = '';

  beforeAll(async () => {
    ({ options, env } = await backend.setup());
    uploadsDir = join(options.dataDir, 'uploads');
    // stays open throughout, as the running server's connection would
    storage = await openStorage(options);
    ({ kept, personIds } = await fill(storage, uploadsDir));
  }, 60_000);
  afterAll(async () => {
    await storage.close();
    await backend.teardown();
  }, 30_000);

  it('exports everything of the person as JSON: found by address in any case, and by the address in another field', async () => {
    const { code, stdout } = await leads(env, 'export', ADDRESS.toUpperCase());
    expect(code).toBe(0);
    const data = JSON.parse(stdout) as {
      leads: { id: string; name: string; phone: string; values: Record<string, unknown>; photoFiles: { file: string }[]; mails: { text: string }[] }[];
      otherMails: { replyTo: string }[];
    };
    expect(data.leads.map((l) => l.id).sort()).toEqual([...personIds].sort());
    const first = data.leads.find((l) => l.id === personIds[0])!;
    expect(first).toMatchObject({ name: NAME, phone: PHONE, values: { email: ADDRESS } });
    expect(first.photoFiles.map((p) => p.file)).toEqual(['PersonPhotoFile0001.jpg']);
    expect(first.mails.map((m) => m.text)).toEqual([`Naam: ${NAME}\nEmail: ${ADDRESS}\nTelefoon: ${PHONE}`]);
    expect(data.leads.find((l) => l.id === personIds[3])!.photoFiles.map((p) => p.file)).toEqual(['SpamPhotoFile000001.png']);
    expect(data.otherMails.map((m) => m.replyTo)).toEqual([ADDRESS]);
    expect(stdout).not.toContain(OTHER);
    const byId = JSON.parse((await leads(env, 'export', personIds[2]!)).stdout) as { leads: { id: string }[] };
    expect(byId.leads.map((l) => l.id)).toEqual([personIds[2]]);
  }, 30_000);

  it('erases all of it, leaves not a byte of the address, phone or name in the data files, and logs the erasure without them', async () => {
    const dirs = [options.dataDir, ...(await backend.dirs(storage))];
    // the check sees data: before the erase the person is in the files, as the other person is throughout
    for (const secret of [ADDRESS, PHONE]) expect(filesHolding(dirs, secret), secret).not.toEqual([]);

    const erased = await leads(env, 'erase', ADDRESS.toLowerCase());
    expect(erased.stderr).toBe('');
    expect(erased).toMatchObject({ code: 0, stdout: `erased 4 leads, 2 photos and 2 mails of ${ADDRESS.toLowerCase()}\n` });

    const after = [options.dataDir, ...(await backend.dirs(storage))];
    for (const secret of secrets) expect(filesHolding(after, secret), secret).toEqual([]);
    expect(readdirSync(uploadsDir).sort()).toEqual(['OtherPhotoFile00001.jpg']);
    expect(filesHolding(after, OTHER)).not.toEqual([]);

    // the server's connection, still open, sees them gone and the rest untouched
    for (const id of personIds) expect(await storage.getLead(id)).toBeUndefined();
    expect(await storage.getLead(kept)).toMatchObject({ email: OTHER });
    expect(await storage.mailsForLead(kept)).toHaveLength(1);
    expect(await storage.getUpload('OtherPhotoFile00001')).toMatchObject({ leadId: kept });
    expect((await storage.findPerson({ email: ADDRESS })).leads).toEqual([]);
    expect(await storage.listErasures()).toEqual([{ erasedAt: expect.any(String), leads: 4, photos: 2, mails: 2, leadIds: [...personIds].sort() }]);
    if (backend.name === 'postgres') {
      const client = new pg.Client(databaseUrl);
      await client.connect();
      try {
        for (const table of ['leads', 'mails', 'uploads', 'form_tokens', 'erasures']) {
          const { rows } = await client.query(`select count(*)::int as n from ${table} t where lower(t::text) like $1 or t::text like $2`, [
            `%${ADDRESS.toLowerCase()}%`,
            `%${PHONE}%`,
          ]);
          expect(rows[0].n, table).toBe(0);
        }
      } finally {
        await client.end();
      }
    }
    const again = await leads(env, 'erase', ADDRESS);
    expect(again).toMatchObject({ code: 0, stdout: `nothing is stored of ${ADDRESS}\n` });
  }, 60_000);
});

describe('npm run leads -- erase | export, arguments', () => {
  it('wants an address or a whole lead id', async () => {
    const dataDir = join(tempDir(), 'none');
    for (const args of [['erase'], ['erase', 'abc'], ['export', 'a@b.nl', 'c@d.nl']]) {
      const bad = await leads({ DATA_DIR: dataDir }, ...args);
      expect(bad.code, args.join(' ')).toBe(2);
      expect(bad.stderr).toContain('usage: npm run leads');
    }
  }, 30_000);
});
