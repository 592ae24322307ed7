import { en } from './words/en.tsx';
import { nl, type Words } from './words/nl.tsx';

export type { Words };

/** The site's language decides the back office's: Dutch on a Dutch site (`nl`, `nl-NL`, ...), English on any other. */
export const wordsFor = (lang: string): Words => (lang.trim().toLowerCase().startsWith('nl') ? nl : en);

/** The words of this page, chosen once at start: the server sets `<html lang>` to the site's language. */
export const words: Words = wordsFor(document.documentElement.lang);
