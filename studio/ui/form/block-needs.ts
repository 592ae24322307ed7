import { fileId, SCHEMA_OF_KIND, schemaFor } from '../../../core/site/layout.ts';
import { resolve, type Located, type SchemaFiles } from './schema.ts';

/**
 * The kind of collection a block type shows (`x-ref: "collection:<kind>"` on one of its required fields) when the
 * site has none of that kind: such a block could never be valid, so the palette says what is missing instead of
 * adding it. A collection is found as the new value finds it: named after its kind, or starting with it.
 */
export function missingCollection(files: SchemaFiles, located: Located, paths: string[]): string | undefined {
  const { schema } = resolve(files, located);
  // a collection's file right in its folder, as the validator reads it
  const ids = paths.filter((p) => schemaFor(p) === SCHEMA_OF_KIND.collection).map(fileId);
  for (const key of schema.required ?? []) {
    const ref = schema.properties?.[key]?.['x-ref'];
    if (typeof ref !== 'string' || !ref.startsWith('collection:')) continue;
    const kind = ref.slice('collection:'.length);
    if (!ids.some((id) => id === kind || id.startsWith(`${kind}-`))) return kind;
  }
  return undefined;
}
