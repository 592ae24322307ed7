import { useState } from 'react';
import { carryKeys } from '../preview/follow.ts';

/**
 * React keys for a list's items that follow the items, not their places: when another editor inserts an item above
 * the one being typed in, that item's fields stay mounted (focus, caret and all) and go on editing it.
 */
export function useStableKeys(items: readonly unknown[]): string[] {
  const json = JSON.stringify(items);
  const [memo, setMemo] = useState(() => ({ json, items, keys: items.map((_, i) => `item-${i}`), next: items.length }));
  if (memo.json === json) return memo.keys;
  let next = memo.next;
  const keys = carryKeys(memo.items, memo.keys, items, () => `item-${next++}`);
  // the keys of this render, kept for the next one (React renders again at once, with the same keys)
  setMemo({ json, items, keys, next });
  return keys;
}
