import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSchemaSet } from '../../../core/validate/schemas.ts';
import { fieldSchema, inputKind, schemaFileFor, shownMembers, typeName, type Located, type SchemaFiles } from './schema.ts';

const root = process.cwd();
const files = Object.fromEntries(loadSchemaSet(join(root, 'schemas')).byPath) as SchemaFiles;

/** The site's JSON files: its config and everything under content/. */
function siteFiles(site: string): string[] {
  const content = join(site, 'content');
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : e.name.endsWith('.json') ? [join(dir, e.name)] : []));
  return ['site.config.json', ...walk(content).map((f) => relative(site, f).split(sep).join('/'))];
}

/**
 * Every value of a file, walked with the form's own choice of input: a pointer for each one the form shows no
 * input for (a member its group does not list, a list or group drawn as a text, a text drawn as a group).
 */
function unreachable(located: Located, value: unknown, pointer: string): string[] {
  const here = fieldSchema(files, located, value);
  const kind = inputKind(here.schema);
  const type = typeName(value);
  if (type === 'object') {
    if (kind !== 'object') return [`${pointer} (an object, shown as ${kind})`];
    const shown = new Map(shownMembers(here.schema, value));
    return Object.entries(value as Record<string, unknown>).flatMap(([key, member]) => {
      if (key === '$schema' || here.schema.properties?.[key]?.const !== undefined) return [];
      const schema = shown.get(key);
      return schema ? unreachable({ schema, file: here.file }, member, `${pointer}/${key}`) : [`${pointer}/${key} (no field)`];
    });
  }
  if (type === 'array') {
    const items = here.schema.items;
    if (kind !== 'array' || !items) return [`${pointer} (a list, shown as ${kind})`];
    return (value as unknown[]).flatMap((item, index) => unreachable({ schema: items, file: here.file }, item, `${pointer}/${index}`));
  }
  const fits = kind === 'choice' || (kind === 'toggle' ? type === 'boolean' : kind === 'text' && (type === 'string' || type === 'number'));
  return fits ? [] : [`${pointer} (a ${type}, shown as ${kind})`];
}

describe('the studio’s forms', () => {
  for (const fixture of ['tests/fixtures/base', 'tests/fixtures/en']) {
    const site = join(root, fixture);
    for (const path of siteFiles(site)) {
      it(`have an input for every value of ${fixture}/${path}`, () => {
        const schemaFile = schemaFileFor(path);
        const value = JSON.parse(readFileSync(join(site, path), 'utf8')) as unknown;
        expect(unreachable({ schema: files[schemaFile] ?? {}, file: schemaFile }, value, '')).toEqual([]);
      });
    }
  }
});
