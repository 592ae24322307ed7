import { describe, expect, it } from 'vitest';
import { carryKeys, followIndex } from './follow.ts';

describe('followIndex', () => {
  const blocks = [{ t: 'a' }, { t: 'b' }, { t: 'c' }];
  it('follows an item when another is inserted above it', () => {
    expect(followIndex(blocks, [{ t: 'new' }, ...blocks], 1)).toBe(2);
  });
  it('follows an item when one above it is removed', () => {
    expect(followIndex(blocks, [blocks[0], blocks[2]], 2)).toBe(1);
  });
  it('follows an item that moved', () => {
    expect(followIndex(blocks, [blocks[1], blocks[0], blocks[2]], 0)).toBe(1);
  });
  it('places an item whose text changed by the unchanged ones around it', () => {
    expect(followIndex(blocks, [{ t: 'new' }, blocks[0], { t: 'B' }, blocks[2]], 1)).toBe(2);
    expect(followIndex(blocks, [blocks[0], { t: 'B' }, blocks[2]], 1)).toBe(1);
  });
  it('picks the nearest of equal items', () => {
    const same = [{ t: 'x' }, { t: 'x' }, { t: 'y' }];
    expect(followIndex(same, [{ t: 'new' }, ...same], 1)).toBe(2);
  });
});

describe('carryKeys', () => {
  let n = 0;
  const fresh = () => `new${++n}`;
  it('keeps the keys of items when one is inserted above them', () => {
    expect(carryKeys(['a', 'b', 'c'], ['ka', 'kb', 'kc'], ['x', 'a', 'b', 'c'], fresh)).toEqual(['new1', 'ka', 'kb', 'kc']);
  });
  it('keeps the key of an item being typed in, and of a moved one', () => {
    expect(carryKeys(['a', 'b', 'c'], ['ka', 'kb', 'kc'], ['a', 'bX', 'c'], fresh)).toEqual(['ka', 'kb', 'kc']);
    expect(carryKeys(['a', 'b', 'c'], ['ka', 'kb', 'kc'], ['b', 'a', 'c'], fresh)).toEqual(['kb', 'ka', 'kc']);
  });
  it('gives no key twice when items are removed', () => {
    expect(carryKeys(['a', 'b', 'c'], ['ka', 'kb', 'kc'], ['c'], fresh)).toEqual(['kc']);
  });
});
