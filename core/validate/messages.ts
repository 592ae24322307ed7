import type { AnySchemaObject, ErrorObject } from 'ajv';
import { resolveRef, type SchemaSet } from './schemas.ts';
import { suggestion } from './did-you-mean.ts';

export function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return `an array of ${value.length}`;
  if (typeof value === 'string') return JSON.stringify(value.length > 60 ? `${value.slice(0, 57)}...` : value);
  if (typeof value === 'object') return 'an object';
  return `${typeof value} ${String(value)}`;
}

const list = (items: unknown[]) => items.map((i) => JSON.stringify(i)).join(', ');

/** The tags a discriminated union accepts, read from its oneOf branches. */
function unionTags(set: SchemaSet, union: AnySchemaObject, tag: string): string[] {
  const from = set.pathOf.get(union) ?? '';
  const branches = (union.oneOf ?? []) as AnySchemaObject[];
  return branches.flatMap((b) => {
    const target = typeof b.$ref === 'string' ? resolveRef(set, from, b.$ref)?.schema : b;
    const prop = (target?.properties as Record<string, AnySchemaObject> | undefined)?.[tag];
    return prop?.const !== undefined ? [String(prop.const)] : ((prop?.enum as string[] | undefined) ?? []);
  });
}

export interface Message {
  pointer: string;
  /** set when the message is about a property name rather than a value */
  key?: string;
  message: string;
}

interface ErrorContext {
  err: ErrorObject;
  pointer: string;
  parent: AnySchemaObject;
  /** the value found, described for a person */
  found: string;
  p: Record<string, unknown>;
  set: SchemaSet;
}

const itemsFound = (c: ErrorContext) => (c.err.data as unknown[]).length;
const charsFound = (c: ErrorContext) => String((c.err.data as string).length);
const range = (c: ErrorContext) => `expected a number ${String(c.p.comparison)} ${String(c.p.limit)}, found ${c.found}`;
const oneKeyOf = (c: ErrorContext) => `expected exactly one of the keys ${Object.keys((c.parent.properties as object | undefined) ?? {}).join(', ')}`;

/** The message of each schema keyword whose error stays at the value's own pointer. */
const AT_VALUE: Record<string, (c: ErrorContext) => string> = {
  required: (c) => `missing required key "${String(c.p.missingProperty)}"`,
  type: (c) => `expected ${String(c.p.type).replace(',', ' or ')}, found ${c.found}`,
  enum: (c) => {
    const allowed = (c.p.allowedValues as unknown[]) ?? [];
    const guess = typeof c.err.data === 'string' ? suggestion(c.err.data, allowed.map(String)) : '';
    return `expected one of ${list(allowed)}, found ${c.found}${guess}`;
  },
  const: (c) => `expected ${JSON.stringify(c.p.allowedValue)}, found ${c.found}`,
  pattern: (c) => `expected ${typeof c.parent['x-hint'] === 'string' ? c.parent['x-hint'] : `text matching ${String(c.p.pattern)}`}, found ${c.found}`,
  format: (c) => `expected a valid ${String(c.p.format)}, found ${c.found}`,
  minLength: (c) => (c.p.limit === 1 ? 'must not be empty' : `expected at least ${String(c.p.limit)} characters, found ${charsFound(c)}`),
  maxLength: (c) => `expected at most ${String(c.p.limit)} characters, found ${charsFound(c)}`,
  minItems: (c) => `expected at least ${String(c.p.limit)} items, found ${itemsFound(c)}`,
  maxItems: (c) => `expected at most ${String(c.p.limit)} items, found ${itemsFound(c)}`,
  minimum: range,
  maximum: range,
  exclusiveMinimum: range,
  exclusiveMaximum: range,
  minProperties: oneKeyOf,
  maxProperties: oneKeyOf,
};

/** An unknown key: pointed at the key itself, with the likely intended key or the allowed ones. */
function unknownKey({ pointer, parent, p }: ErrorContext): Message {
  const key = String(p.additionalProperty);
  const allowed = Object.keys((parent.properties as object | undefined) ?? {});
  const hintText = suggestion(key, allowed) || (allowed.length ? `; allowed keys: ${allowed.join(', ')}` : '; no keys are allowed here');
  return { pointer: `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`, key, message: `unknown key "${key}"${hintText}` };
}

/** A union's tag (a block's "type", say) that is missing or names no member of the union. */
function unknownVariant({ pointer, parent, p, set }: ErrorContext): Message {
  const tag = String(p.tag);
  const kind = typeof parent['x-kind'] === 'string' ? parent['x-kind'] : `value of "${tag}"`;
  if (p.error !== 'mapping') return { pointer, message: `missing required key "${tag}" (the ${kind})` };
  const value = String(p.tagValue);
  const tags = unionTags(set, parent, tag);
  const guess = suggestion(value, tags);
  return { pointer: `${pointer}/${tag}`, message: `unknown ${kind} "${value}"${guess || `; known: ${tags.join(', ')}`}` };
}

export function messageFor(err: ErrorObject, set: SchemaSet): Message {
  const c: ErrorContext = {
    err,
    pointer: err.instancePath,
    parent: (err.parentSchema ?? {}) as AnySchemaObject,
    found: describe(err.data),
    p: err.params as Record<string, unknown>,
    set,
  };
  if (err.keyword === 'additionalProperties') return unknownKey(c);
  if (err.keyword === 'discriminator') return unknownVariant(c);
  const text = Object.hasOwn(AT_VALUE, err.keyword) ? AT_VALUE[err.keyword] : undefined;
  return { pointer: c.pointer, message: text ? text(c) : (err.message ?? err.keyword) };
}
