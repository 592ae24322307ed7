import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { base32Decode } from '../staff/base32.ts';
import { inviteStaff } from '../staff/invitations.ts';
import { openStaffStore } from '../staff/store/staff-store.ts';
import { totpAt } from '../staff/totp.ts';
import { STAFF_REQUEST_HEADER } from '../admin/request-guard.ts';
import { backOfficeOf, fixtureDist, removeDir, startServer, type ServerProcess } from '../../tests/support/server-process.ts';
import { logLines } from './test-support/log-lines.ts';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The real server's log, as `npm start` writes it: one JSON object a line, one line per request with its id, the id
 * on every answer; and nothing of a person or a secret in it after a visitor sent a lead and a member of the staff
 * accepted an invitation and signed in.
 */
const dist = fixtureDist();
const EMAIL = 'privacy.probe@example.nl';
const PASSWORD = 'fiets-zon-regen-42-geheim';
const STAFF_EMAIL = 'verkoop.probe@example.nl';
/** the visitor's address, as the proxy in front says it (TRUST_PROXY=1) */
const VISITOR = '203.0.113.77';
const FROM_VISITOR = { 'X-Forwarded-For': VISITOR };
const OWN = { 'sec-fetch-site': 'same-origin', 'content-type': 'application/json', [STAFF_REQUEST_HEADER]: '1' };
let server: ServerProcess;
let admin: string;
/** the back office's pages: one index.html, as its router answers every screen's path (the real ones are built later in CI) */
const pages = mkdtempSync(join(tmpdir(), 'log-pages-'));
writeFileSync(join(pages, 'index.html'), '<!doctype html><html><title>Backoffice</title></html>');

const requestLines = (output: string) => logLines(output).filter((line) => line.msg === 'request');

beforeAll(async () => {
  server = await startServer({ distDir: dist, env: { TRUST_PROXY: '1', ADMIN_PAGES_DIR: pages } });
  admin = await backOfficeOf(server);
}, 60_000);
afterAll(async () => {
  await server?.stop();
  if (server) removeDir(server.dataDir);
  removeDir(dist);
  removeDir(pages);
});

describe('the request log', () => {
  it('holds no address, query, cookie, password or token after a lead, an invitation and a sign-in', async () => {
    const lead = await fetch(`${server.url}/api/forms/contact?from=${encodeURIComponent(EMAIL)}&utm_source=query-secret-value`, {
      method: 'POST',
      headers: { ...FROM_VISITOR, 'Content-Type': 'application/json', Cookie: 'visitor=cookie-secret-value', Authorization: 'Bearer bearer-secret-value' },
      body: JSON.stringify({ submissionId: 'privacy-1', values: { name: 'Probe Persoon', email: EMAIL, phone: '0612345678', message: 'Bel me' } }),
    });
    expect(lead.status).toBe(201);
    expect((await fetch(`${server.url}/contact/?zoek=query-secret-value`, { headers: FROM_VISITOR })).status).toBe(200);
    expect((await fetch(`${server.url}/${EMAIL}`)).status).toBe(404);

    // a member of the staff invited, the invitation accepted through its link, signed out and in again
    const store = await openStaffStore({ dataDir: server.dataDir });
    const invited = await inviteStaff(store, STAFF_EMAIL, 'sales', null);
    await store.close();
    if (!invited.ok) throw new Error(invited.problem);
    expect((await fetch(`${admin}/uitnodiging/${invited.token}`)).status).toBe(200);
    const invitation = (await (await fetch(`${admin}/api/invitations/${invited.token}`)).json()) as { totp: { secret: string } };
    const secret = base32Decode(invitation.totp.secret)!;
    const accepted = await fetch(`${admin}/api/invitations/${invited.token}`, {
      method: 'POST',
      headers: OWN,
      body: JSON.stringify({ password: PASSWORD, totpSecret: invitation.totp.secret, code: totpAt(secret, Date.now()) }),
    });
    expect(accepted.status).toBe(200);
    const cookie = accepted.headers.get('set-cookie')!.split(';')[0]!;
    expect((await fetch(`${admin}/api/me`, { headers: { cookie } })).status).toBe(200);
    const signIn = await fetch(`${admin}/api/sign-in`, {
      method: 'POST',
      headers: { ...OWN, ...FROM_VISITOR },
      body: JSON.stringify({ email: STAFF_EMAIL, password: PASSWORD }),
    });
    expect(signIn.status).toBeLessThan(500);

    const output = server.output();
    const lines = logLines(output);
    for (const secretText of [
      EMAIL,
      encodeURIComponent(EMAIL),
      STAFF_EMAIL,
      'query-secret-value',
      'cookie-secret-value',
      'bearer-secret-value',
      PASSWORD,
      invited.token,
      invitation.totp.secret,
      cookie.split('=')[1]!,
      '0612345678',
      VISITOR,
    ]) {
      expect(output, secretText).not.toContain(secretText);
    }
    for (const line of lines) expect(Object.keys(line)).not.toContain('ip');
    // one line per request, each with its id, its route and what it was answered
    const requests = requestLines(output);
    expect(requests.find((line) => line.method === 'POST' && line.status === 201)).toMatchObject({ app: 'site', route: '/api/forms/:formId' });
    expect(requests.find((line) => line.route === '/api/invitations/:token' && line.method === 'POST')).toMatchObject({ app: 'back-office', status: 200 });
    expect(requests.find((line) => String(line.route).startsWith('/uitnodiging/'))).toMatchObject({ route: '/uitnodiging/:token' });
    for (const line of requests) {
      expect(line).toMatchObject({
        level: 'info',
        requestId: expect.any(String),
        method: expect.any(String),
        status: expect.any(Number),
        ms: expect.any(Number),
      });
      expect(typeof line.time === 'string' && !Number.isNaN(Date.parse(line.time))).toBe(true);
      expect(line.instance).toEqual(expect.any(String));
    }
  }, 60_000);
});

describe('the request id', () => {
  it('is on every answer of both apps: a proxy’s safe id echoed, anything else replaced by one made here', async () => {
    const made = await Promise.all([`${server.url}/`, `${server.url}/nergens`, `${server.url}/healthz`, `${admin}/api/me`, `${admin}/`].map((u) => fetch(u)));
    const ids = made.map((answer) => answer.headers.get('x-request-id'));
    for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(ids).size).toBe(ids.length);

    const proxyId = '2f1c7a4e-55b1-4c9e-9d0a-6b8f3e1d2c4b';
    for (const url of [`${server.url}/`, `${admin}/api/me`]) {
      const answer = await fetch(url, { headers: { 'X-Request-Id': proxyId } });
      expect(answer.headers.get('x-request-id')).toBe(proxyId);
    }
    // a refusal's body is as it was: the id is in its header
    const refused = await fetch(`${admin}/api/me`, { headers: { 'X-Request-Id': proxyId } });
    expect(await refused.json()).toEqual({ error: 'signed-out' });
    expect(requestLines(server.output()).filter((line) => line.requestId === proxyId)).toHaveLength(3);

    // HTTP itself refuses a newline in a header; these are what a client can send
    for (const unsafe of ['x'.repeat(65), 'a"b', "a'b", 'a b', '<script>', 'id\ttab', '-starts-with-hyphen', 'ümlaut']) {
      const answer = await fetch(`${server.url}/`, { headers: { 'X-Request-Id': unsafe } });
      expect(answer.headers.get('x-request-id'), unsafe).toMatch(/^[0-9a-f-]{36}$/);
    }
  }, 60_000);
});
