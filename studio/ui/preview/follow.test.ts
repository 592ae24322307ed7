import { describe, expect, it } from 'vitest';
import { carryKeys } from './follow.ts';

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
