import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chatReducer, createChatMachine, initialChatState, tickPlaysSound } from './chat-machine.ts';
import type { ChatTiming } from './chat-settings.ts';

const timing = (over: Partial<ChatTiming> = {}): ChatTiming => ({
  messageDelayMs: 2000,
  notificationIntervalMs: 60_000,
  notificationLoop: 0,
  soundSrc: '/sounds/chime.wav',
  ...over,
});

describe('chatReducer', () => {
  it('starts closed, with the typing delay pending and no badge', () => {
    expect(initialChatState).toEqual({ open: false, delay: true, notification: false });
  });

  it('opening clears the badge, closing keeps the delay result', () => {
    const notified = chatReducer(initialChatState, { type: 'notify' });
    expect(notified.notification).toBe(true);
    const opened = chatReducer(notified, { type: 'open' });
    expect(opened).toEqual({ open: true, delay: true, notification: false });
    const typed = chatReducer(opened, { type: 'delay-done' });
    expect(chatReducer(typed, { type: 'close' })).toEqual({ open: false, delay: false, notification: false });
  });

  it('ignores a badge while the box is open, and returns the same object for no-op events', () => {
    const opened = chatReducer(initialChatState, { type: 'open' });
    expect(chatReducer(opened, { type: 'notify' })).toBe(opened);
    expect(chatReducer(opened, { type: 'open' })).toBe(opened);
    expect(chatReducer(initialChatState, { type: 'close' })).toBe(initialChatState);
  });
});

describe('tickPlaysSound', () => {
  it('chimes on every counted tick with a loop, and only on the first badge when repeating forever', () => {
    expect([1, 2, 3].map((t) => tickPlaysSound(t, 3))).toEqual([true, true, true]);
    expect([1, 2, 3].map((t) => tickPlaysSound(t, 0))).toEqual([true, false, false]);
  });
});

describe('createChatMachine with fake timers', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows the typing dots for the message delay after opening, then the greeting', () => {
    const m = createChatMachine(timing());
    m.start();
    m.open();
    expect(m.getState()).toMatchObject({ open: true, delay: true });
    vi.advanceTimersByTime(1999);
    expect(m.getState().delay).toBe(true);
    vi.advanceTimersByTime(1);
    expect(m.getState().delay).toBe(false);
  });

  it('keeps the greeting when reopened (the delay runs once) and shows it at once with a delay of 0', () => {
    const m = createChatMachine(timing());
    m.open();
    vi.advanceTimersByTime(2000);
    m.close();
    m.open();
    expect(m.getState()).toMatchObject({ open: true, delay: false });

    const instant = createChatMachine(timing({ messageDelayMs: 0 }));
    instant.open();
    expect(instant.getState().delay).toBe(false);
  });

  it('shows the badge after one full interval, not before', () => {
    const m = createChatMachine(timing());
    m.start();
    vi.advanceTimersByTime(59_999);
    expect(m.getState().notification).toBe(false);
    vi.advanceTimersByTime(1);
    expect(m.getState().notification).toBe(true);
  });

  it('never notifies when the interval is switched off (the under-10-seconds rule arrives as null)', () => {
    const play = vi.fn();
    const m = createChatMachine(timing({ notificationIntervalMs: null }), { playSound: play });
    m.start();
    vi.advanceTimersByTime(3_600_000);
    expect(m.getState().notification).toBe(false);
    expect(play).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('with a loop count, plays the sound on each tick and stops after that many', () => {
    const play = vi.fn();
    const m = createChatMachine(timing({ notificationIntervalMs: 10_000, notificationLoop: 3 }), { playSound: play });
    m.start();
    vi.advanceTimersByTime(30_000);
    expect(play).toHaveBeenCalledTimes(3);
    expect(play).toHaveBeenCalledWith('/sounds/chime.wav');
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(600_000);
    expect(play).toHaveBeenCalledTimes(3);
    // start() after the loop has run out (a strict-mode effect re-run) does not begin a new round
    m.start();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('with loop 0 keeps ticking forever but chimes only for the first badge', () => {
    const play = vi.fn();
    const m = createChatMachine(timing(), { playSound: play });
    m.start();
    vi.advanceTimersByTime(60_000 * 10);
    expect(play).toHaveBeenCalledTimes(1);
    expect(vi.getTimerCount()).toBe(1);
  });

  it('is silent without a sound file', () => {
    const play = vi.fn();
    const m = createChatMachine(timing({ soundSrc: null }), { playSound: play });
    m.start();
    vi.advanceTimersByTime(60_000);
    expect(m.getState().notification).toBe(true);
    expect(play).not.toHaveBeenCalled();
  });

  it('opening stops the notification timer for good, even after closing again', () => {
    const play = vi.fn();
    const m = createChatMachine(timing(), { playSound: play });
    m.start();
    vi.advanceTimersByTime(60_000);
    expect(m.getState().notification).toBe(true);
    m.open();
    expect(m.getState().notification).toBe(false);
    vi.advanceTimersByTime(2000);
    m.close();
    m.start();
    vi.advanceTimersByTime(600_000);
    expect(m.getState().notification).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('survives a dispose/start pair (React strict mode) with one interval, and notifies subscribers on change only', () => {
    const m = createChatMachine(timing());
    const seen = vi.fn();
    m.subscribe(seen);
    m.start();
    m.dispose();
    m.start();
    m.start();
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(120_000);
    expect(seen).toHaveBeenCalledTimes(1);
  });
});

describe('restore: a page takes over from its HTML and from the page before', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('the first badge still comes one interval after the page appeared, with its chime', () => {
    const playSound = vi.fn();
    const m = createChatMachine(timing(), { playSound });
    m.restore(null, 45_000);
    vi.advanceTimersByTime(14_999);
    expect(m.getState().notification).toBe(false);
    vi.advanceTimersByTime(1);
    expect(m.getState().notification).toBe(true);
    expect(playSound).toHaveBeenCalledTimes(1);
  });

  it('keeps a badge the CSS timer already showed, without a late chime', () => {
    const playSound = vi.fn();
    const m = createChatMachine(timing(), { playSound });
    m.restore(null, 61_000);
    expect(m.getState().notification).toBe(true);
    expect(playSound).not.toHaveBeenCalled();
  });

  it('a chat left open reopens with its greeting, and one opened before never shows a badge again', () => {
    const open = createChatMachine(timing());
    open.restore({ open: true, delay: false, notification: false, opened: true }, 0);
    expect(open.getState()).toEqual({ open: true, delay: false, notification: false });
    const seen = createChatMachine(timing());
    seen.restore({ open: false, delay: false, notification: false, opened: true }, 0);
    seen.start();
    vi.advanceTimersByTime(600_000);
    expect(seen.getState().notification).toBe(false);
    expect(seen.hasOpened()).toBe(true);
  });

  it('a saved badge shows at once on the next page', () => {
    const m = createChatMachine(timing());
    m.restore({ open: false, delay: true, notification: true, opened: false }, 0);
    expect(m.getState().notification).toBe(true);
  });
});
