import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { oneAtATime, placeInLine, places } from './hash-line.ts';

/** A piece of work that keeps its place for `ms` of (fake) time, noting when it began. */
const work = (began: number[], ms: number) => () => {
  began.push(Date.now());
  return new Promise<void>((resolve) => setTimeout(resolve, ms));
};

describe('the line to the password hashes', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 0 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs one at a time, and under a queue rests twice the work time before the next one', async () => {
    const line = oneAtATime(1, 2);
    const began: number[] = [];
    const all = Promise.all([line(work(began, 10)), line(work(began, 10)), line(work(began, 10))]);
    await vi.runAllTimersAsync();
    await all;
    expect(began).toEqual([0, 30, 60]);
  });

  it('does not rest when no one waits: a single sign-in is never slowed', async () => {
    const line = oneAtATime(1, 2);
    const began: number[] = [];
    const first = line(work(began, 10));
    await vi.runAllTimersAsync();
    await first;
    const second = line(work(began, 10));
    await vi.runAllTimersAsync();
    await second;
    expect(began).toEqual([0, 10]);
  });

  it('holds a caller who finds the line full, then lets them in if a place came free, or answers busy', async () => {
    const line = places(1);
    const leave = line.take()!;
    const held = placeInLine(line, 1000);
    await vi.advanceTimersByTimeAsync(500);
    leave();
    await vi.advanceTimersByTimeAsync(500);
    const place = await held;
    expect(place).toBeTypeOf('function');
    const refused = placeInLine(line, 1000);
    await vi.advanceTimersByTimeAsync(999);
    let answered = false;
    void refused.then(() => (answered = true));
    await Promise.resolve();
    expect(answered).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await refused).toBeUndefined();
  });
});
