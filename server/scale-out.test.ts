import pg from 'pg';
import { startSmtp } from '../tests/support/smtp.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { minFillMs } from '../core/forms/validation.ts';
import { issueToken } from './api/form-token.ts';
import { openStorage } from './storage/open-storage.ts';
import type { Storage } from './storage/types.ts';
import { startPostgres, type TestPostgres } from '../tests/support/postgres.ts';
import { fixtureDist, removeDir, startServer, type ServerProcess } from '../tests/support/server-process.ts';
import { fixtureServerSite } from '../tests/support/server-site.ts';

/**
 * Two real server processes behind one PostgreSQL and one SMTP server, as a load balancer would run them:
 * every lead is stored once, also one that reaches both at once, and every mail is delivered exactly once,
 * though both processes deliver the same outbox.
 */
const SECRET = 'scale-out-test-secret-of-at-least-32-bytes';
const site = fixtureServerSite();
const form = site.forms.contact!;
const emailjs = site.integrations.emailjs!;
const dist = fixtureDist();
const servers: ServerProcess[] = [];
let postgres: TestPostgres;
let databaseUrl: string;
let smtp: Awaited<ReturnType<typeof startSmtp>>;

beforeAll(async () => {
  postgres = await startPostgres();
  const admin = new pg.Client(postgres.url);
  await admin.connect();
  await admin.query('create database scale_out');
  await admin.end();
  databaseUrl = postgres.url.replace(/\/postgres$/, '/scale_out');
  smtp = await startSmtp();
  const env = {
    DATABASE_URL: databaseUrl,
    SMTP_URL: smtp.url,
    MAIL_FROM: 'website@example.org',
    SMTP_INTERVAL_MS: '100',
    // one secret for both, as README says for several servers: a token one issued the other accepts
    FORM_SECRET: SECRET,
    RATE_LIMIT_LEADS: '100000',
    RATE_LIMIT_MAILS: '100000',
  };
  // one after the other: both would migrate the new database at once otherwise (Kysely's lock covers that,
  // but it is not what this test is about)
  servers.push(await startServer({ distDir: dist, env }));
  servers.push(await startServer({ distDir: dist, env }));
}, 60_000);

afterAll(async () => {
  for (const s of servers) {
    await s.stop();
    removeDir(s.dataDir);
  }
  await smtp?.stop();
  await postgres?.stop();
  removeDir(dist);
}, 30_000);

const post = (url: string, path: string, body: unknown) =>
  fetch(`${url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

/** A lead with a fill-time token old enough: not spam, so the local mail endpoint takes its mail. */
function lead(submissionId: string, marker: string) {
  return {
    submissionId,
    token: issueToken(SECRET, 'contact', Date.now() - minFillMs(site.integrations) - 5_000),
    hp: '',
    values: { name: `Bezoeker ${marker}`, email: `${marker}@example.nl`, phone: '', message: `Bericht ${marker} graag een offerte` },
  };
}

/** What @emailjs/browser sends for that lead's mail to the site's own EmailJS-compatible endpoint. */
function mailFor(submissionId: string, marker: string) {
  return {
    lib_version: '4.4.1',
    user_id: emailjs.publicKey,
    service_id: emailjs.serviceId,
    template_id: form.mail.templateId,
    template_params: {
      from_name: `Bezoeker ${marker}`,
      from_email: `${marker}@example.nl`,
      reply_to: `${marker}@example.nl`,
      message: `Nieuwe contact aanvraag\n\nNaam: Bezoeker ${marker}\nBericht ${marker} graag een offerte`,
      submission_id: submissionId,
    },
  };
}

async function withStorage<T>(read: (storage: Storage) => Promise<T>): Promise<T> {
  const storage = await openStorage({ databaseUrl, dataDir: servers[0]!.dataDir });
  try {
    return await read(storage);
  } finally {
    await storage.close();
  }
}

describe('two server processes on one PostgreSQL', () => {
  it('store every lead once and deliver every mail exactly once', async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const run = Math.random().toString(36).slice(2, 8);
    const leads = Array.from({ length: 20 }, (_, i) => ({ submissionId: `scale-${run}-${i}`, marker: `m${run}n${i}x` }));
    const shared = { submissionId: `scale-${run}-both`, marker: `m${run}nbothx` };

    // the leads to both processes alternately, all at once, and one submission to both at the same moment
    const [answers, both] = await Promise.all([
      Promise.all(leads.map((l, i) => post((i % 2 ? b : a).url, '/api/forms/contact', lead(l.submissionId, l.marker)))),
      Promise.all([a, b].map((s) => post(s.url, '/api/forms/contact', lead(shared.submissionId, shared.marker)))),
    ]);
    expect(answers.map((r) => r.status)).toEqual(leads.map(() => 201));
    expect(both.map((r) => r.status).sort()).toEqual([200, 201]);
    const bothIds = await Promise.all(both.map((r) => r.json() as Promise<{ id: string }>));
    expect(bothIds[0]).toEqual(bothIds[1]);

    // each lead's mail, to the process that did not take the lead, all at once
    const all = [...leads, shared];
    const sent = await Promise.all(all.map((l, i) => post((i % 2 ? a : b).url, '/api/v1.0/email/send', mailFor(l.submissionId, l.marker))));
    expect(sent.map((r) => r.status)).toEqual(all.map(() => 200));

    // both processes deliver the outbox (every 100 ms, and at once when a mail comes in) until it is empty
    await expect
      .poll(() => withStorage(async (s) => (await s.listMails()).filter((m) => m.state !== 'sent').length), { timeout: 30_000, interval: 200 })
      .toBe(0);
    // a few more rounds of both processes: a mail sent twice would arrive now at the latest
    await new Promise((resolve) => setTimeout(resolve, 1000));

    const copies = all.map((l) => smtp.received.filter((m) => m.raw.includes(l.marker)).length);
    console.log(`SMTP received ${smtp.received.length} messages for ${all.length} mails; copies per mail: ${copies.join(' ')}`);
    const { stored, mails } = await withStorage(async (s) => ({
      stored: [...(await s.listLeads({ limit: 1000 })), ...(await s.listLeads({ spam: true, limit: 1000 }))],
      mails: await s.listMails(),
    }));
    expect(stored.filter((l) => l.spam)).toEqual([]);
    expect(stored.map((l) => l.submissionId).sort()).toEqual(all.map((l) => l.submissionId).sort());
    expect(mails).toHaveLength(all.length);
    expect(mails.filter((m) => m.attempts !== 1)).toEqual([]);

    expect(copies).toEqual(all.map(() => 1));
    expect(smtp.received).toHaveLength(all.length);
    expect((await withStorage((s) => s.getLead(bothIds[0]!.id)))?.delivery).toBe('smtp-sent');
  }, 90_000);
});
