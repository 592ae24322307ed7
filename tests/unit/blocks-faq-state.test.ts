import { describe, expect, it } from 'vitest';
import { toggleItem } from '../../src/blocks/faq/faq-state.ts';

describe('FAQ open item', () => {
  it.each([
    [null, 0, 0],
    [null, 3, 3],
    [0, 0, null], // clicking the open one closes it
    [0, 2, 2], // clicking another switches
    [2, 1, 1],
  ] as const)('open %s, click %i -> %s', (open, clicked, next) => {
    expect(toggleItem(open, clicked)).toBe(next);
  });
});
