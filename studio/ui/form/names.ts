import { CONFIG_FILE, contentFile, fileId, isPagePath, kindOf } from '../../../core/site/layout.ts';
import { blockInfo, fieldText, itemLabel, type BlockInfo } from './labels.ts';
import { branchFor, labelFor, resolve, schemaFileFor, type Located, type Schema, type SchemaFiles } from './schema.ts';
import type { StudioTexts } from '../texts.ts';
import { formName } from '../../../core/forms/form-name.ts';

/**
 * What the studio calls the site's files, blocks and values, in the site's language: a file by its page, list or
 * form ("Contact", "Veelgestelde vragen", "Site-instellingen"), a block by its type's name, a value by the labels
 * of the fields that lead to it ("Home › blok 1 (Hero) › Kop"). Never a file path, a JSON pointer or a schema key.
 */

/** A small picture for a block type the catalog has none for: a block of lines on a page. */
const PLAIN_PICTURE =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 72"><rect x="1" y="1" width="118" height="70" rx="6" fill="#f8fafc" stroke="#94a3b8"/><rect x="14" y="16" width="60" height="8" rx="2" fill="#64748b"/><rect x="14" y="32" width="92" height="5" rx="2" fill="#cbd5e1"/><rect x="14" y="43" width="84" height="5" rx="2" fill="#cbd5e1"/><rect x="14" y="54" width="70" height="5" rx="2" fill="#cbd5e1"/></svg>';

/** A block type's name, description and picture; a type the catalog does not know yet gets a readable name and a plain picture. */
export function blockOf(lang: string, type: string): BlockInfo {
  const info = blockInfo(lang, type);
  return {
    name: info.name && info.name !== type ? info.name : labelFor(type),
    description: info.description,
    picture: info.picture || PLAIN_PICTURE,
  };
}

/** The picture of a block type as an image address. */
export const pictureSrc = (picture: string) => `data:image/svg+xml,${encodeURIComponent(picture)}`;

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** "over-ons" → "Over ons": a file's own name as words. */
const words = (id: string) => labelFor(id.replace(/-/g, ' '));

/**
 * What the studio knows of the site to name its files as staff know them: the page at `/` (the home page, whatever
 * its file is called), each list's kind and the pages that show it, each form's name.
 */
export interface SiteFacts {
  /** the id of the page at `/` */
  home?: string;
  /** a list's kind ("portfolio"), by its id */
  kinds: Map<string, string>;
  /** the pages (ids) whose blocks show a list or a form, by its file's path (content/collections/faq.json) */
  shownOn: Map<string, string[]>;
  /** a form's name for the staff (core/forms/form-name.ts), by its id */
  formNames: Map<string, string>;
}

export const NO_FACTS: SiteFacts = { kinds: new Map(), shownOn: new Map(), formNames: new Map() };

type Json = unknown;
const text = (v: Json): string | undefined => (typeof v === 'string' ? v : undefined);
const isRecord = (v: Json): v is Record<string, Json> => typeof v === 'object' && v !== null && !Array.isArray(v);
const parsed = (text: string | undefined): Json => {
  try {
    return text === undefined ? undefined : (JSON.parse(text) as Json);
  } catch {
    return undefined;
  }
};

/** The lists and forms a page's blocks show (a block's `collection` and `form`), wherever in the block they are. */
function shownBy(value: Json, out: Set<string>): void {
  if (Array.isArray(value)) for (const item of value) shownBy(item, out);
  else if (isRecord(value))
    for (const [key, member] of Object.entries(value)) {
      if ((key === 'collection' || key === 'form') && typeof member === 'string') out.add(contentFile(key, member));
      else shownBy(member, out);
    }
}

/** The facts of the site's files as they are now (a file that does not parse adds nothing). */
export function siteFacts(files: Record<string, { text?: string } | undefined>): SiteFacts {
  const facts: SiteFacts = { kinds: new Map(), shownOn: new Map(), formNames: new Map() };
  for (const [path, file] of Object.entries(files)) {
    const data = parsed(file?.text);
    if (!isRecord(data)) continue;
    const id = fileId(path);
    if (path === CONFIG_FILE && Array.isArray(data.routes)) {
      const home = data.routes.find((r): r is Record<string, Json> => isRecord(r) && r.path === '/');
      if (typeof home?.page === 'string') facts.home = home.page;
    } else if (kindOf(path) === 'collection' && typeof data.kind === 'string') facts.kinds.set(id, data.kind);
    else if (kindOf(path) === 'form') facts.formNames.set(id, formName({ id, name: text(data.name), heading: text(data.heading) }));
    else if (isPagePath(path)) {
      const shown = new Set<string>();
      shownBy(data.blocks, shown);
      for (const what of shown) facts.shownOn.set(what, [...(facts.shownOn.get(what) ?? []), id]);
    }
  }
  return facts;
}

/** A page's name: "Home" for the page at `/`, else its file's name as words ("Over ons"). */
const pageName = (t: StudioTexts, facts: SiteFacts, id: string) => (id === (facts.home ?? 'home') ? t.homePage : words(id));

/** Names in a sentence: "Demo en Portfolio". */
const listed = (t: StudioTexts, names: string[]) =>
  names.length < 2 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} ${t.and} ${names[names.length - 1]!}`;

/**
 * A list's name: its kind's ("Veelgestelde vragen"); where the site has more lists of that kind, with the pages that
 * show it ("Portfolio op Home"), or that no page shows it.
 */
function collectionName(t: StudioTexts, facts: SiteFacts, id: string): string {
  const kind = facts.kinds.get(id) ?? id;
  const base = Object.hasOwn(t.collectionKinds, kind) ? t.collectionKinds[kind]! : words(id);
  const twins = [...facts.kinds].filter(([, k]) => k === kind).map(([other]) => other);
  if (twins.length < 2) return base;
  const pages = (facts.shownOn.get(contentFile('collection', id)) ?? []).map((page) => pageName(t, facts, page)).sort();
  return pages.length > 0 ? t.collectionOn(base, listed(t, pages)) : t.collectionShownNowhere(base);
}

/** A site file's name for a person: a page's ("Home"), a list's kind's, a form's, or the site settings. */
export function fileName(t: StudioTexts, path: string, facts: SiteFacts = NO_FACTS): string {
  if (path === CONFIG_FILE) return t.siteSettings;
  const id = fileId(path);
  if (isPagePath(path)) return pageName(t, facts, id);
  if (kindOf(path) === 'collection') return collectionName(t, facts, id);
  if (kindOf(path) === 'form') return facts.formNames.get(id) ?? words(id);
  return path.replace(/^.*\//, '');
}

/** Every file's name by its path, for the site's files as they are now. */
export const namesOf = (t: StudioTexts, files: Record<string, { text?: string } | undefined>) => {
  const facts = siteFacts(files);
  return (path: string) => fileName(t, path, facts);
};

/** The schema of an object member, a list's items or a map's values. */
function childOf(schema: Schema, key: string | number): Schema | undefined {
  if (typeof key === 'number') return schema.items;
  const more = schema.additionalProperties;
  return schema.properties?.[key] ?? (typeof more === 'object' && more !== null ? (more as Schema) : undefined);
}

/** A list item that names a place by its own name (a city of the landing pages): that name, not its number. */
const ownName = (item: Record<string, unknown> | undefined): string | undefined =>
  typeof item?.city === 'string' && item.city.trim() !== '' ? item.city : undefined;

const MAX_TEXT = 60;

/** An item's own text: itself when it is one, else its first text, then its members' ("Werken jullie ook in het weekend?"). */
export function itemText(item: unknown): string {
  const text = (value: unknown, depth: number): string => {
    if (typeof value === 'string') return value.trim();
    if (depth > 2 || typeof value !== 'object' || value === null) return '';
    const own = !Array.isArray(value) ? ownName(value as Record<string, unknown>) : undefined;
    if (own) return own;
    const members = Object.entries(value).filter(([key]) => key !== 'type' && key !== '$schema');
    for (const [, member] of members) if (typeof member === 'string' && member.trim() !== '') return member.trim();
    for (const [, member] of members) {
      const found = text(member, depth + 1);
      if (found) return found;
    }
    return '';
  };
  const found = text(item, 0).replace(/\s+/g, ' ');
  return found.length > MAX_TEXT ? `${found.slice(0, MAX_TEXT - 1)}…` : found;
}

/** How a list's items are named: by their number ("Vraag 2"), or by their own text ("Vraag: Werken jullie ook in het weekend?"). */
export type ItemNames = 'number' | 'text';

/**
 * Where a value is, as the labels a person sees on the way to its field: a page's block by its number and name, a
 * list's item by its label ("Vraag 2", or with `items` 'text' "Vraag: Wat kost het?"), every other step by its
 * field's label. Stops where the schema ends.
 */
export function placeOf(
  t: StudioTexts,
  lang: string,
  files: SchemaFiles,
  file: string,
  data: unknown,
  path: (string | number)[],
  items: ItemNames = 'number',
): string[] {
  const parts: string[] = [];
  const root: Located = { schema: files[schemaFileFor(file)] ?? {}, file: schemaFileFor(file) };
  let here: Located | undefined = resolve(files, root);
  let value = data;
  /** the object that holds the list being walked into, and the list's key */
  let holder: { schema: Schema; key: string } | undefined;
  for (const [index, key] of path.entries()) {
    if (!here) break;
    if (here.schema.oneOf) here = branchFor(files, here, value) ?? here;
    if (typeof key === 'number') {
      const item = (value as unknown[] | undefined)?.[key] as Record<string, unknown> | undefined;
      const numbered = holder ? itemLabel(lang, holder.schema, holder.key, key) : String(key + 1);
      const text = items === 'text' ? itemText(item) : '';
      const label =
        index === 1 && path[0] === 'blocks' && isPagePath(file)
          ? capital(t.blockShort(key + 1, blockOf(lang, String(item?.type ?? '')).name))
          : text && holder
            ? t.itemWithText(numbered.replace(/\s+\d+$/, ''), text)
            : holder
              ? (ownName(item) ?? numbered)
              : numbered;
      // the item's label says the list's too ("Vraag 2", not "Vragen › Vraag 2")
      if (holder) parts.pop();
      parts.push(label);
      holder = undefined;
    } else {
      parts.push(fieldText(lang, here.schema, key).label);
      holder = { schema: here.schema, key };
    }
    const next = childOf(here.schema, key);
    here = next ? resolve(files, { schema: next, file: here.file }) : undefined;
    value = (value as Record<string | number, unknown> | undefined)?.[key];
  }
  return parts;
}
