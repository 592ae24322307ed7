import { describe, expect, it } from 'vitest';
import { patternExample } from './pattern-example.ts';

describe('the shortest text a pattern takes', () => {
  it.each([
    ['^(/|https?://|tel:|mailto:|#)', '/'],
    ['^/([a-z0-9]+(-[a-z0-9]+)*)?$', '/'],
    ['^[a-z0-9]+(-[a-z0-9]+)*$', 'a'],
    ['^#[0-9a-fA-F]{6}$', '#000000'],
    ['^tel:\\+[0-9]{8,15}$', 'tel:+00000000'],
    ['^[0-9.]+(px|rem)$', '0px'],
    ['^[^/]+$', 'a'],
    ['^[^\\s]+\\.(webp|png)$', 'a.webp'],
    ['^[a-z]{2}(-[A-Z]{2})?$', 'aa'],
    ['\\{title\\}', '{title}'],
    ['^(?:ab|c)+?$', 'ab'],
    ['^\\d{3}\\w\\s$', '000a '],
  ])('%s gives %j', (pattern, text) => {
    expect(patternExample(pattern)).toBe(text);
    expect(new RegExp(pattern, 'u').test(text)).toBe(true);
  });

  it('gives nothing for a pattern it does not read (a look-ahead, a back reference, one that is not a pattern)', () => {
    expect(patternExample('^(?=a)a$')).toBeUndefined();
    expect(patternExample('^(a)\\1$')).toBeUndefined();
    expect(patternExample('^[a-')).toBeUndefined();
  });
});
