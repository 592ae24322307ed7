/** The pairs (before, after) of a longest common run of equal items, in order. */
export function anchors(was: string[], now: string[]): [number, number][] {
  // lengths of the common runs of the tails; lists of blocks and items are short enough for the square table
  const table = Array.from({ length: was.length + 1 }, () => new Array<number>(now.length + 1).fill(0));
  for (let i = was.length - 1; i >= 0; i -= 1)
    for (let j = now.length - 1; j >= 0; j -= 1) table[i]![j] = was[i] === now[j] ? table[i + 1]![j + 1]! + 1 : Math.max(table[i + 1]![j]!, table[i]![j + 1]!);
  const pairs: [number, number][] = [];
  for (let i = 0, j = 0; i < was.length && j < now.length;) {
    if (was[i] === now[j]) pairs.push([i++, j++]);
    else if (table[i + 1]![j]! >= table[i]![j + 1]!) i += 1;
    else j += 1;
  }
  return pairs;
}

/** How alike two items are: the number of members of two objects with equal values. */
function likeness(a: unknown, b: unknown): number {
  if (typeof a !== 'object' || a === null || typeof b !== 'object' || b === null) return 0;
  const other = b as Record<string, unknown>;
  return Object.entries(a).filter(([key, value]) => JSON.stringify(value) === JSON.stringify(other[key])).length;
}

/**
 * Where an item of a list is after the list changed (another editor inserted, removed or moved items): found by
 * its content, so a field stays bound to its value and not to its position. An item whose content changed too is
 * placed by the unchanged items around it.
 */
export function followIndex(before: readonly unknown[], after: readonly unknown[], index: number): number {
  const was = before.map((item) => JSON.stringify(item));
  const now = after.map((item) => JSON.stringify(item));
  const pairs = anchors(was, now);
  const kept = pairs.find(([i]) => i === index);
  if (kept) return kept[1];
  // by the nearest unchanged items above and below it: of the changed items between them, the most alike
  const above = pairs.filter(([i]) => i < index).pop();
  const below = pairs.find(([i]) => i > index);
  const guess = above ? above[1] + (index - above[0]) : below ? below[1] - (below[0] - index) : index;
  const gap = now.map((_, j) => j).filter((j) => j > (above?.[1] ?? -1) && j < (below?.[1] ?? now.length));
  const alike = gap.map((j) => likeness(before[index], after[j]));
  const best = Math.max(0, ...alike);
  const place = best > 0 ? gap[alike.indexOf(best)]! : Math.max(0, Math.min(guess, now.length - 1));
  // moved: the same content elsewhere, the nearest to where it would be
  const same = now.flatMap((key, at) => (key === was[index] ? [at] : []));
  return same.length === 0 ? place : same.reduce((best, at) => (Math.abs(at - place) < Math.abs(best - place) ? at : best));
}

/**
 * Whether an item of a list is gone after the list changed: it is not where an unchanged run keeps it, its content is
 * nowhere in the list, and nothing stands between the unchanged items around it (so it was not edited in place either).
 */
export function isRemoved(before: readonly unknown[], after: readonly unknown[], index: number): boolean {
  const was = before.map((item) => JSON.stringify(item));
  const now = after.map((item) => JSON.stringify(item));
  if (now.includes(was[index]!)) return false;
  const pairs = anchors(was, now);
  const above = pairs.filter(([i]) => i < index).pop();
  const below = pairs.find(([i]) => i > index);
  return (below?.[1] ?? now.length) <= (above?.[1] ?? -1) + 1;
}
