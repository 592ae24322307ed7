import { describe, expect, it } from 'vitest';
import { movedOrder } from './preview-changes.ts';
import { frameSizes } from './preview-layout.ts';

const hero = { type: 'hero', headline: 'Welkom' };
const text = { type: 'text', heading: 'Over ons' };
const faq = { type: 'faq', collection: 'faq' };

describe('movedOrder: the page shown put in the new order at once, or left to a render', () => {
  it('a block moved: each block now, from its place before', () => {
    expect(movedOrder([hero, text, faq], [text, hero, faq])).toEqual([1, 0, 2]);
  });
  it('a block deleted: the others in order', () => {
    expect(movedOrder([hero, text, faq], [hero, faq])).toEqual([0, 2]);
  });
  it('a block copied: its place twice', () => {
    expect(movedOrder([hero, text], [hero, text, text])).toEqual([0, 1, 1]);
  });
  it('two equal blocks keep their own places', () => {
    expect(movedOrder([text, hero, text], [text, text])).toEqual([0, 2]);
  });
  it('a new block, a changed one, or nothing moved: none (a render, or the typed text, shows it)', () => {
    expect(movedOrder([hero, text], [hero, { type: 'text', heading: '' }, text])).toBeUndefined();
    expect(movedOrder([hero, text], [hero, { ...text, heading: 'Over ons!' }])).toBeUndefined();
    expect(movedOrder([hero, text], [hero, text])).toBeUndefined();
  });
});

describe('frameSizes: the frames share the preview', () => {
  it('the desktop alone takes the width; its window as tall as its box', () => {
    const { desktop, phone } = frameSizes({ width: 642, height: 600 }, false);
    expect(phone).toBeUndefined();
    expect(desktop.boxWidth).toBeLessThanOrEqual(640);
    expect(desktop.boxWidth).toBeGreaterThan(630);
    expect(Math.abs(desktop.viewHeight * desktop.scale - 598)).toBeLessThan(2);
  });
  it('with the phone beside it, both fit the width, and the desktop is smaller', () => {
    const alone = frameSizes({ width: 642, height: 600 }, false).desktop;
    const { desktop, phone } = frameSizes({ width: 642, height: 600 }, true);
    expect(desktop.boxWidth + 2 + 10 + phone!.boxWidth + 2).toBeLessThanOrEqual(642);
    expect(desktop.scale).toBeLessThan(alone.scale);
    expect(phone!.scale).toBeGreaterThanOrEqual(0.4);
  });
  it('never drawn larger than the page is', () => {
    expect(frameSizes({ width: 3000, height: 900 }, false).desktop.scale).toBe(1);
  });
});
