import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStorage } from '../storage/open-storage.ts';
import { backOfficeOf, fixtureDist, removeDir, startServer, type ServerProcess } from '../../tests/support/server-process.ts';

/**
 * /metrics as a monitoring system scrapes it from the real server (`npm start`'s entry in its own process): on the
 * back office's port alone, behind METRICS_TOKEN when it is set, with the requests both apps answered and the
 * system's figures read from the database at the scrape.
 */
const dist = fixtureDist();
const TOKEN = 'scrape-token-of-at-least-some-length';
let server: ServerProcess;
let admin: string;

/** A sample's value in the text format, by its name and labels as written; undefined when it is absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

beforeAll(async () => {
  server = await startServer({ distDir: dist, env: { METRICS_TOKEN: TOKEN } });
  admin = await backOfficeOf(server);
}, 60_000);
afterAll(async () => {
  await server?.stop();
  if (server) removeDir(server.dataDir);
  removeDir(dist);
});

describe('GET /metrics', () => {
  it('asks for the token, is not on the public port, and counts a lead, its mail and the requests of both apps', async () => {
    expect((await fetch(`${admin}/metrics`)).status).toBe(401);
    expect((await fetch(`${admin}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}x` } })).status).toBe(401);
    expect((await fetch(`${server.url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } })).status).toBe(404);

    const scrape = async () => {
      const answer = await fetch(`${admin}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toContain('text/plain');
      return answer.text();
    };
    const before = await scrape();
    expect(sample(before, 'leads_stored')).toBe(0);
    expect(sample(before, 'mails_waiting')).toBe(0);
    // no backup was ever recorded: the age is absent, not 0
    expect(before).not.toMatch(/^backup_age_seconds\{/m);
    expect(sample(before, 'disk_free_bytes')).toBeGreaterThan(0);

    const lead = await fetch(`${server.url}/api/forms/contact`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ submissionId: 'metrics-1', values: { name: 'Mia Meter', email: 'mia@example.nl', phone: '', message: 'Hallo' } }),
    });
    expect(lead.status).toBe(201);
    const { id } = (await lead.json()) as { id: string };
    // its notification queued, as the form's mail step does; no SMTP is set, so it waits in the outbox
    const storage = await openStorage({ dataDir: server.dataDir });
    await storage.addMail({ leadId: id, to: 'verkoop@example.nl', replyTo: null, subject: 'Nieuwe lead', text: 'Mia Meter', templateId: 'lead' });
    await storage.close();
    await fetch(`${server.url}/contact/`);
    await fetch(`${admin}/api/me`);

    const after = await scrape();
    expect(sample(after, 'leads_stored')).toBe(1);
    expect(sample(after, 'mails_waiting')).toBe(1);
    expect(sample(after, 'http_requests_total{app="site",route="/api/forms/:formId",status="201"}')).toBe(1);
    expect(sample(after, 'http_requests_total{app="site",route="page",status="200"}')).toBeGreaterThanOrEqual(1);
    expect(sample(after, 'http_requests_total{app="back-office",route="/api/me",status="401"}')).toBe(1);
    // never a raw path or an address as a label
    expect(after).not.toContain('mia@example.nl');
    expect(after).not.toContain('/contact/');
    // the process's own figures
    expect(sample(after, 'process_resident_memory_bytes')).toBeGreaterThan(0);
  }, 60_000);
});
