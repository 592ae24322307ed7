import { fileURLToPath } from 'node:url';
import { dirname, join, resolve } from 'node:path';

// string paths, not new URL(): under jsdom the global URL is not Node's.
// This file's folder is one level below the root; so is the bundled server's (dist-server/), which inlines it.
const root = `${resolve(dirname(fileURLToPath(import.meta.url)), '..')}/`;
/**
 * The live build, which every reader reads: after `npm run build` a link to `<dist>-builds/<id>`, switched in one step
 * to each new build (scripts/build/build-folders.ts). SITE_OUT moves it elsewhere, so parallel builds do not overwrite each other.
 */
const dist = process.env.SITE_OUT ? resolve(process.env.SITE_OUT) : join(root, 'dist');

export const paths = {
  root,
  schemas: join(root, 'schemas'),
  generatedTypes: join(root, 'core/site/schema-types.ts'),
  dist,
  distSsr: `${dist}-ssr`,
  /** the production server and the leads command as plain JavaScript, built from server/ */
  distServer: join(root, 'dist-server'),
  /** the back office's pages as plain files, built from admin/ */
  distAdmin: join(root, 'dist-admin'),
};
