/**
 * The site's JSON Schemas as the studio's forms read them: $refs followed across files, allOf merged, a oneOf
 * chosen by the value's discriminator (the block type), labels and first values from the schema itself. A new
 * block type's schema gives its form with no studio code.
 */
import { refTarget, type Schema, type SchemaFiles } from '../../../core/schema/refs.ts';
import { kindOf, SCHEMA_OF_KIND } from '../../../core/site/layout.ts';
import { firstGroup, firstNumber, firstString, type NewValueOptions } from './first-values.ts';

export type { NewValueOptions } from './first-values.ts';

export type { Schema, SchemaFiles } from '../../../core/schema/refs.ts';

/** A schema with the file it came from, so the $refs inside it resolve. */
export interface Located {
  schema: Schema;
  file: string;
}

/** Follows $ref (and merges allOf) until a schema with content; sibling keywords of a $ref (description) are kept. */
export function resolve(files: SchemaFiles, located: Located, depth = 0): Located {
  const { schema, file } = located;
  if (depth > 20) return located;
  if (schema.$ref) {
    const found = refTarget((path) => files[path], file, schema.$ref);
    if (!found) return located;
    const { $ref: _ref, ...siblings } = schema;
    const inner = resolve(files, { schema: found.schema, file: found.path }, depth + 1);
    return { schema: { ...inner.schema, ...siblings }, file: inner.file };
  }
  if (schema.allOf) {
    const parts = schema.allOf.map((part) => resolve(files, { schema: part, file }, depth + 1).schema);
    const { allOf: _all, ...own } = schema;
    const merged: Schema = { ...own, properties: { ...own.properties }, required: [...(own.required ?? [])] };
    for (const part of parts) {
      Object.assign(merged.properties!, part.properties);
      merged.required!.push(...(part.required ?? []));
      if (!merged.type && part.type) merged.type = part.type;
      if (part.if) merged.conditions = [...(merged.conditions ?? []), part];
    }
    return { schema: merged, file };
  }
  return located;
}

/** The tags a oneOf branch takes: its discriminator's const, or each of its enum (a form's text, email and tel inputs). */
function tagsOf(schema: Schema, key: string): unknown[] {
  const tag = schema.properties?.[key];
  if (!tag) return [];
  return tag.const !== undefined ? [tag.const] : (tag.enum ?? []);
}

/** The oneOf branch a value belongs to: by the discriminator's const, else the first branch whose type fits. */
export function branchFor(files: SchemaFiles, located: Located, value: unknown): Located | undefined {
  const options = (located.schema.oneOf ?? []).map((s) => resolve(files, { schema: s, file: located.file }));
  const key = located.schema.discriminator?.propertyName ?? 'type';
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const tag = (value as Record<string, unknown>)[key];
    return options.find((o) => tagsOf(o.schema, key).includes(tag));
  }
  return options.find((o) => typeOf(o.schema) === typeName(value));
}

/** The variants of a discriminated oneOf (the block types): their tag and title. */
export function variants(files: SchemaFiles, located: Located): { tag: string; title: string; located: Located }[] {
  const key = located.schema.discriminator?.propertyName ?? 'type';
  return (located.schema.oneOf ?? []).flatMap((s) => {
    const branch = resolve(files, { schema: s, file: located.file });
    const tag = branch.schema.properties?.[key]?.const;
    return typeof tag === 'string' ? [{ tag, title: branch.schema.title ?? tag, located: branch }] : [];
  });
}

export function typeOf(schema: Schema): string | undefined {
  if (schema.const !== undefined) return typeName(schema.const);
  if (schema.enum) return typeName(schema.enum[0]);
  const t = Array.isArray(schema.type) ? schema.type.find((x) => x !== 'null') : schema.type;
  if (t) return t === 'integer' ? 'number' : t;
  if (schema.properties) return 'object';
  if (schema.items) return 'array';
  return undefined;
}

export function typeName(value: unknown): string {
  if (Array.isArray(value)) return 'array';
  if (value === null) return 'null';
  return typeof value;
}

/** Where a new value goes: its key (its list's, for an item) and the values at that place in the items beside it. */
interface Place {
  key?: string | number;
  beside: readonly unknown[];
}

/** The values at `key` of the objects in a list: what a new item's member must not repeat. */
const membersAt = (items: readonly unknown[], key: string) =>
  items.map((item) => (typeof item === 'object' && item !== null ? (item as Record<string, unknown>)[key] : undefined));

/**
 * The first value of a new item, block or group, valid at once for the validator (schema and cross-file rules):
 * its schema's default or first example, its const or first choice, for an object its required members (filled the
 * same way), for a list its least number of items; texts, links, images, files and numbers from first-values.ts.
 * `options.existing`, the list the item joins, keeps its names apart from theirs.
 */
export function initialValue(files: SchemaFiles, located: Located, options: NewValueOptions = {}): unknown {
  return firstValue(files, located, options, { key: options.key, beside: options.existing ?? [] }, 0);
}

function firstValue(files: SchemaFiles, located: Located, options: NewValueOptions, place: Place, depth: number): unknown {
  const { schema, file } = resolve(files, located);
  if (schema.default !== undefined) return structuredClone(schema.default);
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return structuredClone(schema.examples[0]);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (depth > 8) return undefined;
  // a union (a form's field) starts as its first kind
  const first = schema.oneOf?.[0];
  if (first) return firstValue(files, { schema: first, file }, options, place, depth + 1);
  switch (typeOf(schema)) {
    case 'object':
      return firstObject(files, { schema, file }, options, place, depth);
    case 'array': {
      const items: unknown[] = [];
      const item = schema.items;
      for (let i = 0; i < (schema.minItems ?? 0); i++) {
        items.push(item ? firstValue(files, { schema: item, file }, options, { key: place.key, beside: items.slice() }, depth + 1) : '');
      }
      return items;
    }
    case 'number':
      return firstNumber(schema, place.key);
    case 'boolean':
      return false;
    default:
      return firstString(schema, options, place.key, place.beside);
  }
}

/** Whether an if/then/else condition of the simple kind the schemas use (members required, consts) holds for a value. */
function holds(condition: Schema, value: Record<string, unknown>): boolean {
  if ((condition.required ?? []).some((key) => !(key in value))) return false;
  return Object.entries(condition.properties ?? {}).every(([key, member]) => !(key in value) || member.const === undefined || value[key] === member.const);
}

/** The members the schema's conditions require of a value (a redirecting landing service: its title and description). */
function requiredByConditions(schema: Schema, value: Record<string, unknown>): string[] {
  return (schema.conditions ?? []).flatMap((c) => (c.if && holds(c.if, value) ? c.then : c.else)?.required ?? []);
}

/** Members a group that needs some (`minProperties`) but requires none takes first: a rich text's paragraph. */
const PREFERRED_MEMBERS = ['p', 'text'];

function firstObject(files: SchemaFiles, { schema, file }: Located, options: NewValueOptions, place: Place, depth: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const fill = (key: string, child: Schema) => {
    out[key] = firstValue(files, { schema: child, file }, options, { key, beside: membersAt(place.beside, key) }, depth + 1);
  };
  for (const key of [...(schema.required ?? []), ...requiredByConditions(schema, out)]) {
    const child = schema.properties?.[key];
    if (child && !(key in out)) fill(key, child);
  }
  const least = typeof schema.minProperties === 'number' ? schema.minProperties : 0;
  if (Object.keys(out).length >= least) return out;
  const group = firstGroup(place.key);
  if (group) return { ...group, ...out };
  const optional = Object.keys(schema.properties ?? {}).filter((key) => !(key in out) && key !== '$schema');
  const ordered = [...PREFERRED_MEMBERS.filter((key) => optional.includes(key)), ...optional.filter((key) => !PREFERRED_MEMBERS.includes(key))];
  for (const key of ordered.slice(0, least - Object.keys(out).length)) fill(key, schema.properties![key]!);
  return out;
}

/** "mobileImage" -> "Mobile image", "cta_label" -> "Cta label". */
export function labelFor(key: string | number, schema?: Schema): string {
  if (typeof key === 'number') return `${schema?.title ?? 'Item'} ${key + 1}`;
  const words = key
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The schema of the value at `path` under `root`, following objects, arrays and the oneOf a value picks. */
export function schemaAt(files: SchemaFiles, root: Located, value: unknown, path: (string | number)[]): Located | undefined {
  let here: Located | undefined = resolve(files, root);
  let data = value;
  for (const key of path) {
    if (!here) return undefined;
    if (here.schema.oneOf) here = branchFor(files, here, data);
    if (!here) return undefined;
    const next: Schema | undefined = typeof key === 'number' ? here.schema.items : here.schema.properties?.[key];
    if (!next) return undefined;
    here = resolve(files, { schema: next, file: here.file });
    data = (data as Record<string | number, unknown> | undefined)?.[key];
  }
  if (here?.schema.oneOf) return branchFor(files, here, data) ?? here;
  return here;
}

/** Which schema a site file follows, by the folder it is in (the studio opens only site files: the rest are forms). */
export const schemaFileFor = (path: string): string => SCHEMA_OF_KIND[kindOf(path) ?? 'form'];

/** How the form edits a value: a choice, a group of fields, a list, a switch or a text (a number is typed too). */
export type InputKind = 'choice' | 'object' | 'array' | 'toggle' | 'text';

/** The schema a value's field is drawn from: $refs followed, allOf merged, the oneOf branch the value is in. */
export function fieldSchema(files: SchemaFiles, located: Located, value: unknown): Located {
  const here = resolve(files, located);
  return here.schema.oneOf ? (branchFor(files, here, value) ?? here) : here;
}

export function inputKind(schema: Schema): InputKind {
  if (schema.enum) return 'choice';
  switch (typeOf(schema)) {
    case 'object':
      return 'object';
    case 'array':
      return 'array';
    case 'boolean':
      return 'toggle';
    default:
      return 'text';
  }
}

/**
 * The members of an object the form shows: all but $schema and the fixed ones (a block's type), then those of a
 * map (`additionalProperties`: an upload's MIME types) the value has, each with the map's schema.
 */
export function shownMembers(schema: Schema, value?: unknown): [string, Schema][] {
  const named = Object.entries(schema.properties ?? {}).filter(([key, s]) => key !== '$schema' && s.const === undefined);
  const more = schema.additionalProperties;
  if (typeof more !== 'object' || more === null || typeName(value) !== 'object') return named;
  const extra = Object.keys(value as object).filter((key) => key !== '$schema' && !schema.properties?.[key]);
  return [...named, ...extra.map((key): [string, Schema] => [key, more as Schema])];
}
