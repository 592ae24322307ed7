import { fileName } from '../form/names.ts';

type NameOf = (path: string) => string;
import type { StudioTexts } from '../texts.ts';

/**
 * A status line of the studio as a typed message: what happened (its key) and to which files (their paths). The
 * catalogs say it in the site's language, with the files' names (never their paths); a line the studio already
 * wrote in words (a page added, a block added) is `said` as it is.
 */
export type Status =
  | { key: 'undone' | 'redone'; files: string[] }
  | { key: 'cannotUndo' | 'cannotRedo' }
  | { key: 'reloaded' | 'replayed' | 'notSaved'; file: string }
  | { key: 'said'; text: string };

/** A line already in the site's language. */
export const said = (text: string): Status => ({ key: 'said', text });

/** The names of several files in words: "Contact, Home en Instellingen van de site". */
function namesOf(t: StudioTexts, paths: string[], nameOf: NameOf): string {
  const names = paths.map(nameOf);
  return names.length < 2 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} ${t.and} ${names[names.length - 1]!}`;
}

/** The status line in the site's language (nothing to say: an empty line). */
export function statusText(t: StudioTexts, status: Status | undefined, nameOf: NameOf = (path) => fileName(t, path)): string {
  if (!status) return '';
  switch (status.key) {
    case 'undone':
      return t.undone(namesOf(t, status.files, nameOf));
    case 'redone':
      return t.redone(namesOf(t, status.files, nameOf));
    case 'cannotUndo':
      return t.cannotUndo;
    case 'cannotRedo':
      return t.cannotRedo;
    case 'reloaded':
      return t.reloaded(nameOf(status.file));
    case 'replayed':
      return t.replayed(nameOf(status.file));
    case 'notSaved':
      return t.notSaved(nameOf(status.file));
    case 'said':
      return status.text;
  }
}
