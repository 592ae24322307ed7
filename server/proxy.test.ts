import { afterAll, beforeAll, expect, it } from 'vitest';
import { fixtureDist, removeDir, startServer, type ServerProcess } from '../tests/support/server-process.ts';

/**
 * The real server behind one proxy of ours (TRUST_PROXY=1), 5 leads a minute per address. The client writes
 * whatever it likes at the left of X-Forwarded-For; the proxy appends the address it saw. Before, the limit
 * keyed on the left-most entry: 35 POSTs with a rotating first entry were all stored.
 */
let server: ServerProcess;
let dist: string;

beforeAll(async () => {
  dist = fixtureDist();
  server = await startServer({ distDir: dist, env: { TRUST_PROXY: '1', RATE_LIMIT_LEADS: '5' } });
}, 60_000);

afterAll(async () => {
  await server.stop();
  removeDir(server.dataDir);
  removeDir(dist);
});

const lead = (i: number) =>
  JSON.stringify({
    submissionId: `proxy-test-${i}-${Date.now()}`,
    values: { name: 'Piet', email: 'piet@example.nl', phone: '', message: `nummer ${i}` },
    hp: '',
  });

async function post(i: number, forwardedFor: string) {
  const answer = await fetch(`${server.url}/api/forms/contact`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': forwardedFor },
    body: lead(i),
  });
  return answer.status;
}

it('a rotating first X-Forwarded-For entry does not escape the limit: only the proxy-appended address counts', async () => {
  const statuses: number[] = [];
  for (let i = 0; i < 35; i++) statuses.push(await post(i, `10.66.${i}.1, 203.0.113.50`));
  expect(statuses.filter((s) => s === 201)).toHaveLength(5);
  expect(statuses.filter((s) => s === 429)).toHaveLength(30);
});

it('one IPv6 /64 is one address, whichever of its 2^64 addresses a request comes from', async () => {
  const statuses: number[] = [];
  for (let i = 0; i < 8; i++) statuses.push(await post(100 + i, `2001:db8:7:7::${(i + 1).toString(16)}`));
  expect(statuses.filter((s) => s === 201)).toHaveLength(5);
  expect(statuses.slice(5)).toEqual([429, 429, 429]);
});
