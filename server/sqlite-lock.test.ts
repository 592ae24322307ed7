import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openStorage } from './storage/open-storage.ts';
import { fixtureDist, removeDir, startServer, type ServerProcess } from '../tests/support/server-process.ts';
import { holdSqliteWriteLock, type HeldLock } from '../tests/support/sqlite-lock.ts';

/**
 * Another process (a sqlite3 shell, `npm run leads`, a second server) holding SQLite's write lock must not
 * freeze the site: pages keep being served at once, and a lead is answered 503 with Retry-After within a
 * second, so the browser retries it with the same submission id.
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

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = performance.now();
  const value = await work();
  return { ms: Math.round(performance.now() - start), value };
}

const post = (url: string, body: string) =>
  fetch(`${url}/api/forms/contact`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body, signal: AbortSignal.timeout(30_000) });

describe('another process holding the SQLite write lock', () => {
  it('keeps pages fast, answers a lead 503 with Retry-After within a second, and takes the retry once the lock is gone', async () => {
    const server = await startServer({ distDir: dist, env: { RATE_LIMIT_LEADS: '1000' } });
    started.push(server);
    const holder = await holdSqliteWriteLock(join(server.dataDir, 'leads.sqlite'));
    holders.push(holder);

    const submissionId = `locked-${Math.random().toString(36).slice(2, 10)}`;
    const answer = timed(async () => {
      const response = await post(server.url, lead(submissionId));
      return { status: response.status, retryAfter: response.headers.get('retry-after'), body: await response.text() };
    });
    // the page requests go out while the lead waits for the lock
    await new Promise((resolve) => setTimeout(resolve, 50));
    const pages: number[] = [];
    for (let i = 0; i < 5; i++) {
      const { ms, value } = await timed(async () => (await fetch(`${server.url}/`, { signal: AbortSignal.timeout(30_000) })).status);
      expect(value).toBe(200);
      pages.push(ms);
    }
    const refused = await answer;
    // a second lead while the lock is still held: the same answer, just as fast
    const again = await timed(async () => (await post(server.url, lead(`${submissionId}-b`))).status);
    console.log(`page latency while locked: ${pages.join(', ')} ms; lead answered ${refused.value.status} in ${refused.ms} ms, another in ${again.ms} ms`);

    expect(Math.max(...pages)).toBeLessThan(1000);
    expect(refused.value.status).toBe(503);
    expect(refused.value.retryAfter).toBe('1');
    expect(JSON.parse(refused.value.body)).toMatchObject({ error: expect.any(String) });
    expect(refused.ms).toBeLessThan(1500);
    expect(again).toMatchObject({ value: 503 });
    expect(again.ms).toBeLessThan(1500);

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
