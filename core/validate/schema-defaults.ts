import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import Ajv, { type AnySchemaObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { SCHEMA_BASE } from './schemas.ts';
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

function listJson(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? listJson(join(dir, e.name)) : e.name.endsWith('.json') ? [join(dir, e.name)] : [],
  );
}

export function schemaDefaults(schemaDir: string): DefaultsFiller {
  const ajv = new Ajv({ useDefaults: true, discriminator: true, strict: false, allErrors: false });
  addFormats(ajv, ['email', 'uri', 'date']);
  for (const keyword of ['x-link', 'x-asset', 'x-ref', 'x-hint', 'x-kind', 'x-collection-kind', 'tsType']) ajv.addKeyword({ keyword });
  const blockSchemas = new Map<string, string>();
  for (const file of listJson(schemaDir)) {
    const rel = relative(schemaDir, file).split(sep).join('/');
    const schema = JSON.parse(readFileSync(file, 'utf8')) as AnySchemaObject;
    ajv.addSchema(schema, SCHEMA_BASE + rel);
    const tag = (schema.properties as Record<string, { const?: unknown }> | undefined)?.type?.const;
    if (rel.startsWith('blocks/') && typeof tag === 'string') blockSchemas.set(tag, rel);
  }
  const get = (rel: string): ValidateFunction => {
    const fn = ajv.getSchema(SCHEMA_BASE + rel);
    if (!fn) throw new Error(`no schema ${rel}`);
    return fn;
  };
  const fillFile = <T>(rel: string, data: T): T => {
    const copy = structuredClone(data);
    get(rel)(copy);
    return copy;
  };
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
        pages: mapValues(loaded.pages, (page) => {
          const filled = fillFile('page.schema.json', page);
          fillBlocks(filled.blocks);
          return filled;
        }),
        collections: mapValues(loaded.collections, (c) => fillFile('collection.schema.json', c)),
        forms: mapValues(loaded.forms, (f) => fillFile('form.schema.json', f)),
      };
    },
  };
}
