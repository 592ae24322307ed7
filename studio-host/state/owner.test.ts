import { afterAll, afterEach, beforeEach, expect, it } from 'vitest';
import { databaseBackends } from '../../tests/support/database-backends.ts';
import { testClock } from '../../server/staff/test-support/backends.ts';
import { openStudioState, type StudioState } from './studio-state.ts';

/**
 * Which server instance owns the working copy, on SQLite with two stores on one database file (two instances) and one
 * clock: the lease's claim, renewal, expiry and release. PostgreSQL runs the same statements in
 * tests/integration/studio-owner.test.ts, where an instance takes the working copy over from a killed one.
 */
const [sqlite] = databaseBackends({ prefix: 'studio-owner-test-' });
const LEASE = 20_000;
let time: ReturnType<typeof testClock>;
let a: StudioState;
let b: StudioState;
beforeEach(async () => {
  const options = await sqlite.fresh();
  time = testClock();
  a = await openStudioState(options, time.clock);
  b = await openStudioState(options, time.clock);
});
afterEach(async () => {
  await a.close();
  await b.close();
});
afterAll(() => sqlite.teardown());

const claim = (store: StudioState, instance: string) => store.claimOwner({ instance, address: `http://${instance}.internal:4331`, leaseMs: LEASE });

it('gives the working copy to the first instance; the other is told whose it is while the owner renews', async () => {
  expect(await a.currentOwner()).toBeUndefined();
  expect(await claim(a, 'a')).toEqual({ owned: true });
  expect(await claim(b, 'b')).toMatchObject({ owned: false, owner: { instance: 'a', address: 'http://a.internal:4331', releasedAt: null } });
  // the heartbeat keeps it past its first lease
  time.advance(LEASE - 5_000);
  expect(await a.renewOwner('a', LEASE)).toBe(true);
  time.advance(LEASE - 5_000);
  expect(await claim(b, 'b')).toMatchObject({ owned: false, owner: { instance: 'a' } });
  // another instance never renews what is not its own
  expect(await b.renewOwner('b', LEASE)).toBe(false);
});

it('lets another instance take it once the lease ran out, and the old owner hears it is no longer its', async () => {
  await claim(a, 'a');
  time.advance(LEASE);
  const taken = await claim(b, 'b');
  expect(taken).toMatchObject({ owned: true, previous: { instance: 'a', releasedAt: null } });
  expect(await a.renewOwner('a', LEASE)).toBe(false);
  expect(await a.releaseOwner('a')).toBe(false);
  expect(await claim(a, 'a')).toMatchObject({ owned: false, owner: { instance: 'b' } });
  expect(await a.currentOwner()).toMatchObject({ instance: 'b', address: 'http://b.internal:4331' });
});

it('of ten instances asking for a lease that ran out at once, exactly one gets it', async () => {
  await claim(a, 'a');
  time.advance(LEASE);
  const answers = await Promise.all(Array.from({ length: 10 }, (_, n) => claim(n % 2 ? a : b, `instance-${n}`)));
  const owned = answers.filter((answer) => answer.owned);
  expect(owned).toHaveLength(1);
  const winner = (await a.currentOwner())!.instance;
  for (const answer of answers) if (!answer.owned) expect(answer.owner.instance).toBe(winner);
});

it('is free at once when the owner lets it go, and says whose it was; the same instance starting again takes its own back', async () => {
  await claim(a, 'a');
  expect(await a.releaseOwner('a')).toBe(true);
  // let go: no renewal brings it back
  expect(await a.renewOwner('a', LEASE)).toBe(false);
  expect(await claim(b, 'b')).toMatchObject({ owned: true, previous: { instance: 'a', releasedAt: expect.any(String) } });
  // b restarts under its own name while its lease still runs: it is b's again without waiting
  expect(await b.claimOwner({ instance: 'b', address: 'http://b.internal:4332', leaseMs: LEASE })).toMatchObject({ owned: true, previous: { instance: 'b' } });
  expect(await claim(a, 'a')).toMatchObject({ owned: false, owner: { instance: 'b', address: 'http://b.internal:4332' } });
});
