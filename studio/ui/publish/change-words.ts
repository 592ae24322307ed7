import { placeOf } from '../form/names.ts';
import { plainWords, type ChangeWords } from './publish-changes.ts';
import type { SchemaFiles } from '../form/schema.ts';
import type { StudioTexts } from '../texts.ts';

/**
 * The words Publish, Discard and the commit message say a change in: each file by the name the file list gives it,
 * each place by the labels of the fields on the way to it, a list's items by their own text ("Vraag: Wat kost het?").
 */
export function changeWords(t: StudioTexts, lang: string, schemas: SchemaFiles, nameOf: (path: string) => string): ChangeWords {
  return {
    name: nameOf,
    place: (path, data, field) => {
      const words = placeOf(t, lang, schemas, path, data, field, 'text');
      // a place deeper than the schema knows keeps the labels it has; one it knows nothing of, its keys
      return words.length > 0 || field.length === 0 ? words : plainWords.place(path, data, field);
    },
  };
}
