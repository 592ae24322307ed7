import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { generateTypes } from './schema-types.ts';
import { paths } from '../../core/paths.ts';

it('the committed TypeScript types match the schemas (run npm run gen:types after a schema change)', async () => {
  const fresh = await generateTypes(paths.schemas);
  expect(readFileSync(paths.generatedTypes, 'utf8')).toBe(fresh);
}, 20_000);
