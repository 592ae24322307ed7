import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openStudioGate, type StudioGate } from './gate/studio-gate.ts';
import { workingCopyOwnership } from './working-copy-owner.ts';

/**
 * The working copy's owner on the back office's SQLite, with no ticks in the test's time: an owner that stalled past
 * its lease (alive, but another instance took the working copy over) learns it when it asks before a publish, and
 * stops serving.
 */
const data = mkdtempSync(join(tmpdir(), 'working-copy-owner-'));
let gate: StudioGate;
beforeAll(async () => {
  gate = await openStudioGate({ dataDir: data }, {});
});
afterAll(async () => {
  await gate?.close();
  rmSync(data, { recursive: true, force: true });
});

const LEASE_MS = 300;
const instance = (name: string, said: string[]) =>
  workingCopyOwnership({
    owner: gate.owner,
    instance: name,
    tickMs: 60_000,
    leaseMs: LEASE_MS,
    takeOver: async () => undefined,
    log: (line) => said.push(line),
  });

it('tells an owner that stalled past its lease, when it asks before a publish, that the working copy is another’s now', async () => {
  const [saidA, saidB] = [[] as string[], [] as string[]];
  const a = instance('a', saidA);
  await a.start('http://a.internal:4331');
  expect([a.serves(), await a.confirm()]).toEqual([true, true]);
  // a stalls: no renewal for longer than its lease, and b takes the working copy over
  await sleep(LEASE_MS + 100);
  const b = instance('b', saidB);
  await b.start('http://b.internal:4331');
  expect(b.serves()).toBe(true);
  expect(saidB).toContain('studio: took over the working copy from a (its lease ran out)');
  // a wakes up and asks before it publishes: not its own any more, and it stops serving
  expect(await a.confirm()).toBe(false);
  expect(a.serves()).toBe(false);
  expect(a.where()).not.toEqual({ at: 'here' });
  expect(saidA.at(-1)).toMatch(/no longer this instance's/);
  expect(await b.confirm()).toBe(true);
  await a.stop();
  await b.stop();
});
