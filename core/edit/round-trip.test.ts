import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { paths } from '../paths.ts';
import { setValue, type Path } from './json-edit.ts';

/**
 * Every JSON file the fixture sites are made of: whatever they hold, an unchanged save is byte-identical and one
 * changed field is a one-line diff. (The agency's own content is left out: an engine test never depends on it.)
 */
function jsonFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return jsonFiles(path);
    return name.endsWith('.json') ? [path] : [];
  });
}

// the fixture sites (the broken ones are broken on purpose: the validator's tests)
const files = [
  ...['base', 'en'].flatMap((site) => {
    const root = join(paths.root, 'tests/fixtures', site);
    return [join(root, 'site.config.json'), ...jsonFiles(join(root, 'content'))];
  }),
];

/** The path of every string leaf but $schema, in document order. */
function stringLeaves(value: unknown, path: Path = []): Path[] {
  if (typeof value === 'string') return path.length > 0 && path[path.length - 1] !== '$schema' ? [path] : [];
  if (Array.isArray(value)) return value.flatMap((v, i) => stringLeaves(v, [...path, i]));
  if (typeof value === 'object' && value !== null) return Object.entries(value).flatMap(([k, v]) => stringLeaves(v, [...path, k]));
  return [];
}

const at = (value: unknown, path: Path) => path.reduce<unknown>((v, key) => (v as Record<string | number, unknown>)[key], value);

describe('round trip over every JSON file of the fixture sites', () => {
  it('finds the files', () => {
    // both fixture sites: their configs, pages, collections and forms
    expect(files.length).toBeGreaterThan(15);
  });

  it.each(files.map((f) => [relative(paths.root, f), f]))('%s: unchanged is byte-identical, one field is one line', (_name, file) => {
    const text = readFileSync(file, 'utf8');
    const data = JSON.parse(text) as unknown;
    expect(setValue(text, [], data)).toBe(text);
    const leaves = stringLeaves(data);
    // the first, a middle and the last string of the file
    for (const leaf of [leaves[0], leaves[Math.floor(leaves.length / 2)], leaves[leaves.length - 1]].filter((l): l is Path => l !== undefined)) {
      const edited = setValue(text, leaf, `${at(data, leaf) as string} (bewerkt)`);
      const before = text.split('\n');
      const after = edited.split('\n');
      expect(after.length, leaf.join('/')).toBe(before.length);
      expect(
        after.filter((line, i) => line !== before[i]),
        leaf.join('/'),
      ).toHaveLength(1);
    }
  });
});
