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
  /** when the first badge is due, if the page had already been open a while when the machine took over */
  let firstTickInMs: number | undefined;
  let firstTimer: ReturnType<typeof setTimeout> | undefined;

  const send = (event: ChatEvent) => {
    const next = chatReducer(state, event);
    if (next === state) return;
    state = next;
    for (const listener of listeners) listener();
  };
  const stopNotifications = () => {
    if (interval !== undefined) clearInterval(interval);
    if (firstTimer !== undefined) clearTimeout(firstTimer);
    interval = undefined;
    firstTimer = undefined;
  };
  const tick = () => {
    ticks += 1;
    const { notificationLoop: loop, soundSrc } = timing;
    send({ type: 'notify' });
    if (soundSrc && tickPlaysSound(ticks, loop)) effects.playSound?.(soundSrc);
    if (loop > 0 && ticks >= loop) stopNotifications();
  };

  const machine: ChatMachine = {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start() {
      const ms = timing.notificationIntervalMs;
      const done = timing.notificationLoop > 0 && ticks >= timing.notificationLoop;
      if (ms === null || opened || done || interval !== undefined || firstTimer !== undefined) return;
      if (firstTickInMs === undefined || ticks > 0) {
        interval = setInterval(tick, ms);
        return;
      }
      firstTimer = setTimeout(() => {
        firstTimer = undefined;
        firstTickInMs = undefined;
        tick();
        if (interval === undefined && !opened && !(timing.notificationLoop > 0 && ticks >= timing.notificationLoop)) interval = setInterval(tick, ms);
      }, firstTickInMs);
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
    hasOpened: () => opened,
    restore(saved, elapsedMs) {
      const ms = timing.notificationIntervalMs;
      if (saved?.opened) {
        opened = true;
        stopNotifications();
      }
      if (saved?.notification && !opened) send({ type: 'notify' });
      if (saved && !saved.delay) send({ type: 'delay-done' });
      if (saved?.open) machine.open();
      if (opened || ms === null || state.notification) return;
      if (elapsedMs >= ms) {
        // the HTML already shows the badge (its CSS timer ran out before the script came): keep it, without a late chime
        ticks = 1;
        send({ type: 'notify' });
        return;
      }
      stopNotifications();
      firstTickInMs = ms - elapsedMs;
      machine.start();
    },
    dispose() {
      stopNotifications();
      if (delayTimer !== undefined) clearTimeout(delayTimer);
      delayTimer = undefined;
    },
  };
  return machine;
}
