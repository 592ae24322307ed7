import { en } from './words/en.tsx';
import { nl, type Words } from './words/nl.tsx';
import { inLanguage } from '../core/text/language.ts';

export type { Words };

/** The site's language decides the back office's: Dutch on a Dutch site (`nl`, `nl-NL`, ...), English on any other. */
export const wordsFor = (lang: string): Words => inLanguage(lang, { nl, en });

/** The words of this page, chosen once at start: the server sets `<html lang>` to the site's language. */
export const words: Words = wordsFor(document.documentElement.lang);
