/**
 * The home testimonial carousel's arithmetic, as it must behave:
 * a window of `visible` items from a start index, wrapping to the beginning
 * when fewer remain; previous from 0 goes to count - visible; next at the
 * last start goes to 0; one dot per start (count - 2 dots for 3 visible).
 */

/** The item indices on screen for a start index. */
export function visibleIndices(start: number, count: number, visible: number): number[] {
  const shown = Math.min(visible, count);
  return Array.from({ length: shown }, (_, i) => (start + i) % count);
}

/** Highest start index that still fills the window without wrapping. */
export function lastStart(count: number, visible: number): number {
  return Math.max(0, count - visible);
}

export function previousStart(start: number, count: number, visible: number): number {
  return start <= 0 ? lastStart(count, visible) : start - 1;
}

export function nextStart(start: number, count: number, visible: number): number {
  return start >= lastStart(count, visible) ? 0 : start + 1;
}

/** Number of dot indicators: one per possible start. */
export function dotCount(count: number, visible: number): number {
  return lastStart(count, visible) + 1;
}
