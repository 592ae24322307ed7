import { describe, expect, it } from 'vitest';
import { SRCSET_WIDTHS, variantPath, variantSource } from './srcset.ts';

describe('variantSource', () => {
  it('undoes variantPath for every width the engine names', () => {
    for (const width of SRCSET_WIDTHS)
      expect(variantSource(variantPath('/images/hero-desktop.webp', width))).toEqual({ src: '/images/hero-desktop.webp', width });
  });

  it('is undefined for other widths, other folders and other formats', () => {
    expect(variantSource('/images/hero-401w.webp')).toBeUndefined();
    expect(variantSource('/sounds/hero-400w.webp')).toBeUndefined();
    expect(variantSource('/images/hero-400w.png')).toBeUndefined();
    expect(variantSource('/images/hero.webp')).toBeUndefined();
  });
});
