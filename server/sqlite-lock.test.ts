import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openStorage } from './storage/open-storage.ts';
import { fixtureDist, removeDir, startServer, type ServerProcess } from '../tests/support/server-process.ts';
import { holdSqliteWriteLock, type HeldLock } from '../tests/support/sqlite-lock.ts';

/**
 * Another process (a sqlite3 shell, `npm run leads`, a second server) holding SQLite's write lock must not
 * freeze the site: pages keep being served while a lead waits for the lock, the lead is answered 503 with
 * Retry-After once its wait (800 ms) is over, so the browser retries it with the same submission id. How fast pages
 * are then is a figure of the machine: `npm run bench:server` measures it.
 */
const dist = fixtureDist();
const started: ServerProcess[] = [];
const holders: HeldLock[] = [];

afterAll(async () => {
  for (const holder of holders) await holder.release();
  for (const s of started) {
    await s.stop();
    removeDir(s.dataDir);
  }
  removeDir(dist);
});

const lead = (submissionId: string) =>
  JSON.stringify({ submissionId, values: { name: 'Anna de Vries', email: 'anna@example.nl', phone: '', message: 'Graag een offerte.' } });

const post = (url: string, body: string) =>
  fetch(`${url}/api/forms/contact`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body, signal: AbortSignal.timeout(60_000) });

describe('another process holding the SQLite write lock', () => {
  it('keeps serving pages while a lead waits, answers the lead 503 with Retry-After, and takes the retry once the lock is gone', async () => {
    const server = await startServer({ distDir: dist, env: { RATE_LIMIT_LEADS: '1000' } });
    started.push(server);
    const holder = await holdSqliteWriteLock(join(server.dataDir, 'leads.sqlite'));
    holders.push(holder);

    const submissionId = `locked-${Math.random().toString(36).slice(2, 10)}`;
    /** what the server answered, in the order it answered */
    const order: string[] = [];
    const answer = (async () => {
      const response = await post(server.url, lead(submissionId));
      order.push('lead');
      return { status: response.status, retryAfter: response.headers.get('retry-after'), body: await response.text() };
    })();
    // a page asked for while the lead waits for the lock: the server's event loop is free, so it is answered first
    await new Promise((resolve) => setTimeout(resolve, 50));
    const page = await fetch(`${server.url}/`, { signal: AbortSignal.timeout(60_000) });
    order.push('page');
    expect(page.status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await fetch(`${server.url}/`, { signal: AbortSignal.timeout(60_000) })).status).toBe(200);
    const refused = await answer;
    // a second lead while the lock is still held: the same answer
    const again = await post(server.url, lead(`${submissionId}-b`));

    expect(order).toEqual(['page', 'lead']);
    expect(refused.status).toBe(503);
    expect(refused.retryAfter).toBe('1');
    expect(JSON.parse(refused.body)).toMatchObject({ error: expect.any(String) });
    expect(again.status).toBe(503);

    await holder.release();
    // the browser's retry with the same submission id is stored, once
    const retried = await post(server.url, lead(submissionId));
    expect(retried.status).toBe(201);
    const { id } = (await retried.json()) as { id: string };
    const repeat = await post(server.url, lead(submissionId));
    expect(repeat.status).toBe(200);
    expect(await repeat.json()).toEqual({ id });

    const storage = await openStorage({ dataDir: server.dataDir });
    try {
      const stored = [...(await storage.listLeads({ limit: 1000 })), ...(await storage.listLeads({ spam: true, limit: 1000 }))];
      expect(stored.filter((l) => l.submissionId === submissionId).map((l) => l.id)).toEqual([id]);
    } finally {
      await storage.close();
    }
  }, 90_000);
});
