import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { en } from './words/en.tsx';
import { nl } from './words/nl.tsx';
import { wordsFor } from './words.ts';

describe('the language of the back office', () => {
  it('is Dutch on a Dutch site, whatever the region', () => {
    expect(wordsFor('nl')).toBe(nl);
    expect(wordsFor('nl-NL')).toBe(nl);
    expect(wordsFor('NL-be')).toBe(nl);
  });

  it('is English on any other site, and when the page names no language', () => {
    for (const lang of ['en', 'en-GB', 'de', 'fr-BE', '']) expect(wordsFor(lang)).toBe(en);
  });

  describe('dates', () => {
    afterEach(() => document.documentElement.removeAttribute('lang'));

    /** The date helpers as a page in `lang` loads them: the language is read once, at start. */
    async function textsIn(lang: string) {
      document.documentElement.lang = lang;
      vi.resetModules();
      return import('./texts.ts');
    }

    it('are written the Dutch way on a Dutch site and the British way on any other, in Amsterdam time', async () => {
      expect((await textsIn('nl-NL')).formatDate('2026-03-05T23:30:00Z')).toBe('6 maart 2026');
      expect((await textsIn('en')).formatDate('2026-03-05T23:30:00Z')).toBe('6 March 2026');
    });
  });
});

/** Every text of a catalog, as the person would read it: texts with values filled in with a sample. */
function allTexts(catalog: object, path = ''): [string, string][] {
  return Object.entries(catalog).flatMap(([key, value]): [string, string][] => {
    const where = path ? `${path}.${key}` : key;
    if (typeof value === 'object' && value !== null) return allTexts(value as object, where);
    const shown: unknown = typeof value === 'function' ? (value as (...args: unknown[]) => unknown)(...Array<number>(value.length).fill(3)) : value;
    return [[where, renderToStaticMarkup(<>{shown as string}</>).replace(/<[^>]+>/g, '')]];
  });
}

describe('the catalogs', () => {
  const dutch = allTexts(nl);
  const english = allTexts(en);

  it('have a text for every place, in both languages', () => {
    expect(english.map(([where]) => where)).toEqual(dutch.map(([where]) => where));
    for (const [where, text] of [...dutch, ...english]) expect(text.trim(), where).not.toBe('');
  });

  it('speak no Dutch in English', () => {
    for (const [where, text] of english) {
      const padded = ` ${text.toLowerCase()} `;
      for (const word of [' de ', ' het ', ' een ', ' uw ', ' niet ']) expect(padded, `${where}: “${text}”`).not.toContain(word);
    }
  });

  it('keep the English texts different from the Dutch ones where the languages differ', () => {
    const same = english.filter(([where, text]) => dutch.find(([w]) => w === where)?.[1] === text).map(([where]) => where);
    // names that are the same in both languages
    expect(same).toEqual(expect.arrayContaining(['code', 'screens.leads']));
    expect(same.length).toBeLessThan(english.length / 10);
  });
});
