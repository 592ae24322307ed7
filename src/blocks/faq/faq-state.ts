/** Which FAQ item is open: null for none. At most one is open at a time. */
export type OpenItem = number | null;

/** Clicking the open item closes it; clicking another one opens that one instead. */
export function toggleItem(open: OpenItem, clicked: number): OpenItem {
  return open === clicked ? null : clicked;
}
