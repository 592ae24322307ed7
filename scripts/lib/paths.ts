import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

const root = fileURLToPath(new URL('../..', import.meta.url));

export const paths = {
  root,
  schemas: join(root, 'schemas'),
  generatedTypes: join(root, 'src/config/schema-types.ts'),
  dist: join(root, 'dist'),
  distSsr: join(root, 'dist-ssr'),
};
