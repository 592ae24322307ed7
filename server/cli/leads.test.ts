import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStorage } from '../storage/open-storage.ts';
import type { NewLead } from '../storage/types.ts';
import { leadsCommand } from './leads-command.ts';
import { holdSqliteWriteLock } from '../../tests/support/sqlite-lock.ts';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const execFileAsync = promisify(execFile);

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** The real CLI in its own process, as `npm run leads` starts it. Never rejects. */
async function spawnLeads(dataDir: string, ...args: string[]): Promise<Run> {
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' };
  try {
    const { stdout, stderr } = await execFileAsync(process.execPath, ['--import', 'tsx', 'server/cli/leads.ts', ...args], { cwd: repo, env });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as Run;
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

/** The same command in this process: each spawn costs a second of start-up, so the finer cases run here. */
async function runLeads(dataDir: string, ...args: string[]): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const code = await leadsCommand(args, {
    env: { DATA_DIR: dataDir },
    defaultDataDir: '/nonexistent',
    out: (t) => void (stdout += t),
    err: (t) => void (stderr += t),
  });
  return { code, stdout, stderr };
}

const base: Omit<NewLead, 'submissionId' | 'name' | 'message'> = {
  form: 'quote',
  email: 'ada@example.org',
  phone: '0612345678',
  values: { name: 'x', services: ['web', 'seo'] },
  photos: ['https://example.org/uploads/p1.jpg'],
  spam: false,
  review: false,
  flags: [],
  ip: '203.0.113.9',
  userAgent: 'agent',
};

let dir: string;
let data: string;
let empty: string;
let first = '';
let second = '';
let spam = '';
const spawned: Record<string, Run> = {};

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'leads-cli-'));
  data = join(dir, 'data');
  empty = join(dir, 'nothing-here');
  const storage = await openStorage({ dataDir: data });
  first = (await storage.addLead({ ...base, submissionId: 'sub-first', name: 'Ada, Countess', message: 'Line one, "quoted"\nline two' })).id;
  second = (await storage.addLead({ ...base, submissionId: 'sub-second', name: '=SUM(A1:A2)', message: 'Hi', review: true, flags: ['no-token'] })).id;
  spam = (await storage.addLead({ ...base, submissionId: 'sub-spam', name: 'Bot', message: 'cheap pills', spam: true, flags: ['honeypot'] })).id;
  const mail = await storage.addMail({ leadId: first, to: 'owner@example.org', replyTo: 'ada@example.org', subject: 'New quote', text: 'x', templateId: 't' });
  await storage.markMailRetry(mail, '451 4.7.1 try later', new Date(Date.now() + 60_000));
  await storage.setDelivery(first, 'smtp-retrying', '451 4.7.1 try later');
  await storage.close();
  // side by side: each process starts Node, tsx and the database drivers
  const runs = {
    json: spawnLeads(data, '--json'),
    csv: spawnLeads(data, '--csv'),
    spam: spawnLeads(data, '--spam'),
    show: spawnLeads(data, 'show', first.slice(0, 6)),
    empty: spawnLeads(empty),
  };
  const settled = await Promise.all(Object.values(runs));
  Object.keys(runs).forEach((key, i) => (spawned[key] = settled[i] as Run));
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function result(name: string): Run {
  const found = spawned[name];
  if (!found) throw new Error(`no run ${name}`);
  return found;
}

describe('npm run leads (own process)', () => {
  it('prints JSON with every field, and only JSON, on stdout', () => {
    const { code, stdout } = result('json');
    expect(code).toBe(0);
    const parsed = JSON.parse(stdout) as Record<string, unknown>[];
    expect(parsed.map((l) => l.id)).toEqual([second, first]);
    expect(parsed[1]).toMatchObject({
      id: first,
      form: 'quote',
      name: 'Ada, Countess',
      email: 'ada@example.org',
      phone: '0612345678',
      message: 'Line one, "quoted"\nline two',
      photos: ['https://example.org/uploads/p1.jpg'],
      delivery: 'smtp-retrying',
      spam: false,
      review: false,
      flags: [],
      values: { name: 'x', services: ['web', 'seo'] },
    });
    expect(typeof parsed[1]?.createdAt).toBe('string');
  });

  it('prints RFC 4180 CSV with quoted fields and no live formulas', () => {
    const { code, stdout } = result('csv');
    expect(code).toBe(0);
    expect(stdout.split('\r\n')[0]).toMatch(/^"id","createdAt","form","name","email","phone","message","photos",/);
    expect(stdout).toContain(`"${first}",`);
    expect(stdout).toContain('"Ada, Countess"');
    expect(stdout).toContain('"Line one, ""quoted""\nline two"');
    expect(stdout).toContain(`"'=SUM(A1:A2)"`);
    expect(stdout.endsWith('\r\n')).toBe(true);
    expect(stdout.split('\r\n')).toHaveLength(4);
  });

  it('lists only spam with --spam', () => {
    const { code, stdout } = result('spam');
    expect(code).toBe(0);
    expect(stdout).toContain(spam.slice(0, 8));
    expect(stdout).toContain('[honeypot]');
    expect(stdout).not.toContain(first.slice(0, 8));
  });

  it('shows one lead in full by a prefix of its id, with its mails', () => {
    const { code, stdout } = result('show');
    expect(code).toBe(0);
    expect(stdout).toContain(`Lead ${first}`);
    expect(stdout).toContain('    Line one, "quoted"\n    line two');
    expect(stdout).toContain('services: web, seo');
    expect(stdout).toContain('https://example.org/uploads/p1.jpg');
    expect(stdout).toContain('retrying  attempts 1');
    expect(stdout).toContain('last error: 451 4.7.1 try later');
    expect(stdout).toContain('submission  sub-first');
  });

  it('says there are no leads yet when the database does not exist, without creating it', () => {
    const { code, stdout, stderr } = result('empty');
    expect(code).toBe(0);
    expect(stdout).toBe('');
    expect(stderr).toContain(`no leads yet: ${join(empty, 'leads.sqlite')} does not exist`);
    expect(existsSync(empty)).toBe(false);
  });
});

describe('leadsCommand', () => {
  it('lists the non-spam leads newest first, readable', async () => {
    const { code, stdout } = await runLeads(data);
    expect(code).toBe(0);
    expect(stdout.indexOf(second.slice(0, 8))).toBeGreaterThan(-1);
    expect(stdout.indexOf(second.slice(0, 8))).toBeLessThan(stdout.indexOf(first.slice(0, 8)));
    expect(stdout).not.toContain(spam.slice(0, 8));
    expect(stdout).toContain('Ada, Countess  <ada@example.org>  0612345678');
    expect(stdout).toContain('Line one, "quoted" ...');
    expect(stdout).toContain('smtp-retrying (451 4.7.1 try later)');
    expect(stdout).toContain('[REVIEW, no-token]');
    expect(stdout).toContain('photo: https://example.org/uploads/p1.jpg');
  });

  it('combines --spam and --limit with --json', async () => {
    const spamJson = JSON.parse((await runLeads(data, '--spam', '--json')).stdout) as unknown[];
    expect(spamJson).toEqual([expect.objectContaining({ id: spam, spam: true, flags: ['honeypot'] })]);
    const limited = JSON.parse((await runLeads(data, '--json', '--limit', '1')).stdout) as { id: string }[];
    expect(limited.map((l) => l.id)).toEqual([second]);
    expect((await runLeads(data, '--limit', '1')).stdout).toMatch(/^1 lead, newest first/);
    expect((await runLeads(data)).stdout).toMatch(/^2 leads, newest first/);
    const spamCsv = (await runLeads(data, '--spam', '--csv')).stdout;
    expect(spamCsv).toContain(`"${spam}"`);
    expect(spamCsv).not.toContain(`"${first}"`);
  });

  it('shows a lead as JSON with its mails, and explains a prefix that fits none', async () => {
    const shown = JSON.parse((await runLeads(data, 'show', first, '--json')).stdout) as { id: string; mails: { state: string }[] };
    expect(shown.id).toBe(first);
    expect(shown.mails.map((m) => m.state)).toEqual(['retrying']);
    const missing = await runLeads(data, 'show', 'zzzzzzzz9');
    expect(missing).toMatchObject({ code: 1, stdout: '' });
    expect(missing.stderr).toContain('no lead with an id starting with');
  });

  it('asks for more of an id when a prefix fits several leads', async () => {
    const many = join(dir, 'many');
    const storage = await openStorage({ dataDir: many });
    // 33 ids over 32 possible first characters: at least two share one
    const ids = await Promise.all(Array.from({ length: 33 }, (_, i) => storage.addLead({ ...base, submissionId: `many-${i}`, name: 'n', message: '' })));
    await storage.close();
    const counts = new Map<string, number>();
    for (const { id } of ids) counts.set(id[0] ?? '', (counts.get(id[0] ?? '') ?? 0) + 1);
    const shared = [...counts].find(([, n]) => n > 1)?.[0] ?? '';
    const answer = await runLeads(many, 'show', shared);
    expect(answer.code).toBe(1);
    expect(answer.stderr).toContain('is the start of several leads');
  });

  it('prints an empty list as JSON or a bare CSV header when there is no database yet', async () => {
    expect(JSON.parse((await runLeads(empty, '--json')).stdout)).toEqual([]);
    expect((await runLeads(empty, '--csv')).stdout).toMatch(/^"id","createdAt",[^\r\n]*\r\n$/);
    expect((await runLeads(empty, 'show', 'abc')).code).toBe(1);
    expect(existsSync(empty)).toBe(false);
  });

  it('rejects bad arguments with the usage', async () => {
    for (const args of [['--limit', 'many'], ['--json', '--csv'], ['--bogus'], ['list'], ['show']]) {
      const bad = await runLeads(data, ...args);
      expect(bad.code).toBe(2);
      expect(bad.stderr).toContain('usage: npm run leads');
    }
  });

  it('reports a DATABASE_URL that is not PostgreSQL', async () => {
    let stderr = '';
    const code = await leadsCommand([], { env: { DATABASE_URL: 'mysql://x' }, defaultDataDir: data, out: () => undefined, err: (t) => void (stderr += t) });
    expect(code).toBe(1);
    expect(stderr).toContain('DATABASE_URL must start with postgres://');
  });
});

describe('a lead that tries to take over the terminal', () => {
  // ESC [2J clears the screen, U+009B is a one-byte CSI, U+202E shows what follows backwards
  const hostile = 'Eve\u001b[2J\u009b31m\u202Efdp.exe\u2066x\u2069';
  // eslint-disable-next-line no-control-regex
  const raw = /[\u001b\u009b\u202e\u2066\u2069]/;
  let store: string;

  beforeAll(async () => {
    store = join(dir, 'hostile');
    const storage = await openStorage({ dataDir: store });
    await storage.addLead({ ...base, submissionId: 'sub-hostile', name: hostile, message: `Hallo\u001b]8;;https://evil.example\u0007klik` });
    await storage.close();
  });

  it('shows none of its control or bidi characters in the list, the detail, the JSON or the CSV', async () => {
    const list = (await runLeads(store)).stdout;
    expect(list).toContain('Eve?[2J?31m?fdp.exe?x?');
    const id = (JSON.parse((await runLeads(store, '--json')).stdout) as { id: string }[])[0]!.id;
    for (const args of [[], ['--json'], ['--csv'], ['show', id], ['show', id, '--json']]) {
      const { stdout } = await runLeads(store, ...args);
      expect(stdout, args.join(' ')).not.toMatch(raw);
      expect(stdout, args.join(' ')).not.toContain('\u0007');
    }
  });

  it('keeps the data itself: the JSON parses back to exactly what was stored', async () => {
    const [lead] = JSON.parse((await runLeads(store, '--json')).stdout) as { name: string }[];
    expect(lead!.name).toBe(hostile);
  });
});

describe('while another process holds the write lock', () => {
  it('lists the leads while the lock is held: an up-to-date database is only read', async () => {
    const holder = await holdSqliteWriteLock(join(data, 'leads.sqlite'));
    try {
      // a command that wanted to write would wait for the lock and then say the database is busy (below)
      const { code, stdout, stderr } = await runLeads(data, '--json');
      expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
      expect((JSON.parse(stdout) as { id: string }[]).map((l) => l.id)).toEqual([second, first]);
    } finally {
      await holder.release();
    }
  }, 30_000);

  it('says the database is busy when it cannot bring the schema up to date, after a bounded wait', async () => {
    const store = join(dir, 'locked-new');
    mkdirSync(store);
    // a file the server has not set up yet, locked by someone else
    const holder = await holdSqliteWriteLock(join(store, 'leads.sqlite'));
    try {
      // it ends by itself while the lock is still held (a wait without end would run into the test's time-out)
      const { code, stderr } = await runLeads(store);
      expect(code).toBe(1);
      expect(stderr).toMatch(/^leads: .*database is busy.*try again/);
    } finally {
      await holder.release();
    }
  }, 120_000);
});
