import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Hono } from 'hono';
import type { LeadAnswer, LeadsAnswer } from '../../core/admin/contract.ts';
import { DEFAULT_TIMEOUTS, FRESH_SIGN_IN_MS } from '../staff/sessions.ts';
import type { StaffStore } from '../staff/store/staff-store.ts';
import { backends, openTestStore, SETUP_TIMEOUT_MS } from '../staff/test-support/backends.ts';
import { openStorage } from '../storage/open-storage.ts';
import type { NewLead, Storage, StorageOptions } from '../storage/types.ts';
import { fixtureServerSite } from '../../tests/support/server-site.ts';
import { createAdminApp } from './admin-app.ts';
import type { AdminEnv } from './routes.ts';
import { browser, ORIGIN, PASSWORD, person } from './test-support/staff-browser.ts';

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

const lead = (overrides: Partial<NewLead>): NewLead => ({
  submissionId: `s-${Math.random().toString(36).slice(2)}`,
  form: 'quote',
  name: 'Jan Jansen',
  email: 'jan@example.nl',
  phone: '06 12345678',
  message: 'Een webshop voor onze bakkerij.',
  values: { name: 'Jan Jansen', email: 'jan@example.nl', company: 'Jansen BV', services: ['digital-marketing'], message: 'Een webshop voor onze bakkerij.' },
  photos: [],
  spam: false,
  review: false,
  flags: [],
  ip: '203.0.113.7',
  userAgent: null,
  ...overrides,
});

describe.each(backends)('the leads inbox on $name', (backend) => {
  let store: StaffStore;
  let storage: Storage;
  let app: Hono<AdminEnv>;
  let clock: { advance: (ms: number) => void; peek: () => number };
  let uploadsDir: string;
  let options: StorageOptions;

  beforeAll(() => backend.setup(), SETUP_TIMEOUT_MS);
  afterAll(() => backend.teardown(), 30_000);
  beforeEach(async () => {
    const opened = await openTestStore(backend);
    store = opened.store;
    clock = { advance: opened.advance, peek: opened.peek };
    options = opened.options;
    storage = await openStorage(options);
    uploadsDir = mkdtempSync(join(tmpdir(), 'inbox-uploads-'));
    const leads = { storage, uploadsDir, site: fixtureServerSite, retention: { leadDays: 365, spamDays: 14 }, eventPollMs: 100 };
    ({ app } = createAdminApp({ staff: store, origin: ORIGIN, timeouts: DEFAULT_TIMEOUTS, clientIp: () => '203.0.113.7', issuer: 'Back office', leads }));
  }, 60_000);
  /** A stored photo, as the upload endpoint leaves one: its row and its file. */
  async function storePhoto() {
    const createdAt = new Date().toISOString();
    await storage.addUpload({
      id: 'photo0123456789abcd',
      type: 'image/png',
      ext: 'png',
      size: PNG.length,
      width: 1,
      height: 1,
      createdAt,
      ip: null,
      leadId: null,
    });
    writeFileSync(join(uploadsDir, 'photo0123456789abcd.png'), PNG);
  }

  afterEach(async () => {
    await store.close();
    await storage.close();
    rmSync(uploadsDir, { recursive: true, force: true });
  });

  it('lists leads newest first with search, filters and pages; a lead shows its fields as the form asked them', async () => {
    const sales = await person(app, store, clock, 'verkoop@example.nl', 'sales');
    for (let i = 0; i < 60; i++) await storage.addLead(lead({ name: `Klant ${i}`, email: `klant${i}@example.nl` }));
    const { id } = await storage.addLead(lead({ name: 'Piet Bakker', email: 'piet@bakkerij.nl', message: 'Brood en banket online' }));
    await storage.addLead(lead({ name: 'Spam Bot', email: 'bot@spam.example', spam: true, flags: ['honeypot'] }));
    const first = (await (await sales.b.get('/api/leads')).json()) as LeadsAnswer;
    expect(first.total).toBe(62);
    expect(first.leads[0]!.name).toBe('Spam Bot');
    expect(first.forms.map((f) => f.id).sort()).toEqual(['contact', 'demo', 'quote']);
    const second = (await (await sales.b.get(`/api/leads?after=${encodeURIComponent(first.next!)}`)).json()) as LeadsAnswer;
    const seen = [...first.leads, ...second.leads].map((l) => l.id);
    expect(new Set(seen).size).toBe(62);
    expect(second.next).toBeUndefined();
    const found = (await (await sales.b.get('/api/leads?q=banket')).json()) as LeadsAnswer;
    expect(found.leads.map((l) => l.name)).toEqual(['Piet Bakker']);
    const notSpam = (await (await sales.b.get('/api/leads?spam=0')).json()) as LeadsAnswer;
    expect(notSpam.total).toBe(61);
    expect((await sales.b.get('/api/leads?after=not-a-cursor')).status).toBe(400);
    const shown = (await (await sales.b.get(`/api/leads/${id}`)).json()) as LeadAnswer;
    expect(shown.lead.fields).toEqual(
      expect.arrayContaining([
        { name: 'company', label: 'Bedrijfsnaam', value: 'Jansen BV' },
        { name: 'services', label: 'Waar ben je naar op zoek?', value: 'Digitale Marketing' },
      ]),
    );
    expect(Date.parse(shown.lead.erasedOn) - Date.parse(shown.lead.createdAt)).toBe(365 * 86_400_000);
    expect((await sales.b.get('/api/leads/aaaaaaaaaaaaaaaa')).status).toBe(404);
  });

  it('status, spam and notes are kept with their author, and each is in the audit log', async () => {
    const sales = await person(app, store, clock, 'verkoop@example.nl', 'sales');
    const { id } = await storage.addLead(lead({}));
    expect((await sales.b.post(`/api/leads/${id}/status`, { status: 'contacted' })).status).toBe(200);
    expect((await sales.b.post(`/api/leads/${id}/status`, { status: 'gone' })).status).toBe(400);
    expect((await sales.b.post(`/api/leads/${id}/spam`, { spam: true })).status).toBe(200);
    expect((await sales.b.post(`/api/leads/${id}/notes`, { body: 'Gebeld, belt dinsdag terug.' })).status).toBe(201);
    const shown = ((await (await sales.b.get(`/api/leads/${id}`)).json()) as LeadAnswer).lead;
    expect(shown).toMatchObject({ status: 'contacted', spam: true });
    expect(shown.notes).toEqual([expect.objectContaining({ body: 'Gebeld, belt dinsdag terug.', author: 'verkoop@example.nl' })]);
    // spam's 14 days count from the mark, a moment after the lead came (issue 50)
    expect(Date.parse(shown.erasedOn) - Date.parse(shown.createdAt)).toBeGreaterThanOrEqual(14 * 86_400_000);
    expect(Date.parse(shown.erasedOn) - Date.parse(shown.createdAt)).toBeLessThan(14 * 86_400_000 + 60_000);
    const kinds = (await store.listAudit()).filter((e) => e.targetIds.includes(id)).map((e) => e.kind);
    expect(kinds).toEqual(expect.arrayContaining(['lead.status-changed', 'lead.marked-spam', 'lead.note-added', 'lead.viewed']));
  });

  it('a lead is unread for each person until they open it; counts per status; an erasure takes the read marks with the lead', async () => {
    const sales = await person(app, store, clock, 'verkoop@example.nl', 'sales');
    const admin = await person(app, store, clock, 'beheer@example.nl', 'admin');
    const { id: first } = await storage.addLead(lead({ name: 'Sanne', email: 'sanne@example.nl', values: { email: 'sanne@example.nl' } }));
    const { id: second } = await storage.addLead(lead({ name: 'Joost', email: 'joost@example.nl', values: { email: 'joost@example.nl' } }));
    await storage.addLead(lead({ name: 'Spam Bot', email: 'bot@spam.example', spam: true }));
    const list = async (who: typeof sales, query = '') => (await (await who.b.get(`/api/leads${query}`)).json()) as LeadsAnswer;
    const unreadNames = (page: LeadsAnswer) => page.leads.filter((l) => l.unread).map((l) => l.name);

    expect((await list(sales)).unread).toBe(2);
    expect(unreadNames(await list(sales))).toEqual(['Spam Bot', 'Joost', 'Sanne']);
    expect((await sales.b.get(`/api/leads/${first}`)).status).toBe(200);
    expect((await sales.b.get(`/api/leads/${first}`)).status).toBe(200);
    expect((await list(sales)).unread).toBe(1);
    expect(unreadNames(await list(sales, '?spam=0'))).toEqual(['Joost']);
    // read for the one who opened it only
    expect((await list(admin)).unread).toBe(2);

    await sales.b.post(`/api/leads/${second}/status`, { status: 'contacted' });
    expect((await list(sales, '?spam=0&status=contacted')).counts).toEqual({ new: 1, contacted: 1, won: 0, lost: 0 });
    expect((await list(sales)).counts).toEqual({ new: 2, contacted: 1, won: 0, lost: 0 });

    clock.advance(FRESH_SIGN_IN_MS + 1000);
    expect((await sales.b.post('/api/step-up', { password: PASSWORD, code: sales.code() })).status).toBe(200);
    expect((await sales.b.post(`/api/leads/${first}/erase`)).status).toBe(200);
    const { id: again } = await storage.addLead(lead({ name: 'Sanne', email: 'sanne@example.nl', values: { email: 'sanne@example.nl' } }));
    // no read mark of hers is left: the table holds none for a lead that is gone, nor for her new one
    const reads = await storage.findPerson({ email: 'sanne@example.nl' });
    expect(reads.leads.map((l) => l.id)).toEqual([again]);
    expect(unreadNames(await list(sales, '?spam=0'))).toEqual(['Sanne', 'Joost']);
  });

  it('a lead shows its person: their other leads by address or phone, all their notes newest first; a status for all their open leads', async () => {
    const sales = await person(app, store, clock, 'verkoop@example.nl', 'sales');
    const sanne = (overrides: Partial<NewLead>) => lead({ name: 'Sanne', email: 'sanne@example.nl', phone: '06 12345678', ...overrides });
    const { id: first } = await storage.addLead(sanne({ form: 'contact' }));
    const { id: byPhone } = await storage.addLead(sanne({ email: 'sanne.werk@example.nl', phone: '+31 6 1234 5678' }));
    const { id: spam } = await storage.addLead(sanne({ spam: true }));
    const { id: followUp } = await storage.addLead(sanne({ email: ' SANNE@example.nl', phone: '' }));
    const { id: someoneElse } = await storage.addLead(lead({ name: 'Joost', email: 'joost@example.nl', phone: '06 87654321', message: 'Bel 0612345678 niet' }));
    await sales.b.post(`/api/leads/${first}/notes`, { body: 'Eerste gesprek: wil een offerte.' });
    clock.advance(60_000);
    await sales.b.post(`/api/leads/${byPhone}/notes`, { body: 'Teruggebeld op haar werknummer.' });

    const shown = ((await (await sales.b.get(`/api/leads/${followUp}`)).json()) as LeadAnswer).lead;
    expect(shown.person.others.map((l) => l.id)).toEqual([spam, byPhone, first]);
    expect(shown.person.others.find((l) => l.id === first)).toMatchObject({ formTitle: expect.any(String), status: 'new', spam: false });
    expect(shown.person.timeline).toEqual([
      expect.objectContaining({ leadId: byPhone, body: 'Teruggebeld op haar werknummer.', author: 'verkoop@example.nl' }),
      expect.objectContaining({ leadId: first, body: 'Eerste gesprek: wil een offerte.' }),
    ]);
    // the lead's own notes stay its own
    expect(shown.notes).toEqual([]);
    const joost = ((await (await sales.b.get(`/api/leads/${someoneElse}`)).json()) as LeadAnswer).lead;
    expect([joost.person.others, joost.person.timeline]).toEqual([[], []]);

    await sales.b.post(`/api/leads/${first}/status`, { status: 'contacted' });
    const set = await sales.b.post(`/api/leads/${followUp}/person-status`, { status: 'contacted' });
    expect(await set.json()).toEqual({ changed: 2 });
    const statusOf = async (id: string) => (await storage.inboxRow(id))!.status;
    expect(await Promise.all([first, byPhone, spam, followUp, someoneElse].map(statusOf))).toEqual(['contacted', 'contacted', 'new', 'contacted', 'new']);
    expect(await (await sales.b.post(`/api/leads/${followUp}/person-status`, { status: 'contacted' })).json()).toEqual({ changed: 0 });
    expect((await sales.b.post(`/api/leads/${followUp}/person-status`, { status: 'gone' })).status).toBe(400);
    const changed = (await store.listAudit()).find((e) => e.kind === 'lead.status-changed' && e.targetIds.includes(followUp));
    expect(changed?.targetIds.sort()).toEqual([byPhone, followUp].sort());
  });

  it('refuses the person’s status to an editor and to nobody, and changes nothing', async () => {
    const editor = await person(app, store, clock, 'redactie@example.nl', 'editor');
    const { id } = await storage.addLead(lead({}));
    const refused = await editor.b.post(`/api/leads/${id}/person-status`, { status: 'lost' });
    expect([refused.status, await refused.json()]).toEqual([403, { error: 'forbidden' }]);
    expect((await browser(app).post(`/api/leads/${id}/person-status`, { status: 'lost' })).status).toBe(401);
    expect((await storage.inboxRow(id))!.status).toBe('new');
  });

  it('a lead is assigned to a colleague and given a call-back day: “Mijn leads” and “Terugbellen vandaag” list them, the audit log has both', async () => {
    const sales = await person(app, store, clock, 'verkoop@example.nl', 'sales');
    const admin = await person(app, store, clock, 'beheer@example.nl', 'admin');
    const editor = await person(app, store, clock, 'redactie@example.nl', 'editor');
    const { id: mine } = await storage.addLead(lead({ name: 'Sanne' }));
    const { id: later } = await storage.addLead(lead({ name: 'Joost' }));
    const { id: won } = await storage.addLead(lead({ name: 'Eva' }));
    const names = async (who: typeof sales, query: string) => ((await (await who.b.get(`/api/leads?${query}`)).json()) as LeadsAnswer).leads.map((l) => l.name);

    expect((await sales.b.post(`/api/leads/${mine}/assign`, { assignee: sales.id })).status).toBe(200);
    expect((await sales.b.post(`/api/leads/${later}/assign`, { assignee: admin.id })).status).toBe(200);
    // only a colleague of sales or an admin: not an editor, not someone unknown, not a number
    for (const assignee of [editor.id, 'aaaaaaaaaaaaaaaa', 7]) expect((await sales.b.post(`/api/leads/${won}/assign`, { assignee })).status).toBe(400);
    expect((await sales.b.post(`/api/leads/${mine}/call-back`, { on: '2026-12-03' })).status).toBe(200);
    expect((await sales.b.post(`/api/leads/${later}/call-back`, { on: '2026-12-04' })).status).toBe(200);
    expect((await sales.b.post(`/api/leads/${won}/call-back`, { on: '2026-12-01' })).status).toBe(200);
    expect((await sales.b.post(`/api/leads/${won}/call-back`, { on: 'morgen' })).status).toBe(400);
    await sales.b.post(`/api/leads/${won}/status`, { status: 'won' });

    expect(await names(sales, 'assignee=me')).toEqual(['Sanne']);
    expect(await names(admin, 'assignee=me')).toEqual(['Joost']);
    // today or before, not won or lost
    expect(await names(sales, 'callBack=2026-12-03')).toEqual(['Sanne']);
    expect(await names(sales, 'callBack=2026-12-04')).toEqual(['Joost', 'Sanne']);
    const shown = (await (await sales.b.get(`/api/leads/${mine}`)).json()) as LeadAnswer;
    expect(shown.lead).toMatchObject({ assignedTo: sales.id, callBackOn: '2026-12-03' });
    expect(shown.colleagues.map((p) => p.email).sort()).toEqual(['beheer@example.nl', 'verkoop@example.nl']);
    const audit = (await store.listAudit()).filter((e) => e.targetIds.includes(mine));
    expect(audit.find((e) => e.kind === 'lead.assigned')).toMatchObject({ actorId: sales.id, targetIds: [mine, sales.id] });
    expect(audit.find((e) => e.kind === 'lead.call-back-set')).toMatchObject({ actorId: sales.id, targetIds: [mine] });

    // called back, and handed back: out of both views
    await sales.b.post(`/api/leads/${mine}/call-back`, { on: null });
    await sales.b.post(`/api/leads/${mine}/assign`, { assignee: null });
    expect(await names(sales, 'assignee=me')).toEqual([]);
    expect(await names(sales, 'callBack=2026-12-03')).toEqual([]);
  });

  it('refuses assigning and call-back days to an editor and to nobody, and changes nothing', async () => {
    const editor = await person(app, store, clock, 'redactie@example.nl', 'editor');
    const sales = await person(app, store, clock, 'verkoop@example.nl', 'sales');
    const { id } = await storage.addLead(lead({}));
    for (const [path, body] of [
      ['assign', { assignee: sales.id }],
      ['call-back', { on: '2026-12-03' }],
    ] as const) {
      const refused = await editor.b.post(`/api/leads/${id}/${path}`, body);
      expect([refused.status, await refused.json()]).toEqual([403, { error: 'forbidden' }]);
      expect((await browser(app).post(`/api/leads/${id}/${path}`, body)).status).toBe(401);
    }
    expect(await storage.inboxRow(id)).toMatchObject({ assignedTo: null, callBackOn: null });
  });

  it('an open inbox hears of each new lead, from whichever instance stored it; the stream ends with the session', async () => {
    const sales = await person(app, store, clock, 'verkoop@example.nl', 'sales');
    const answer = await sales.b.get('/api/lead-events');
    expect([answer.status, answer.headers.get('content-type')]).toEqual([200, 'text/event-stream']);
    const reader = answer.body!.getReader();
    const decoder = new TextDecoder();
    let heard = '';
    const hear = async (wanted: string) => {
      while (!heard.includes(wanted)) {
        const { value, done } = await reader.read();
        if (done) return false;
        heard += decoder.decode(value);
      }
      return true;
    };
    expect(await hear('retry: 2000')).toBe(true);
    expect(heard).not.toContain('event: lead');
    // stored by another storage on the same database, as another instance of the server would
    const other = await openStorage(options);
    await other.addLead(lead({ name: 'Nieuw' }));
    await other.close();
    expect(await hear('event: lead\ndata: {}\n\n')).toBe(true);
    expect((await sales.b.post('/api/sign-out')).status).toBe(200);
    // the session over: the stream ends, and the browser's reconnection is refused
    expect(await hear('never sent')).toBe(false);
    expect((await sales.b.get('/api/lead-events')).status).toBe(401);
  }, 30_000);

  it('refuses the inbox’s events to an editor and to nobody', async () => {
    const editor = await person(app, store, clock, 'redactie@example.nl', 'editor');
    const refused = await editor.b.get('/api/lead-events');
    expect([refused.status, await refused.json()]).toEqual([403, { error: 'forbidden' }]);
    expect((await browser(app).get('/api/lead-events')).status).toBe(401);
  });

  it('serves a lead’s own photos to signed-in staff only', async () => {
    const sales = await person(app, store, clock, 'verkoop@example.nl', 'sales');
    await storePhoto();
    const { id } = await storage.addLead(lead({ form: 'demo', photos: [`${ORIGIN}/uploads/photo0123456789abcd.png`] }));
    const other = await storage.addLead(lead({}));
    const shown = ((await (await sales.b.get(`/api/leads/${id}`)).json()) as LeadAnswer).lead;
    expect(shown.photos).toEqual([{ url: `/api/leads/${id}/photos/photo0123456789abcd`, name: 'Foto 1' }]);
    const photo = await sales.b.get(shown.photos[0]!.url);
    expect([photo.status, photo.headers.get('content-type')]).toEqual([200, 'image/png']);
    expect(Buffer.from(await photo.arrayBuffer())).toEqual(PNG);
    expect((await sales.b.get(`/api/leads/${other.id}/photos/photo0123456789abcd`)).status).toBe(404);
    expect((await app.request(shown.photos[0]!.url)).status).toBe(401);
  });

  it('exports and erases a person after a fresh sign-in, the same as the command: no lead, note or photo left', async () => {
    const sales = await person(app, store, clock, 'verkoop@example.nl', 'sales');
    await storePhoto();
    const { id } = await storage.addLead(lead({ form: 'demo', photos: [`${ORIGIN}/uploads/photo0123456789abcd.png`] }));
    await storage.attachUploads(['photo0123456789abcd'], id, '203.0.113.7');
    await storage.addLeadNote({ leadId: id, authorId: null, body: 'Een notitie' });
    // the same person by another form, with the address in capitals; and someone else
    const { id: contact } = await storage.addLead(lead({ form: 'contact', email: 'JAN@example.nl', values: { email: 'JAN@example.nl' } }));
    const { id: other } = await storage.addLead(lead({ name: 'Piet', email: 'piet@example.nl', values: { email: 'piet@example.nl' } }));
    const exported = await sales.b.post(`/api/leads/${id}/export`);
    expect(exported.headers.get('content-disposition')).toBe(`attachment; filename="lead-${id}.json"`);
    const data = (await exported.json()) as { who: unknown; leads: { id: string; notes: { body: string }[] }[] };
    expect(data.who).toEqual({ email: 'jan@example.nl' });
    expect(data.leads.map((l) => l.id).sort()).toEqual([id, contact].sort());
    expect(data.leads.find((l) => l.id === id)).toMatchObject({ name: 'Jan Jansen', notes: [{ body: 'Een notitie' }] });
    clock.advance(FRESH_SIGN_IN_MS + 1000);
    expect(await (await sales.b.post(`/api/leads/${id}/erase`)).json()).toEqual({ error: 'step-up' });
    expect((await sales.b.post('/api/step-up', { password: PASSWORD, code: sales.code() })).status).toBe(200);
    expect(await (await sales.b.post(`/api/leads/${id}/erase`)).json()).toMatchObject({ leads: 2, photos: 1 });
    expect(await storage.getLead(id)).toBeUndefined();
    expect(await storage.getLead(contact)).toBeUndefined();
    expect(await storage.getLead(other)).toMatchObject({ name: 'Piet' });
    expect(await storage.leadNotes(id)).toEqual([]);
    expect(existsSync(join(uploadsDir, 'photo0123456789abcd.png'))).toBe(false);
    expect((await sales.b.get(`/api/leads/${id}`)).status).toBe(404);
    expect((await store.listAudit()).map((e) => e.kind)).toEqual(expect.arrayContaining(['lead.exported', 'lead.erased']));
  });
});
