/**
 * The shape of the studio's word list in one language (studio/ui/form/labels/nl.ts, en.ts): the label and help of every
 * field the forms show, the noun of a list's items and the name of every block type.
 */

/** A field's words: its label, one sentence of help (what it does on the site) and, for a list, what one item is. */
export interface FieldWords {
  label: string;
  help: string;
  /** the singular noun of one item of the list ("Vraag" gives "Vraag 3") */
  item?: string;
}

/** The words of a map's values (a schema's `additionalProperties`): the label is made from the value's own key. */
export interface MapWords {
  label: (key: string) => string;
  help: string;
  item?: string;
}

/** A block type's name and one line on what it shows. */
export interface BlockWords {
  name: string;
  description: string;
}

export interface Catalog {
  /**
   * By the schema title of the object that holds the field and the field's key ('HeroBlock.headline'), or by the
   * key alone ('eyebrow') for a key that means the same in every object that has it.
   */
  fields: Record<string, FieldWords>;
  /** The values of a map, by the map's name ('ImagesFieldAccept'). */
  maps: Record<string, MapWords>;
  /** By the block's `type`. */
  blocks: Record<string, BlockWords>;
  /** The words of a choice's options (a schema `enum`), by the same keys as `fields`: 'ButtonLink.variant' or 'icon'. */
  choices: Record<string, Record<string, string>>;
}

/** The words of an object's fields, keyed for the catalog by the object's schema title: `fieldsOf('HeroBlock', { headline: ... })`. */
export function fieldsOf(title: string, words: Record<string, FieldWords>): Record<string, FieldWords> {
  return Object.fromEntries(Object.entries(words).map(([key, w]) => [`${title}.${key}`, w]));
}

/** The same words under several titles (the fields every kind of form field has). */
export function fieldsOfEach(titles: string[], words: Record<string, FieldWords>): Record<string, FieldWords> {
  return Object.assign({}, ...titles.map((title) => fieldsOf(title, words))) as Record<string, FieldWords>;
}
