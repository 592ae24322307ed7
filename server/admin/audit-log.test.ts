import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Hono } from 'hono';
import type { StaffStore } from '../staff/store/staff-store.ts';
import { backends, SETUP_TIMEOUT_MS } from '../staff/test-support/backends.ts';
import { AUDIT_GROUPS } from '../../core/admin/audit-groups.ts';
import type { AdminEnv } from './routes.ts';
import { openTestAdminApp } from './test-support/admin-test-app.ts';
import { browser, PASSWORD, person as invite } from './test-support/staff-browser.ts';

/** The audit log's filters, as its screen sends them: by or about a person, by group of events, by days. */
describe.each(backends)('the audit log’s filters on $name', (backend) => {
  let store: StaffStore;
  let advance: (ms: number) => void;
  let peek: () => number;
  let app: Hono<AdminEnv>;
  let close: () => Promise<void>;
  const DAY = 86_400_000;

  beforeAll(() => backend.setup(), SETUP_TIMEOUT_MS);
  afterAll(() => backend.teardown(), 30_000);
  beforeEach(async () => {
    ({ app, store, advance, peek, close } = await openTestAdminApp(backend, { clientIp: '203.0.113.8' }));
  }, 60_000);
  afterEach(() => close());

  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

  it('finds what a person did and what was done to them, one group of events, and the days asked for', async () => {
    const admin = await invite(app, store, { advance, peek }, 'baas@example.nl', 'admin');
    const firstDay = day(peek());
    advance(2 * DAY);
    const sales = await invite(app, store, { advance, peek }, 'verkoop@example.nl', 'sales');
    const editor = await invite(app, store, { advance, peek }, 'redactie@example.nl', 'editor');
    advance(2 * DAY);
    const lastDay = day(peek());
    // days later the admin signs in again (the first session ran out), fresh for the people change
    const b = browser(app);
    expect((await b.post('/api/sign-in', { email: 'baas@example.nl', password: PASSWORD, code: admin.code() })).status).toBe(200);
    expect((await b.post(`/api/people/${sales.id}/role`, { role: 'editor' })).status).toBe(200);
    const events = async (query: string) =>
      ((await (await b.get(`/api/audit?${query}`)).json()) as { events: { kind: string; actorId: string | null; targetIds: string[] }[] }).events;

    const aboutSales = await events(`person=${sales.id}`);
    expect(aboutSales.map((e) => e.kind)).toEqual(expect.arrayContaining(['invitation.accepted', 'staff.role-changed']));
    expect(aboutSales.every((e) => e.actorId === sales.id || e.targetIds.includes(sales.id))).toBe(true);
    expect(aboutSales.some((e) => e.actorId === editor.id || e.targetIds.includes(editor.id))).toBe(false);

    const people = await events('group=people');
    expect(people.map((e) => e.kind)).toEqual(expect.arrayContaining(['staff.invited', 'invitation.accepted', 'staff.role-changed']));
    expect(people.every((e) => (AUDIT_GROUPS.people as readonly string[]).includes(e.kind))).toBe(true);
    expect((await events(`group=people&person=${sales.id}`)).map((e) => e.kind).sort()).toEqual(['invitation.accepted', 'staff.invited', 'staff.role-changed']);

    // the first day alone: the admin's own start; the last day alone: the role change and its step-up
    expect((await events(`from=${firstDay}&to=${firstDay}`)).every((e) => e.actorId === admin.id || e.targetIds.includes(admin.id))).toBe(true);
    expect((await events(`from=${firstDay}&to=${firstDay}`)).map((e) => e.kind)).not.toContain('staff.role-changed');
    expect((await events(`from=${firstDay}&to=${firstDay}`)).length).toBeGreaterThan(0);
    expect((await events(`from=${lastDay}`)).map((e) => e.kind)).toContain('staff.role-changed');
    expect((await events(`from=${lastDay}`)).map((e) => e.kind)).not.toContain('invitation.accepted');
  });

  it('leaves out a filter that is none of its own: a LIKE wildcard as a person, an unknown group, a date that is no day', async () => {
    await invite(app, store, { advance, peek }, 'verkoop@example.nl', 'sales');
    const admin = await invite(app, store, { advance, peek }, 'baas@example.nl', 'admin');
    const count = async (query: string) => ((await (await admin.b.get(`/api/audit?${query}`)).json()) as { events: unknown[] }).events.length;
    const all = await count('');
    expect(all).toBeGreaterThan(2);
    for (const query of ['person=%25', 'person=%22%25', 'group=toString', 'group=lead', 'from=gisteren', 'to=2026-13-45'])
      expect(await count(query), query).toBe(all);
  });
});
