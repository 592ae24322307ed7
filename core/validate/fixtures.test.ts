import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateSite } from './validate.ts';
import { loadSchemaSet } from './schemas.ts';
import { paths } from '../paths.ts';

const fixtures = join(paths.root, 'tests/fixtures');
const base = join(fixtures, 'base');
const broken = join(fixtures, 'broken');
const schemas = loadSchemaSet(paths.schemas);

interface Expected {
  description: string;
  problems: { file: string; line: number; pointer: string; message: string }[];
}

describe('validator', () => {
  it('accepts the base site the fixtures are built on', () => {
    expect(validateSite({ roots: [base], schemaDir: paths.schemas, schemas }).problems).toEqual([]);
  });

  it('counts one landing page per city and landing service', () => {
    const result = validateSite({ roots: [base], schemaDir: paths.schemas, schemas });
    const { cities, services } = result.site!.site.landing;
    expect(cities.length * services.length).toBeGreaterThan(0);
    expect(result.stats.landingPages).toBe(cities.length * services.length);
  });

  const cases = readdirSync(broken).sort();
  it('has a corpus of at least 25 broken configs', () => expect(cases.length).toBeGreaterThanOrEqual(25));

  describe.each(cases)('%s', (name) => {
    const expected = JSON.parse(readFileSync(join(broken, name, 'expected.json'), 'utf8')) as Expected;
    it(`reports ${expected.description} with file, line, pointer and message`, () => {
      const result = validateSite({ roots: [join(broken, name), base], schemaDir: paths.schemas, schemas });
      const got = result.problems.map(({ file, line, pointer, message }) => ({ file, line, pointer, message }));
      expect(got).toEqual(expected.problems);
      expect(result.problems.every((p) => p.column >= 1)).toBe(true);
      expect(result.site).toBeUndefined();
    });
  });
});
