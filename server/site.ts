import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseServerSite, SERVER_SITE_FILE, type ServerSite } from '../core/site/server-site.ts';
import type { FormConfig } from '../core/forms/form-types.ts';

export type { ServerSite };

/**
 * The form with this id, looked up among the site's own forms only: `forms[id]` for an id from a request would
 * also find what every object inherits (`toString`, `constructor`, `__proto__`), and sign tokens for it.
 */
export function siteForm(site: ServerSite, id: string): FormConfig | undefined {
  return Object.hasOwn(site.forms, id) ? site.forms[id] : undefined;
}

/**
 * The site as the build validated it: the server reads only the file the build wrote into the output
 * folder, never the sources, so it checks leads against the forms the built pages show.
 */
export function loadServerSite(distDir: string): ServerSite {
  const file = join(distDir, SERVER_SITE_FILE);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'it does not exist' : String(error);
    throw new Error(`cannot read ${file} (${reason}): run npm run build first, or set DIST_DIR to a build`);
  }
  try {
    return parseServerSite(text);
  } catch (error) {
    throw new Error(`${file} is not a site file this server reads (${(error as Error).message}): run npm run build again`);
  }
}
