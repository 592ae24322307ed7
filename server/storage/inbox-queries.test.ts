import { Kysely, Migrator } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { databaseBackends } from '../../tests/support/database-backends.ts';
import { chooseDialect } from './dialect.ts';
import { InvalidCursorError, encodeCursor } from './inbox-queries.ts';
import { migrations } from './migrations.ts';
import { openStorage } from './open-storage.ts';
import type { InboxQuery, NewLead, Storage, StorageOptions } from './types.ts';

/** The leads inbox on SQLite and on a real PostgreSQL: paging, every filter, the search, status, spam and notes. */
const backends = databaseBackends({ prefix: 'inbox-test-' });

let counter = 0;
const lead = (overrides: Partial<NewLead> = {}): NewLead => ({
  submissionId: `inbox-${counter++}`,
  form: 'contact',
  name: 'Iemand Anders',
  email: 'iemand@voorbeeld.nl',
  phone: '020 1234567',
  message: 'Graag een offerte.',
  values: {},
  photos: [],
  spam: false,
  review: false,
  flags: [],
  ip: '203.0.113.9',
  userAgent: 'agent',
  ...overrides,
});

/** Every page from the first on, following `next`: the ids in the order given. */
async function allPages(storage: Storage, query: Omit<InboxQuery, 'after'>): Promise<string[]> {
  const ids: string[] = [];
  let after: string | undefined;
  do {
    const page = await storage.inboxPage({ ...query, ...(after !== undefined && { after }) });
    expect(page.leads.length).toBeLessThanOrEqual(query.limit);
    ids.push(...page.leads.map((l) => l.id));
    after = page.next;
  } while (after !== undefined);
  return ids;
}

describe.each(backends)('the leads inbox on $name', (backend) => {
  let storage: Storage;
  let options: StorageOptions;
  beforeAll(() => backend.setup(), 180_000);
  afterAll(() => backend.teardown(), 30_000);
  beforeEach(async () => {
    options = await backend.fresh();
    storage = await openStorage(options);
  });
  afterEach(() => storage.close());

  const ids = async (query: Omit<InboxQuery, 'limit'>) => (await storage.inboxPage({ limit: 100, ...query })).leads.map((l) => l.id);

  it('pages newest first, every lead once, even where many share one created_at', async () => {
    for (let i = 0; i < 57; i++) await storage.addLead(lead());
    // three moments for all: within one, only the id orders them
    await backend.raw(
      options,
      "update leads set created_at = case when id < 'h' then '2026-03-01T10:00:00.000Z' when id < 'q' then '2026-03-01T09:00:00.000Z' else '2026-03-02T08:00:00.000Z' end",
    );
    const expected = (await storage.listLeads({ limit: 1000 })).map((l) => l.id);
    const paged = await allPages(storage, { limit: 7 });
    expect(paged).toEqual(expected);
    expect(new Set(paged).size).toBe(57);
    // a search pages alike (SQLite answers it from another index)
    expect(await allPages(storage, { limit: 7, search: 'OFFERTE' })).toEqual(expected);
    expect((await storage.inboxPage({ limit: 7, search: 'offerte' })).total).toBe(57);
    const first = await storage.inboxPage({ limit: 7 });
    expect(first.total).toBe(57);
    expect((await storage.inboxPage({ limit: 7, after: first.next! })).total).toBeUndefined();
    const last = await storage.inboxPage({ limit: 57 });
    expect(last.next).toBeUndefined();
  });

  it('clamps the page size and refuses a cursor it did not make', async () => {
    for (let i = 0; i < 103; i++) await storage.addLead(lead());
    expect((await storage.inboxPage({ limit: 1000 })).leads).toHaveLength(100);
    expect((await storage.inboxPage({ limit: 0 })).leads).toHaveLength(1);
    for (const after of ['', 'bm90IGEgY3Vyc29y', encodeCursor({ createdAt: '2026-01-01', id: 'x' }), "' or 1=1 --"]) {
      await expect(storage.inboxPage({ limit: 10, after })).rejects.toBeInstanceOf(InvalidCursorError);
    }
  });

  it('gives each row what the list shows', async () => {
    const message = `Wij willen   een dakkapel.\nKunt u langskomen?\n${'Heel lang verhaal. '.repeat(20)}`;
    const { id } = await storage.addLead(lead({ form: 'quote', name: 'Jan de Vries', message, photos: ['https://example.org/uploads/a.jpg'], review: true }));
    const row = (await storage.inboxPage({ limit: 10 })).leads[0]!;
    expect(row).toMatchObject({ id, form: 'quote', name: 'Jan de Vries', status: 'new', spam: false, review: true, delivery: 'pending', hasPhotos: true });
    expect(row.preview).toMatch(/^Wij willen een dakkapel\. Kunt u langskomen\? Heel lang/);
    expect(row.preview.length).toBeLessThanOrEqual(120);
    expect(row.preview.endsWith('…')).toBe(true);
    expect(await storage.inboxRow(id)).toEqual(row);
    expect(await storage.inboxRow('nope')).toBeUndefined();
  });

  it('filters by form, status, spam and time, each alone and together', async () => {
    const quote = (await storage.addLead(lead({ form: 'quote' }))).id;
    const contact = (await storage.addLead(lead({ form: 'contact' }))).id;
    const spam = (await storage.addLead(lead({ form: 'quote', spam: true, flags: ['honeypot'] }))).id;
    const won = (await storage.addLead(lead({ form: 'quote' }))).id;
    expect(await storage.setLeadStatus(won, 'won')).toBe(true);
    await backend.raw(options, `update leads set created_at = '2026-01-10T12:00:00.000Z' where id = '${quote}'`);
    expect(await ids({ form: 'quote' })).toEqual([won, spam, quote]);
    expect(await ids({ form: 'contact' })).toEqual([contact]);
    expect(await ids({ status: 'won' })).toEqual([won]);
    expect(await ids({ status: 'new', form: 'quote' })).toEqual([spam, quote]);
    expect(await ids({ spam: true })).toEqual([spam]);
    expect(await ids({ spam: false })).toEqual([won, contact, quote]);
    expect(await ids({ spam: false, form: 'quote', status: 'new' })).toEqual([quote]);
    expect(await ids({ to: new Date('2026-01-11T00:00:00Z') })).toEqual([quote]);
    expect(await ids({ from: new Date('2026-01-10T12:00:00.001Z') })).toEqual([won, spam, contact]);
    expect(await ids({ from: new Date('2026-01-10T00:00:00Z'), to: new Date('2026-01-11T00:00:00Z'), form: 'quote' })).toEqual([quote]);
    expect((await storage.inboxPage({ limit: 1, form: 'quote' })).total).toBe(3);
  });

  it('searches name, e-mail, phone digits and any text of the values, in any case and with or without accents', async () => {
    const jose = (
      await storage.addLead(
        lead({
          name: 'José Müller',
          email: 'J.Muller@Bouwbedrijf.NL',
          phone: '+31 6 1234 5678',
          message: 'Lekkage aan het DAK na de storm.',
          values: { adres: 'Kerkstraat 12, Utrecht', diensten: ['Dakgoot', 'schoorsteen'] },
        }),
      )
    ).id;
    const other = (await storage.addLead(lead({ name: 'Piet Jansen', phone: '06-87654321', message: 'Een nieuwe badkamer, 100% zeker.' }))).id;
    const search = (text: string) => ids({ search: text });
    expect(await search('jose')).toEqual([jose]);
    expect(await search('MÜLLER')).toEqual([jose]);
    expect(await search('muller@bouwbedrijf')).toEqual([jose]);
    expect(await search('0612345678')).toEqual([jose]);
    expect(await search('+31612345678')).toEqual([jose]);
    expect(await search('06-1234 5678')).toEqual([jose]);
    expect(await search('0687654321')).toEqual([other]);
    expect(await search('dak storm')).toEqual([jose]);
    expect(await search('lekkage')).toEqual([jose]);
    expect(await search('kerkstraat')).toEqual([jose]);
    expect(await search('SCHOORSTEEN')).toEqual([jose]);
    expect(await search('badkamer')).toEqual([other]);
    expect(await search('dak badkamer')).toEqual([]);
    // LIKE's wildcards are taken as they are typed
    expect(await search('100%')).toEqual([other]);
    expect(await search('%')).toEqual([other]);
    expect(await search('_')).toEqual([]);
    expect(await search('   ')).toEqual([other, jose]);
    expect((await storage.inboxPage({ limit: 10, search: 'dak', form: 'contact', status: 'new', spam: false })).leads.map((l) => l.id)).toEqual([jose]);
  });

  it('sets the status and the spam mark, and refuses a status there is not', async () => {
    const { id } = await storage.addLead(lead());
    expect(await storage.setLeadStatus(id, 'contacted')).toBe(true);
    expect(await storage.setLeadSpam(id, true)).toBe(true);
    expect(await storage.inboxRow(id)).toMatchObject({ status: 'contacted', spam: true });
    expect((await storage.listLeads({ spam: true })).map((l) => l.id)).toEqual([id]);
    expect(await storage.setLeadSpam(id, false)).toBe(true);
    expect((await storage.getLead(id))?.spam).toBe(false);
    expect(await storage.setLeadStatus('nope', 'won')).toBe(false);
    expect(await storage.setLeadSpam('nope', true)).toBe(false);
    await expect(storage.setLeadStatus(id, 'archived' as 'won')).rejects.toThrow(RangeError);
    expect((await storage.inboxRow(id))?.status).toBe('contacted');
  });

  it('keeps notes oldest first, none for a lead there is not, and erases them with the lead', async () => {
    const { id } = await storage.addLead(lead({ email: 'note.person@example.org' }));
    const other = (await storage.addLead(lead())).id;
    const first = await storage.addLeadNote({ leadId: id, authorId: 'staffuser0000001', body: 'Gebeld, belt terug.' });
    const second = await storage.addLeadNote({ leadId: id, authorId: null, body: 'Offerte gestuurd.' });
    await storage.addLeadNote({ leadId: other, authorId: null, body: 'Andere lead.' });
    expect(first).toMatchObject({ leadId: id, authorId: 'staffuser0000001', body: 'Gebeld, belt terug.', createdAt: expect.any(String) });
    expect(await storage.leadNotes(id)).toEqual([first, second]);
    expect(await storage.addLeadNote({ leadId: 'nope', authorId: null, body: 'x' })).toBeUndefined();
    expect((await storage.findPerson({ email: 'note.person@example.org' })).notes).toEqual([first, second]);

    await storage.deleteLeads([id]);
    expect(await storage.leadNotes(id)).toEqual([]);
    expect((await storage.leadNotes(other)).map((n) => n.body)).toEqual(['Andere lead.']);
  });
});

describe.each(backends)('migration 0008 on $name', (backend) => {
  beforeAll(() => backend.setup(), 180_000);
  afterAll(() => backend.teardown(), 30_000);

  it('gives the leads stored before it their search text and the status new', async () => {
    const options = await backend.fresh();
    // the database as the release before 0008 left it, with one lead in it
    const { kind, dialect } = chooseDialect(options);
    const older = new Kysely<Record<string, Record<string, unknown>>>({ dialect });
    const before = Object.fromEntries(Object.entries(migrations(kind)).filter(([name]) => name < '0008'));
    const { error } = await new Migrator({ db: older, provider: { getMigrations: async () => before } }).migrateToLatest();
    expect(error).toBeUndefined();
    const row = { id: 'olderlead0000001', submission_id: 'older', form: 'quote', name: 'Éva Bakker', email: 'eva@example.org', phone: '+31 6 11122233' };
    await older
      .insertInto('leads')
      .values({
        ...row,
        message: 'Oude lead',
        values_json: JSON.stringify({ wens: 'Zonnepanelen' }),
        photos_json: '[]',
        spam: 0,
        review: 0,
        flags_json: '[]',
        ip: null,
        user_agent: null,
        created_at: '2026-01-01T00:00:00.000Z',
        delivery: 'pending',
        delivery_detail: null,
      })
      .execute();
    await older.destroy();

    const storage = await openStorage(options);
    try {
      for (const search of ['eva bakker', 'zonnepanelen', '0611122233']) {
        expect(
          (await storage.inboxPage({ limit: 10, search })).leads.map((l) => [l.id, l.status]),
          search,
        ).toEqual([[row.id, 'new']]);
      }
    } finally {
      await storage.close();
    }
  });
});
