import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import Ajv, { _, type AnySchemaObject, type KeywordCxt, type KeywordDefinition, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import names from 'ajv/dist/compile/names.js';
import { strConcat } from 'ajv/dist/compile/codegen/index.js';
import { refTarget } from '../schema/refs.ts';
import { cacheKey, cachedValidators } from './compiled-cache.ts';

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

/** ajv's names of the validator's arguments (a CommonJS module's default export) */
const N = ((names as unknown as { default?: typeof names }).default ?? names) as typeof names;

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

/** The schema files under schemaDir: path relative to it (posix), its text. */
export function schemaFiles(schemaDir: string): [string, string][] {
  return listJson(schemaDir).map((file) => [relative(schemaDir, file).split(sep).join('/'), readFileSync(file, 'utf8')]);
}

/** The keywords of our own that only annotate: the studio and the type generator read them, the validator ignores them. */
export const ANNOTATIONS = ['x-hint', 'x-kind', 'x-collection-kind', 'tsType'] as const;

/** What the collecting keywords call, as the kept validators find it (see compiled-cache.ts): one per process. */
const COLLECT = Symbol.for('helder.validate.collect');
type Collect = (kind: Reference['kind'], schema: unknown, data: unknown, pointer: string) => void;
const collectors = globalThis as typeof globalThis & { [COLLECT]?: { into: Reference[]; collect: Collect } };
const collector = (collectors[COLLECT] ??= {
  into: [],
  collect(kind, schema, data, pointer) {
    if (typeof data === 'string') this.into.push({ kind, target: typeof schema === 'string' ? schema : kind, pointer, value: data });
  },
});

/**
 * The keywords that collect what the site's files point at (x-link, x-asset, x-ref), as code: the call is in the
 * validator's own code, so a validator kept as standalone code collects too.
 */
function collecting(keyword: string, kind: Reference['kind'], schemaType: 'boolean' | 'string'): KeywordDefinition {
  return {
    keyword,
    schemaType,
    code(cxt: KeywordCxt) {
      const call = cxt.gen.scopeValue('keyword', {
        ref: (...args: Parameters<Collect>) => collector.collect(...args),
        code: _`((...args) => globalThis[Symbol.for("helder.validate.collect")].collect(...args))`,
      });
      cxt.gen.code(_`${call}(${kind}, ${cxt.schemaValue}, ${cxt.data}, ${strConcat(N.instancePath, cxt.it.errorPath)})`);
    },
  };
}

/** The validator's ajv with every schema added: each error reported (allErrors), with its schema (verbose). */
function validatorAjv(files: readonly (readonly [string, string])[], source: boolean): { ajv: Ajv; schemas: [string, AnySchemaObject][] } {
  const ajv = new Ajv({
    allErrors: true,
    verbose: true,
    discriminator: true,
    strictTypes: false,
    strictTuples: false,
    code: { optimize: false, source },
    inlineRefs: false,
  });
  addFormats(ajv, ['email', 'uri', 'date']);
  ajv.addKeyword(collecting('x-link', 'link', 'boolean'));
  ajv.addKeyword(collecting('x-asset', 'asset', 'boolean'));
  ajv.addKeyword(collecting('x-ref', 'ref', 'string'));
  // for json-schema-to-typescript, tsType names the type of a property whose schema is an allOf (see blocks/faq.schema.json)
  for (const keyword of ANNOTATIONS) ajv.addKeyword({ keyword, schemaType: 'string' });
  const schemas = files.map(([rel, text]): [string, AnySchemaObject] => [rel, JSON.parse(text) as AnySchemaObject]);
  for (const [rel, schema] of schemas) ajv.addSchema(schema, SCHEMA_BASE + rel);
  return { ajv, schemas };
}

/**
 * Every schema under schemaDir, compiled by ajv on first use. With `kept`, the validators come from the cache of
 * compiled schemas (compiled-cache.ts) when it has them: the same checks, loaded instead of compiled. Their errors
 * carry copies of the schemas, so only a caller that needs no more than valid or not, and the references, asks for
 * them (validateSite's `keptSchemas`).
 */
export function loadSchemaSet(schemaDir: string, { kept = false }: { kept?: boolean } = {}): SchemaSet {
  const files = schemaFiles(schemaDir);
  const { ajv, schemas } = validatorAjv(files, false);
  const byPath = new Map<string, AnySchemaObject>();
  const pathOf = new Map<object, string>();
  for (const [rel, schema] of schemas) {
    byPath.set(rel, schema);
    indexSubschemas(schema, rel, pathOf);
  }
  const refs = Object.fromEntries(schemas.map(([rel]) => [rel, SCHEMA_BASE + rel]));
  const standalone = kept ? cachedValidators('validators', cacheKey('validators', files), refs, () => validatorAjv(files, true).ajv) : undefined;
  const compiled = new Map<string, ValidateFunction>();
  return {
    ajv,
    byPath,
    pathOf,
    references: collector.into,
    validator(path) {
      if (!byPath.has(path)) return undefined;
      let fn = standalone?.[path] ?? compiled.get(path);
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
  return refTarget((path) => set.byPath.get(path), from, ref);
}
