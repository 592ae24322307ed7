import { useEffect, useRef, type RefObject } from 'react';
import type { ChatMachine } from './chat-machine.ts';

interface DismissOptions {
  open: boolean;
  allowEsc: boolean;
  allowClickAway: boolean;
  rootRef: RefObject<HTMLElement | null>;
  inputRef: RefObject<HTMLInputElement | null>;
  toggleRef: RefObject<HTMLButtonElement | null>;
}

/**
 * Focus and closing: an opened box puts focus in its message field; Escape (allowEsc) and the close button
 * close it and hand focus back to the floating button; a click outside (allowClickAway) closes it without
 * taking focus from whatever the visitor clicked. Returns the close used by the close button.
 */
export function useChatDismiss(machine: ChatMachine, { open, allowEsc, allowClickAway, rootRef, inputRef, toggleRef }: DismissOptions) {
  // set right before a close that should hand focus back to the floating button
  const refocusToggle = useRef(false);

  useEffect(() => {
    if (open) inputRef.current?.focus();
    else if (refocusToggle.current) toggleRef.current?.focus();
    refocusToggle.current = false;
  }, [open, inputRef, toggleRef]);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || !allowEsc) return;
      refocusToggle.current = true;
      machine.close();
    };
    const onPointer = (e: PointerEvent) => {
      if (allowClickAway && e.target instanceof Node && !rootRef.current?.contains(e.target)) machine.close();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open, allowEsc, allowClickAway, machine, rootRef]);

  return () => {
    refocusToggle.current = true;
    machine.close();
  };
}
