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

export function messageFor(err: ErrorObject, set: SchemaSet): Message {
  const pointer = err.instancePath;
  const parent = (err.parentSchema ?? {}) as AnySchemaObject;
  const found = describe(err.data);
  const hint = typeof parent['x-hint'] === 'string' ? parent['x-hint'] : undefined;
  const p = err.params as Record<string, unknown>;
  switch (err.keyword) {
    case 'required': {
      const key = String(p.missingProperty);
      return { pointer, message: `missing required key "${key}"` };
    }
    case 'additionalProperties': {
      const key = String(p.additionalProperty);
      const allowed = Object.keys((parent.properties as object | undefined) ?? {});
      const hintText = suggestion(key, allowed) || (allowed.length ? `; allowed keys: ${allowed.join(', ')}` : '; no keys are allowed here');
      return { pointer: `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`, key, message: `unknown key "${key}"${hintText}` };
    }
    case 'type':
      return { pointer, message: `expected ${String(p.type).replace(',', ' or ')}, found ${found}` };
    case 'enum': {
      const allowed = (p.allowedValues as unknown[]) ?? [];
      const guess = typeof err.data === 'string' ? suggestion(err.data, allowed.map(String)) : '';
      return { pointer, message: `expected one of ${list(allowed)}, found ${found}${guess}` };
    }
    case 'const':
      return { pointer, message: `expected ${JSON.stringify(p.allowedValue)}, found ${found}` };
    case 'pattern':
      return { pointer, message: `expected ${hint ?? `text matching ${String(p.pattern)}`}, found ${found}` };
    case 'format':
      return { pointer, message: `expected a valid ${String(p.format)}, found ${found}` };
    case 'minLength':
      return {
        pointer,
        message: p.limit === 1 ? 'must not be empty' : `expected at least ${String(p.limit)} characters, found ${String((err.data as string).length)}`,
      };
    case 'maxLength':
      return { pointer, message: `expected at most ${String(p.limit)} characters, found ${String((err.data as string).length)}` };
    case 'minItems':
    case 'maxItems':
      return {
        pointer,
        message: `expected ${err.keyword === 'minItems' ? 'at least' : 'at most'} ${String(p.limit)} items, found ${(err.data as unknown[]).length}`,
      };
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return { pointer, message: `expected a number ${String(p.comparison)} ${String(p.limit)}, found ${found}` };
    case 'minProperties':
    case 'maxProperties': {
      const keys = Object.keys((parent.properties as object | undefined) ?? {});
      return { pointer, message: `expected exactly one of the keys ${keys.join(', ')}` };
    }
    case 'discriminator': {
      const tag = String(p.tag);
      const kind = typeof parent['x-kind'] === 'string' ? parent['x-kind'] : `value of "${tag}"`;
      if (p.error === 'mapping') {
        const value = String(p.tagValue);
        const tags = unionTags(set, parent, tag);
        const guess = suggestion(value, tags);
        return { pointer: `${pointer}/${tag}`, message: `unknown ${kind} "${value}"${guess || `; known: ${tags.join(', ')}`}` };
      }
      return { pointer, message: `missing required key "${tag}" (the ${kind})` };
    }
    default:
      return { pointer, message: err.message ?? err.keyword };
  }
}
