import { describe, expect, it } from 'vitest';
import { inLanguage, languageOf } from './language.ts';

describe('the language of our own texts', () => {
  it('is Dutch for every tag whose first part is nl, whatever its case, region or list', () => {
    for (const tag of ['nl', 'NL', 'nl-NL', 'nl-BE', 'nl_BE', ' nl ', 'nl,en;q=0.8', 'nl;q=0.9']) expect(languageOf(tag), tag).toBe('nl');
  });

  it('is English for every other tag, and when there is none', () => {
    for (const tag of ['en', 'en-GB', 'de', 'fr-BE', 'nld', 'nn', '', undefined, 'en,nl;q=0.9']) expect(languageOf(tag), String(tag)).toBe('en');
  });

  it('picks the text of that language', () => {
    const texts = { nl: 'Opslaan', en: 'Save' };
    expect(inLanguage('nl-BE', texts)).toBe('Opslaan');
    expect(inLanguage('de', texts)).toBe('Save');
  });
});
