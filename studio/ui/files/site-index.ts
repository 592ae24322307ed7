import { CONFIG_FILE, CONTENT_DIRS, isPagePath, kindOf } from '../../../core/site/layout.ts';
import { pointerOf, type Path } from '../form/field-common.tsx';
import { blockInfo, fieldText, itemLabel } from '../form/labels.ts';
import type { LinksTexts } from '../form/links-texts.ts';
import { fieldSchema, schemaFileFor, type Located, type Schema, type SchemaFiles } from '../form/schema.ts';

/**
 * Every text of the site's files, each with where it is in words (the page, the block, the labels of the fields down
 * to it) and whether its field holds a link: what the site search looks through, and where the link tools find the
 * links to a page. A file is walked with its schema, as the form draws it, so a place is named as its field is.
 */

/** One string value of a site file. */
export interface SiteText {
  file: string;
  path: Path;
  /** the JSON pointer of the value: the form's field for it carries it */
  pointer: string;
  value: string;
  /** its field holds a link (`x-link` in the schema) */
  link: boolean;
  /** the block of a page it is in: its index and its type's name */
  block?: { index: number; name: string };
  /** the labels of the fields from the file (or its block) down to it: ["Knoppen 1", "Link"] */
  fields: string[];
  /** the value as the search compares it: lower case, without accents */
  folded: string;
}

/** A site file's texts, and its title when it is a page. */
export interface IndexedFile {
  path: string;
  title?: string;
  texts: SiteText[];
}

/** What a site file is to the index: its text (the studio's SiteFile has more). */
export interface TextFile {
  text: string;
}

const foldChar = (ch: string) =>
  ch
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
const ASCII = /^\p{ASCII}*$/u;

/** A text as the search compares it: lower case, accents taken off ("Café" -> "cafe"). */
export function foldText(text: string): string {
  if (ASCII.test(text)) return text.toLowerCase();
  let folded = '';
  for (const ch of text) folded += foldChar(ch);
  return folded;
}

/** The folded text and, for each of its characters, where it starts in the text (and one more: the text's length). */
function foldWithPlaces(text: string): { folded: string; at: number[] } {
  let folded = '';
  const at: number[] = [];
  let index = 0;
  for (const ch of text) {
    const f = ASCII.test(ch) ? ch.toLowerCase() : foldChar(ch);
    for (let k = 0; k < f.length; k++) at.push(index);
    folded += f;
    index += ch.length;
  }
  at.push(index);
  return { folded, at };
}

interface Walk {
  schemas: SchemaFiles;
  lang: string;
  file: string;
  page: boolean;
  out: SiteText[];
}

type Json = unknown;
const isObject = (v: Json): v is Record<string, Json> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The schema of an object's member `key`: its own, or the map's (`additionalProperties`). */
function memberSchema(here: Located | undefined, key: string): Located | undefined {
  if (!here) return undefined;
  const own = here.schema.properties?.[key];
  const more = here.schema.additionalProperties;
  const schema = own ?? (isObject(more) ? (more as Schema) : undefined);
  return schema ? { schema, file: here.file } : undefined;
}

/** The object that holds a list, and the list's key: an item is named by it ("Vraag 3"). */
interface Holder {
  schema: Schema;
  key: string;
}

function walkList(w: Walk, here: Located | undefined, items: Json[], path: Path, fields: string[], block: SiteText['block'], holder?: Holder) {
  const itemSchema = here?.schema.items ? { schema: here.schema.items, file: here.file } : undefined;
  const blocks = w.page && path.length === 1 && path[0] === 'blocks';
  items.forEach((item, index) => {
    if (blocks) {
      const type = isObject(item) && typeof item.type === 'string' ? item.type : '';
      return walk(w, itemSchema, item, [...path, index], [], { index, name: type ? blockInfo(w.lang, type).name : '' });
    }
    const label = holder ? itemLabel(w.lang, holder.schema, holder.key, index) : `${fields[fields.length - 1] ?? ''} ${index + 1}`.trim();
    walk(w, itemSchema, item, [...path, index], [...fields.slice(0, -1), label], block);
  });
}

function walk(w: Walk, located: Located | undefined, value: Json, path: Path, fields: string[], block?: SiteText['block'], holder?: Holder) {
  const here = located ? fieldSchema(w.schemas, located, value) : undefined;
  if (typeof value === 'string') {
    // a fixed value (a block's type) has no field of its own
    if (here?.schema.const !== undefined) return;
    const link = here?.schema['x-link'] === true;
    w.out.push({ file: w.file, path, pointer: pointerOf(path), value, link, block, fields, folded: foldText(value) });
  } else if (Array.isArray(value)) {
    walkList(w, here, value, path, fields, block, holder);
  } else if (isObject(value)) {
    for (const [key, member] of Object.entries(value)) {
      if (key === '$schema') continue;
      const label = here ? fieldText(w.lang, here.schema, key).label : key;
      walk(w, memberSchema(here, key), member, [...path, key], [...fields, label], block, here ? { schema: here.schema, key } : undefined);
    }
  }
}

/** Every text of one site file, with its schema's labels in the site's language; nothing for a file that does not parse. */
export function indexFile(schemas: SchemaFiles, lang: string, path: string, text: string): IndexedFile {
  let data: Json;
  try {
    data = JSON.parse(text) as Json;
  } catch {
    return { path, texts: [] };
  }
  const page = isPagePath(path);
  const root = schemas[schemaFileFor(path)];
  const out: SiteText[] = [];
  walk({ schemas, lang, file: path, page, out }, root ? { schema: root, file: schemaFileFor(path) } : undefined, data, [], []);
  const title = page && isObject(data) && typeof data.title === 'string' ? data.title : undefined;
  return { path, title, texts: out };
}

/** each file's index, kept while the studio holds the same copy of the file (an edit makes a new one) */
const cache = new WeakMap<TextFile, { lang: string; schemas: SchemaFiles; indexed: IndexedFile }>();

/** Every site file's texts; a file is walked again only when it changed (or the language or the schemas did). */
export function indexSite(schemas: SchemaFiles, lang: string, files: Record<string, TextFile>): IndexedFile[] {
  return Object.entries(files).map(([path, file]) => {
    const kept = cache.get(file);
    if (kept && kept.lang === lang && kept.schemas === schemas) return kept.indexed;
    const indexed = indexFile(schemas, lang, path, file.text);
    cache.set(file, { lang, schemas, indexed });
    return indexed;
  });
}

const ORDER = [`${CONTENT_DIRS.page}/`, CONFIG_FILE, `${CONTENT_DIRS.collection}/`, `${CONTENT_DIRS.form}/`];
const rank = (path: string) => {
  const at = ORDER.findIndex((start) => path.startsWith(start));
  return at < 0 ? ORDER.length : at;
};

/** The files in the order a person looks through them: pages, the site's settings, collections, forms. */
export const inReadingOrder = (files: IndexedFile[]) =>
  [...files].sort((a, b) => rank(a.path) - rank(b.path) || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));

/** A file in words: a page's title, "Instellingen van de site", "Verzameling faq", "Formulier contact". */
export function fileName(file: Pick<IndexedFile, 'path' | 'title'>, texts: LinksTexts): string {
  const id = file.path.replace(/^.*\//, '').replace(/\.json$/, '');
  if (file.path === CONFIG_FILE) return texts.settings;
  if (kindOf(file.path) === 'collection') return texts.collection(id);
  if (kindOf(file.path) === 'form') return texts.form(id);
  return file.title || id;
}

/** Where a text is, in words: "Home › Blok 1 (Hero) › Knoppen 1 › Link". */
export function placeOf(file: Pick<IndexedFile, 'path' | 'title'>, text: SiteText, texts: LinksTexts): string {
  const block = text.block ? texts.block(text.block.index + 1, text.block.name) : undefined;
  return [fileName(file, texts), block, ...text.fields].filter(Boolean).join(' › ');
}

export interface SearchHit {
  file: IndexedFile;
  text: SiteText;
  /** the text around the first match, the match itself, and the text after it */
  snippet: [string, string, string];
}

const BEFORE = 30;
const AFTER = 60;

function snippetOf(value: string, word: string): SearchHit['snippet'] {
  const { folded, at } = foldWithPlaces(value);
  const found = folded.indexOf(word);
  const start = at[found]!;
  const end = at[found + word.length]!;
  const from = Math.max(0, start - BEFORE);
  const to = Math.min(value.length, end + AFTER);
  return [`${from > 0 ? '…' : ''}${value.slice(from, start)}`, value.slice(start, end), `${value.slice(end, to)}${to < value.length ? '…' : ''}`];
}

/**
 * The texts that hold every word of the query (case and accents aside), those with the words phraseHits first; at
 * most `limit` of them, and how many there are in all.
 */
export function searchSite(files: IndexedFile[], query: string, limit = 50): { hits: SearchHit[]; total: number } {
  const phrase = foldText(query).replace(/\s+/g, ' ').trim();
  if (phrase === '') return { hits: [], total: 0 };
  const words = phrase.split(' ');
  const phraseHits: { file: IndexedFile; text: SiteText }[] = [];
  const wordHits: { file: IndexedFile; text: SiteText }[] = [];
  for (const file of files)
    for (const text of file.texts) {
      if (text.folded.includes(phrase)) phraseHits.push({ file, text });
      else if (words.every((word) => text.folded.includes(word))) wordHits.push({ file, text });
    }
  const all = [...phraseHits, ...wordHits];
  const hits = all.slice(0, limit).map(({ file, text }) => ({
    file,
    text,
    snippet: snippetOf(text.value, text.folded.includes(phrase) ? phrase : words[0]!),
  }));
  return { hits, total: all.length };
}
