/**
 * The pages' paths as the dev server and the site's plugins match them, now in scripts/site-bundles/page-paths.ts;
 * kept here for the studio's host (scripts/studio-host/studio-server.ts), which imports it from this address.
 */
export { cleanPath, isPagePath } from '../site-bundles/page-paths.ts';
