import { labelFor, type Schema } from './schema.ts';

/** A field's human label and one-line help, in the site's language. */
export interface FieldText {
  label: string;
  help?: string;
}

/**
 * The label and help of the member `key` of an object whose (resolved) schema is `parent`: looked up in the
 * catalog of the site's language by the parent's schema `title` and the key (being built: for now from the key).
 */
export function fieldText(_lang: string, parent: Schema, key: string): FieldText {
  const own = parent.properties?.[key];
  return { label: labelFor(key), help: own?.description };
}

/** The label of the n-th (from 0) item of a list held at `key` of `parent`: "Vraag 3" (being built). */
export function itemLabel(lang: string, parent: Schema, key: string, index: number): string {
  return `${fieldText(lang, parent, key).label} ${index + 1}`;
}

/** A block type's name, one-line description and small picture (an SVG document as text) for the palette. */
export interface BlockInfo {
  name: string;
  description: string;
  picture: string;
}

/** What the palette shows of a block type, in the site's language (being built: for now its type). */
export function blockInfo(_lang: string, type: string): BlockInfo {
  return { name: type, description: '', picture: '' };
}
