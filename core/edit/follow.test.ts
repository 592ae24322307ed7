import { describe, expect, it } from 'vitest';
import { followIndex } from './follow.ts';

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
  it('of the changed items in its place, picks the most alike (typed in while another was inserted above)', () => {
    const own = { type: 'text', heading: 'Over ons', paragraphs: ['Een.'] };
    const before = [{ type: 'hero' }, own, { type: 'faq' }];
    const after = [{ type: 'hero' }, { type: 'text', heading: 'Ingevoegd', paragraphs: ['Nieuw.'] }, { ...own, heading: 'Over onsA' }, { type: 'faq' }];
    expect(followIndex(before, after, 1)).toBe(2);
  });
  it('picks the nearest of equal items', () => {
    const same = [{ t: 'x' }, { t: 'x' }, { t: 'y' }];
    expect(followIndex(same, [{ t: 'new' }, ...same], 1)).toBe(2);
  });
});
