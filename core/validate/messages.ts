import type { AnySchemaObject, ErrorObject } from 'ajv';
import { resolveRef, type SchemaSet } from './schemas.ts';
import { didYouMean } from './did-you-mean.ts';
import { coded, foundValue, type CodedMessage, type FoundValue } from './problem-catalog.ts';

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

/** A schema error as a problem of the catalog (problem-catalog.ts), at its pointer. */
export type Message = CodedMessage & {
  pointer: string;
  /** set when the message is about a property name rather than a value */
  key?: string;
};

interface ErrorContext {
  err: ErrorObject;
  pointer: string;
  parent: AnySchemaObject;
  /** the value found */
  found: FoundValue;
  p: Record<string, unknown>;
  set: SchemaSet;
}

const limit = (c: ErrorContext) => Number(c.p.limit);
const itemsFound = (c: ErrorContext) => (c.err.data as unknown[]).length;
const charsFound = (c: ErrorContext) => (c.err.data as string).length;
const range = (c: ErrorContext) => coded('schema-range', { comparison: c.p.comparison as '>=' | '<=' | '>' | '<', limit: limit(c), found: c.found });
const oneKeyOf = (c: ErrorContext) => coded('schema-one-key', { keys: Object.keys((c.parent.properties as object | undefined) ?? {}) });
/** A likely intended value only when there is one: params are plain JSON, with no key set to undefined. */
const withSuggestion = (suggestion: string | undefined) => (suggestion === undefined ? {} : { suggestion });

/** The problem of each schema keyword whose error stays at the value's own pointer. */
const AT_VALUE: Record<string, (c: ErrorContext) => CodedMessage> = {
  required: (c) => coded('schema-required', { key: String(c.p.missingProperty) }),
  type: (c) => coded('schema-type', { types: String(c.p.type).split(','), found: c.found }),
  enum: (c) => {
    const allowed = (c.p.allowedValues as unknown[]) ?? [];
    const guess = typeof c.err.data === 'string' ? didYouMean(c.err.data, allowed.map(String)) : undefined;
    return coded('schema-enum', { allowed, found: c.found, ...withSuggestion(guess) });
  },
  const: (c) => coded('schema-const', { expected: c.p.allowedValue, found: c.found }),
  pattern: (c) => {
    const hint = typeof c.parent['x-hint'] === 'string' ? { hint: c.parent['x-hint'] } : {};
    return coded('schema-pattern', { pattern: String(c.p.pattern), ...hint, found: c.found });
  },
  format: (c) => coded('schema-format', { format: String(c.p.format), found: c.found }),
  minLength: (c) => (c.p.limit === 1 ? coded('schema-empty', {}) : coded('schema-too-short', { limit: limit(c), length: charsFound(c) })),
  maxLength: (c) => coded('schema-too-long', { limit: limit(c), length: charsFound(c) }),
  minItems: (c) => coded('schema-too-few', { limit: limit(c), count: itemsFound(c) }),
  maxItems: (c) => coded('schema-too-many', { limit: limit(c), count: itemsFound(c) }),
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
  const problem = coded('schema-unknown-key', { key, allowed, ...withSuggestion(didYouMean(key, allowed)) });
  return { pointer: `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`, key, ...problem };
}

/** A union's tag (a block's "type", say) that is missing or names no member of the union. */
function unknownVariant({ pointer, parent, p, set }: ErrorContext): Message {
  const tag = String(p.tag);
  const kind = typeof parent['x-kind'] === 'string' ? { kind: parent['x-kind'] } : {};
  if (p.error !== 'mapping') return { pointer, ...coded('schema-kind-missing', { tag, ...kind }) };
  const value = String(p.tagValue);
  const known = unionTags(set, parent, tag);
  return { pointer: `${pointer}/${tag}`, ...coded('schema-kind-unknown', { tag, ...kind, value, known, ...withSuggestion(didYouMean(value, known)) }) };
}

export function messageFor(err: ErrorObject, set: SchemaSet): Message {
  const c: ErrorContext = {
    err,
    pointer: err.instancePath,
    parent: (err.parentSchema ?? {}) as AnySchemaObject,
    found: foundValue(err.data),
    p: err.params as Record<string, unknown>,
    set,
  };
  if (err.keyword === 'additionalProperties') return unknownKey(c);
  if (err.keyword === 'discriminator') return unknownVariant(c);
  const problem = Object.hasOwn(AT_VALUE, err.keyword)
    ? AT_VALUE[err.keyword]!(c)
    : coded('schema-other', { keyword: err.keyword, text: err.message ?? err.keyword });
  return { pointer: c.pointer, ...problem };
}
