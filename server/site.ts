import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseServerSite, SERVER_SITE_FILE, type ServerSite } from '../core/site/server-site.ts';

export type { ServerSite };

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
