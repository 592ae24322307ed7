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
import { createAdminApp } from '../admin/admin-app.ts';
import { ORIGIN, PASSWORD, person as staffPerson } from '../admin/test-support/staff-browser.ts';
import { DEFAULT_TIMEOUTS, FRESH_SIGN_IN_MS } from '../staff/sessions.ts';
import { openStaffStore } from '../staff/store/staff-store.ts';
import { testClock } from '../staff/test-support/backends.ts';
import { fixtureServerSite } from '../../tests/support/server-site.ts';

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
/** the ad click the person came by (issue 51): a marketing identifier, theirs as much as their address */
const GCLID = 'Cj0KCQiAzebTargetssonClick';
const SOURCE = { utm_source: 'nieuwsbrief', utm_campaign: 'najaar', gclid: GCLID };
const secrets = [ADDRESS, ADDRESS.toLowerCase(), PHONE, NAME, GCLID];

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
  const first = await storage.addLead(lead({ ...person, photos: ['https://example.org/uploads/PersonPhotoFile0001.jpg'], source: SOURCE }));
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
  // what staff noted on the person's lead in the back office names them too
  await storage.addLeadNote({ leadId: first.id, authorId: null, body: `Gebeld met ${NAME} (${PHONE}), mailt naar ${ADDRESS}` });
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
  await storage.addLeadNote({ leadId: kept.id, authorId: null, body: `Note on ${OTHER}` });
  for (let i = 0; i < 150; i++) await storage.addLead(lead({}));
  return { kept: kept.id, personIds: [first.id, second.id, third.id, spam.id] };
}

interface Backend {
  name: 'sqlite' | 'postgres';
  /** an empty database of its own, named `name` on PostgreSQL */
  setup(name: string): Promise<{ options: StorageOptions; env: Record<string, string> }>;
  /** the folders whose files must not hold the person's bytes after the erase */
  dirs(options: StorageOptions): Promise<string[]>;
}

const temp: string[] = [];
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
};

// one throwaway server for the file, a database for each part
let server: TestPostgres | undefined;
afterAll(async () => {
  await server?.stop();
  temp.forEach((dir) => rmSync(dir, { recursive: true, force: true }));
}, 30_000);
const postgres: Backend = {
  name: 'postgres',
  async setup(name) {
    server ??= await startPostgres();
    const admin = new pg.Client(server.url);
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const databaseUrl = server.url.replace(/\/postgres$/, `/${name}`);
    const dataDir = join(tempDir(), 'data');
    return { options: { databaseUrl, dataDir }, env: { DATA_DIR: dataDir, DATABASE_URL: databaseUrl } };
  },
  // the database's own folder in the test server's data directory: every table, index and TOAST file of it
  async dirs(options) {
    const client = new pg.Client(options.databaseUrl);
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
};

describe.each([sqlite, postgres])('npm run leads -- export | erase <address> on $name', (backend) => {
  let options: StorageOptions;
  let env: Record<string, string>;
  let storage: Storage;
  let kept = '';
  let personIds: string[] = [];
  let uploadsDir = '';

  beforeAll(async () => {
    ({ options, env } = await backend.setup('erase_test'));
    uploadsDir = join(options.dataDir, 'uploads');
    // stays open throughout, as the running server's connection would
    storage = await openStorage(options);
    ({ kept, personIds } = await fill(storage, uploadsDir));
  }, 60_000);
  afterAll(() => storage?.close());

  it('exports everything of the person as JSON: found by address in any case, and by the address in another field', async () => {
    const { code, stdout } = await leads(env, 'export', ADDRESS.toUpperCase());
    expect(code).toBe(0);
    const data = JSON.parse(stdout) as {
      leads: {
        id: string;
        name: string;
        phone: string;
        values: Record<string, unknown>;
        photoFiles: { file: string }[];
        mails: { text: string }[];
        source?: Record<string, string>;
      }[];
      otherMails: { replyTo: string }[];
    };
    expect(data.leads.map((l) => l.id).sort()).toEqual([...personIds].sort());
    const first = data.leads.find((l) => l.id === personIds[0])!;
    expect(first).toMatchObject({ name: NAME, phone: PHONE, values: { email: ADDRESS } });
    expect(first.photoFiles.map((p) => p.file)).toEqual(['PersonPhotoFile0001.jpg']);
    // where they came from is theirs too: the campaign and the ad click
    expect(first.source).toEqual(SOURCE);
    expect(first.mails.map((m) => m.text)).toEqual([`Naam: ${NAME}\nEmail: ${ADDRESS}\nTelefoon: ${PHONE}`]);
    expect(data.leads.find((l) => l.id === personIds[3])!.photoFiles.map((p) => p.file)).toEqual(['SpamPhotoFile000001.png']);
    expect(data.otherMails.map((m) => m.replyTo)).toEqual([ADDRESS]);
    expect(stdout).not.toContain(OTHER);
    const byId = JSON.parse((await leads(env, 'export', personIds[2]!)).stdout) as { leads: { id: string }[] };
    expect(byId.leads.map((l) => l.id)).toEqual([personIds[2]]);
  }, 30_000);

  it('erases all of it, leaves not a byte of the address, phone or name in the data files, and logs the erasure without them', async () => {
    const dirs = [options.dataDir, ...(await backend.dirs(options))];
    // the check sees data: before the erase the person is in the files, as the other person is throughout
    for (const secret of [ADDRESS, PHONE, GCLID]) expect(filesHolding(dirs, secret), secret).not.toEqual([]);

    const erased = await leads(env, 'erase', ADDRESS.toLowerCase());
    expect(erased.stderr).toBe('');
    expect(erased).toMatchObject({ code: 0, stdout: `erased 4 leads, 2 photos and 2 mails of ${ADDRESS.toLowerCase()}\n` });

    const after = [options.dataDir, ...(await backend.dirs(options))];
    for (const secret of secrets) expect(filesHolding(after, secret), secret).toEqual([]);
    expect(readdirSync(uploadsDir).sort()).toEqual(['OtherPhotoFile00001.jpg']);
    expect(filesHolding(after, OTHER)).not.toEqual([]);

    // the server's connection, still open, sees them gone and the rest untouched
    for (const id of personIds) expect(await storage.getLead(id)).toBeUndefined();
    expect(await storage.getLead(kept)).toMatchObject({ email: OTHER });
    expect(await storage.mailsForLead(kept)).toHaveLength(1);
    for (const id of personIds) expect(await storage.leadNotes(id)).toEqual([]);
    expect((await storage.leadNotes(kept)).map((n) => n.body)).toEqual([`Note on ${OTHER}`]);
    expect(await storage.getUpload('OtherPhotoFile00001')).toMatchObject({ leadId: kept });
    expect((await storage.findPerson({ email: ADDRESS })).leads).toEqual([]);
    expect(await storage.listErasures()).toEqual([{ erasedAt: expect.any(String), leads: 4, photos: 2, mails: 2, leadIds: [...personIds].sort() }]);
    if (backend.name === 'postgres') {
      const client = new pg.Client(options.databaseUrl);
      await client.connect();
      try {
        for (const table of ['leads', 'lead_notes', 'mails', 'uploads', 'form_tokens', 'erasures']) {
          const { rows } = await client.query(`select count(*)::int as n from ${table} t where lower(t::text) like $1 or t::text like $2 or t::text like $3`, [
            `%${ADDRESS.toLowerCase()}%`,
            `%${PHONE}%`,
            `%${GCLID}%`,
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

describe.each([sqlite, postgres])('the back office erases a person on $name: the same as the command, not a byte left', (backend) => {
  let options: StorageOptions;
  let storage: Storage;
  let kept = '';
  let personIds: string[] = [];
  let uploadsDir = '';

  beforeAll(async () => {
    ({ options } = await backend.setup('erase_admin_test'));
    uploadsDir = join(options.dataDir, 'uploads');
    storage = await openStorage(options);
    ({ kept, personIds } = await fill(storage, uploadsDir));
  }, 60_000);
  afterAll(() => storage?.close());

  it('erases all of the person from one of their leads, after a fresh sign-in, and leaves none of their bytes in the data files', async () => {
    const { clock, advance, peek } = testClock(Date.now());
    const staff = await openStaffStore(options, { clock });
    try {
      const leads = { storage, uploadsDir, site: fixtureServerSite, retention: { leadDays: 365, spamDays: 14 } };
      const { app } = createAdminApp({ staff, origin: ORIGIN, timeouts: DEFAULT_TIMEOUTS, clientIp: () => '203.0.113.7', issuer: 'Back office', leads });
      const sales = await staffPerson(app, staff, { advance, peek }, 'verkoop@example.nl', 'sales');
      const dirs = [options.dataDir, ...(await backend.dirs(options))];
      for (const secret of [ADDRESS, PHONE]) expect(filesHolding(dirs, secret), secret).not.toEqual([]);

      advance(FRESH_SIGN_IN_MS + 1000);
      expect(await (await sales.b.post(`/api/leads/${personIds[0]}/erase`)).json()).toEqual({ error: 'step-up' });
      expect(await storage.getLead(personIds[0]!)).toBeDefined();
      expect((await sales.b.post('/api/step-up', { password: PASSWORD, code: sales.code() })).status).toBe(200);
      // the command's count for the same person: every lead that names the address, their photos and mails
      expect(await (await sales.b.post(`/api/leads/${personIds[0]}/erase`)).json()).toMatchObject({ leads: 4, photos: 2, mails: 2 });

      const after = [options.dataDir, ...(await backend.dirs(options))];
      for (const secret of secrets) expect(filesHolding(after, secret), secret).toEqual([]);
      expect(readdirSync(uploadsDir).sort()).toEqual(['OtherPhotoFile00001.jpg']);
      for (const id of personIds) expect(await storage.getLead(id)).toBeUndefined();
      expect(await storage.getLead(kept)).toMatchObject({ email: OTHER });
      expect((await storage.findPerson({ email: ADDRESS })).leads).toEqual([]);
      // the audit log names the leads by id, never the person
      const erased = (await staff.listAudit()).find((e) => e.kind === 'lead.erased')!;
      expect([...erased.targetIds].sort()).toEqual([...personIds].sort());
    } finally {
      await staff.close();
    }
  }, 60_000);
});

/**
 * The finding: with leads from an@x.nl, jan@x.nl and an@x.nl.au, `export an@x.nl` printed all three and
 * `erase an@x.nl` (or `erase @x.nl`, `erase @`) erased all three. An erase takes one person: the address in any
 * case and the fields that hold it as a whole address; the neighbours keep their leads, mails, photos and bytes.
 */
const PERSON = { email: 'an@x.nl', name: 'Anouk Persoonlijk', phone: '+31 6 11100001' };
const NEIGHBOURS = [
  { email: 'jan@x.nl', name: 'Jan Buurman', phone: '+31 6 22200002', photo: 'JanPhotoFile0000001' },
  { email: 'an@x.nl.au', name: 'Ann Buurvrouw', phone: '+61 4 33300003', photo: 'AuPhotoFile00000001' },
  { email: 'ÅSA@x.nl', name: 'Åsa Buurvrouw', phone: '+46 7 44400004', photo: 'AsaPhotoFile0000001' },
];

interface Filled {
  person: string;
  named: string;
  neighbours: Record<string, string>;
}

async function fillNeighbours(storage: Storage, uploadsDir: string): Promise<Filled> {
  mkdirSync(uploadsDir, { recursive: true });
  const withPhoto = async (who: { email: string; name: string; phone: string }, photoId: string) => {
    const { id } = await storage.addLead(
      lead({ ...who, values: { name: who.name, email: who.email, phone: who.phone }, photos: [`https://example.org/uploads/${photoId}.jpg`] }),
    );
    writeFileSync(join(uploadsDir, `${photoId}.jpg`), `image bytes of ${photoId}`);
    await storage.addUpload({
      id: photoId,
      type: 'image/jpeg',
      ext: 'jpg',
      size: 20,
      width: 4,
      height: 3,
      createdAt: new Date().toISOString(),
      ip: '203.0.113.7',
      leadId: null,
    });
    await storage.attachUploads([photoId], id, '203.0.113.7');
    const text = `Naam: ${who.name}\nEmail: ${who.email}\nTelefoon: ${who.phone}`;
    await storage.queueLeadMail(id, { to: 'owner@example.org', replyTo: who.email, subject: `Offerte - ${who.name}`, text, templateId: 't' });
    // a mail whose lead is gone
    await storage.addMail({ leadId: null, to: 'owner@example.org', replyTo: who.email, subject: 'Oud', text, templateId: 't' });
    return id;
  };
  for (let i = 0; i < 50; i++) await storage.addLead(lead({}));
  const neighbours: Record<string, string> = {};
  for (const n of NEIGHBOURS) neighbours[n.email] = await withPhoto(n, n.photo);
  const person = await withPhoto(PERSON, 'AnPhotoFile00000001');
  // another person's lead whose message names the address whole: the person's data too
  const named = (await storage.addLead(lead({ name: 'Derde', email: 'derde@y.nl', message: `bel ${PERSON.email} of ${PERSON.phone}` }))).id;
  for (let i = 0; i < 50; i++) await storage.addLead(lead({}));
  return { person, named, neighbours };
}

describe.each([sqlite, postgres])('npm run leads -- export | erase an@x.nl beside jan@x.nl and an@x.nl.au on $name', (backend) => {
  let options: StorageOptions;
  let env: Record<string, string>;
  let storage: Storage;
  let filled: Filled;
  let uploadsDir = '';

  beforeAll(async () => {
    ({ options, env } = await backend.setup('neighbours_test'));
    uploadsDir = join(options.dataDir, 'uploads');
    storage = await openStorage(options);
    filled = await fillNeighbours(storage, uploadsDir);
  }, 60_000);
  afterAll(() => storage?.close());

  it('refuses a part of an address, a bare domain or a pattern in one line, and changes nothing', async () => {
    const targets = ['@x.nl', '@', 'x.nl', 'an', 'an@x', '%@x.nl', '*@x.nl'];
    const runs = await Promise.all(targets.map((target) => leads(env, 'erase', target)));
    runs.forEach((run, i) => {
      expect(run, targets[i]).toMatchObject({ code: 2, stdout: '' });
      expect(run.stderr, targets[i]).toBe(`erase takes one whole e-mail address (such as an@example.nl) or one whole lead id, not "${targets[i]}"\n`);
    });
    const exported = await leads(env, 'export', '@x.nl');
    expect(exported).toMatchObject({ code: 2, stdout: '' });
    expect(exported.stderr).toMatch(/^export takes one whole e-mail address .*\n$/);
    expect((await storage.listLeads()).length).toBe(100 + NEIGHBOURS.length + 2);
    expect(readdirSync(uploadsDir)).toHaveLength(NEIGHBOURS.length + 1);
  }, 60_000);

  it('exports only the person: the address in any case, and the lead that names it whole', async () => {
    const { code, stdout } = await leads(env, 'export', 'AN@X.nl');
    expect(code).toBe(0);
    const data = JSON.parse(stdout) as { leads: { id: string; email: string }[]; otherMails: { replyTo: string }[] };
    expect(data.leads.map((l) => l.id).sort()).toEqual([filled.person, filled.named].sort());
    expect(data.otherMails.map((m) => m.replyTo)).toEqual([PERSON.email]);
    for (const n of NEIGHBOURS) expect(stdout).not.toContain(n.name);
    const asa = JSON.parse((await leads(env, 'export', 'åsa@x.nl')).stdout) as { leads: { id: string }[]; otherMails: unknown[] };
    expect(asa.leads.map((l) => l.id)).toEqual([filled.neighbours['ÅSA@x.nl']]);
    expect(asa.otherMails).toHaveLength(1);
  }, 60_000);

  it('erases the person and leaves jan@x.nl, an@x.nl.au and ÅSA@x.nl whole: leads, mails, photos and bytes', async () => {
    if (backend.name === 'postgres') {
      // as autovacuum does on a live server: the tables' values sampled before the erase
      const client = new pg.Client(options.databaseUrl);
      await client.connect();
      await client.query('analyze leads, mails, uploads');
      await client.end();
    }
    const erased = await leads(env, 'erase', 'an@x.nl');
    expect(erased).toMatchObject({ code: 0, stderr: '', stdout: 'erased 2 leads, 1 photo and 2 mails of an@x.nl\n' });

    const dirs = [options.dataDir, ...(await backend.dirs(options))];
    for (const secret of [PERSON.name, PERSON.phone]) expect(filesHolding(dirs, secret), secret).toEqual([]);
    for (const n of NEIGHBOURS) {
      for (const kept of [n.email, n.name, n.phone]) expect(filesHolding(dirs, kept), kept).not.toEqual([]);
      const id = filled.neighbours[n.email]!;
      expect(await storage.getLead(id), n.email).toMatchObject({ email: n.email, name: n.name, phone: n.phone });
      expect(await storage.mailsForLead(id), n.email).toHaveLength(1);
      expect(await storage.getUpload(n.photo), n.email).toMatchObject({ leadId: id });
    }
    expect(readdirSync(uploadsDir).sort()).toEqual(NEIGHBOURS.map((n) => `${n.photo}.jpg`).sort());
    const orphans = (await storage.listMails()).filter((m) => m.leadId === null).map((m) => m.replyTo);
    expect(orphans.sort()).toEqual(NEIGHBOURS.map((n) => n.email).sort());
    expect((await storage.listLeads()).length).toBe(100 + NEIGHBOURS.length);

    // each neighbour still exports in full
    const jan = JSON.parse((await leads(env, 'export', 'jan@x.nl')).stdout) as {
      leads: { id: string; mails: unknown[]; photoFiles: unknown[] }[];
      otherMails: unknown[];
    };
    expect(jan.leads).toMatchObject([{ id: filled.neighbours['jan@x.nl'], mails: [{}], photoFiles: [{}] }]);
    expect(jan.otherMails).toHaveLength(1);
  }, 60_000);
});

describe('npm run leads -- erase | export, arguments', () => {
  it('wants an address or a whole lead id', async () => {
    const dataDir = join(tempDir(), 'none');
    for (const args of [['erase'], ['export', 'a@b.nl', 'c@d.nl']]) {
      const bad = await leads({ DATA_DIR: dataDir }, ...args);
      expect(bad.code, args.join(' ')).toBe(2);
      expect(bad.stderr).toContain('usage: npm run leads');
    }
    const fragment = await leads({ DATA_DIR: dataDir }, 'erase', 'abc');
    expect(fragment).toMatchObject({ code: 2, stderr: 'erase takes one whole e-mail address (such as an@example.nl) or one whole lead id, not "abc"\n' });
  }, 30_000);
});
