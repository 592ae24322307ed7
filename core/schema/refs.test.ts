import { describe, expect, it } from 'vitest';
import { refTarget, type SchemaFiles } from './refs.ts';

const files: SchemaFiles = {
  'page.schema.json': { $defs: { 'a/b': { title: 'slashed' } }, properties: { blocks: { $ref: 'blocks/hero.schema.json' } } },
  'blocks/hero.schema.json': { title: 'Hero', properties: { cta: { $ref: '../page.schema.json#/$defs/a~1b' } } },
};
const schemaOf = (path: string) => files[path];

describe('a $ref followed to its schema', () => {
  it('resolves a file relative to the one the $ref is written in', () => {
    expect(refTarget(schemaOf, 'page.schema.json', 'blocks/hero.schema.json')).toEqual({
      path: 'blocks/hero.schema.json',
      schema: files['blocks/hero.schema.json'],
    });
  });

  it('follows a pointer, with its escapes, into another file or the same one', () => {
    expect(refTarget(schemaOf, 'blocks/hero.schema.json', '../page.schema.json#/$defs/a~1b')?.schema).toEqual({ title: 'slashed' });
    expect(refTarget(schemaOf, 'page.schema.json', '#/properties/blocks')).toEqual({ path: 'page.schema.json', schema: { $ref: 'blocks/hero.schema.json' } });
  });

  it('finds nothing where the file or the part is not there', () => {
    expect(refTarget(schemaOf, 'page.schema.json', 'missing.schema.json')).toBeUndefined();
    expect(refTarget(schemaOf, 'page.schema.json', '#/nothing/here')).toBeUndefined();
  });
});
