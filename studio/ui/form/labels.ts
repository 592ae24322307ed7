/**
 * The studio's human words for the site's schemas, in the site's language (its config's `lang`: Dutch for "nl...",
 * English otherwise): a field's label and one line of help, the name of a list's n-th item, and a block type's
 * name, description and picture. The words live in a catalog per language (studio/ui/form/labels/nl.ts and en.ts), keyed
 * by the schema `title` of the object that holds a field (exactly the resolved schema the form has in hand: after
 * $ref and allOf, the oneOf branch its value picks) and the field's key.
 *
 * A field or block type the catalog does not know yet still shows something sensible: its schema's own title (or
 * key) split into words and its description. studio/ui/form/labels.test.ts fails then, so the developer who added it
 * writes its words into both catalogs.
 */
import { labelFor, type Schema } from './schema.ts';
import type { Catalog, FieldWords } from './labels/catalog.ts';
import { nl } from './labels/nl.ts';
import { en } from './labels/en.ts';
import { genericPicture, pictures } from './labels/pictures.ts';
import { inLanguage } from '../../../core/text/language.ts';

export type { Catalog, FieldWords, MapWords, BlockWords } from './labels/catalog.ts';

/** A field's human label and one-line help, in the site's language. */
export interface FieldText {
  label: string;
  help?: string;
}

/** A block type's name, one-line description and small picture (an SVG document as text) for the palette. */
export interface BlockInfo {
  name: string;
  description: string;
  picture: string;
}

/** The catalog of a site's language: Dutch for nl, nl-NL, nl-BE...; English for every other language. */
export function catalogFor(lang: string): Catalog {
  return inLanguage(lang, { nl, en });
}

function own<T>(record: Record<string, T>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

/**
 * Objects the schemas give no title, named by what they are. A title would rename their generated TypeScript type
 * (core/site/schema-types.ts), so the catalog recognises them instead.
 */
const UNTITLED: [name: string, is: (schema: Schema) => boolean][] = [
  // forms/images-field.schema.json: accept, the MIME types of an upload and their file extensions
  ['ImagesFieldAccept', (s) => typeof s.additionalProperties === 'object' && typeof s.description === 'string' && s.description.startsWith('MIME type')],
];

/**
 * The name the catalog knows an object's (resolved) schema by: its title, else its TypeScript type's name (a
 * section heading whose default the block changes through allOf keeps only that), else one of UNTITLED.
 */
export function schemaName(schema: Schema): string | undefined {
  if (typeof schema.title === 'string') return schema.title;
  if (typeof schema.tsType === 'string') return schema.tsType;
  return UNTITLED.find(([, is]) => is(schema))?.[0];
}

/** `key` is a value of the object's map (`additionalProperties`) rather than one of its named members. */
function isMapKey(parent: Schema, key: string): boolean {
  const more = parent.additionalProperties;
  return !(parent.properties && Object.hasOwn(parent.properties, key)) && typeof more === 'object' && more !== null;
}

/**
 * The catalog's words for the member `key` of an object whose resolved schema is `parent`, or undefined when the
 * catalog has none (then `fieldText` falls back to the schema's own words). The test asks this one.
 */
export function catalogText(lang: string, parent: Schema, key: string): FieldWords | undefined {
  const catalog = catalogFor(lang);
  const name = schemaName(parent);
  if (isMapKey(parent, key)) {
    const map = name === undefined ? undefined : own(catalog.maps, name);
    return map && { label: map.label(key), help: map.help, item: map.item };
  }
  return (name === undefined ? undefined : own(catalog.fields, `${name}.${key}`)) ?? own(catalog.fields, key);
}

/**
 * The catalog's words for one option of the choice (a schema `enum`) held at `key` of `parent`, or undefined when
 * it has none. The test asks this one.
 */
export function catalogChoice(lang: string, parent: Schema, key: string, option: unknown): string | undefined {
  const { choices } = catalogFor(lang);
  const name = schemaName(parent);
  const words = (name === undefined ? undefined : own(choices, `${name}.${key}`)) ?? own(choices, key);
  return words && own(words, String(option));
}

/** An option of a choice in plain words ("Met rand" for a button's variant "secondary"), else the option itself. */
export function choiceLabel(lang: string, parent: Schema, key: string, option: unknown): string {
  return catalogChoice(lang, parent, key, option) ?? String(option);
}

/** The schema of the member `key` of `parent`: a named member, or a value of its map. */
function memberSchema(parent: Schema, key: string): Schema | undefined {
  if (parent.properties && Object.hasOwn(parent.properties, key)) return parent.properties[key];
  const more = parent.additionalProperties;
  return typeof more === 'object' && more !== null ? (more as Schema) : undefined;
}

/**
 * The label and help of the member `key` of an object whose (resolved) schema is `parent`: from the catalog of the
 * site's language, else the member's schema title (or its key) split into words and its description.
 */
export function fieldText(lang: string, parent: Schema, key: string): FieldText {
  const words = catalogText(lang, parent, key);
  if (words) return { label: words.label, help: words.help };
  const member = memberSchema(parent, key);
  if (isMapKey(parent, key)) return { label: key, help: member?.description ?? parent.description };
  return { label: labelFor(typeof member?.title === 'string' ? member.title : key), help: member?.description };
}

/** The label of the n-th (from 0) item of a list held at `key` of `parent`: "Vraag 3", "Knop 2". */
export function itemLabel(lang: string, parent: Schema, key: string, index: number): string {
  const noun = catalogText(lang, parent, key)?.item;
  if (noun) return `${noun} ${index + 1}`;
  const items = memberSchema(parent, key)?.items;
  const named = typeof items?.title === 'string' ? labelFor(items.title) : fieldText(lang, parent, key).label;
  return `${named} ${index + 1}`;
}

/** The catalog's name and description of a block type, or undefined when it has none. The test asks this one. */
export function catalogBlock(lang: string, type: string): { name: string; description: string } | undefined {
  return own(catalogFor(lang).blocks, type);
}

/**
 * What the palette shows of a block type, in the site's language. A type the catalog does not know yet is named by
 * its schema's title split into words (when the schema is given; else by its type) and described by its schema.
 */
export function blockInfo(lang: string, type: string, schema?: Schema): BlockInfo {
  const words = catalogBlock(lang, type);
  const picture = own(pictures, type) ?? genericPicture;
  if (words) return { ...words, picture };
  const name = typeof schema?.title === 'string' ? labelFor(schema.title) : labelFor(type);
  return { name, description: schema?.description ?? '', picture };
}
