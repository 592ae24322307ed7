import { followIndex, isRemoved } from './follow.ts';
import type { EditOp } from './ops.ts';
import type { Path } from './json-edit.ts';

/** The texts of a file's recent versions, by the hash of each: the base an edit names, to see what changed since. */
export class RecentTexts {
  private readonly texts = new Map<string, string>();
  constructor(private readonly limit = 200) {}

  remember(hash: string, text: string): void {
    this.texts.delete(hash);
    this.texts.set(hash, text);
    if (this.texts.size > this.limit) this.texts.delete(this.texts.keys().next().value!);
  }

  get(hash: string): string | undefined {
    return this.texts.get(hash);
  }
}

const parse = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};

/** A path into `base` as a path into `current`: each list index follows its item (by content and neighbours). */
function rebasePath(base: unknown, current: unknown, path: Path): Path {
  const out: Path = [];
  let [was, now] = [base, current];
  for (const key of path) {
    const moved = typeof key === 'number' && Array.isArray(was) && Array.isArray(now) && now.length > 0 ? followIndex(was, now, key) : key;
    out.push(moved);
    was = (was as Record<string | number, unknown> | undefined)?.[key];
    now = (now as Record<string | number, unknown> | undefined)?.[moved];
  }
  return out;
}

/**
 * Edits made against `base` moved onto `current` (another editor inserted, removed or moved items of a list
 * meanwhile): a value typed into an item lands on that item, not on the one now in its place. Only edits of values
 * (set, removeKey) are moved; a list's own edits (insert, remove, move) and texts that do not parse are left as
 * they are.
 */
export function rebaseOps(base: string | undefined, current: string, ops: EditOp[]): EditOp[] {
  if (base === undefined || base === current || ops.some((op) => op.op !== 'set' && op.op !== 'removeKey')) return ops;
  const [was, now] = [parse(base), parse(current)];
  if (was === undefined || now === undefined) return ops;
  return ops.map((op) => ({ ...op, path: rebasePath(was, now, op.path) }));
}

/**
 * The first of these edits (made against `base`) whose list item another editor removed since (`current`): its value
 * has nowhere to go, and placing it on the item now in that place would change the wrong one. Undefined when every
 * edit has its item, or when the texts cannot say.
 */
export function removedTarget(base: string | undefined, current: string, ops: EditOp[]): number | undefined {
  if (base === undefined || base === current || ops.some((op) => op.op !== 'set' && op.op !== 'removeKey')) return undefined;
  const [was, now] = [parse(base), parse(current)];
  if (was === undefined || now === undefined) return undefined;
  const gone = ops.findIndex((op) => {
    let [before, after]: [unknown, unknown] = [was, now];
    for (const key of op.path) {
      if (typeof key === 'number' && Array.isArray(before) && Array.isArray(after)) {
        if (key < before.length && isRemoved(before, after, key)) return true;
        const moved = after.length > 0 ? followIndex(before, after, key) : key;
        [before, after] = [before[key], after[moved]];
      } else [before, after] = [(before as Record<string, unknown> | undefined)?.[key], (after as Record<string, unknown> | undefined)?.[key]];
    }
    return false;
  });
  return gone < 0 ? undefined : gone;
}
