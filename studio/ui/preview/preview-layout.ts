import { useCallback, useEffect, useLayoutEffect, useState, type RefObject } from 'react';

/** The widths the page is shown at: a laptop's and a phone's. */
export const DESKTOP_WIDTH = 1280;
export const PHONE_WIDTH = 390;
/** a phone's window is no taller than this (a frame taller than the phone would show a page no phone shows) */
const PHONE_HEIGHT = 900;
/** between the two frames (studio.css: .preview-frames) */
const GAP = 10;
/** a frame's box has a 1 px border all round (studio.css: .frame-box) */
const BORDER = 2;
/** the phone's share of the room, at most three quarters of its size and at least 0.4 */
const PHONE_SHARE = 0.3;
/** below this width of the preview the phone is off until the person turns it on (the desktop would be too small) */
const PHONE_ROOM = 800;
const STORED = 'studio.preview.phone';

/** One frame: the page laid out at `width` px in a window `viewHeight` px tall, drawn at `scale` in a box. */
export interface FrameSize {
  width: number;
  viewHeight: number;
  scale: number;
  boxWidth: number;
  boxHeight: number;
}

export interface Room {
  width: number;
  height: number;
}

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

function frameSize(width: number, scale: number, boxHeight: number, maxView = Infinity): FrameSize {
  const viewHeight = Math.round(Math.min(maxView, boxHeight / scale));
  return { width, viewHeight, scale, boxWidth: Math.floor(width * scale), boxHeight: Math.floor(viewHeight * scale) };
}

/**
 * The frames' sizes in the room the preview has: side by side, as tall as the room (each page's window as tall as
 * its box, so that what the page scrolls to is what shows), the phone a share of the width, the desktop the rest.
 * The desktop is never drawn larger than it is.
 */
export function frameSizes(room: Room, phone: boolean): { desktop: FrameSize; phone?: FrameSize } {
  const height = Math.max(120, room.height - BORDER);
  const phoneScale = clamp((room.width * PHONE_SHARE) / PHONE_WIDTH, 0.4, 0.75);
  const phoneBox = phone ? Math.floor(PHONE_WIDTH * phoneScale) + BORDER + GAP : 0;
  const desktopScale = clamp((room.width - phoneBox - BORDER) / DESKTOP_WIDTH, 0.1, 1);
  return {
    desktop: frameSize(DESKTOP_WIDTH, desktopScale, height),
    phone: phone ? frameSize(PHONE_WIDTH, phoneScale, height, PHONE_HEIGHT) : undefined,
  };
}

/** The room an element has (its content box), followed as the window or the columns change. */
export function useRoom(ref: RefObject<HTMLElement | null>): Room {
  const [room, setRoom] = useState<Room>({ width: 0, height: 0 });
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () =>
      setRoom((was) => (was.width === el.clientWidth && was.height === el.clientHeight ? was : { width: el.clientWidth, height: el.clientHeight }));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return room;
}

function stored(): boolean | undefined {
  try {
    const value = localStorage.getItem(STORED);
    return value === 'on' ? true : value === 'off' ? false : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether the phone's preview shows: as the person last chose on this computer (localStorage), else when the
 * preview is wide enough for both.
 */
export function usePhoneShown(roomWidth: number): [boolean, (shown: boolean) => void] {
  const [chosen, setChosen] = useState(stored);
  const choose = useCallback((shown: boolean) => {
    setChosen(shown);
    try {
      localStorage.setItem(STORED, shown ? 'on' : 'off');
    } catch {
      // storage switched off: the choice lasts until the studio is reloaded
    }
  }, []);
  return [chosen ?? roomWidth >= PHONE_ROOM, choose];
}

/** The nearest ancestor that scrolls vertically. */
function scroller(el: HTMLElement): HTMLElement | undefined {
  for (let up = el.parentElement; up; up = up.parentElement) {
    const { overflowY } = getComputedStyle(up);
    if ((overflowY === 'auto' || overflowY === 'scroll') && up.scrollHeight > up.clientHeight) return up;
  }
  return undefined;
}

/**
 * Brings an element's top back into its scrolling column each time `what` changes (a block selected, another page
 * shown), when the person had scrolled the column past it; otherwise the column stays where it is.
 */
export function useRevealed(ref: RefObject<HTMLElement | null>, what: string): void {
  useEffect(() => {
    const el = ref.current;
    const column = el && scroller(el);
    if (!el || !column) return;
    const above = el.getBoundingClientRect().top - column.getBoundingClientRect().top;
    if (above < 0) column.scrollBy({ top: above - 8, behavior: 'instant' });
  }, [ref, what]);
}
