import { afterAll, expect, it } from 'vitest';
import { startPostgres } from '../tests/support/postgres.ts';
import { fixtureDist, removeDir, startServer } from '../tests/support/server-process.ts';

/**
 * GET /healthz on the real server: 200 while the database answers, 503 once it is gone, never waiting for it;
 * never rate-limited or cached, so a prober asking every second never locks itself out or reads an old answer.
 */
const dist = fixtureDist();
afterAll(() => removeDir(dist));

it('answers 200 while the database answers, however often it is asked, and never for a cache', async () => {
  const server = await startServer({ distDir: dist, env: { RATE_LIMIT_TOKENS: '2', RATE_LIMIT_LEADS: '2' } });
  try {
    const first = await fetch(`${server.url}/healthz`);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ ok: true });
    expect(first.headers.get('cache-control')).toBe('no-store');
    // far above any of the server's per-address limits (2 a minute here)
    const statuses = await Promise.all(Array.from({ length: 100 }, () => fetch(`${server.url}/healthz`).then((r) => r.status)));
    expect(new Set(statuses)).toEqual(new Set([200]));
    expect((await fetch(`${server.url}/healthz`, { method: 'HEAD' })).status).toBe(200);
    const posted = await fetch(`${server.url}/healthz`, { method: 'POST' });
    expect(posted.status).toBe(405);
    expect(posted.headers.get('allow')).toBe('GET, HEAD');
  } finally {
    await server.stop();
    removeDir(server.dataDir);
  }
}, 60_000);

/**
 * A GET that, when the connection it reused was closed by the server's keep-alive time-out just as it was sent
 * (the database's stop can take that long on a loaded machine), asks once more on a new one. A server that is
 * gone still fails: the second attempt finds no one listening.
 */
async function freshFetch(url: string): Promise<Response> {
  try {
    return await fetch(url);
  } catch (error) {
    if ((error as { cause?: { code?: string } }).cause?.code !== 'UND_ERR_SOCKET') throw error;
    return fetch(url);
  }
}

it('answers 503 when the database is gone, without waiting for it, and the server stays up', async () => {
  const postgres = await startPostgres();
  let stopped = false;
  const server = await startServer({ distDir: dist, env: { DATABASE_URL: postgres.url } });
  try {
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    await postgres.stop();
    stopped = true;
    // answered by the check's own timeout (2 s) at the latest: a check that waited for the database without end
    // would run into the test's time-out instead
    const down = await freshFetch(`${server.url}/healthz`);
    expect(down.status).toBe(503);
    expect(down.headers.get('cache-control')).toBe('no-store');
    expect(await down.json()).toMatchObject({ ok: false });
    // the process is still up and says so again
    expect((await fetch(`${server.url}/healthz`)).status).toBe(503);
    expect(server.process.exitCode).toBe(null);
  } finally {
    await server.stop();
    removeDir(server.dataDir);
    if (!stopped) await postgres.stop();
  }
}, 90_000);
