import { blockInfo, fieldText, itemLabel, type BlockInfo } from './labels.ts';
import { branchFor, labelFor, resolve, schemaFileFor, type Located, type Schema, type SchemaFiles } from './schema.ts';
import type { StudioTexts } from './texts.ts';

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

/** The id of a page, list or form: its file name without the folder and `.json`. */
export const fileId = (path: string) => path.replace(/^content\/[a-z]+\//, '').replace(/\.json$/, '');

/** A site file's name for a person: the page's, list's or form's own name as words, a list's kind, or the site settings. */
export function fileName(t: StudioTexts, path: string): string {
  if (path === 'site.config.json') return t.siteSettings;
  const id = fileId(path);
  // a list named after its kind ("faq") by that kind's name; another ("portfolio-showcase") by its own
  if (path.startsWith('content/collections/') && Object.hasOwn(t.collectionKinds, id)) return t.collectionKinds[id]!;
  return words(id);
}

/** The schema of an object member, a list's items or a map's values. */
function childOf(schema: Schema, key: string | number): Schema | undefined {
  if (typeof key === 'number') return schema.items;
  const more = schema.additionalProperties;
  return schema.properties?.[key] ?? (typeof more === 'object' && more !== null ? (more as Schema) : undefined);
}

/** A list item that names a place by its own name (a city of the landing pages): that name, not its number. */
const ownName = (item: Record<string, unknown> | undefined): string | undefined =>
  typeof item?.city === 'string' && item.city.trim() !== '' ? item.city : undefined;

/**
 * Where a value is, as the labels a person sees on the way to its field: a page's block by its number and name, a
 * list's item by its label ("Vraag 2"), every other step by its field's label. Stops where the schema ends.
 */
export function placeOf(t: StudioTexts, lang: string, files: SchemaFiles, file: string, data: unknown, path: (string | number)[]): string[] {
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
      const label =
        index === 1 && path[0] === 'blocks' && file.startsWith('content/pages/')
          ? capital(t.blockShort(key + 1, blockOf(lang, String(item?.type ?? '')).name))
          : holder
            ? (ownName(item) ?? itemLabel(lang, holder.schema, holder.key, key))
            : String(key + 1);
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
