import { afterAll, expect, it } from 'vitest';
import { fixtureDist, removeDir, startServer } from '../../tests/support/server-process.ts';

/**
 * GET /readyz on the real server: 200 with what it checked once it can take traffic; from SIGTERM on 503 while it
 * still answers (SHUTDOWN_DRAIN_S), so a proxy's health check moves the traffic away before the port closes.
 */
const dist = fixtureDist();
afterAll(() => removeDir(dist));

it('is ready once started, says 503 from SIGTERM on while it still serves, and a second signal ends the wait', async () => {
  // far longer than the test waits: the second signal ends it
  const server = await startServer({ distDir: dist, env: { SHUTDOWN_DRAIN_S: '600' } });
  try {
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(ready.headers.get('cache-control')).toBe('no-store');
    expect(ready.headers.get('x-request-id')).toBeTruthy();
    expect(await ready.json()).toEqual({ ready: true, checks: { database: 'answers', build: 'loaded', mail: 'local outbox' } });
    expect((await fetch(`${server.url}/readyz`, { method: 'HEAD' })).status).toBe(200);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);

    server.process.kill('SIGTERM');
    let draining: Response | undefined;
    for (let i = 0; i < 400 && !draining; i++) {
      const answer = await fetch(`${server.url}/readyz`);
      if (answer.status === 503) draining = answer;
      else await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(draining?.status).toBe(503);
    expect(await draining!.json()).toMatchObject({ ready: false, draining: true, checks: { database: 'answers' } });
    // still alive and serving while the proxy moves away
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    expect((await fetch(`${server.url}/`)).status).toBe(200);
    expect(server.process.exitCode).toBe(null);

    // the second signal: it closes now, cleanly
    expect(await server.stop()).toBe(0);
    expect(server.output()).toContain('SIGTERM: not ready; taking requests for 600 s more');
    expect(server.output()).toContain('SIGTERM: finishing open requests');
  } finally {
    await server.stop();
    removeDir(server.dataDir);
  }
}, 60_000);
