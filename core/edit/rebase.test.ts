import { describe, expect, it } from 'vitest';
import { applyOps, type EditOp } from './ops.ts';
import { RecentTexts, rebaseOps } from './rebase.ts';

const page = (blocks: { heading: string }[]) => `${JSON.stringify({ blocks }, null, 2)}\n`;

describe('rebaseOps', () => {
  const base = page([{ heading: 'Een' }, { heading: 'Twee' }]);
  it('moves an edit of an item onto that item when another editor inserted one above it', () => {
    const current = page([{ heading: 'Een' }, { heading: 'Nieuw' }, { heading: 'Twee' }]);
    const ops: EditOp[] = [{ op: 'set', path: ['blocks', 1, 'heading'], value: 'TweeA' }];
    const moved = rebaseOps(base, current, ops);
    expect(moved).toEqual([{ op: 'set', path: ['blocks', 2, 'heading'], value: 'TweeA' }]);
    expect(JSON.parse(applyOps(current, moved))).toEqual({ blocks: [{ heading: 'Een' }, { heading: 'Nieuw' }, { heading: 'TweeA' }] });
  });
  it('leaves the edits alone when nothing changed, the base is unknown, or a list is edited itself', () => {
    const ops: EditOp[] = [{ op: 'set', path: ['blocks', 1, 'heading'], value: 'x' }];
    expect(rebaseOps(base, base, ops)).toBe(ops);
    expect(rebaseOps(undefined, base, ops)).toBe(ops);
    const insert: EditOp[] = [{ op: 'insert', path: ['blocks'], index: 0, value: {} }];
    expect(rebaseOps(base, page([]), insert)).toBe(insert);
  });
});

describe('RecentTexts', () => {
  it('keeps the latest texts up to its limit', () => {
    const texts = new RecentTexts(2);
    texts.remember('a', 'A');
    texts.remember('b', 'B');
    texts.remember('c', 'C');
    expect([texts.get('a'), texts.get('b'), texts.get('c')]).toEqual([undefined, 'B', 'C']);
  });
});
