/**
 * The phone mock-up's endless scroll. The list is rendered `repeat` times, so
 * after scrolling one copy's height (a third of the whole for 3 copies) the
 * view looks exactly like the start: jumping back to 0 there is invisible.
 */
export function nextOffset(offset: number, speed: number, totalHeight: number, repeat: number): number {
  const copyHeight = totalHeight / repeat;
  if (copyHeight <= 0) return 0;
  const next = offset + speed;
  return next >= copyHeight ? 0 : next;
}
