import { writeTypes } from './schema-types.ts';
import { paths } from '../../core/paths.ts';

await writeTypes(paths.schemas, paths.generatedTypes);
console.log(`types written to ${paths.generatedTypes}`);
