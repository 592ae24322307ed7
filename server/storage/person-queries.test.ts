import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgres, type TestPostgres } from '../../tests/support/postgres.ts';
import { openStorage } from './open-storage.ts';
import type { NewLead, Storage, StorageOptions } from './types.ts';

/**
 * findPerson by address takes one person: a lead whose e-mail field is the address in any case (letters of every
 * script too), or whose other fields hold it as a whole address, and mails of no lead that name it; never the
 * neighbours whose addresses merely contain it. On SQLite, on PostgreSQL with the C locale (lower() folds only
 * ASCII, as SQLite's) and on PostgreSQL with C.utf8 (lower() folds every letter).
 */
const temp: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'person-queries-'));
  temp.push(dir);
  return dir;
};

let server: TestPostgres | undefined;
async function postgres(name: string, locale: string): Promise<StorageOptions> {
  server ??= await startPostgres();
  const admin = new pg.Client(server.url);
  await admin.connect();
  await admin.query(`create database ${name} template template0 encoding 'UTF8' lc_collate '${locale}' lc_ctype '${locale}'`);
  await admin.end();
  return { databaseUrl: server.url.replace(/\/postgres$/, `/${name}`), dataDir: tempDir() };
}

afterAll(async () => {
  await server?.stop();
  for (const dir of temp) rmSync(dir, { recursive: true, force: true });
}, 30_000);

let counter = 0;
const lead = (email: string, overrides: Partial<NewLead> = {}): NewLead => ({
  submissionId: `person-${counter++}`,
  form: 'quote',
  name: 'Iemand',
  email,
  phone: '06 12345678',
  message: 'Graag een offerte.',
  values: { email, message: overrides.message ?? 'Graag een offerte.' },
  photos: [],
  spam: false,
  review: false,
  flags: [],
  ip: '203.0.113.9',
  userAgent: 'agent',
  ...overrides,
});

const backends: { name: string; options: () => Promise<StorageOptions> }[] = [
  { name: 'SQLite', options: async () => ({ dataDir: join(tempDir(), 'data') }) },
  { name: 'PostgreSQL (C locale)', options: () => postgres('person_c', 'C') },
  { name: 'PostgreSQL (C.utf8 locale)', options: () => postgres('person_utf8', 'C.utf8') },
];

describe.each(backends)('findPerson by address on $name', ({ options }) => {
  let storage: Storage;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    storage = await openStorage(await options());
    const add = async (key: string, input: NewLead) => void (ids[key] = (await storage.addLead(input)).id);
    await add('an', lead('an@x.nl'));
    await add('jan', lead('jan@x.nl'));
    await add('au', lead('an@x.nl.au'));
    await add('dotted', lead('jan.an@x.nl'));
    await add('upper', lead('AN@X.NL'));
    await add('message', lead('derde@y.nl', { message: 'bel an@x.nl of 06 12345678' }));
    await add('neighbourInMessage', lead('vierde@y.nl', { message: 'bel jan@x.nl of an@x.nl.au' }));
    await add('asa', lead('ÅSA@x.nl'));
    await add('asaDecomposed', lead('A\u030Asa@x.nl'));
    await add('kelvin', lead('\u212Aim@x.nl'));
    await add('underscore', lead('jo_an@x.nl'));
    await add('wildcardNeighbour', lead('joxan@x.nl'));
    for (const [key, replyTo] of [
      ['an', 'an@x.nl'],
      ['jan', 'jan@x.nl'],
      ['au', 'an@x.nl.au'],
    ] as const) {
      await storage.queueLeadMail(ids[key]!, { to: 'owner@x.nl', replyTo, subject: 'Offerte', text: `Email: ${replyTo}`, templateId: 't' });
      ids[`orphan-${key}`] = await storage.addMail({ leadId: null, to: 'owner@x.nl', replyTo, subject: 'Oud', text: `Email: ${replyTo}`, templateId: 't' });
    }
    ids['orphan-text'] = await storage.addMail({ leadId: null, to: 'owner@x.nl', replyTo: null, subject: 'Oud', text: 'Bel An@X.nl terug.', templateId: 't' });
  }, 60_000);
  afterAll(() => storage?.close());

  const leadsOf = async (email: string) => {
    const ofId = new Map(Object.entries(ids).map(([key, id]) => [id, key]));
    return (await storage.findPerson({ email })).leads.map((l) => ofId.get(l.id)).sort();
  };

  it('finds the address and the leads that name it whole, not jan@x.nl, an@x.nl.au or jan.an@x.nl', async () => {
    expect(await leadsOf('an@x.nl')).toEqual(['an', 'message', 'upper']);
    expect(await leadsOf('AN@x.NL')).toEqual(['an', 'message', 'upper']);
    expect(await leadsOf('jan@x.nl')).toEqual(['jan', 'neighbourInMessage']);
    expect(await leadsOf('an@x.nl.au')).toEqual(['au', 'neighbourInMessage']);
  });

  it('takes the mails of those leads and the mails of no lead that name the address, no neighbour’s', async () => {
    const person = await storage.findPerson({ email: 'an@x.nl' });
    const orphans = person.mails.filter((m) => m.leadId === null).map((m) => m.id);
    expect(orphans.sort()).toEqual([ids['orphan-an'], ids['orphan-text']].sort());
    expect(person.mails.filter((m) => m.leadId !== null).map((m) => m.leadId)).toEqual([ids.an]);
    const jan = await storage.findPerson({ email: 'jan@x.nl' });
    expect(jan.mails.map((m) => m.replyTo)).toEqual(['jan@x.nl', 'jan@x.nl']);
  });

  it('folds letters of every script, composed or not, and the Kelvin sign', async () => {
    expect(await leadsOf('åsa@x.nl')).toEqual(['asa', 'asaDecomposed']);
    expect(await leadsOf('ÅSA@X.NL')).toEqual(['asa', 'asaDecomposed']);
    expect(await leadsOf('kim@x.nl')).toEqual(['kelvin']);
  });

  it('takes LIKE wildcards in an address literally', async () => {
    expect(await leadsOf('jo_an@x.nl')).toEqual(['underscore']);
    expect(await leadsOf('joxan@x.nl')).toEqual(['wildcardNeighbour']);
  });
});
