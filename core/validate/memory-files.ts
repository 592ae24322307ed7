import type { SiteFiles } from './site-files.ts';

/**
 * Site files held in memory over another source: the property tests validate
 * thousands of mutated configs without writing one of them to disk.
 */
export function memoryFiles(files: ReadonlyMap<string, string>, fallback?: SiteFiles): SiteFiles {
  return {
    read: (rel) => files.get(rel) ?? fallback?.read(rel),
    list: (dirRel) => {
      const names = new Set(fallback?.list(dirRel) ?? []);
      for (const f of files.keys()) if (f.startsWith(`${dirRel}/`) && !f.slice(dirRel.length + 1).includes('/') && f.endsWith('.json')) names.add(f);
      return [...names].sort();
    },
    exists: (rel) => files.has(rel) || (fallback?.exists(rel) ?? false),
    absolute: (rel) => (files.has(rel) ? rel : (fallback?.absolute(rel) ?? rel)),
  };
}
