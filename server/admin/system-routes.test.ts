import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Hono } from 'hono';
import { tmpdir } from 'node:os';
import type { SystemAnswer } from '../../core/admin/system.ts';
import { DEFAULT_TIMEOUTS } from '../staff/sessions.ts';
import type { StaffStore } from '../staff/store/staff-store.ts';
import { backends, openTestStore, SETUP_TIMEOUT_MS } from '../staff/test-support/backends.ts';
import { openStorage } from '../storage/open-storage.ts';
import type { Storage, StorageOptions } from '../storage/types.ts';
import { OWNER_ROW } from '../storage/studio-queries.ts';
import { openSystemStore, type SystemStore } from '../system/system-store.ts';
import { startHeartbeat } from '../system/heartbeat.ts';
import { fixtureServerSite } from '../../tests/support/server-site.ts';
import { createAdminApp } from './admin-app.ts';
import type { AdminEnv } from './routes.ts';
import { browser, ORIGIN, person as invite } from './test-support/staff-browser.ts';

/** The System screen's call: admins alone read it, and it says what the database holds now. */
describe.each(backends)('GET /api/system on $name', (backend) => {
  let store: StaffStore;
  let storage: Storage;
  let system: SystemStore;
  let options: StorageOptions;
  let app: Hono<AdminEnv>;
  let clock: { advance: (ms: number) => void; peek: () => number };
  const person = (email: string, role: 'admin' | 'editor' | 'sales') => invite(app, store, clock, email, role);

  beforeAll(() => backend.setup(), SETUP_TIMEOUT_MS);
  afterAll(() => backend.teardown(), 30_000);
  beforeEach(async () => {
    let advance, peek;
    ({ store, advance, peek, options } = await openTestStore(backend));
    clock = { advance, peek };
    storage = await openStorage(options);
    system = await openSystemStore(options);
    const leads = { storage, uploadsDir: tmpdir(), site: fixtureServerSite, retention: { leadDays: 365, spamDays: 14 } };
    ({ app } = createAdminApp({
      staff: store,
      origin: ORIGIN,
      timeouts: DEFAULT_TIMEOUTS,
      clientIp: () => '203.0.113.7',
      issuer: 'Back office',
      leads,
      system: { store: system },
    }));
  }, 60_000);
  afterEach(async () => {
    await Promise.all([store.close(), storage.close(), system.close()]);
  });

  it('answers admins; sales and editors are refused 403, and nobody signed in 401', async () => {
    const admin = await person('baas@example.nl', 'admin');
    const sales = await person('verkoop@example.nl', 'sales');
    const editor = await person('redactie@example.nl', 'editor');
    expect((await admin.b.get('/api/system')).status).toBe(200);
    for (const someone of [sales, editor])
      expect([(await someone.b.get('/api/system')).status, await (await someone.b.get('/api/system')).json()]).toEqual([403, { error: 'forbidden' }]);
    const nobody = await browser(app).get('/api/system');
    expect([nobody.status, await nobody.json()]).toEqual([401, { error: 'signed-out' }]);
    expect(((await (await admin.b.get('/api/me')).json()) as { permissions: string[] }).permissions).toContain('system');
    expect(((await (await sales.b.get('/api/me')).json()) as { permissions: string[] }).permissions).not.toContain('system');
  });

  it('says what waits, what is stored and what was last done: no backup is a warning, a mail queued an hour ago is stuck', async () => {
    const admin = await person('baas@example.nl', 'admin');
    const read = async () => (await (await admin.b.get('/api/system')).json()) as SystemAnswer;
    const empty = await read();
    expect(empty).toMatchObject({ mail: { waiting: 0, oldestAt: null }, leads: 0, backup: null, publish: null, build: null });
    expect(empty.warnings).toEqual(['no-backup']);
    expect(empty.disk!.totalBytes).toBeGreaterThan(empty.disk!.freeBytes);

    const lead = await storage.addLead({
      submissionId: 'system-1',
      form: 'contact',
      name: 'Anna',
      email: 'anna@example.nl',
      phone: '',
      message: 'Hallo',
      values: {},
      photos: [],
      spam: false,
      review: false,
      flags: [],
      ip: null,
      userAgent: null,
    });
    await storage.addMail({ leadId: lead.id, to: 'sales@example.nl', replyTo: null, subject: 'Lead', text: 'x', templateId: 'lead' });
    await backend.raw(options, `update mails set created_at = '${new Date(Date.now() - 3_600_000).toISOString()}'`);
    await system.record('backup', 'backup@host', { by: 'backup@host', bytes: 2048, seconds: 1.5 });
    await system.record('publish', 'host:1', { by: 'redactie@example.nl', seconds: 12.5 });
    const beat = startHeartbeat(system, { kind: 'studio', version: () => 'build-7' });
    // the studio on this instance holds the working copy (studio-host/state/owner.ts claims the row so)
    const taken = new Date();
    await system.db
      .insertInto('studio_owner')
      .values({
        id: OWNER_ROW,
        instance: beat.id,
        address: 'http://127.0.0.1:4331',
        taken_at: taken.toISOString(),
        expires_at: new Date(taken.getTime() + 60_000).toISOString(),
        released_at: null,
      })
      .execute();
    const now = await read();
    await beat.stop();
    expect(now).toMatchObject({ mail: { waiting: 1 }, leads: 1, backup: { by: 'backup@host', bytes: 2048, seconds: 1.5 } });
    expect(now.publish).toMatchObject({ by: 'redactie@example.nl', seconds: 12.5 });
    expect(now.warnings).toEqual(['mail-stuck']);
    expect(now.instances).toEqual([expect.objectContaining({ id: beat.id, kind: 'studio', version: 'build-7', gone: false, holdsStudio: true })]);
    // stopped: gone at once
    expect((await read()).instances[0]).toMatchObject({ id: beat.id, gone: true });
  });
});
