import { describe, expect, it } from 'vitest';
import { fill } from './fill.ts';

describe('fill', () => {
  it('fills known placeholders and leaves unknown ones visible', () => {
    expect(fill('{service} in {city} ({oops})', { city: 'Soest', service: 'SEO' })).toBe('SEO in Soest ({oops})');
  });

  it('fills numbers as text', () => {
    expect(fill('{n} van {count}', { n: 2, count: 5 })).toBe('2 van 5');
  });

  it('never fills a placeholder from the object prototype', () => {
    expect(fill('{constructor} {toString} {__proto__}', {})).toBe('{constructor} {toString} {__proto__}');
  });
});
