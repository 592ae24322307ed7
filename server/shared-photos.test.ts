import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { minFillMs } from '../core/forms/validation.ts';
import { issueToken } from './api/form-token.ts';
import { STAFF_REQUEST_HEADER } from './admin/request-guard.ts';
import { startPostgres, type TestPostgres } from '../tests/support/postgres.ts';
import { fixtureDist, removeDir, startServer, type ServerProcess } from '../tests/support/server-process.ts';
import { fixtureServerSite } from '../tests/support/server-site.ts';
import { ADMIN_ORIGIN, adminUrl, formToken, newStaff, NO_LIMITS, sendLead, uploadPhoto } from './backup/test-support/drill.ts';

/**
 * Two real server processes on one PostgreSQL, each with its own data folder, as two machines have them: what
 * must be shared (the photos, the budgets of the whole site) is, whichever instance a request reaches.
 */
const SECRET = 'shared-photos-test-secret-of-at-least-32-bytes';
const site = fixtureServerSite();
const contact = site.forms.contact!;
const emailjs = site.integrations.emailjs!;
const dist = fixtureDist();
type Instance = ServerProcess & { admin: string };
const servers: Instance[] = [];
let postgres: TestPostgres;
let databaseUrl: string;
let db: pg.Client;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  postgres = await startPostgres();
  const admin = new pg.Client(postgres.url);
  await admin.connect();
  await admin.query('create database shared_photos');
  await admin.end();
  databaseUrl = postgres.url.replace(/\/postgres$/, '/shared_photos');
  const env = {
    ...NO_LIMITS,
    DATABASE_URL: databaseUrl,
    FORM_SECRET: SECRET,
    ADMIN_ORIGIN,
    // the whole site's budget of staff mails per minute, for both instances together
    RATE_LIMIT_MAILS_TOTAL: '4',
  };
  // one after the other, so the second finds the schema made; each has its own new data folder. Only B's sweep
  // looks often (every 1.2 s): A's looks once at its start, so what goes from A's disk, B's sweep took
  for (const sweep of ['10', '0.02']) {
    const server = await startServer({ distDir: dist, env: { ...env, UPLOAD_SWEEP_MINUTES: sweep } });
    for (let waited = 0; !adminUrl(server) && waited < 20_000; waited += 100) await sleep(100);
    servers.push(Object.assign(server, { admin: adminUrl(server)! }));
  }
  db = new pg.Client(databaseUrl);
  await db.connect();
}, 90_000);

afterAll(async () => {
  await db?.end();
  for (const s of servers) {
    await s.stop();
    removeDir(s.dataDir);
  }
  await postgres?.stop();
  removeDir(dist);
}, 30_000);

const bytesAt = async (server: ServerProcess, link: string) => {
  const answer = await fetch(`${server.url}${new URL(link).pathname}`);
  return { status: answer.status, type: answer.headers.get('content-type'), bytes: Buffer.from(await answer.arrayBuffer()) };
};

/** The photo files in an instance's data folder (its uploads folder, temporary files aside). */
const filesOn = (server: ServerProcess) => {
  const dir = join(server.dataDir, 'uploads');
  return existsSync(dir) ? readdirSync(dir).filter((name) => name !== 'tmp') : [];
};

/** Photo bytes the database still holds of these uploads: their rows, and their chunks where the table is. */
async function bytesInDatabase(ids: string[]): Promise<number> {
  const rows = await db.query('select count(*)::int as n from uploads where id = any($1)', [ids]);
  const chunks = (await db.query(`select to_regclass('upload_chunks') is not null as present`)).rows[0].present
    ? (await db.query('select count(*)::int as n from upload_chunks where upload_id = any($1)', [ids])).rows[0].n
    : 0;
  return rows.rows[0].n + chunks;
}

const staffHeaders = (session: string) => ({
  'sec-fetch-site': 'same-origin',
  'content-type': 'application/json',
  [STAFF_REQUEST_HEADER]: '1',
  cookie: session,
});

describe('two instances on one PostgreSQL with separate data folders', () => {
  it('serve a photo uploaded through either one', async () => {
    const [a, b] = servers as [Instance, Instance];
    const photo = await uploadPhoto(a, '#00aa00');
    const atA = await bytesAt(a, photo.link);
    const atB = await bytesAt(b, photo.link);
    expect(atA.status).toBe(200);
    expect(atB.status).toBe(200);
    expect(atB.type).toBe('image/png');
    expect(atB.bytes.equals(atA.bytes)).toBe(true);
  }, 60_000);

  it('show a lead sent through B with photos taken through A in B’s back office, and erase it through B from both and the database', async () => {
    const [a, b] = servers as [Instance, Instance];
    const photos = [await uploadPhoto(a, '#ff0000'), await uploadPhoto(a, '#0000ff')];
    const served = await Promise.all(photos.map((p) => bytesAt(a, p.link)));
    const token = await formToken(b);
    await sleep(3100);
    const sent = await sendLead(b, 'gedeeld-1', 'gedeeld@example.nl', { photos: photos.map((p) => p.link), token });
    expect(sent.status).toBe(201);
    const { id } = (await sent.json()) as { id: string };

    const { session } = await newStaff(b.admin, { databaseUrl, dataDir: b.dataDir }, 'verkoop@example.nl');
    const shown = await fetch(`${b.admin}/api/leads/${id}`, { headers: staffHeaders(session) });
    expect(shown.status).toBe(200);
    const { lead } = (await shown.json()) as { lead: { photos: { url: string }[] } };
    expect(lead.photos).toHaveLength(2);
    for (const [i, photo] of lead.photos.entries()) {
      const answer = await fetch(`${b.admin}${photo.url}`, { headers: staffHeaders(session) });
      expect(answer.status).toBe(200);
      expect(Buffer.from(await answer.arrayBuffer()).equals(served[i]!.bytes)).toBe(true);
    }

    const ids = photos.map((p) => p.id);
    // the two rows and at least a chunk of each
    expect(await bytesInDatabase(ids)).toBeGreaterThanOrEqual(4);
    const erase = await fetch(`${b.admin}/api/leads/${id}/erase`, { method: 'POST', headers: staffHeaders(session) });
    expect(erase.status).toBe(200);
    expect(await erase.json()).toMatchObject({ leads: 1, photos: 2 });
    expect(await bytesInDatabase(ids)).toBe(0);
    expect([...filesOn(a), ...filesOn(b)].filter((name) => ids.some((photoId) => name.startsWith(photoId)))).toEqual([]);
    for (const server of [a, b]) for (const p of photos) expect((await bytesAt(server, p.link)).status).toBe(404);
  }, 90_000);

  it('sweep through B an abandoned upload taken through A: gone from the database and from A’s disk', async () => {
    const [a, b] = servers as [Instance, Instance];
    const photo = await uploadPhoto(a, '#123456');
    // abandoned a day ago: past any UPLOAD_TTL_HOURS, for whichever sweep looks first
    await db.query(`update uploads set created_at = '2000-01-01T00:00:00.000Z' where id = $1`, [photo.id]);
    await expect.poll(() => bytesInDatabase([photo.id]), { timeout: 30_000, interval: 300 }).toBe(0);
    expect(filesOn(a).filter((name) => name.startsWith(photo.id))).toEqual([]);
    expect((await bytesAt(a, photo.link)).status).toBe(404);
    expect((await bytesAt(b, photo.link)).status).toBe(404);
  }, 60_000);

  it('queue at most RATE_LIMIT_MAILS_TOTAL mails a minute for the whole site, whichever instance takes them', async () => {
    const [a, b] = servers as [Instance, Instance];
    const run = Math.random().toString(36).slice(2, 8);
    const ids = Array.from({ length: 10 }, (_, i) => `budget-${run}-${i}`);
    const token = () => issueToken(SECRET, 'contact', Date.now() - minFillMs(site.integrations) - 5_000);
    for (const [i, submissionId] of ids.entries()) {
      const values = { name: `Bezoeker ${i}`, email: `budget${i}@example.nl`, phone: '', message: 'Graag een offerte voor een website' };
      const answer = await fetch(`${(i % 2 ? b : a).url}/api/forms/contact`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ submissionId, token: token(), hp: '', values }),
      });
      expect(answer.status).toBe(201);
    }
    const mail = (submissionId: string) => ({
      lib_version: '4.4.1',
      user_id: emailjs.publicKey,
      service_id: emailjs.serviceId,
      template_id: contact.mail.templateId,
      template_params: { submission_id: submissionId },
    });
    const answers: number[] = [];
    for (const [i, submissionId] of ids.entries()) {
      const answer = await fetch(`${(i % 2 ? a : b).url}/api/v1.0/email/send`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(mail(submissionId)),
      });
      answers.push(answer.status);
    }
    const queued = (await db.query('select count(*)::int as n from mails')).rows[0].n as number;
    console.log(`mail answers through A and B in turn: ${answers.join(' ')}; mails queued: ${queued}`);
    expect(queued).toBeLessThanOrEqual(4);
    expect(answers.filter((s) => s === 200)).toHaveLength(queued);
  }, 60_000);
});
