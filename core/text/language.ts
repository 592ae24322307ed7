/**
 * The one choice of language for the engine's own texts (the studio, the back office, the dev preview and the
 * server's pages and mails): Dutch when the language tag's first part is `nl` (`nl`, `nl-NL`, `nl-BE`, ...), English
 * for every other tag and when there is none. A site's words are its own; this decides only the words we write.
 */
export type Language = 'nl' | 'en';

/** The language of our own texts for a language tag (`<html lang>`, a site's `lang`, an Accept-Language value). */
export function languageOf(tag: string | undefined): Language {
  const first = (tag ?? '')
    .trim()
    .toLowerCase()
    .split(/[-_,;\s]/)[0];
  return first === 'nl' ? 'nl' : 'en';
}

/** Of a pair of texts (or catalogs), the one for a language tag. */
export const inLanguage = <T>(tag: string | undefined, texts: Record<Language, T>): T => texts[languageOf(tag)];
