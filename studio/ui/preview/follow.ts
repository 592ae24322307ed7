import { anchors, followIndex } from '../../../core/edit/follow.ts';

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
