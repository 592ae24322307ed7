import { describe, expect, it } from 'vitest';
import { compareTexts, containment, median, shinglesOf, wordsOf } from './similarity.ts';

/** n distinct words: "w0 w1 w2 ...", from an offset so two texts share none. */
const distinct = (n: number, from = 0) => Array.from({ length: n }, (_, i) => `w${from + i}`).join(' ');
const set = (text: string) => new Set(shinglesOf(wordsOf(text)));

describe('shingles', () => {
  it('are the runs of five words, lower case, punctuation ignored', () => {
    expect(shinglesOf(wordsOf('Web design, in Bath: fast sites!'))).toEqual(['web design in bath fast', 'design in bath fast sites']);
    expect(shinglesOf(wordsOf('Too short'))).toEqual(['too short']);
    expect(wordsOf("Visitor's own café in 's-Hertogenbosch")).toEqual(["visitor's", 'own', 'café', 'in', 's', 'hertogenbosch']);
  });
});

describe('containment', () => {
  it('is 1 for the same text, 0 for texts with no phrase in common', () => {
    expect(containment(set(distinct(50)), set(distinct(50)))).toBe(1);
    expect(containment(set(distinct(50)), set(distinct(50, 100)))).toBe(0);
  });

  it('is the share of one text copied into the other, from each side', () => {
    // 100 words, the first 50 of which are the whole of the other text: 46 of its 96 shingles are in the short text
    const long = `${distinct(50)} ${distinct(50, 500)}`;
    const short = distinct(50);
    expect(containment(set(short), set(long))).toBe(1);
    expect(containment(set(long), set(short))).toBeCloseTo(46 / 96, 5);
  });

  it('one word changed breaks the five phrases around it; moved paragraphs keep theirs; the same words reversed share none', () => {
    // 13 words, 9 shingles; the city is word 9, inside shingles 5 to 9: 4 of 9 stay shared
    const sentence = (city: string) => `our studio builds fast websites for shops in ${city} and helps them rank`;
    expect(containment(set(sentence('bath')), set(sentence('bristol')))).toBeCloseTo(4 / 9, 5);
    const words = wordsOf(distinct(40));
    const shuffled = [...words.slice(20), ...words.slice(0, 20)].join(' ');
    // each half of 20 words keeps its 16 shingles: 32 of 36
    expect(containment(set(distinct(40)), set(shuffled))).toBeCloseTo(32 / 36, 5);
    const reversed = [...words].reverse().join(' ');
    expect(containment(set(distinct(40)), set(reversed))).toBe(0);
  });
});

describe('compareTexts', () => {
  const template = distinct(100, 1000);
  const pages = [
    { path: '/a', text: `${template} ${distinct(200, 0)}`, groups: ['s'] },
    { path: '/b', text: `${template} ${distinct(20, 5000)}`, groups: ['s'] },
    { path: '/c', text: `${template} ${distinct(20, 5000)}`, groups: ['s'] },
    { path: '/x', text: template, groups: ['other'] },
  ];
  const figures = compareTexts(pages);
  const of = (path: string) => figures.find((f) => f.path === path)!;

  it('finds the closest sibling of each page within its groups only', () => {
    expect(of('/b').closest).toEqual({ path: '/c', similarity: 1 });
    expect(of('/a').closest!.path).toBe('/b');
    // the template is 96 of the 296 shingles of /a, plus 4 across the join that /b does not have
    expect(of('/a').closest!.similarity).toBeCloseTo(96 / 296, 5);
    // /x has the same template but is in another group: compared with nothing
    expect(of('/x').closest).toBeUndefined();
  });

  it('counts the words no sibling has: a page with its own 200 words, two copies with none', () => {
    // the 200 own words, and the 4 template words in the shingles that cross into them
    expect(of('/a').ownWords).toBe(204);
    expect(of('/b').ownWords).toBe(0);
    expect(of('/a').words).toBe(300);
  });
});

it('median of an odd and an even list', () => {
  expect(median([3, 1, 2])).toBe(2);
  expect(median([4, 1, 2, 3])).toBe(2.5);
  expect(median([])).toBe(0);
});
