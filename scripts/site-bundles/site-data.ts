/**
 * What the build hands the site's Vite plugin (site-plugin.ts), and how: the one meeting point of scripts/build/ (which
 * makes the site's data) and the plugin (which makes the bundles read it).
 */

/** Where the render workers put the site's data for the server entry's virtual modules (site-plugin.ts). */
export const SITE_DATA_KEY = 'helder.site-render-data';

/**
 * What the client build takes of the site: what the islands see of it, and its theme. The bundling process
 * (scripts/build/vite-bundles.ts) hands it to the site plugin once the build has validated it: the client build then
 * reads it instead of validating the site again (which takes longer the more towns the site has), and Vite starts
 * while the build validates. A `vite build` of its own validates the site itself.
 */
export interface ClientSiteData {
  client: unknown;
  theme: unknown;
}
