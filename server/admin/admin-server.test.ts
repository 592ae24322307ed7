import { cpSync, mkdirSync, mkdtempSync, readFileSync, renameSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_SITE_FILE } from '../../core/site/server-site.ts';
import { openStorage } from '../storage/open-storage.ts';
import { base32Decode } from '../staff/base32.ts';
import { inviteStaff } from '../staff/invitations.ts';
import { openStaffStore } from '../staff/store/staff-store.ts';
import { totpAt } from '../staff/totp.ts';
import { startPostgres, type TestPostgres } from '../../tests/support/postgres.ts';
import { fixtureDist, removeDir, startServer, type ServerProcess } from '../../tests/support/server-process.ts';
import { STAFF_REQUEST_HEADER } from './request-guard.ts';
import { ADMIN_CSP } from './admin-headers.ts';
import { SESSION_COOKIE } from './session-cookie.ts';

/**
 * The back office as `npm start` serves it: a port and origin of its own beside the public site, which serves
 * none of it; and with two server processes on one PostgreSQL, a session begun on one is a session on the other.
 */
const dist = fixtureDist();
const PASSWORD = 'fiets-zon-regen-42';
const OWN = { 'sec-fetch-site': 'same-origin', 'content-type': 'application/json', [STAFF_REQUEST_HEADER]: '1' };
let postgres: TestPostgres;
const servers: ServerProcess[] = [];

/** A new invitation for `email`, accepted over the API as its screen does: the session's cookie. */
async function signedIn(admin: string, storeOptions: { dataDir: string; databaseUrl?: string }, email: string): Promise<string> {
  const store = await openStaffStore(storeOptions);
  const invited = await inviteStaff(store, email, 'sales', null);
  await store.close();
  if (!invited.ok) throw new Error(invited.problem);
  const invitation = (await (await fetch(`${admin}/api/invitations/${invited.token}`)).json()) as { totp: { secret: string } };
  const accepted = await fetch(`${admin}/api/invitations/${invited.token}`, {
    method: 'POST',
    headers: OWN,
    body: JSON.stringify({ password: PASSWORD, totpSecret: invitation.totp.secret, code: totpAt(base32Decode(invitation.totp.secret)!, Date.now()) }),
  });
  expect(accepted.status).toBe(200);
  return accepted.headers.get('set-cookie')!.split(';')[0]!;
}

/** The back office's address, from the server's own line. */
const adminUrl = (server: ServerProcess) => /back office on (http:\/\/127\.0\.0\.1:\d+)/.exec(server.output())?.[1];

async function started(env: Record<string, string>, distDir = dist): Promise<ServerProcess & { admin: string }> {
  const server = await startServer({ distDir, env });
  servers.push(server);
  await expect.poll(() => adminUrl(server), { timeout: 20_000 }).toBeDefined();
  return Object.assign(server, { admin: adminUrl(server)! });
}

beforeAll(async () => {
  postgres = await startPostgres();
}, 180_000);
afterAll(async () => {
  for (const server of servers) {
    await server.stop();
    removeDir(server.dataDir);
  }
  await postgres?.stop();
  removeDir(dist);
}, 60_000);

describe('the back office beside the site', () => {
  it('is served on its own port with its own headers; the public site serves none of it and keeps its headers', async () => {
    const server = await started({});
    expect(server.admin).not.toBe(server.url);
    const me = await fetch(`${server.admin}/api/me`);
    expect([me.status, await me.json()]).toEqual([401, { error: 'signed-out' }]);
    expect(me.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(me.headers.get('x-frame-options')).toBe('DENY');
    const onSite = await fetch(`${server.url}/api/me`);
    expect(onSite.status).toBe(404);
    const home = await fetch(`${server.url}/`);
    expect(home.status).toBe(200);
    expect(home.headers.get('content-security-policy')).not.toBe(ADMIN_CSP);
    const signIn = await fetch(`${server.url}/api/sign-in`, { method: 'POST', headers: OWN, body: '{}' });
    expect(signIn.status).toBe(404);
  }, 90_000);

  it('with two servers on one PostgreSQL, a sign-in on one is a session on the other, and a sign-out on it ends it on both', async () => {
    const a = await started({ DATABASE_URL: postgres.url });
    const b = await started({ DATABASE_URL: postgres.url });
    const store = await openStaffStore({ databaseUrl: postgres.url, dataDir: a.dataDir });
    const invited = await inviteStaff(store, 'an@example.nl', 'sales', null);
    if (!invited.ok) throw new Error(invited.problem);
    const invitation = (await (await fetch(`${a.admin}/api/invitations/${invited.token}`)).json()) as { totp: { secret: string } };
    const key = base32Decode(invitation.totp.secret)!;
    const accepted = await fetch(`${a.admin}/api/invitations/${invited.token}`, {
      method: 'POST',
      headers: OWN,
      body: JSON.stringify({ password: PASSWORD, totpSecret: invitation.totp.secret, code: totpAt(key, Date.now()) }),
    });
    expect(accepted.status).toBe(200);
    await store.close();
    const cookie = accepted.headers.get('set-cookie')!.split(';')[0]!;
    expect(cookie.startsWith(`${SESSION_COOKIE}=`)).toBe(true);
    expect(await (await fetch(`${b.admin}/api/me`, { headers: { cookie } })).json()).toMatchObject({ email: 'an@example.nl', role: 'sales' });
    expect((await fetch(`${b.admin}/api/sign-out`, { method: 'POST', headers: { ...OWN, cookie }, body: '{}' })).status).toBe(200);
    expect((await fetch(`${a.admin}/api/me`, { headers: { cookie } })).status).toBe(401);
  }, 180_000);

  it('against the real process on SQLite and PostgreSQL: 60 wrong sign-ins at once check at most 5; a seed sent with an invitation is not taken', async () => {
    for (const env of [{}, { DATABASE_URL: postgres.url }] as Record<string, string>[]) {
      const server = await started(env);
      const store = await openStaffStore({ dataDir: server.dataDir, ...(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : {}) });
      const invited = await inviteStaff(store, `seed-${Object.keys(env).length}@example.nl`, 'sales', null);
      await store.close();
      if (!invited.ok) throw new Error(invited.problem);
      const zeros = 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
      await fetch(`${server.admin}/api/invitations/${invited.token}`);
      const forged = await fetch(`${server.admin}/api/invitations/${invited.token}`, {
        method: 'POST',
        headers: OWN,
        body: JSON.stringify({ password: PASSWORD, totpSecret: zeros, code: totpAt(base32Decode(zeros)!, Date.now()) }),
      });
      expect([forged.status, await forged.json()]).toEqual([400, { error: 'code' }]);
      const burst = await Promise.all(
        Array.from({ length: 60 }, (_, i) =>
          fetch(`${server.admin}/api/sign-in`, {
            method: 'POST',
            headers: OWN,
            body: JSON.stringify({ email: 'an@example.nl', password: `gok-${i}`, code: '123456' }),
          }),
        ),
      );
      const statuses = burst.map((answer) => answer.status);
      expect(statuses.filter((s) => s === 401).length).toBeGreaterThan(0);
      expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
      expect(statuses.filter((s) => s !== 401).every((s) => s === 429 || s === 503)).toBe(true);
    }
  }, 180_000);

  it("follows the live build: a switch to a build with a form's new label and another language shows in the inbox and the pages", async () => {
    // dist as npm run build leaves it: a link to the live build, switched by renaming a new link over it
    const base = mkdtempSync(join(tmpdir(), 'admin-live-'));
    const [first, second] = [join(base, 'build-1'), join(base, 'build-2')];
    cpSync(dist, first, { recursive: true });
    cpSync(dist, second, { recursive: true });
    const siteFile = join(second, SERVER_SITE_FILE);
    const site = JSON.parse(readFileSync(siteFile, 'utf8')) as { lang: string; forms: Record<string, { fields: { name: string; label: string }[] }> };
    site.lang = 'en';
    site.forms.contact!.fields.find((f) => f.name === 'name')!.label = 'Full name';
    writeFileSync(siteFile, JSON.stringify(site));
    const link = join(base, 'dist');
    symlinkSync(first, link);
    const server = await started({ ADMIN_PAGES_DIR: join(base, 'pages') }, link);
    // a page of the back office, so the language shows in what is served
    mkdirSync(join(base, 'pages'));
    cpSync(join(dist, 'index.html'), join(base, 'pages', 'index.html'));
    const cookie = await signedIn(server.admin, { dataDir: server.dataDir }, 'live@example.nl');
    const storage = await openStorage({ dataDir: server.dataDir });
    const { id } = await storage.addLead({
      submissionId: 'live-build-lead',
      form: 'contact',
      name: 'Jan',
      email: 'jan@example.nl',
      phone: '',
      message: 'Hallo',
      values: { name: 'Jan', email: 'jan@example.nl', message: 'Hallo' },
      photos: [],
      spam: false,
      review: false,
      flags: [],
      ip: null,
      userAgent: null,
    });
    await storage.close();
    const label = async () => {
      const lead = (await (await fetch(`${server.admin}/api/leads/${id}`, { headers: { cookie } })).json()) as {
        lead: { fields: { name: string; label: string }[] };
      };
      return lead.lead.fields.find((f) => f.name === 'name')?.label;
    };
    const lang = async () => /<html lang="([^"]+)"/.exec(await (await fetch(`${server.admin}/aanmelden`)).text())?.[1];
    expect([await label(), await lang()]).toEqual(['Naam', 'nl']);

    symlinkSync(second, `${link}.new`);
    renameSync(`${link}.new`, link);
    // the site's own requests see the switch (and index the new build); the back office reads the same live build
    await expect.poll(async () => (await fetch(`${server.url}/`)).status && (await label()), { timeout: 20_000 }).toBe('Full name');
    expect(await lang()).toBe('en');
    removeDir(base);
  }, 120_000);
});
