import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { serializeServerSite, serverSiteOf, SERVER_SITE_FILE, type ServerSite } from '../../core/site/server-site.ts';
import type { LoadedSite } from '../../core/site/model.ts';
import { formatProblems, validateSite, type CheckedFiles } from '../../core/validate/validate.ts';

/** Writes what the server needs of the site into the build output (a dot-folder: never served). */
export function writeServerSite(outDir: string, loaded: Pick<LoadedSite, 'site' | 'forms'>): ServerSite {
  const site = serverSiteOf(loaded);
  const file = join(outDir, SERVER_SITE_FILE);
  mkdirSync(dirname(file), { recursive: true });
  // a server starting meanwhile reads the old file or the new one, never half of one
  writeFileSync(`${file}.tmp`, serializeServerSite(site));
  renameSync(`${file}.tmp`, file);
  return site;
}

/**
 * Validates the site at siteRoot as the build does (its schemas' defaults filled in); throws with the validator's
 * messages. With `checked`, the files an earlier call found unchanged are taken as it found them.
 */
export function loadValidSite(siteRoot: string, schemaDir: string, checked?: CheckedFiles): LoadedSite {
  const result = validateSite({ roots: [siteRoot], schemaDir, keptSchemas: true, ...(checked ? { checked } : {}) });
  if (!result.site) throw new Error(`the site config is invalid:\n${formatProblems(result.problems)}`);
  return result.site;
}
