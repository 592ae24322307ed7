import type { ChatTiming } from './chat-settings.ts';

/** The widget's three flags, as in the spec: open, typing delay, notification badge. */
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
}

/**
 * State plus the two timers, outside React so fake timers can drive it directly.
 * The notification timer is an interval: the first badge comes after one full interval. Opening stops it for good.
 */
export function createChatMachine(timing: ChatTiming, effects: { playSound?: (src: string) => void } = {}): ChatMachine {
  let state = initialChatState;
  const listeners = new Set<() => void>();
  let interval: ReturnType<typeof setInterval> | undefined;
  let delayTimer: ReturnType<typeof setTimeout> | undefined;
  let ticks = 0;
  let opened = false;

  const send = (event: ChatEvent) => {
    const next = chatReducer(state, event);
    if (next === state) return;
    state = next;
    for (const listener of listeners) listener();
  };
  const stopNotifications = () => {
    if (interval !== undefined) clearInterval(interval);
    interval = undefined;
  };
  const tick = () => {
    ticks += 1;
    const { notificationLoop: loop, soundSrc } = timing;
    send({ type: 'notify' });
    if (soundSrc && tickPlaysSound(ticks, loop)) effects.playSound?.(soundSrc);
    if (loop > 0 && ticks >= loop) stopNotifications();
  };

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start() {
      const ms = timing.notificationIntervalMs;
      const done = timing.notificationLoop > 0 && ticks >= timing.notificationLoop;
      if (ms === null || opened || done || interval !== undefined) return;
      interval = setInterval(tick, ms);
    },
    open() {
      opened = true;
      stopNotifications();
      send({ type: 'open' });
      if (!state.delay || delayTimer !== undefined) return;
      if (timing.messageDelayMs === 0) send({ type: 'delay-done' });
      else
        delayTimer = setTimeout(() => {
          delayTimer = undefined;
          send({ type: 'delay-done' });
        }, timing.messageDelayMs);
    },
    close() {
      send({ type: 'close' });
    },
    dispose() {
      stopNotifications();
      if (delayTimer !== undefined) clearTimeout(delayTimer);
      delayTimer = undefined;
    },
  };
}
