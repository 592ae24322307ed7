import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { databaseBackends } from '../../tests/support/database-backends.ts';
import type { StorageOptions } from '../../server/studio-host-door.ts';
import { testClock } from '../../server/staff/test-support/backends.ts';
import { openStudioState, type StudioState } from './studio-state.ts';

const backends = databaseBackends({ prefix: 'studio-state-test-' });
const MINUTE = 60_000;

describe.each(backends)('the studio state on $name', (backend) => {
  let options: StorageOptions;
  let time: ReturnType<typeof testClock>;
  let state: StudioState;
  /** a second server instance on the same database, with the same clock */
  let other: StudioState;
  beforeAll(() => backend.setup(), 180_000);
  afterAll(() => backend.teardown(), 30_000);
  beforeEach(async () => {
    options = await backend.fresh();
    time = testClock();
    state = await openStudioState(options, time.clock);
    other = await openStudioState(options, time.clock);
  }, 60_000);
  afterEach(async () => {
    await state.close();
    await other.close();
  });

  const ask = (store: StudioState, leaseId: string, userId: string, takeOver = false) =>
    store.takeLease({ path: 'content/pages/home.json', leaseId, userId, ttlMs: MINUTE, takeOver });

  it('gives a file to one tab; another sees who has it, until the lease runs out or is released', async () => {
    const mine = await ask(state, 'tab-a', 'anna');
    expect(mine).toMatchObject({ held: true, lease: { leaseId: 'tab-a', userId: 'anna' } });
    expect(await ask(other, 'tab-b', 'bram')).toMatchObject({ held: false, holder: { leaseId: 'tab-a', userId: 'anna' } });
    // the heartbeat keeps it past its first minute
    time.advance(50_000);
    expect(await state.renewLease('content/pages/home.json', 'tab-a', MINUTE)).toBe(true);
    time.advance(50_000);
    expect(await ask(other, 'tab-b', 'bram')).toMatchObject({ held: false });
    expect((await other.liveLeases()).map((l) => l.userId)).toEqual(['anna']);
    // no heartbeat for a minute: anyone may take it, and the old tab hears it is no longer theirs
    time.advance(MINUTE);
    expect(await other.liveLeases()).toEqual([]);
    expect(await ask(other, 'tab-b', 'bram')).toMatchObject({ held: true, lease: { userId: 'bram' } });
    expect(await state.renewLease('content/pages/home.json', 'tab-a', MINUTE)).toBe(false);
    // released on close: free at once
    expect(await other.releaseLease('content/pages/home.json', 'tab-b')).toBe(true);
    expect(await ask(state, 'tab-a', 'anna')).toMatchObject({ held: true });
  });

  it('lets an editor take over a live lease when asked, and the tab asking again keeps when it took it', async () => {
    const first = await ask(state, 'tab-a', 'anna');
    const again = await ask(state, 'tab-a', 'anna');
    expect(again).toMatchObject({ held: true, lease: { takenAt: first.held ? first.lease.takenAt : '' } });
    expect(await ask(other, 'tab-b', 'bram', true)).toMatchObject({ held: true, lease: { leaseId: 'tab-b', userId: 'bram' } });
    expect(await state.renewLease('content/pages/home.json', 'tab-a', MINUTE)).toBe(false);
    expect(await state.releaseLease('content/pages/home.json', 'tab-a')).toBe(false);
    expect(await ask(state, 'tab-a', 'anna')).toMatchObject({ held: false, holder: { userId: 'bram' } });
  });

  it('of twenty tabs on two instances asking for one file at once, exactly one gets it', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, (_, n) => ask(n % 2 ? state : other, `tab-${n}`, `person-${n}`)));
    const held = answers.filter((a) => a.held);
    expect(held).toHaveLength(1);
    const winner = held[0]!.held ? held[0]!.lease.leaseId : '';
    for (const answer of answers) if (!answer.held) expect(answer.holder?.leaseId).toBe(winner);
  });

  it('opens a preview link until it expires or is revoked, by its token hash only', async () => {
    const link = await state.createPreviewLink({ tokenHash: 'hash-1', route: '/contact', createdBy: 'anna', ttlMs: 7 * 24 * 60 * MINUTE });
    await state.createPreviewLink({ tokenHash: 'hash-2', route: '/', createdBy: 'anna', ttlMs: MINUTE });
    expect(await other.openPreviewLink('hash-1')).toMatchObject({ id: link.id, route: '/contact', createdBy: 'anna' });
    expect(await other.openPreviewLink('hash-3')).toBeUndefined();
    expect((await other.livePreviewLinks()).map((l) => l.route)).toEqual(['/', '/contact']);
    time.advance(MINUTE);
    expect(await other.openPreviewLink('hash-2')).toBeUndefined();
    expect(await other.revokePreviewLink(link.id)).toBe(true);
    expect(await other.revokePreviewLink(link.id)).toBe(false);
    expect(await state.openPreviewLink('hash-1')).toBeUndefined();
    expect(await state.livePreviewLinks()).toEqual([]);
    expect(await state.sweepPreviewLinks()).toBe(2);
  });

  it('opens the studio once per ticket, within its minute, on whichever instance redeems it first', async () => {
    await state.createTicket('hash-a', 'anna');
    await state.createTicket('hash-b', 'bram');
    // two instances redeeming one ticket at once: one gets the person, the other nothing
    const both = await Promise.all([state.redeemTicket('hash-a'), other.redeemTicket('hash-a')]);
    expect(both.filter((who) => who === 'anna')).toHaveLength(1);
    expect(both.filter((who) => who === undefined)).toHaveLength(1);
    expect(await state.redeemTicket('hash-a')).toBeUndefined();
    expect(await state.redeemTicket('never-made')).toBeUndefined();
    // a ticket past its minute opens nothing
    time.advance(MINUTE + 1);
    expect(await other.redeemTicket('hash-b')).toBeUndefined();
  });

  it('does a scheduled publish once, when it is due, on one of two instances asking at once', async () => {
    const due = new Date(time.peek() + 10 * MINUTE);
    const schedule = await state.addSchedule(due, 'anna');
    expect(await other.claimDueSchedule('instance-b', 5 * MINUTE)).toBeUndefined();
    time.advance(10 * MINUTE);
    const claims = await Promise.all(Array.from({ length: 10 }, (_, n) => (n % 2 ? state : other).claimDueSchedule(`instance-${n}`, 5 * MINUTE)));
    const claimed = claims.filter((c) => c !== undefined);
    expect(claimed).toHaveLength(1);
    expect(claimed[0]).toMatchObject({ id: schedule.id, status: 'running' });
    const instance = claimed[0]!.claimedBy!;
    expect(await state.finishSchedule(schedule.id, 'someone-else', { status: 'done', detail: 'x' })).toBe(false);
    expect(await state.finishSchedule(schedule.id, instance, { status: 'done', detail: 'abc1234' })).toBe(true);
    expect(await other.claimDueSchedule('instance-b', 5 * MINUTE)).toBeUndefined();
    expect(await other.listSchedules()).toMatchObject([{ id: schedule.id, status: 'done', detail: 'abc1234', createdBy: 'anna' }]);
  });

  it('keeps a schedule through a restart, lets a pending one be cancelled, and takes over one whose instance died', async () => {
    const soon = await state.addSchedule(new Date(time.peek() + MINUTE), 'anna');
    const later = await state.addSchedule(new Date(time.peek() + 2 * MINUTE), 'bram');
    await state.close();
    state = await openStudioState(options, time.clock);
    expect(await state.cancelSchedule(later.id)).toBe(true);
    expect(await state.cancelSchedule(later.id)).toBe(false);
    time.advance(3 * MINUTE);
    expect(await state.claimDueSchedule('instance-a', 5 * MINUTE)).toMatchObject({ id: soon.id });
    // instance-a dies while publishing: not taken over while it may still be at work, then by the next one asking
    expect(await other.claimDueSchedule('instance-b', 5 * MINUTE)).toBeUndefined();
    time.advance(5 * MINUTE);
    expect(await other.claimDueSchedule('instance-b', 5 * MINUTE)).toMatchObject({ id: soon.id, claimedBy: 'instance-b' });
    expect(await state.finishSchedule(soon.id, 'instance-a', { status: 'done', detail: 'late' })).toBe(false);
    expect((await other.listSchedules()).map((s) => [s.createdBy, s.status])).toEqual([
      ['anna', 'running'],
      ['bram', 'cancelled'],
    ]);
  });
});
