import { describe, expect, it } from 'vitest';
import { dotCount, nextStart, previousStart, visibleIndices } from './carousel-window.ts';

// count 6, 3 visible: the home page's carousel
describe('home testimonial carousel arithmetic (6 items, 3 visible)', () => {
  it.each([
    [0, [0, 1, 2]],
    [1, [1, 2, 3]],
    [3, [3, 4, 5]],
    [4, [4, 5, 0]],
    [5, [5, 0, 1]],
  ])('start %i shows %j (wrapping to the beginning when fewer remain)', (start, shown) => {
    expect(visibleIndices(start, 6, 3)).toEqual(shown);
  });

  it.each([
    [0, 3],
    [1, 0],
    [2, 1],
    [3, 2],
  ])('previous from %i goes to %i (from 0 to count - 3)', (from, to) => {
    expect(previousStart(from, 6, 3)).toBe(to);
  });

  it.each([
    [0, 1],
    [1, 2],
    [2, 3],
    [3, 0],
  ])('next from %i goes to %i (at the last start back to 0)', (from, to) => {
    expect(nextStart(from, 6, 3)).toBe(to);
  });

  it('has count - 2 dots', () => {
    expect(dotCount(6, 3)).toBe(4);
  });
});

describe('other sizes', () => {
  it.each([
    [7, 3, 5],
    [3, 3, 1],
    [2, 3, 1],
    [5, 1, 5],
  ])('%i items, %i visible: %i dots', (count, visible, dots) => {
    expect(dotCount(count, visible)).toBe(dots);
  });

  it('never shows more items than exist', () => {
    expect(visibleIndices(0, 2, 3)).toEqual([0, 1]);
  });

  it('walking next through every start visits each dot once and returns to 0', () => {
    const seen: number[] = [];
    let start = 0;
    for (let i = 0; i < dotCount(8, 3); i++) {
      seen.push(start);
      start = nextStart(start, 8, 3);
    }
    expect(seen).toEqual([0, 1, 2, 3, 4, 5]);
    expect(start).toBe(0);
  });
});
