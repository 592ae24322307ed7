import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgres, type TestPostgres } from '../tests/support/postgres.ts';
import { fixtureDist, removeDir, startServer } from '../tests/support/server-process.ts';
import { openStorage } from './storage/open-storage.ts';
import type { NewLead, Storage, StorageOptions } from './storage/types.ts';
import { sweepLeads } from './api/upload-sweep.ts';

/**
 * Personal data has an end: the server's sweep deletes leads past LEAD_RETENTION_DAYS and spam past
 * SPAM_RETENTION_DAYS, with their photos (rows and files) and mails, old mails of no lead and old token bindings;
 * on real SQLite and a real PostgreSQL, and in the real server process with a retention of seconds.
 */
const DAY = 86_400_000;
const temp: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'retention-test-'));
  temp.push(dir);
  return dir;
};
afterAll(() => temp.forEach(removeDir));

let counter = 0;
const lead = (overrides: Partial<NewLead> = {}): NewLead => ({
  submissionId: `retention-${counter++}`,
  form: 'demo',
  name: 'Anna de Vries',
  email: 'anna@example.nl',
  phone: '06 12345678',
  message: 'Graag een offerte.',
  values: { name: 'Anna de Vries', email: 'anna@example.nl' },
  photos: [],
  spam: false,
  review: false,
  flags: [],
  ip: '192.0.2.1',
  userAgent: null,
  ...overrides,
});

/** A lead with a photo (row and file, attached) and a queued mail. */
async function leadWithPhoto(storage: Storage, uploadsDir: string, photoId: string, overrides: Partial<NewLead> = {}): Promise<string> {
  const { id } = await storage.addLead(lead({ photos: [`https://example.org/uploads/${photoId}.png`], ...overrides }));
  writeFileSync(join(uploadsDir, `${photoId}.png`), 'png bytes');
  await storage.addUpload({
    id: photoId,
    type: 'image/png',
    ext: 'png',
    size: 9,
    width: 1,
    height: 1,
    createdAt: new Date().toISOString(),
    ip: '192.0.2.1',
    leadId: null,
  });
  await storage.attachUploads([photoId], id, '192.0.2.1');
  await storage.queueLeadMail(id, { to: 'owner@example.org', replyTo: 'anna@example.nl', subject: 'Offerte', text: 'Email: anna@example.nl', templateId: 't' });
  return id;
}

let server: TestPostgres | undefined;
const backends: { name: string; options: () => Promise<StorageOptions> }[] = [
  { name: 'sqlite', options: async () => ({ dataDir: join(tempDir(), 'data') }) },
  {
    name: 'postgres',
    options: async () => {
      server = await startPostgres();
      const admin = new pg.Client(server.url);
      await admin.connect();
      await admin.query('create database retention');
      await admin.end();
      return { databaseUrl: server.url.replace(/\/postgres$/, '/retention'), dataDir: join(tempDir(), 'data') };
    },
  },
];
afterAll(() => server?.stop(), 30_000);

describe.each(backends)('the retention sweep on $name', (backend) => {
  let storage: Storage;
  let uploadsDir: string;
  beforeAll(async () => {
    const options = await backend.options();
    storage = await openStorage(options);
    uploadsDir = join(options.dataDir, 'uploads');
    mkdirSync(uploadsDir, { recursive: true });
  }, 60_000);
  afterAll(() => storage.close());

  it('removes spam after its short period and leads after theirs, with their photos and mails', async () => {
    const kept = await leadWithPhoto(storage, uploadsDir, 'KeptPhotoFile000001');
    const spam = await leadWithPhoto(storage, uploadsDir, 'SpamPhotoFile000001', { spam: true, flags: ['honeypot'] });
    const orphan = await storage.addMail({ leadId: null, to: 'owner@example.org', replyTo: null, subject: 'x', text: 'anna@example.nl', templateId: 't' });
    await storage.bindFormToken('a-nonce', 'retention-0', new Date(0));
    const sweep = (days: number) =>
      sweepLeads({ storage, uploadsDir, ttlMs: 6 * 3600_000, leadTtlMs: 365 * DAY, spamTtlMs: 14 * DAY, now: () => new Date(Date.now() + days * DAY) });

    // a month later: the spam is gone with its photo and mail; the lead stays whole
    expect(await sweep(30)).toBe(1);
    expect(await storage.getLead(spam)).toBeUndefined();
    expect(await storage.getUpload('SpamPhotoFile000001')).toBeUndefined();
    expect(readdirSync(uploadsDir)).toEqual(['KeptPhotoFile000001.png']);
    expect(await storage.getLead(kept)).toBeDefined();
    expect(await storage.getUpload('KeptPhotoFile000001')).toMatchObject({ leadId: kept });
    expect((await storage.listMails()).map((m) => m.leadId).sort()).toEqual([kept, null].sort());
    // the token's binding outlived its token long ago
    expect(await storage.bindFormToken('a-nonce', 'another-submission', new Date(0))).toBe('another-submission');

    // past a year: the lead, its photo, its mail and the mail of no lead are gone too
    expect(await sweep(400)).toBe(1);
    expect(await storage.getLead(kept)).toBeUndefined();
    expect(await storage.getUpload('KeptPhotoFile000001')).toBeUndefined();
    expect(readdirSync(uploadsDir)).toEqual([]);
    expect((await storage.listMails()).map((m) => m.id)).not.toContain(orphan);
    expect(await storage.listMails()).toEqual([]);
  });

  it('counts spam from the staff’s mark: a 3-week-old lead marked spam by mistake stays 14 days from the mark, and not spam again it stays its year', async () => {
    const { id } = await storage.addLead(lead({ submissionId: `retention-marked-${counter++}` }));
    const sweepAt = (days: number) =>
      sweepLeads({ storage, uploadsDir, ttlMs: 6 * 3600_000, leadTtlMs: 365 * DAY, spamTtlMs: 14 * DAY, now: () => new Date(Date.now() + days * DAY) });
    expect(await sweepAt(21)).toBe(0);
    // three weeks after it came, marked spam: counted from its arrival it would be past its 14 days already
    expect(await storage.setLeadSpam(id, true, new Date(Date.now() + 21 * DAY))).toBe(true);
    expect(await sweepAt(22)).toBe(0);
    expect(await sweepAt(34)).toBe(0);
    expect(await storage.getLead(id)).toBeDefined();
    // the mark undone: a lead again, kept for its year
    expect(await storage.setLeadSpam(id, false)).toBe(true);
    expect(await sweepAt(40)).toBe(0);
    expect(await storage.getLead(id)).toBeDefined();
    // marked again, on day 40: gone 14 days after that mark, not before
    expect(await storage.setLeadSpam(id, true, new Date(Date.now() + 40 * DAY))).toBe(true);
    expect(await sweepAt(53)).toBe(0);
    expect(await sweepAt(54.1)).toBe(1);
    expect(await storage.getLead(id)).toBeUndefined();
  });

  it('keeps everything when no retention is set (the function alone), and what is younger than its period', async () => {
    const id = await leadWithPhoto(storage, uploadsDir, 'YoungPhotoFile00001');
    expect(await sweepLeads({ storage, uploadsDir, ttlMs: 1, now: () => new Date(Date.now() + 4000 * DAY) })).toBe(0);
    expect(await sweepLeads({ storage, uploadsDir, ttlMs: 1, leadTtlMs: 365 * DAY, spamTtlMs: 14 * DAY })).toBe(0);
    expect(await storage.getLead(id)).toBeDefined();
    expect(existsSync(join(uploadsDir, 'YoungPhotoFile00001.png'))).toBe(true);
  });
});

describe('the server process', () => {
  it('removes a lead past LEAD_RETENTION_DAYS with its photo and mail, by its own sweep', async () => {
    const dataDir = join(tempDir(), 'data');
    const uploadsDir = join(dataDir, 'uploads');
    mkdirSync(uploadsDir, { recursive: true });
    const storage = await openStorage({ dataDir });
    try {
      const id = await leadWithPhoto(storage, uploadsDir, 'ServerPhotoFile0001');
      const dist = fixtureDist();
      temp.push(dist);
      // a retention of two seconds, swept every 0.3 s
      const serving = await startServer({
        distDir: dist,
        dataDir,
        env: { LEAD_RETENTION_DAYS: String(2 / 86_400), SPAM_RETENTION_DAYS: String(1 / 86_400), UPLOAD_SWEEP_MINUTES: String(0.3 / 60) },
      });
      try {
        const deadline = Date.now() + 20_000;
        const done = async () =>
          !(await storage.getLead(id)) && serving.output().includes('retention: removed 1 lead past the retention period, 1 photo and 1 mail');
        while (!(await done()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
        expect(await storage.getLead(id)).toBeUndefined();
        expect(await storage.getUpload('ServerPhotoFile0001')).toBeUndefined();
        expect(readdirSync(uploadsDir).filter((name) => name !== 'tmp')).toEqual([]);
        expect(await storage.listMails()).toEqual([]);
        expect(serving.output()).toContain('retention: removed 1 lead past the retention period, 1 photo and 1 mail');
      } finally {
        await serving.stop();
      }
    } finally {
      await storage.close();
    }
  }, 60_000);
});
