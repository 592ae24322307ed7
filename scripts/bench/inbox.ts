import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { paths } from '../../core/paths.ts';
import { startPostgres, type TestPostgres } from '../../tests/support/postgres.ts';
import { TABLES } from './tables.ts';
import { recordRun, type Row } from './results-table.ts';
import { smoke } from './smoke.ts';

/**
 * npm run bench:inbox: the back office's leads inbox (issue 38) at 100,000 leads. A fresh SQLite database, and a
 * fresh PostgreSQL one (in the server DATABASE_URL names, else a throwaway one started as the tests start theirs),
 * filled through the storage's own addLead (so each lead gets its search text as in production), then ~200 pages
 * of each kind: the first page, a page deep in the list by cursor, a search by a word, a search with filters. p50
 * and p95 of each beside the plain list query (listLeads, newest 50, no filters) timed in the same run, and beside
 * the limit: p95 under 100 ms. BENCH_SMOKE=1: 2,000 leads and 5 rounds, only to see that it runs.
 */
const LEADS = smoke ? 2_000 : Number(process.env.BENCH_LEADS ?? 100_000);
const ROUNDS = smoke ? 5 : 200;
const PAGE = 50;
const LIMIT_MS = 100;

// scripts/ never imports server/ (the layer rule): the bench loads the server's storage by its path, as the
// server bench starts server/main.ts, and names the little it uses of it here
interface InboxQuery {
  search?: string;
  form?: string;
  status?: string;
  spam?: boolean;
  after?: string;
  limit: number;
}
interface BenchStorage {
  addLead(lead: Record<string, unknown>): Promise<{ id: string }>;
  listLeads(options: { limit: number }): Promise<unknown[]>;
  inboxPage(query: InboxQuery): Promise<{ leads: { id: string; createdAt: string }[]; next?: string; total?: number }>;
  close(): Promise<void>;
}
const storageModule = join(paths.root, 'server', 'storage', 'open-storage.ts');
const inboxModule = join(paths.root, 'server', 'storage', 'inbox-queries.ts');
const { openStorage } = (await import(storageModule)) as { openStorage: (options: { dataDir: string; databaseUrl?: string }) => Promise<BenchStorage> };
const { encodeCursor } = (await import(inboxModule)) as { encodeCursor: (row: { createdAt: string; id: string }) => string };

/** mulberry32: the same leads every run, so two runs measure the same data */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rand = random(38);
const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;

const FIRST = ['Jan', 'Sanne', 'Pieter', 'Fleur', 'Daan', 'Emma', 'Bram', 'Lotte', 'Sem', 'Anouk', 'Ruben', 'Iris', 'Thijs', 'Femke', 'Joris', 'Noor'];
const LAST = ['de Vries', 'Jansen', 'van den Berg', 'Bakker', 'Visser', 'Smit', 'Meijer', 'de Boer', 'Mulder', 'de Groot', 'Bos', 'Vos', 'Peters', 'Hendriks'];
const CITIES = ['Utrecht', 'Amersfoort', 'Zwolle', 'Haarlem', 'Leiden', 'Delft', 'Gouda', 'Breda', 'Tilburg', 'Arnhem', 'Nijmegen', 'Deventer'];
const STREETS = ['Kerkstraat', 'Dorpsstraat', 'Molenweg', 'Stationsplein', 'Schoolstraat', 'Julianalaan', 'Beukenlaan', 'Havenkade'];
const JOBS = [
  'een dakkapel',
  'zonnepanelen',
  'een nieuwe badkamer',
  'een keukenrenovatie',
  'lekkage aan het dak',
  'schilderwerk buiten',
  'een aanbouw',
  'vloerverwarming',
];
const ASKS = ['Kunt u een offerte sturen?', 'Wanneer kunt u langskomen?', 'Graag telefonisch contact.', 'Wat kost dat ongeveer?', 'Liefst nog deze maand.'];
const FORMS = [
  'contact',
  'offerte-dakkapel',
  'offerte-zonnepanelen',
  'offerte-badkamer',
  'offerte-keuken',
  'terugbellen',
  'schade',
  'onderhoud',
  'vacature',
  'advies',
];
/** words the searches look for: a job, a city, a surname, a street */
const WORDS = ['dakkapel', 'zonnepanelen', 'badkamer', 'lekkage', 'vloerverwarming', 'utrecht', 'deventer', 'jansen', 'mulder', 'molenweg', 'havenkade'];

function newLead(i: number): Record<string, unknown> {
  const name = `${pick(FIRST)} ${pick(LAST)}`;
  const email = `${name.toLowerCase().replace(/[^a-z]+/g, '.')}${i}@example.nl`;
  const phone = `06 ${String(10_000_000 + Math.floor(rand() * 89_999_999))}`;
  const message = `Goedendag, wij zoeken ${pick(JOBS)} voor ons huis aan de ${pick(STREETS)} in ${pick(CITIES)}. ${pick(ASKS)}`;
  const spam = rand() < 0.08;
  return {
    submissionId: `bench-${i}`,
    form: pick(FORMS),
    name,
    email,
    phone,
    message,
    values: { name, email, phone, message, postcode: `${1000 + Math.floor(rand() * 8999)} AB`, huisnummer: String(1 + Math.floor(rand() * 200)) },
    photos: rand() < 0.2 ? [`https://example.nl/uploads/${i}.jpg`] : [],
    spam,
    review: false,
    flags: spam ? ['honeypot'] : [],
    ip: '203.0.113.9',
    userAgent: 'bench',
  };
}

/** The leads through addLead, 1,000 at a time: the storage's group commit writes each thousand in one transaction. */
async function fill(storage: BenchStorage): Promise<void> {
  const start = performance.now();
  for (let i = 0; i < LEADS; i += 1000) {
    await Promise.all(Array.from({ length: Math.min(1000, LEADS - i) }, (_, j) => storage.addLead(newLead(i + j))));
  }
  console.log(`  ${LEADS.toLocaleString('en')} leads stored in ${((performance.now() - start) / 1000).toFixed(1)} s`);
}

interface BenchDatabase {
  name: 'SQLite' | 'PostgreSQL';
  options: { dataDir: string; databaseUrl?: string };
  /** one statement straight on the database, beside the storage: what the bench sets up that no lead would */
  raw(statement: string): Promise<Record<string, unknown>[]>;
  cleanup(): Promise<void>;
}

const temp = mkdtempSync(join(tmpdir(), 'inbox-bench-'));

async function sqliteDatabase(): Promise<BenchDatabase> {
  const { default: BetterSqlite3 } = await import('better-sqlite3');
  const dataDir = join(temp, 'sqlite');
  return {
    name: 'SQLite',
    options: { dataDir },
    raw: async (statement) => {
      const db = new BetterSqlite3(join(dataDir, 'leads.sqlite'));
      try {
        const prepared = db.prepare(statement);
        return prepared.reader ? (prepared.all() as Record<string, unknown>[]) : (prepared.run(), []);
      } finally {
        db.close();
      }
    },
    cleanup: async () => undefined,
  };
}

async function onPostgres(url: string, statement: string): Promise<Record<string, unknown>[]> {
  const client = new pg.Client(url);
  await client.connect();
  try {
    return (await client.query<Record<string, unknown>>(statement)).rows;
  } finally {
    await client.end();
  }
}

/** A database of its own on the server DATABASE_URL names (dropped after), else on a throwaway server. */
async function postgresDatabase(): Promise<BenchDatabase> {
  let server: TestPostgres | undefined;
  const serverUrl = process.env.DATABASE_URL || (server = await startPostgres()).url;
  const name = `inbox_bench_${process.pid}`;
  await onPostgres(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name: 'PostgreSQL',
    options: { dataDir: join(temp, 'pg'), databaseUrl: url.toString() },
    raw: (statement) => onPostgres(url.toString(), statement),
    cleanup: async () => {
      await onPostgres(serverUrl, `drop database if exists ${name}`).catch(() => undefined);
      await server?.stop();
    },
  };
}

/**
 * Two years of leads and staff at work on them: addLead stamps each with the moment it is stored, so the times are
 * spread afterwards, and a third of the leads are contacted, won or lost.
 */
const SPREAD = {
  SQLite: `update leads set created_at = strftime('%Y-%m-%dT%H:%M:%fZ', 1704067200 + abs(random() % 63072000), 'unixepoch'),
    status = case abs(random() % 9) when 0 then 'won' when 1 then 'lost' when 2 then 'contacted' else 'new' end`,
  PostgreSQL: `update leads set created_at = to_char(timestamp '2024-01-01' + random() * interval '730 days', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    status = (array['won', 'lost', 'contacted', 'new', 'new', 'new', 'new', 'new', 'new'])[1 + floor(random() * 9)::int]`,
};

const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.max(0, Math.ceil(p * xs.length) - 1)]!;
const ms = (x: number) => `${x < 10 ? x.toFixed(1) : x.toFixed(0)} ms`;

type Kind = 'first page' | 'deep page (cursor)' | 'search a word' | 'search + filters';

/** Each round runs the baseline and every kind once, interleaved, so the machine's load weighs on all alike. */
async function measure(storage: BenchStorage, cursors: string[]): Promise<{ baseline: number[]; kinds: Record<Kind, number[]> }> {
  const queries: Record<Kind, (i: number) => InboxQuery> = {
    'first page': () => ({ limit: PAGE, spam: false }),
    'deep page (cursor)': (i) => ({ limit: PAGE, spam: false, after: cursors[i % cursors.length]! }),
    'search a word': (i) => ({ limit: PAGE, spam: false, search: WORDS[i % WORDS.length]! }),
    'search + filters': (i) => ({ limit: PAGE, spam: false, search: WORDS[i % WORDS.length]!, form: FORMS[i % FORMS.length]!, status: 'new' }),
  };
  const baseline: number[] = [];
  const kinds = Object.fromEntries(Object.keys(queries).map((k) => [k, [] as number[]])) as Record<Kind, number[]>;
  const time = async (run: () => Promise<unknown>) => {
    const start = performance.now();
    await run();
    return performance.now() - start;
  };
  // a few rounds first, not counted: the first queries of a fresh connection warm its caches
  for (let i = -5; i < ROUNDS; i++) {
    const plain = await time(() => storage.listLeads({ limit: PAGE }));
    if (i >= 0) baseline.push(plain);
    for (const [kind, query] of Object.entries(queries) as [Kind, (i: number) => InboxQuery][]) {
      const took = await time(() => storage.inboxPage(query(i + 5)));
      if (i >= 0) kinds[kind].push(took);
    }
  }
  return { baseline, kinds };
}

/** Cursors deep in the list (past half of it): the created_at and id of leads there, as the inbox makes them. */
async function deepCursors(database: BenchDatabase): Promise<string[]> {
  const rows = await database.raw('select created_at, id from leads where spam = 0 order by created_at desc, id desc');
  return Array.from({ length: 50 }, () => rows[Math.floor(rows.length * (0.5 + rand() * 0.45))]!).map((row) =>
    encodeCursor({ createdAt: String(row.created_at), id: String(row.id) }),
  );
}

async function benchDatabase(database: BenchDatabase): Promise<Row[]> {
  console.log(`${database.name}:`);
  const storage = await openStorage(database.options);
  try {
    await fill(storage);
    await database.raw(SPREAD[database.name]);
    // what autovacuum would have done by the time a database holds two years of leads
    if (database.name === 'PostgreSQL') await database.raw('vacuum analyze leads');
    const { baseline, kinds } = await measure(storage, await deepCursors(database));
    const base = `${ms(percentile(baseline, 0.5))} / ${ms(percentile(baseline, 0.95))}`;
    console.log(`  plain list (baseline): p50 / p95 ${base}`);
    return Object.entries(kinds).map(([kind, times]) => {
      const p95 = percentile(times, 0.95);
      console.log(`  ${kind.padEnd(20)} p50 ${ms(percentile(times, 0.5)).padStart(7)}  p95 ${ms(p95).padStart(7)}  (limit ${LIMIT_MS} ms)`);
      return {
        database: database.name,
        leads: LEADS.toLocaleString('en'),
        query: kind,
        rounds: String(ROUNDS),
        p50: ms(percentile(times, 0.5)),
        p95: ms(p95),
        'plain list (baseline): p50 / p95': base,
        'limit (p95)': `${LIMIT_MS} ms`,
        'p95 / limit': `${(p95 / LIMIT_MS).toFixed(2)}`,
        note: kind === 'first page' || kind.startsWith('search') ? `${PAGE} a page, with the total` : `${PAGE} a page`,
      };
    });
  } finally {
    await storage.close();
  }
}

const rows: Row[] = [];
try {
  rows.push(...(await benchDatabase(await sqliteDatabase())));
  let postgres: BenchDatabase | undefined;
  try {
    postgres = await postgresDatabase();
  } catch (error) {
    // no PostgreSQL here: SQLite's figures stand alone, and the table says why
    console.log(`PostgreSQL: not measured (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`);
  }
  if (postgres) {
    try {
      rows.push(...(await benchDatabase(postgres)));
    } finally {
      await postgres.cleanup();
    }
  }
} finally {
  rmSync(temp, { recursive: true, force: true });
}
await recordRun(TABLES.inbox, rows);
const over = rows.filter((row) => Number(row['p95 / limit']) >= 1);
if (over.length > 0 && !smoke) console.log(`over the limit: ${over.map((row) => `${row.database} ${row.query}`).join(', ')}`);
