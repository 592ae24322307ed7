import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { paths } from '../paths.ts';
import { cacheKey, keptFile } from './compiled-cache.ts';
import { checkSchema } from './schema-check.ts';
import { loadSchemaSet, schemaFiles } from './schemas.ts';
import { parseJsonSource } from './source-map.ts';
import { validateSite } from './validate.ts';

/**
 * The validators kept as standalone code check exactly what the compiled ones check: the same verdict and the same
 * references for every file of the fixture sites and of the broken corpus, and the same result of a whole validation
 * (problems, counts and the site with its defaults filled in).
 */
const fixtures = join(paths.root, 'tests/fixtures');
const sites = ['base', 'en', 'content-landing'].map((name) => [name, [join(fixtures, name)]] as const);
const broken = readdirSync(join(fixtures, 'broken'))
  .sort()
  .map((name) => [`broken/${name}`, [join(fixtures, 'broken', name), join(fixtures, 'base')]] as const);
const SCHEMA_FOR: [RegExp, string][] = [
  [/^site\.config\.json$/, 'site.schema.json'],
  [/^content\/pages\/[^/]+\.json$/, 'page.schema.json'],
  [/^content\/collections\/[^/]+\.json$/, 'collection.schema.json'],
  [/^content\/forms\/[^/]+\.json$/, 'form.schema.json'],
];

const compiled = loadSchemaSet(paths.schemas);
const kept = loadSchemaSet(paths.schemas, { kept: true });

/** Every JSON file of a site root, relative to it. */
function jsonFiles(root: string): string[] {
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .map((name) => name.split('\\').join('/'))
    .filter((name) => SCHEMA_FOR.some(([re]) => re.test(name)));
}

describe('validators kept as standalone code', () => {
  it('are kept under a key of the schemas, and the set uses them', () => {
    expect(existsSync(keptFile('validators', cacheKey('validators', schemaFiles(paths.schemas))))).toBe(true);
    expect(existsSync(keptFile('defaults', cacheKey('defaults', schemaFiles(paths.schemas))))).toBe(true);
    // a kept validator is code loaded from the file: it has none of the compiled one's links to ajv
    expect(Object.keys(compiled.validator('page.schema.json')!)).toContain('schemaEnv');
    for (const schema of ['site.schema.json', 'page.schema.json', 'collection.schema.json', 'form.schema.json'])
      expect(kept.validator(schema), schema).not.toHaveProperty('schemaEnv');
  });

  it.each([...sites, ...broken])('%s: each file gets the same verdict and references from both', (_name, roots) => {
    let files = 0;
    for (const root of roots)
      for (const file of jsonFiles(root)) {
        const source = parseJsonSource(file, readFileSync(join(root, file), 'utf8'));
        if (source.data === undefined) continue;
        const schema = SCHEMA_FOR.find(([re]) => re.test(file))![1];
        const now = checkSchema(source, schema, kept);
        const before = checkSchema(source, schema, compiled);
        expect(now.failed, file).toEqual(before.failed);
        expect(now.references, file).toEqual(before.references);
        files++;
      }
    expect(files).toBeGreaterThan(0);
  });

  it.each([...sites, ...broken])('%s: a whole validation gives the same result', (_name, roots) => {
    const quick = validateSite({ roots: [...roots], schemaDir: paths.schemas, keptSchemas: true });
    const full = validateSite({ roots: [...roots], schemaDir: paths.schemas });
    expect(quick.problems).toEqual(full.problems);
    expect(quick.stats).toEqual(full.stats);
    expect(quick.site).toEqual(full.site);
  });
});

describe('the cache of compiled schemas', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
  /** A copy of the schemas with a mark of its own, so its key is this test's alone. */
  function ownSchemas(): string {
    const dir = mkdtempSync(join(tmpdir(), 'kept-schemas-'));
    dirs.push(dir);
    cpSync(paths.schemas, dir, { recursive: true });
    const site = join(dir, 'site.schema.json');
    writeFileSync(site, readFileSync(site, 'utf8').replace('{', `{"$comment": "${dir}",`));
    return dir;
  }

  it('compiles again in place of a broken kept file, and validates the same', () => {
    const dir = ownSchemas();
    const file = keptFile('validators', cacheKey('validators', schemaFiles(dir)));
    writeFileSync(file, 'this is not JavaScript');
    const site = [join(fixtures, 'base')];
    const result = validateSite({ roots: site, schemaDir: dir, keptSchemas: true });
    expect(result.problems).toEqual([]);
    expect(readFileSync(file, 'utf8')).toContain('exports');
    rmSync(file, { force: true });
    rmSync(keptFile('defaults', cacheKey('defaults', schemaFiles(dir))), { force: true });
  });

  it('keeps another set when a schema changes', () => {
    const dir = ownSchemas();
    expect(cacheKey('validators', schemaFiles(dir))).not.toBe(cacheKey('validators', schemaFiles(paths.schemas)));
    expect(cacheKey('defaults', schemaFiles(dir))).not.toBe(cacheKey('validators', schemaFiles(dir)));
  });
});
