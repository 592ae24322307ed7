import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { loadSchemaSet } from '../../../core/validate/schemas.ts';
import { placeOf } from './names.ts';
import type { SchemaFiles } from './schema.ts';
import { studioTexts } from '../texts.ts';

const root = process.cwd();
const schemas = Object.fromEntries(loadSchemaSet(join(root, 'schemas')).byPath) as SchemaFiles;
const read = (path: string) => JSON.parse(readFileSync(join(root, 'tests/fixtures/content-landing', path), 'utf8')) as unknown;

it('a city of the landing pages is named by its own name where it is ("Bath"), not by its number', () => {
  const cities = read('content/collections/cities.json') as { items: { city: string }[] };
  expect(cities.items[1]!.city).toBe('Bath');
  for (const lang of ['nl', 'en']) {
    const place = placeOf(studioTexts(lang), lang, schemas, 'content/collections/cities.json', cities, ['items', 1, 'intro']);
    expect(place).toContain('Bath');
    expect(place.join(' › ')).not.toMatch(/\b2\b/);
  }
});

it('other lists keep their numbered item labels ("Vraag 2")', () => {
  const faq = read('content/collections/faq.json');
  const place = placeOf(studioTexts('nl'), 'nl', schemas, 'content/collections/faq.json', faq, ['items', 1, 'question']);
  expect(place.join(' › ')).toMatch(/Vraag 2/);
});
