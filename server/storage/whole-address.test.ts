import { describe, expect, it } from 'vitest';
import { addressFinder, FOLDED_FROM_ELSEWHERE, foldAddress, isWholeAddress, likeCandidates } from './whole-address.ts';

describe('isWholeAddress', () => {
  it('takes a whole address, non-ASCII letters and plus tags included', () => {
    for (const address of ['an@x.nl', 'Zeb.Target@Example.org', 'ÅSA@x.nl', 'jan+offerte@mail.x.nl', "o'brien@x.ie", 'info@bücher.de', 'a_b@x-y.nl']) {
      expect(isWholeAddress(address), address).toBe(true);
    }
  });

  it('refuses a part of an address, a bare domain and a pattern', () => {
    for (const text of [
      'an',
      '@',
      '@x.nl',
      'x.nl',
      'an@',
      'an@x',
      'an@x.',
      '.an@x.nl',
      'an.@x.nl',
      'a..n@x.nl',
      '%@x.nl',
      '*@x.nl',
      'an?@x.nl',
      'a n@x.nl',
      'an@x.nl, jan@x.nl',
      '',
    ]) {
      expect(isWholeAddress(text), text).toBe(false);
    }
  });
});

describe('addressFinder', () => {
  const an = addressFinder('an@x.nl');

  it('finds the address itself, in any case, and inside a text as a whole address', () => {
    for (const text of [
      'an@x.nl',
      'AN@X.NL',
      ' an@x.nl ',
      'bel an@x.nl of 06 12345678',
      'Email: An@X.nl\nTelefoon: 06',
      '<an@x.nl>',
      '(an@x.nl)',
      'mail an@x.nl.',
      'mailto:an@x.nl?subject=x',
      'an@x.nl, jan@x.nl',
      'an@x.nl...',
    ]) {
      expect(an(text), text).toBe(true);
    }
  });

  it('does not find it inside another address', () => {
    for (const text of [
      'jan@x.nl',
      'an@x.nl.au',
      'bel jan@x.nl of an@x.nl.au',
      'jan.an@x.nl',
      'j-an@x.nl',
      "o'an@x.nl",
      'an@x.nl-b.nl',
      'an@x.nlx',
      'ban@x.nl',
      'éan@x.nl',
      'x@an@x.nl',
      '',
    ]) {
      expect(an(text), text).toBe(false);
    }
  });

  it('folds letters of every script, and composed and decomposed forms alike', () => {
    const asa = addressFinder('åsa@x.nl');
    expect(asa('ÅSA@x.nl')).toBe(true);
    expect(asa('A\u030ASA@X.NL')).toBe(true);
    expect(asa('sa@x.nl')).toBe(false);
    expect(asa('måsa@x.nl')).toBe(false);
    expect(addressFinder('ÅSA@x.nl')('bel åsa@x.nl')).toBe(true);
  });
});

describe('likeCandidates', () => {
  it('keeps the ASCII characters every lower() agrees on, escapes LIKE wildcards, leaves the rest open', () => {
    expect(likeCandidates('An@X.nl')).toBe('%an@x.nl%');
    expect(likeCandidates('jo_an!@x.nl')).toBe('%jo!_an!!@x.nl%');
    expect(likeCandidates('ÅSA@x.nl')).toBe('%sa@x.nl%');
    expect(likeCandidates('kim@x.nl')).toBe('%m@x.nl%');
    expect(likeCandidates('x@bücher.de')).toBe('%x@b%cher.de%');
  });

  it('leaves open every ASCII character another character folds to (checked over all of Unicode)', () => {
    const reached = new Set<string>();
    for (let cp = 0x80; cp <= 0x10ffff; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      for (const char of foldAddress(String.fromCodePoint(cp))) if (char.charCodeAt(0) < 0x80) reached.add(char);
    }
    expect([...reached].sort()).toEqual([...FOLDED_FROM_ELSEWHERE].sort());
  });
});
