import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { databaseBackends } from '../../tests/support/database-backends.ts';
import { openStorage } from './open-storage.ts';
import type { NewLead, Storage, StorageOptions } from './types.ts';
import { StorageBusyError } from './errors.ts';
import { holdSqliteWriteLock } from '../../tests/support/sqlite-lock.ts';

const [sqlite, postgres] = databaseBackends({ prefix: 'storage-test-', sqliteDataDir: join('nested', 'data') });

function lead(overrides: Partial<NewLead> = {}): NewLead {
  return {
    submissionId: `sub-${Math.random().toString(36).slice(2, 12)}`,
    form: 'contact',
    name: 'Ada Lovelace',
    email: 'ada@example.org',
    phone: '+31 6 12345678',
    message: 'Hello,\nI need a website.',
    values: { name: 'Ada Lovelace', services: ['web', 'seo'], note: 'ü €' },
    photos: ['https://example.org/uploads/abc.png'],
    spam: false,
    review: false,
    flags: [],
    ip: '203.0.113.7',
    userAgent: 'test-agent',
    ...overrides,
  };
}

async function openHere(options: StorageOptions, i: number): Promise<boolean> {
  const storage = await openStorage(options);
  await storage.addLead(lead({ submissionId: `twice-${i}` }));
  await storage.close();
  return true;
}

const execFileAsync = promisify(execFile);
async function openInChild(options: StorageOptions, i: number): Promise<boolean> {
  const module = fileURLToPath(new URL('./open-storage.ts', import.meta.url));
  const code = `const { openStorage } = await import(${JSON.stringify(module)});
    const s = await openStorage(${JSON.stringify(options)});
    await s.addLead(${JSON.stringify(lead({ submissionId: `twice-${i}` }))});
    await s.close();`;
  await execFileAsync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code]);
  return true;
}

const mail = (leadId: string | null) => ({ leadId, to: 'owner@example.org', replyTo: 'ada@example.org', subject: 'New lead', text: 'Body', templateId: 'tpl' });

describe.each([sqlite, postgres])('$name storage', (backend) => {
  let storage: Storage;
  let options: StorageOptions;
  beforeAll(() => backend.setup(), 30_000);
  afterAll(() => backend.teardown(), 30_000);
  beforeEach(async () => {
    options = await backend.fresh();
    storage = await openStorage(options);
  });
  afterEach(() => storage.close());

  it('reports its kind and creates the data directory', () => {
    expect(storage.kind).toBe(backend.name);
    if (backend.name === 'sqlite') expect(existsSync(join(options.dataDir, 'leads.sqlite'))).toBe(true);
  });

  it('adds a lead and reads every field back', async () => {
    const input = lead();
    const before = Date.now();
    const { id, created } = await storage.addLead(input);
    expect(created).toBe(true);
    const stored = await storage.getLead(id);
    expect(stored).toEqual({ ...input, id, createdAt: stored?.createdAt, delivery: 'pending', deliveryDetail: null });
    expect(Date.parse(stored?.createdAt ?? '')).toBeGreaterThanOrEqual(before - 1);
    expect(stored?.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(await storage.findLeadBySubmission(input.submissionId)).toEqual(stored);
    expect(await storage.getLead('nope')).toBeUndefined();
    expect(await storage.findLeadBySubmission('nope')).toBeUndefined();
  });

  it('keeps where a lead came from and gives it back; a lead that said nothing of it has none', async () => {
    const source = { utm_source: 'nieuwsbrief', utm_medium: 'email', utm_campaign: 'najaar', gclid: 'Cj0KCQiA-ü €', referrer: 'www.google.com' };
    const { id } = await storage.addLead(lead({ source }));
    expect((await storage.getLead(id))?.source).toEqual(source);
    // the inbox's line says it in a few words: the ad's advertiser and the campaign
    expect((await storage.inboxRow(id))?.sourceLabel).toBe('Google Ads · najaar');
    const found = await storage.findPerson({ leadId: id });
    expect(found.leads.map((l) => l.source)).toEqual([source]);
    const without = await storage.getLead((await storage.addLead(lead())).id);
    expect(without).not.toHaveProperty('source');
    expect(await storage.inboxRow(without!.id)).not.toHaveProperty('sourceLabel');
    expect(await storage.deleteLeads([id], { mailIds: [], uploadIds: [] })).toMatchObject({ leads: 1 });
    expect(await storage.getLead(id)).toBeUndefined();
  });

  it('lists leads newest first, keeps spam apart and honours the limit', async () => {
    const a = await storage.addLead(lead({ name: 'first' }));
    const s = await storage.addLead(lead({ name: 'spam', spam: true, flags: ['honeypot'] }));
    const b = await storage.addLead(lead({ name: 'second', review: true, flags: ['no-token'] }));
    expect((await storage.listLeads()).map((l) => l.id)).toEqual([b.id, a.id]);
    expect((await storage.listLeads({ spam: false, limit: 1 })).map((l) => l.id)).toEqual([b.id]);
    const spam = await storage.listLeads({ spam: true });
    expect(spam.map((l) => [l.id, l.spam, l.flags])).toEqual([[s.id, true, ['honeypot']]]);
    expect((await storage.getLead(b.id))?.review).toBe(true);
  });

  it('finds leads by a unique id prefix', async () => {
    const { id } = await storage.addLead(lead());
    expect((await storage.findLeadsByIdPrefix(id.slice(0, 6), 2)).map((l) => l.id)).toEqual([id]);
    expect(await storage.findLeadsByIdPrefix('%', 2)).toEqual([]);
    expect(await storage.findLeadsByIdPrefix('', 2)).toEqual([]);
  });

  it('is idempotent on submissionId', async () => {
    const input = lead();
    const first = await storage.addLead(input);
    const again = await storage.addLead({ ...input, name: 'changed' });
    expect(again).toEqual({ id: first.id, created: false });
    expect((await storage.getLead(first.id))?.name).toBe('Ada Lovelace');
    expect(await storage.listLeads()).toHaveLength(1);
  });

  it('stores exactly one row each for 1,000 concurrent distinct submissions', async () => {
    const inputs = Array.from({ length: 1000 }, (_, i) => lead({ submissionId: `many-${i}` }));
    const results = await Promise.all(inputs.map((input) => storage.addLead(input)));
    expect(results.every((r) => r.created)).toBe(true);
    expect(new Set(results.map((r) => r.id)).size).toBe(1000);
    const listed = await storage.listLeads();
    expect(listed).toHaveLength(1000);
    expect(new Set(listed.map((l) => l.submissionId)).size).toBe(1000);
  }, 30_000);

  it('gives 200 concurrent repeats of one submission one row and one id', async () => {
    const input = lead();
    const results = await Promise.all(Array.from({ length: 200 }, () => storage.addLead(input)));
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(await storage.listLeads()).toHaveLength(1);
  }, 30_000);

  it('refuses one bad lead of a group commit alone: its neighbours in the batch are stored (PostgreSQL aborts the transaction)', async () => {
    const good = Array.from({ length: 5 }, () => lead());
    const bad = lead({ name: null as unknown as string });
    const results = await Promise.allSettled([...good.slice(0, 2), bad, ...good.slice(2)].map((input) => storage.addLead(input)));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled', 'fulfilled', 'fulfilled']);
    expect((await storage.listLeads()).map((l) => l.submissionId).sort()).toEqual(good.map((l) => l.submissionId).sort());
  });

  it('updates the delivery state', async () => {
    const { id } = await storage.addLead(lead());
    await storage.setDelivery(id, 'emailjs-failed', '412 bad template');
    expect(await storage.getLead(id)).toMatchObject({ delivery: 'emailjs-failed', deliveryDetail: '412 bad template' });
    await storage.setDelivery(id, 'emailjs-sent', null);
    expect(await storage.getLead(id)).toMatchObject({ delivery: 'emailjs-sent', deliveryDetail: null });
  });

  it('keeps an outbox: claimed, retry, sent and failed', async () => {
    const { id: leadId } = await storage.addLead(lead());
    const m1 = await storage.addMail(mail(leadId));
    const m2 = await storage.addMail(mail(null));
    const now = new Date();
    const minute = 60_000;
    const first = await storage.claimDueMails(now, 1, minute);
    expect(first.map((m) => m.id)).toEqual([m1]);
    expect(first[0]).toMatchObject({ ...mail(leadId), state: 'outbox', attempts: 0, nextAttemptAt: null, lastError: null, sentAt: null });
    // a claimed mail is not given out again while its claim lasts
    expect((await storage.claimDueMails(now, 10, minute)).map((m) => m.id)).toEqual([m2]);
    expect(await storage.claimDueMails(now, 10, minute)).toEqual([]);

    const later = new Date(now.getTime() + minute);
    // the retry ends m1's claim and makes it due at `later`; m2's claim runs out then too
    await storage.markMailRetry(m1, '451 try later', later);
    expect(await storage.claimDueMails(new Date(now.getTime() + minute / 2), 10, minute)).toEqual([]);
    expect((await storage.claimDueMails(later, 10, minute)).map((m) => m.id)).toEqual([m1, m2]);
    expect((await storage.mailsForLead(leadId))[0]).toMatchObject({
      state: 'retrying',
      attempts: 1,
      lastError: '451 try later',
      nextAttemptAt: later.toISOString(),
    });

    await storage.markMailSent(m1, later);
    await storage.markMailFailed(m2, 'refused');
    expect(await storage.claimDueMails(new Date(later.getTime() + 1e9), 10, 60_000)).toEqual([]);
    expect((await storage.mailsForLead(leadId))[0]).toMatchObject({ state: 'sent', attempts: 2, sentAt: later.toISOString(), nextAttemptAt: null });
    const all = await storage.listMails();
    expect(all.map((m) => [m.id, m.state])).toEqual([
      [m2, 'failed'],
      [m1, 'sent'],
    ]);
    expect(all[0]).toMatchObject({ attempts: 1, lastError: 'refused' });
    expect(await storage.listMails({ limit: 1 })).toHaveLength(1);
  });

  it('never gives one mail to two claimers, also on two connections at once (two processes)', async () => {
    const other = await openStorage(options);
    try {
      const ids = new Set<string>();
      for (let i = 0; i < 40; i++) ids.add(await storage.addMail(mail(null)));
      const now = new Date();
      const claimer = async (s: Storage) => {
        const got: string[] = [];
        for (let batch = await s.claimDueMails(now, 3, 60_000); batch.length > 0; batch = await s.claimDueMails(now, 3, 60_000)) {
          got.push(...batch.map((m) => m.id));
        }
        return got;
      };
      const claimed = (await Promise.all([claimer(storage), claimer(other), claimer(storage), claimer(other)])).flat();
      expect(claimed.length).toBe(ids.size);
      expect(new Set(claimed)).toEqual(ids);
    } finally {
      await other.close();
    }
  }, 30_000);

  it('gives a mail whose claim was never ended (its process died) to another claimer once the claim runs out', async () => {
    const other = await openStorage(options);
    try {
      const id = await storage.addMail(mail(null));
      const now = Date.now();
      expect((await storage.claimDueMails(new Date(now), 5, 1000)).map((m) => m.id)).toEqual([id]);
      expect(await other.claimDueMails(new Date(now + 999), 5, 1000)).toEqual([]);
      expect((await other.claimDueMails(new Date(now + 1000), 5, 1000)).map((m) => m.id)).toEqual([id]);
      await other.markMailSent(id, new Date(now + 1500));
      expect(await storage.claimDueMails(new Date(now + 1e9), 5, 1000)).toEqual([]);
    } finally {
      await other.close();
    }
  });

  it('stores a submission that reaches two processes at once once: one answer created, both with its id', async () => {
    const other = await openStorage(options);
    try {
      const inputs = Array.from({ length: 50 }, (_, i) => lead({ submissionId: `both-${i}` }));
      // the same submissions in opposite orders, each side's in one group commit: on PostgreSQL the second to
      // insert a submission waits for the first's transaction, and must then answer with the first's id
      const [here, there] = await Promise.all([
        Promise.all(inputs.map((input) => storage.addLead(input))),
        Promise.all(inputs.toReversed().map((input) => other.addLead(input))),
      ]);
      const pairs = here.map((a, i) => [a, there[inputs.length - 1 - i]!] as const);
      expect(pairs.filter(([a, b]) => a.id !== b.id)).toEqual([]);
      expect(pairs.filter(([a, b]) => Number(a.created) + Number(b.created) !== 1)).toEqual([]);
      const stored = await storage.listLeads();
      expect(stored.map((l) => l.submissionId).sort()).toEqual(inputs.map((l) => l.submissionId).sort());
    } finally {
      await other.close();
    }
  }, 30_000);

  it('refuses a mail linked to a lead that does not exist', async () => {
    await expect(storage.addMail(mail('missing'))).rejects.toThrow();
  });

  it('queues one notification per lead, however many ask for it at once', async () => {
    const { id } = await storage.addLead(lead());
    const { leadId: _unused, ...body } = mail(id);
    const results = await Promise.all(Array.from({ length: 20 }, () => storage.queueLeadMail(id, body)));
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
    expect(await storage.mailsForLead(id)).toEqual([expect.objectContaining({ id: results[0]!.id, leadId: id, text: 'Body', state: 'outbox' })]);
    await expect(storage.queueLeadMail('missing', body)).rejects.toThrow();
  });

  it('binds a fill-time token to the first submission that uses it, and forgets old bindings', async () => {
    const forget = new Date(Date.now() - 60_000);
    const holders = await Promise.all(['sub-a', 'sub-b', 'sub-c'].map((id) => storage.bindFormToken('nonce-1', id, forget)));
    expect(new Set(holders).size).toBe(1);
    expect(await storage.bindFormToken('nonce-1', 'sub-z', forget)).toBe(holders[0]);
    expect(await storage.bindFormToken('nonce-2', 'sub-b', forget)).toBe('sub-b');
    // a binding older than the forget time is dropped by the next call, so the table does not grow for ever
    expect(await storage.bindFormToken('nonce-3', 'sub-c', new Date(Date.now() + 60_000))).toBe('sub-c');
    expect(await storage.bindFormToken('nonce-1', 'sub-z', forget)).toBe('sub-z');
  });

  it('stores uploads', async () => {
    const upload = {
      id: 'up1',
      type: 'image/png',
      ext: 'png',
      size: 1234,
      width: 10,
      height: 20,
      createdAt: new Date().toISOString(),
      ip: '203.0.113.7',
      leadId: null,
    };
    await storage.addUpload(upload);
    await storage.addUpload({ ...upload, id: 'up2', width: null, height: null });
    expect(await storage.getUpload('up1')).toEqual(upload);
    expect(await storage.getUpload('up2')).toMatchObject({ width: null, height: null });
    expect(await storage.getUpload('up3')).toBeUndefined();
  });

  it('keeps who uploaded what and which lead uses it: quotas, attaching and the sweep of unused uploads', async () => {
    const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 12, minutes)).toISOString();
    const upload = (id: string, ip: string | null, size: number, minutes: number) =>
      storage.addUpload({ id, type: 'image/jpeg', ext: 'jpg', size, width: 4, height: 3, createdAt: at(minutes), ip, leadId: null });
    await upload('a1', '203.0.113.7', 2_000_000_000, 0);
    await upload('a2', '203.0.113.7', 2_000_000_000, 10);
    await upload('b1', '2001:db8:1:2::/64', 500, 20);
    await upload('c1', null, 7, 30);
    // a sum past 2^31 (a bigint in PostgreSQL) is still a number
    expect(await storage.unattachedUploadBytes('203.0.113.7')).toBe(4_000_000_000);
    expect(await storage.unattachedUploadBytes('2001:db8:1:2::/64')).toBe(500);
    expect(await storage.unattachedUploadBytes('198.51.100.1')).toBe(0);
    expect(await storage.totalUploadBytes()).toBe(4_000_000_507);

    const { id: leadId } = await storage.addLead(lead());
    // only the submitter's own uploads: b1 is another address's
    await storage.attachUploads(['a2', 'b1', 'missing'], leadId, '203.0.113.7');
    expect((await storage.getUpload('b1'))?.leadId).toBeNull();
    await storage.attachUploads(['b1'], leadId, '2001:db8:1:2::/64');
    await storage.attachUploads([], leadId, '203.0.113.7');
    expect(await storage.getUpload('a2')).toMatchObject({ leadId, ip: '203.0.113.7' });
    // a photo already used by one lead stays with it
    await storage.attachUploads(['a2'], 'another-lead', '203.0.113.7');
    expect((await storage.getUpload('a2'))?.leadId).toBe(leadId);
    expect(await storage.unattachedUploadBytes('203.0.113.7')).toBe(2_000_000_000);
    expect(await storage.unattachedUploadBytes('2001:db8:1:2::/64')).toBe(0);
    expect(await storage.totalUploadBytes()).toBe(4_000_000_507);

    // unattached and older than the cut-off, oldest first; attached ones never
    expect((await storage.expiredUploads(new Date(at(31)), 10)).map((u) => u.id)).toEqual(['a1', 'c1']);
    expect((await storage.expiredUploads(new Date(at(31)), 1)).map((u) => u.id)).toEqual(['a1']);
    expect((await storage.expiredUploads(new Date(at(30)), 10)).map((u) => u.id)).toEqual(['a1']);
    expect((await storage.expiredUploads(new Date(at(31)), 10))[0]).toMatchObject({ id: 'a1', size: 2_000_000_000, leadId: null });
    expect(await storage.deleteUpload('a1')).toBe(true);
    expect(await storage.deleteUpload('a1')).toBe(false);
    expect(await storage.getUpload('a1')).toBeUndefined();
    // a lead's photo is never removed, even when the sweep had found it unattached a moment before
    expect(await storage.deleteUpload('a2')).toBe(false);
    expect(await storage.getUpload('a2')).toMatchObject({ leadId });
    expect(await storage.totalUploadBytes()).toBe(2_000_000_507);
    expect((await storage.expiredUploads(new Date(at(59)), 10)).map((u) => u.id)).toEqual(['c1']);
  });

  it('lets two processes open a new database at once (the migration lock holds)', async () => {
    const fresh = await backend.fresh();
    // better-sqlite3 blocks its thread while it waits for a lock, so SQLite needs real processes
    const opened = await Promise.all([0, 1].map((i) => (backend.name === 'sqlite' ? openInChild(fresh, i) : openHere(fresh, i))));
    expect(opened).toEqual([true, true]);
    const check = await openStorage(fresh);
    try {
      expect((await check.listLeads()).map((l) => l.submissionId).sort()).toEqual(['twice-0', 'twice-1']);
    } finally {
      await check.close();
    }
  }, 30_000);

  it('reopens an existing database without harm (migrations run twice)', async () => {
    const { id } = await storage.addLead(lead());
    await storage.close();
    const again = await openStorage(options);
    const third = await openStorage(options);
    try {
      expect((await again.getLead(id))?.id).toBe(id);
      expect(await third.listLeads()).toHaveLength(1);
    } finally {
      await again.close();
      await third.close();
    }
  });
});

/** SQLite alone has locks another process can hold: the wait for one never blocks the event loop. */
describe('sqlite storage beside another process', () => {
  let storage: Storage;
  let options: StorageOptions;
  beforeEach(async () => {
    options = await sqlite.fresh();
    storage = await openStorage(options);
  });
  afterEach(() => storage.close());
  afterAll(() => sqlite.teardown());

  it('waits for another process’s write lock without blocking the event loop, then gives up busy', async () => {
    const holder = await holdSqliteWriteLock(join(options.dataDir, 'leads.sqlite'));
    let released = false;
    try {
      // a timer set to fire every 10 ms: it fires while the call waits, so the event loop is free meanwhile (a call
      // that blocked it would let the timer run only after it had given up)
      let ticks = 0;
      const ticker = setInterval(() => (ticks += 1), 10);
      const start = performance.now();
      const refused = await storage.addLead(lead()).then(
        () => undefined,
        (error: unknown) => error,
      );
      const waited = performance.now() - start;
      const ticksWhileWaiting = ticks;
      clearInterval(ticker);
      expect(refused).toBeInstanceOf(StorageBusyError);
      // it gave up by itself, the lock still held, after waiting for it (800 ms): a lower bound, which load only lengthens
      expect(waited).toBeGreaterThanOrEqual(700);
      expect(ticksWhileWaiting).toBeGreaterThanOrEqual(3);
      // reading needs no write lock
      expect(await storage.listLeads()).toEqual([]);

      // a lock let go while a call waits: the call goes through (a patient storage here, so that the release, another
      // process's, falls within its wait however busy the machine)
      const patient = await openStorage({ ...options, busyWaitMs: 120_000 });
      try {
        const input = lead();
        const pending = patient.addLead(input);
        await new Promise((resolve) => setTimeout(resolve, 200));
        await holder.release();
        released = true;
        expect(await pending).toMatchObject({ created: true });
        expect((await storage.listLeads()).map((l) => l.submissionId)).toEqual([input.submissionId]);
      } finally {
        await patient.close();
      }
    } finally {
      if (!released) await holder.release();
    }
  }, 180_000);
});
