import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../admin/session-cookie.ts';
import { startPostgres } from '../../tests/support/postgres.ts';
import { backOfficeOf, fixtureDist, removeDir, startServer } from '../../tests/support/server-process.ts';
import { logLines } from './test-support/log-lines.ts';

/**
 * A request the real server fails: the answer names the request's id in words a visitor can quote and nothing of the
 * error; the log has the error's details in exactly one line under that id. Forced as an operator meets it: the
 * database gone after the start, a page's file gone from the build.
 */
const dist = fixtureDist();
afterAll(() => removeDir(dist));

const detailsOf = (text: string) => /\bat \S+|Error:|ECONNREFUSED|5432|node_modules|\.ts:\d+/.exec(text)?.[0];

it('answers a failure with its reference and logs its details once under it', async () => {
  const postgres = await startPostgres();
  let stopped = false;
  const server = await startServer({ distDir: dist, env: { DATABASE_URL: postgres.url } });
  try {
    const admin = await backOfficeOf(server);
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    await postgres.stop();
    stopped = true;

    // a lead while the database is gone: the leads API's JSON failure
    const lead = await fetch(`${server.url}/api/forms/contact`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ submissionId: 'failure-1', values: { name: 'Een Bezoeker', email: 'bezoeker@example.nl', phone: '', message: 'Hallo' } }),
    });
    expect(lead.status).toBe(500);
    const id = lead.headers.get('x-request-id')!;
    const text = await lead.text();
    expect(JSON.parse(text)).toEqual({ error: 'internal server error', requestId: id });
    expect(detailsOf(text)).toBeUndefined();

    // the back office's API, a session being looked up
    const me = await fetch(`${admin}/api/me`, { headers: { cookie: `${SESSION_COOKIE}=${'A'.repeat(43)}` } });
    expect(me.status).toBe(500);
    const meId = me.headers.get('x-request-id')!;
    const meText = await me.text();
    expect(JSON.parse(meText)).toEqual({ error: 'unknown', requestId: meId });
    expect(detailsOf(meText)).toBeUndefined();

    // a page whose file left the build after the start: the visitor reads the reference
    rmSync(join(dist, 'contact', 'index.html'));
    const page = await fetch(`${server.url}/contact/`);
    expect(page.status).toBe(500);
    const pageId = page.headers.get('x-request-id')!;
    const pageText = await page.text();
    expect(pageText).toContain(`Referentie: ${pageId}`);
    expect(detailsOf(pageText)).toBeUndefined();
    expect(pageText).not.toContain(dist);

    // readiness says the instance should get no traffic, and why
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ ready: false, checks: { database: 'fails', build: 'loaded' } });

    const lines = logLines(server.output());
    for (const [requestId, route] of [
      [id, '/api/forms/:formId'],
      // the session's lookup failed, in the middleware of every /api/ call
      [meId, '/api/*'],
    ]) {
      const withStack = lines.filter((line) => line.requestId === requestId && typeof (line.err as { stack?: unknown })?.stack === 'string');
      expect(withStack).toHaveLength(1);
      expect(withStack[0]).toMatchObject({ level: 'error', route });
      expect((withStack[0]!.err as { stack: string }).stack).toMatch(/\n\s+at /);
      expect(lines.filter((line) => line.requestId === requestId && line.msg === 'request')).toMatchObject([{ status: 500, route }]);
    }
    // the static files' failure names the file in the log under the page's id
    expect(lines.filter((line) => line.requestId === pageId && line.level === 'error').map((line) => line.msg)).toEqual([
      expect.stringContaining('static files:'),
    ]);
    expect(server.process.exitCode).toBe(null);
  } finally {
    await server.stop();
    removeDir(server.dataDir);
    if (!stopped) await postgres.stop();
  }
}, 120_000);
