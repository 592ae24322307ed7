import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import Ajv, { type AnySchemaObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

/** Base URI under which every schema file is registered, so relative $refs resolve like files. */
export const SCHEMA_BASE = 'https://schemas.invalid/';

/** What the annotation keywords saw while validating one file: checked against the whole site afterwards. */
export interface Reference {
  kind: 'link' | 'asset' | 'ref';
  target: string;
  pointer: string;
  value: string;
}

export interface SchemaSet {
  ajv: Ajv;
  /** schema file path relative to schemas/ (posix) -> schema */
  byPath: Map<string, AnySchemaObject>;
  /** schema object -> its file path, to resolve relative $refs found in error reports */
  pathOf: Map<object, string>;
  validator(path: string): ValidateFunction | undefined;
  /** Filled while a validator runs; reset before each file. */
  references: Reference[];
}

function listJson(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = join(dir, e.name);
    if (e.isDirectory()) return listJson(full);
    return e.name.endsWith('.json') ? [full] : [];
  });
}

function indexSubschemas(node: unknown, path: string, into: Map<object, string>): void {
  if (node === null || typeof node !== 'object') return;
  into.set(node, path);
  for (const child of Object.values(node)) indexSubschemas(child, path, into);
}

export function loadSchemaSet(schemaDir: string): SchemaSet {
  const references: Reference[] = [];
  const ajv = new Ajv({
    allErrors: true,
    verbose: true,
    discriminator: true,
    strictTypes: false,
    strictTuples: false,
    code: { optimize: false },
    inlineRefs: false,
  });
  addFormats(ajv, ['email', 'uri', 'date']);
  const collect = (kind: Reference['kind']) =>
    function (schema: unknown, data: unknown, _parent?: AnySchemaObject, cxt?: { instancePath: string }): boolean {
      if (typeof data === 'string' && cxt) {
        references.push({ kind, target: typeof schema === 'string' ? schema : kind, pointer: cxt.instancePath, value: data });
      }
      return true;
    };
  ajv.addKeyword({ keyword: 'x-link', schemaType: 'boolean', validate: collect('link') });
  ajv.addKeyword({ keyword: 'x-asset', schemaType: 'boolean', validate: collect('asset') });
  ajv.addKeyword({ keyword: 'x-ref', schemaType: 'string', validate: collect('ref') });
  ajv.addKeyword({ keyword: 'x-hint', schemaType: 'string' });
  ajv.addKeyword({ keyword: 'x-kind', schemaType: 'string' });
  ajv.addKeyword({ keyword: 'x-collection-kind', schemaType: 'string' });
  // for json-schema-to-typescript: names the type of a property whose schema is an allOf (see blocks/faq.schema.json)
  ajv.addKeyword({ keyword: 'tsType', schemaType: 'string' });

  const byPath = new Map<string, AnySchemaObject>();
  const pathOf = new Map<object, string>();
  for (const file of listJson(schemaDir)) {
    const rel = relative(schemaDir, file).split(sep).join('/');
    const schema = JSON.parse(readFileSync(file, 'utf8')) as AnySchemaObject;
    byPath.set(rel, schema);
    indexSubschemas(schema, rel, pathOf);
    ajv.addSchema(schema, SCHEMA_BASE + rel);
  }
  const compiled = new Map<string, ValidateFunction>();
  return {
    ajv,
    byPath,
    pathOf,
    references,
    validator(path) {
      if (!byPath.has(path)) return undefined;
      let fn = compiled.get(path);
      if (!fn) {
        fn = ajv.getSchema(SCHEMA_BASE + path);
        if (!fn) return undefined;
        compiled.set(path, fn);
      }
      return fn;
    },
  };
}

/** Resolve a $ref written in the schema file `from` to the referenced schema file path and object. */
export function resolveRef(set: SchemaSet, from: string, ref: string): { path: string; schema: AnySchemaObject } | undefined {
  const url = new URL(ref, SCHEMA_BASE + from);
  const path = url.pathname.slice(1);
  let schema: unknown = set.byPath.get(path);
  if (url.hash.length > 1) {
    for (const seg of url.hash.slice(2).split('/')) schema = (schema as Record<string, unknown> | undefined)?.[seg];
  }
  return schema && typeof schema === 'object' ? { path, schema: schema as AnySchemaObject } : undefined;
}
