import type { ErrorObject } from 'ajv';
import type { JsonSource } from './source-map.ts';
import type { Reference, SchemaSet } from './schemas.ts';
import { messageFor, type Message } from './messages.ts';

export interface SchemaCheck {
  messages: Message[];
  /** pointers of the values that failed; a missing key counts as its own pointer, so a rule needing it is skipped */
  failed: string[];
  /** what the annotation keywords saw in values that did not fail */
  references: Reference[];
}

/** ajv errors as messages, one per mistake: a discriminated union reports a failing branch several ways. */
function messagesOf(errors: ErrorObject[], schemas: SchemaSet): Message[] {
  const seen = new Set<string>();
  const unionTagMissing = new Set(errors.filter((e) => e.keyword === 'discriminator').map((e) => `${e.instancePath} ${String(e.params.tag)}`));
  const messages: Message[] = [];
  for (const err of errors) {
    // a failing branch of a discriminated union also reports the union itself
    if (err.keyword === 'oneOf' && err.params && 'passingSchemas' in err.params) continue;
    // an if/then/else also says "must match the then schema": the branch's own error (a missing key) says what to do
    if (err.keyword === 'if') continue;
    // the union's own "required: type" says what the discriminator error says better
    if (err.keyword === 'required' && unionTagMissing.has(`${err.instancePath} ${String(err.params.missingProperty)}`)) continue;
    const m = messageFor(err, schemas);
    const id = `${m.pointer} ${m.message}`;
    if (seen.has(id)) continue;
    seen.add(id);
    messages.push(m);
  }
  return messages;
}

const escapeKey = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

/** The value an error is about: a missing or unknown key is its own pointer, so its siblings stay usable. */
function failedPointer(e: ErrorObject): string {
  if (e.keyword === 'required') return `${e.instancePath}/${escapeKey(String(e.params.missingProperty))}`;
  if (e.keyword === 'additionalProperties') return `${e.instancePath}/${escapeKey(String(e.params.additionalProperty))}`;
  return e.instancePath;
}

export function checkSchema(source: JsonSource, schemaPath: string, schemas: SchemaSet): SchemaCheck {
  const validate = schemas.validator(schemaPath);
  if (!validate) return { messages: [], failed: [], references: [] };
  schemas.references.length = 0;
  const valid = validate(source.data);
  const errors = valid ? [] : (validate.errors ?? []);
  const messages = messagesOf(errors, schemas);
  const failed = errors.map(failedPointer);
  const failedSet = new Set(messages.map((m) => m.pointer));
  // a value that already failed its schema is not checked again against the site (one message per mistake)
  const references = schemas.references.filter((ref) => !failedSet.has(ref.pointer)).map((ref) => ({ ...ref }));
  return { messages, failed, references };
}

/** Whether the part at `pointer` passed its schema: nothing inside it, at it, or around it (a wrong type above) failed. */
export function partValid(failed: readonly string[], pointer: string): boolean {
  return !failed.some((f) => f === pointer || f.startsWith(`${pointer}/`) || pointer.startsWith(`${f}/`));
}
