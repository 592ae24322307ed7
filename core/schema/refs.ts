/**
 * A JSON Schema `$ref` followed to the schema it names, across the files of schemas/: for the validator's messages
 * (core/validate/schemas.ts) and the studio's forms (studio/ui/form/schema.ts), in Node and in the browser alike, so it
 * reads only the schemas it is given and never a file or a URL.
 */

/** A schema as the studio's forms and the validator's messages read it: the keywords they know, and any other. */
export type Schema = {
  $ref?: string;
  type?: string | string[];
  title?: string;
  description?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  oneOf?: Schema[];
  allOf?: Schema[];
  /** members required by a condition on the others (if/then/else): kept aside when allOf is merged */
  if?: Schema;
  then?: Schema;
  else?: Schema;
  conditions?: Schema[];
  discriminator?: { propertyName: string };
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  examples?: unknown[];
  minProperties?: number;
  maxProperties?: number;
  minimum?: number;
  maximum?: number;
  format?: string;
  /** a file of public/ (true in the schemas) */
  'x-asset'?: boolean | string;
  'x-hint'?: string;
  [key: string]: unknown;
};

/** Schemas by their path under schemas/ ('page.schema.json', 'blocks/hero.schema.json'). */
export type SchemaFiles = Record<string, Schema>;

/** The folder part of a schema file's path, with its slash ('blocks/'), or '' at the top. */
function dirOf(file: string): string {
  const at = file.lastIndexOf('/');
  return at < 0 ? '' : file.slice(0, at + 1);
}

/** A relative path with its `.` and `..` worked out, as a file of schemas/ names another. */
function normalise(path: string): string {
  const out: string[] = [];
  for (const part of path.split('/')) {
    if (part === '..') out.pop();
    else if (part !== '.' && part !== '') out.push(part);
  }
  return out.join('/');
}

/** The value a JSON pointer (`/definitions/item`, with ~1 for / and ~0 for ~) names inside a schema. */
function pointerInto(schema: object, pointer: string): unknown {
  return pointer
    .split('/')
    .filter(Boolean)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], schema);
}

/**
 * The schema a `$ref` written in the schema file `from` names: its file's path under schemas/ and the schema object
 * (a part of it, for a `#/pointer`); undefined when the file or the part is not there. `schemaOf` gives a file's
 * schema by its path.
 */
export function refTarget<S extends object>(schemaOf: (path: string) => S | undefined, from: string, ref: string): { path: string; schema: S } | undefined {
  const [target = '', pointer = ''] = ref.split('#');
  const path = target === '' ? from : normalise(dirOf(from) + target);
  const root = schemaOf(path);
  const schema = root && (pointer ? pointerInto(root, pointer) : root);
  return schema && typeof schema === 'object' ? { path, schema: schema as S } : undefined;
}
