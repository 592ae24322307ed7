import type { ChatTiming } from './chat-settings.ts';

/** The widget's three flags: open, typing delay, notification badge. */
export interface ChatState {
  open: boolean;
  delay: boolean;
  notification: boolean;
}

export type ChatEvent = { type: 'open' } | { type: 'close' } | { type: 'delay-done' } | { type: 'notify' };

export const initialChatState: ChatState = { open: false, delay: true, notification: false };

/** Pure transitions; returns the same object when nothing changes so subscribers can skip a render. */
export function chatReducer(state: ChatState, event: ChatEvent): ChatState {
  switch (event.type) {
    case 'open':
      return state.open && !state.notification ? state : { ...state, open: true, notification: false };
    case 'close':
      return state.open ? { ...state, open: false } : state;
    case 'delay-done':
      return state.delay ? { ...state, delay: false } : state;
    case 'notify':
      // the badge tells about an unseen message; with the box open it has been seen
      return state.open || state.notification ? state : { ...state, notification: true };
  }
}

/**
 * Whether a notification tick plays the sound. With a loop count every counted tick chimes (the loop bounds it);
 * with 0 (forever) only the first badge chimes, so an unattended tab does not chime every minute for ever.
 */
export function tickPlaysSound(tick: number, loop: number): boolean {
  return loop > 0 ? tick <= loop : tick === 1;
}

export interface ChatMachine {
  getState(): ChatState;
  subscribe(listener: () => void): () => void;
  /** Starts the notification interval; safe to call again after dispose (React strict mode re-runs effects). */
  start(): void;
  open(): void;
  close(): void;
  /** Clears every timer; the state stays. */
  dispose(): void;
  /** Whether the box was ever opened: then no badge comes back. */
  hasOpened(): boolean;
  /**
   * Takes over from the page's HTML: the state saved by an earlier page of the visit, and the time the
   * page has been open, so the first badge still comes one interval after the page appeared.
   */
  restore(saved: SavedChat | null, elapsedMs: number): void;
}

/** sessionStorage key: the chat's state, carried from page to page of a visit (the inline bootstrap reads it too). */
export const CHAT_SESSION_KEY = 'site-chat';

/** What a page hands to the next one through sessionStorage. */
export interface SavedChat {
  open: boolean;
  delay: boolean;
  notification: boolean;
  opened: boolean;
}

/**
 * The notification ticks: the first after one full interval (or after `delayFirst`'s time, for a page that was
 * already open a while), then one per interval, until the loop count is reached or `stop` is called.
 */
function createNotifier(timing: ChatTiming, onTick: (tick: number) => void) {
  let interval: ReturnType<typeof setInterval> | undefined;
  let firstTimer: ReturnType<typeof setTimeout> | undefined;
  let firstInMs: number | undefined;
  let ticks = 0;
  // a stop during a tick must keep the interval from starting after it
  let stops = 0;
  const loopDone = () => timing.notificationLoop > 0 && ticks >= timing.notificationLoop;
  const stop = () => {
    stops += 1;
    if (interval !== undefined) clearInterval(interval);
    if (firstTimer !== undefined) clearTimeout(firstTimer);
    interval = undefined;
    firstTimer = undefined;
  };
  const tick = () => {
    ticks += 1;
    onTick(ticks);
    if (loopDone()) stop();
  };
  return {
    stop,
    /** the badge already showed before the machine took over: that counts as the first tick, without its chime */
    countShown: () => (ticks = 1),
    delayFirst: (ms: number) => (firstInMs = ms),
    start() {
      const ms = timing.notificationIntervalMs;
      if (ms === null || loopDone() || interval !== undefined || firstTimer !== undefined) return;
      if (firstInMs === undefined || ticks > 0) {
        interval = setInterval(tick, ms);
        return;
      }
      firstTimer = setTimeout(() => {
        firstTimer = undefined;
        firstInMs = undefined;
        const before = stops;
        tick();
        if (before === stops && interval === undefined) interval = setInterval(tick, ms);
      }, firstInMs);
    },
  };
}

/** The typing dots' delay: `done` after `ms` (at once for 0), one timer at a time. */
function createTyping(ms: number, done: () => void) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    start() {
      if (timer !== undefined) return;
      if (ms === 0) return done();
      timer = setTimeout(() => {
        timer = undefined;
        done();
      }, ms);
    },
    stop() {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
    },
  };
}

/** The state and its listeners: an event that changes nothing tells no one. */
function createChatStore() {
  let state = initialChatState;
  const listeners = new Set<() => void>();
  return {
    getState: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    send(event: ChatEvent) {
      const next = chatReducer(state, event);
      if (next === state) return;
      state = next;
      for (const listener of listeners) listener();
    },
  };
}

/**
 * State plus the two timers, outside React so fake timers can drive it directly.
 * The notification timer is an interval: the first badge comes after one full interval. Opening stops it for good.
 */
export function createChatMachine(timing: ChatTiming, effects: { playSound?: (src: string) => void } = {}): ChatMachine {
  const store = createChatStore();
  const { send } = store;
  let opened = false;

  const typing = createTyping(timing.messageDelayMs, () => send({ type: 'delay-done' }));
  const notifier = createNotifier(timing, (tick) => {
    send({ type: 'notify' });
    if (timing.soundSrc && tickPlaysSound(tick, timing.notificationLoop)) effects.playSound?.(timing.soundSrc);
  });

  const machine: ChatMachine = {
    getState: store.getState,
    subscribe: store.subscribe,
    start() {
      if (!opened) notifier.start();
    },
    open() {
      opened = true;
      notifier.stop();
      send({ type: 'open' });
      if (store.getState().delay) typing.start();
    },
    close() {
      send({ type: 'close' });
    },
    hasOpened: () => opened,
    restore(saved, elapsedMs) {
      const ms = timing.notificationIntervalMs;
      if (saved?.opened) {
        opened = true;
        notifier.stop();
      }
      if (saved?.notification && !opened) send({ type: 'notify' });
      if (saved && !saved.delay) send({ type: 'delay-done' });
      if (saved?.open) machine.open();
      if (opened || ms === null || store.getState().notification) return;
      if (elapsedMs >= ms) {
        // the HTML already shows the badge (its CSS timer ran out before the script came): keep it, without a late chime
        notifier.countShown();
        send({ type: 'notify' });
        return;
      }
      notifier.stop();
      notifier.delayFirst(ms - elapsedMs);
      machine.start();
    },
    dispose() {
      notifier.stop();
      typing.stop();
    },
  };
  return machine;
}
