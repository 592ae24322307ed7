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
  // by the nearest unchanged item above it, else below it
  const above = pairs.filter(([i]) => i < index).pop();
  const below = pairs.find(([i]) => i > index);
  const guess = above ? above[1] + (index - above[0]) : below ? below[1] - (below[0] - index) : index;
  const place = Math.max(0, Math.min(guess, now.length - 1));
  // moved: the same content elsewhere, the nearest to where it would be
  const same = now.flatMap((key, at) => (key === was[index] ? [at] : []));
  return same.length === 0 ? place : same.reduce((best, at) => (Math.abs(at - place) < Math.abs(best - place) ? at : best));
}

const blocksOf = (text: string | undefined): unknown[] | undefined => {
  try {
    const blocks = (JSON.parse(text ?? '') as { blocks?: unknown }).blocks;
    return Array.isArray(blocks) ? blocks : undefined;
  } catch {
    return undefined;
  }
};

/** The selected block of a page after another editor changed the page's text: the same block, where it is now. */
export function followBlock(change: { before: string | undefined; after: string }, index: number | undefined): number | undefined {
  const [before, after] = [blocksOf(change.before), blocksOf(change.after)];
  if (index === undefined || !before || !after || after.length === 0) return index;
  return followIndex(before, after, index);
}

/**
 * The keys of a list's items after it changed, carried over from before: an unchanged item keeps its key wherever it
 * went, a changed one the key of the changed item in its place among the unchanged ones (the one being typed in),
 * a new one a fresh key.
 */
export function carryKeys(before: readonly unknown[], keys: readonly string[], after: readonly unknown[], fresh: () => string): string[] {
  const was = before.map((item) => JSON.stringify(item));
  const now = after.map((item) => JSON.stringify(item));
  const out = new Array<string | undefined>(now.length).fill(undefined);
  const used = new Set<number>();
  const give = (i: number, j: number) => {
    out[j] = keys[i];
    used.add(i);
  };
  const pairs = anchors(was, now);
  for (const [i, j] of pairs) give(i, j);
  // moved: the same content elsewhere
  now.forEach((key, j) => {
    const i = out[j] === undefined ? was.findIndex((k, at) => k === key && !used.has(at)) : -1;
    if (i >= 0) give(i, j);
  });
  // between two unchanged items (or the ends), the changed items pair up in order
  const bounds: [number, number][] = [[-1, -1], ...pairs, [was.length, now.length]];
  for (let b = 0; b < bounds.length - 1; b += 1) {
    const [i0, j0] = bounds[b]!;
    const [i1, j1] = bounds[b + 1]!;
    const old = Array.from({ length: Math.max(0, i1 - i0 - 1) }, (_, k) => i0 + 1 + k).filter((i) => !used.has(i));
    for (let j = j0 + 1; j < j1; j += 1) {
      const i = out[j] === undefined ? old.shift() : undefined;
      if (i !== undefined) give(i, j);
    }
  }
  return out.map((key) => key ?? fresh());
}
