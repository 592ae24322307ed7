import { describe, expect, it } from 'vitest';
import { nextOffset } from './mockup-scroll.ts';

describe('portfolio mock-up scroll', () => {
  it.each([
    // offset, speed, total height, copies, next
    [0, 0.3, 3000, 3, 0.3],
    [500, 0.3, 3000, 3, 500.3],
    [999.6, 0.3, 3000, 3, 999.9],
    [999.8, 0.3, 3000, 3, 0], // passes one third of the height: back to the start
    [999.7, 0.3, 3000, 3, 0], // exactly one third
    [199.9, 0.3, 400, 2, 0], // two copies reset after half
  ])('from %f by %f in %i px of %i copies -> %f', (offset, speed, total, copies, next) => {
    expect(nextOffset(offset, speed, total, copies)).toBeCloseTo(next, 6);
  });

  it('stays at 0 while the list has no height yet', () => {
    expect(nextOffset(0, 0.3, 0, 3)).toBe(0);
  });

  it('moves 0.3 px per frame: 60 frames are 18 px', () => {
    let offset = 0;
    for (let i = 0; i < 60; i++) offset = nextOffset(offset, 0.3, 3000, 3);
    expect(offset).toBeCloseTo(18, 6);
  });
});
