import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type Ajv from 'ajv';
import type { ValidateFunction } from 'ajv';
import standaloneModule from 'ajv/dist/standalone/index.js';

/**
 * Compiled schemas kept between runs. Compiling every schema with ajv is most of what a validation costs, and it is
 * paid again on every run for schemas that rarely change; ajv's standalone code is the same validators as plain
 * JavaScript, which only has to be loaded. Each set of validators is kept under a key of everything that makes its code
 * (the schema files, the versions of ajv and its formats, the options), in node_modules/.cache where the generated code
 * finds ajv's runtime helpers. A missing, partial or broken file is compiled again; nothing here can make a validation
 * differ.
 */

const require = createRequire(import.meta.url);
/** ajv's standalone code (a CommonJS module's default export) */
const standaloneCode = ((standaloneModule as unknown as { default?: typeof standaloneModule }).default ?? standaloneModule) as (
  ajv: Ajv,
  refs: Record<string, string>,
) => string;

/** Bumped when the code that configures the instances (keywords, options) changes what they generate. */
const CACHE_FORMAT = 1;

const CACHE_DIR = join(dirname(require.resolve('ajv/package.json')), '..', '.cache', 'helder-validate');

const packageVersion = (name: string) => (JSON.parse(readFileSync(require.resolve(`${name}/package.json`), 'utf8')) as { version: string }).version;

/** Where a set of validators is kept. */
export const keptFile = (kind: string, key: string) => join(CACHE_DIR, `${kind}-${key}.cjs`);

/** The key of one set of validators: what kind of set, and every input of its code. */
export function cacheKey(kind: string, schemaFiles: readonly (readonly [string, string])[]): string {
  const hash = createHash('sha256');
  hash.update(`${kind}\0${CACHE_FORMAT}\0ajv ${packageVersion('ajv')}\0ajv-formats ${packageVersion('ajv-formats')}\0`);
  for (const [rel, text] of schemaFiles) hash.update(rel).update('\0').update(text).update('\0');
  return hash.digest('base64url').slice(0, 32);
}

/**
 * The validators of `make()`'s instance, by name (`refs`: name -> schema id), from the cache, or compiled, kept and
 * then loaded from the cache; undefined when neither works (the caller then compiles each schema with ajv in this process).
 */
export function cachedValidators(kind: string, key: string, refs: Record<string, string>, make: () => Ajv): Record<string, ValidateFunction> | undefined {
  const file = keptFile(kind, key);
  try {
    return require(file) as Record<string, ValidateFunction>;
  } catch {
    // not kept yet, or unreadable: made below
  }
  try {
    const code = standaloneCode(make(), refs);
    mkdirSync(CACHE_DIR, { recursive: true });
    // written whole under a name of its own, then renamed: a parallel build never reads half a file
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, code);
    renameSync(partial, file);
    delete require.cache[file];
    return require(file) as Record<string, ValidateFunction>;
  } catch {
    return undefined;
  }
}
