import Ajv, { type AnySchemaObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { ANNOTATIONS, SCHEMA_BASE, schemaFiles } from './schemas.ts';
import { cacheKey, cachedValidators } from './compiled-cache.ts';
import type { LoadedSite } from '../site/model.ts';

/**
 * Fills every `default` of the schemas into a copy of a validated site, so the
 * components read `block.delayMs` and never repeat the schema's 4000 as `?? 4000`.
 * A separate ajv instance with `useDefaults`: the validator's own instance must
 * report the files exactly as written. Node only: the browser gets the filled model.
 */
export interface DefaultsFiller {
  fill(loaded: LoadedSite): LoadedSite;
}

/** The ajv that fills defaults, with every schema added. */
function defaultsAjv(files: readonly (readonly [string, string])[], source: boolean): Ajv {
  const ajv = new Ajv({ useDefaults: true, discriminator: true, strict: false, allErrors: false, code: { source } });
  addFormats(ajv, ['email', 'uri', 'date']);
  for (const keyword of ['x-link', 'x-asset', 'x-ref', ...ANNOTATIONS]) ajv.addKeyword({ keyword });
  for (const [rel, text] of files) ajv.addSchema(JSON.parse(text) as AnySchemaObject, SCHEMA_BASE + rel);
  return ajv;
}

/** The defaults filler of the schemas under schemaDir; its validators from the cache of compiled schemas when it has them. */
export function schemaDefaults(schemaDir: string): DefaultsFiller {
  const files = schemaFiles(schemaDir);
  const blockSchemas = new Map<string, string>();
  for (const [rel, text] of files) {
    const tag = ((JSON.parse(text) as AnySchemaObject).properties as Record<string, { const?: unknown }> | undefined)?.type?.const;
    if (rel.startsWith('blocks/') && typeof tag === 'string') blockSchemas.set(tag, rel);
  }
  const refs = Object.fromEntries(files.map(([rel]) => [rel, SCHEMA_BASE + rel]));
  const kept = cachedValidators('defaults', cacheKey('defaults', files), refs, () => defaultsAjv(files, true));
  let ajv: Ajv | undefined;
  const get = (rel: string): ValidateFunction => {
    const fn = kept?.[rel] ?? (ajv ??= defaultsAjv(files, false)).getSchema(SCHEMA_BASE + rel);
    if (!fn) throw new Error(`no schema ${rel}`);
    return fn;
  };
  // a file's filled copy by its parsed data: a file an earlier validation kept unchanged (validate.ts, `checked`) is
  // the same data, and is not copied and filled again
  const filledOf = new WeakMap<object, unknown>();
  const once = <T>(data: T, fill: (data: T) => T): T => {
    if (typeof data !== 'object' || data === null) return fill(data);
    if (!filledOf.has(data)) filledOf.set(data, fill(data));
    return filledOf.get(data) as T;
  };
  const filledCopy = <T>(rel: string, data: T): T => {
    const copy = structuredClone(data);
    get(rel)(copy);
    return copy;
  };
  const fillFile = <T>(rel: string, data: T): T => once(data, () => filledCopy(rel, data));
  // ajv does not fill defaults inside oneOf branches (the block union): each block is filled by its own schema
  const fillBlocks = (blocks: unknown) => {
    if (!Array.isArray(blocks)) return;
    for (const block of blocks as { type?: unknown }[]) {
      const rel = typeof block?.type === 'string' ? blockSchemas.get(block.type) : undefined;
      if (rel) get(rel)(block);
    }
  };
  const mapValues = <T>(record: Record<string, T>, f: (v: T) => T) => Object.fromEntries(Object.entries(record).map(([k, v]) => [k, f(v)]));
  return {
    fill(loaded) {
      return {
        ...loaded,
        site: fillFile('site.schema.json', loaded.site),
        pages: mapValues(loaded.pages, (page) =>
          once(page, () => {
            const filled = filledCopy('page.schema.json', page);
            fillBlocks(filled.blocks);
            return filled;
          }),
        ),
        collections: mapValues(loaded.collections, (c) => fillFile('collection.schema.json', c)),
        forms: mapValues(loaded.forms, (f) => fillFile('form.schema.json', f)),
      };
    },
  };
}
