import { describe, expect, it } from 'vitest';
import { applyOps, type EditOp } from './ops.ts';
import { RecentTexts, rebaseOps, removedTarget } from './rebase.ts';

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

describe('removedTarget', () => {
  const base = page([{ heading: 'Een' }, { heading: 'Twee' }, { heading: 'Drie' }]);
  const typed: EditOp[] = [
    { op: 'set', path: ['title'], value: 'Thuis' },
    { op: 'set', path: ['blocks', 1, 'heading'], value: 'TweeA' },
  ];
  it('names the edit whose item another editor removed, rather than the item now in its place', () => {
    expect(removedTarget(base, page([{ heading: 'Een' }, { heading: 'Drie' }]), typed)).toBe(1);
    // the last one removed, and the only one
    expect(removedTarget(page([{ heading: 'Een' }]), page([]), [{ op: 'set', path: ['blocks', 0, 'heading'], value: 'x' }])).toBe(0);
    expect(removedTarget(base, page([{ heading: 'Een' }, { heading: 'Twee' }]), [{ op: 'set', path: ['blocks', 2, 'heading'], value: 'x' }])).toBe(0);
  });
  it('finds the item moved, edited in place or with one inserted before it: nothing removed', () => {
    expect(removedTarget(base, page([{ heading: 'Twee' }, { heading: 'Een' }, { heading: 'Drie' }]), typed)).toBeUndefined();
    expect(removedTarget(base, page([{ heading: 'Een' }, { heading: 'Twee!' }, { heading: 'Drie' }]), typed)).toBeUndefined();
    expect(removedTarget(base, page([{ heading: 'Nieuw' }, { heading: 'Een' }, { heading: 'Twee' }, { heading: 'Drie' }]), typed)).toBeUndefined();
    expect(removedTarget(base, base, typed)).toBeUndefined();
    expect(removedTarget(undefined, base, typed)).toBeUndefined();
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
