import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

/** The back office's address, from the server's own line. */
const adminUrl = (server: ServerProcess) => /back office on (http:\/\/127\.0\.0\.1:\d+)/.exec(server.output())?.[1];

async function started(env: Record<string, string>): Promise<ServerProcess & { admin: string }> {
  const server = await startServer({ distDir: dist, env });
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
});
