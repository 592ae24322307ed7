import { useEffect, useState, useSyncExternalStore, type RefObject } from 'react';
import { ISLAND_ATTR } from '../../core/islands/attributes.ts';
import { CHAT_SESSION_KEY, createChatMachine, type ChatMachine, type SavedChat } from './chat-machine.ts';
import type { ChatTiming } from './chat-settings.ts';
import { playNotificationSound } from './notification-sound.ts';

function readSaved(): SavedChat | null {
  try {
    return JSON.parse(sessionStorage.getItem(CHAT_SESSION_KEY) ?? 'null') as SavedChat | null;
  } catch {
    return null;
  }
}

function save(machine: ChatMachine) {
  const { open, delay, notification } = machine.getState();
  try {
    sessionStorage.setItem(CHAT_SESSION_KEY, JSON.stringify({ open, delay, notification, opened: machine.hasOpened() } satisfies SavedChat));
  } catch {
    // storage full or switched off: the chat works on this page regardless
  }
}

/**
 * The chat's state machine for one page. Until mounted the widget renders its prerendered HTML (`live`
 * false: the badge timed by CSS); on mount it takes the state an earlier page of the visit saved and the
 * time this page has been open, opens at once if the button was clicked before the code arrived, and saves
 * every change for the next page.
 */
export function useChatMachine(timing: ChatTiming, rootRef: RefObject<HTMLElement | null>) {
  const [machine] = useState(() => createChatMachine(timing, { playSound: playNotificationSound }));
  const state = useSyncExternalStore(machine.subscribe, machine.getState, machine.getState);
  const [live, setLive] = useState(false);

  useEffect(() => {
    const island = rootRef.current?.parentElement;
    machine.restore(readSaved(), performance.now());
    machine.start();
    setLive(true);
    if (island?.hasAttribute(ISLAND_ATTR.pendingClick)) {
      island.removeAttribute(ISLAND_ATTR.pendingClick);
      machine.open();
    }
    save(machine);
    const unsubscribe = machine.subscribe(() => save(machine));
    return () => {
      unsubscribe();
      machine.dispose();
    };
  }, [machine, rootRef]);

  return { machine, state, live };
}
