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

describe('fill, texts filled again and again', () => {
  it('fills the same text with other values each time, placeholders at its start, its end and side by side', () => {
    const text = '{a}{b} x {a}, {c}';
    expect(fill(text, { a: 1, b: 2, c: 3 })).toBe('12 x 1, 3');
    expect(fill(text, { a: 'A', c: '' })).toBe('A{b} x A, ');
    expect(fill('{', { a: 1 })).toBe('{');
    expect(fill('{ a } {a-b} {{a}}', { a: 1 })).toBe('{ a } {a-b} {1}');
  });
});
