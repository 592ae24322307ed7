import type { FormConfig } from '../forms/form-types.ts';
import type { LoadedSite } from './model.ts';
import type { SiteConfig } from './schema-types.ts';

/**
 * What the server needs of the site: its forms (to check submissions against the forms the pages show)
 * and where mail and photos go. The build writes it beside the pages; the server reads nothing else of the site.
 */
export interface ServerSite {
  forms: Record<string, FormConfig>;
  integrations: SiteConfig['integrations'];
  siteUrl: string;
  /** the site's language (its config's `lang`): the back office speaks it to the staff */
  lang: string;
  /** the site's name (its brand's): the back office's header says whose it is; absent in a build from before it */
  name?: string;
  /**
   * the site's logo, a path of the build's public files (its brand's logo, else its organization's): the back
   * office's header shows it beside the name; absent when the site names none, or in a build from before it
   */
  logo?: string;
}

/** The file's format; a server refuses a file of another format rather than guessing. */
export const SERVER_SITE_FORMAT = 1;

/** Where in the build output the server site is: a dot-folder, which the static server never serves. */
export const SERVER_SITE_FILE = '.server/site.json';

/** The server's part of a validated site (its schemas' defaults already filled in). */
export function serverSiteOf(loaded: Pick<LoadedSite, 'site' | 'forms'>): ServerSite {
  return {
    // the validator checked every form file against form.schema.json
    forms: loaded.forms as unknown as Record<string, FormConfig>,
    integrations: loaded.site.integrations,
    siteUrl: loaded.site.seo.siteUrl,
    lang: loaded.site.lang,
    name: loaded.site.brand.name,
    ...logoOf(loaded.site),
  };
}

/** The logo the header shows: the brand's (the site's own header shows it), else the organization's (for search engines). */
function logoOf(site: LoadedSite['site']): { logo?: string } {
  // a site object that carries no organization (a test's) has no logo of it
  const logo = site.brand.logo?.src ?? (site.seo.organization as SiteConfig['seo']['organization'] | undefined)?.logo;
  return logo ? { logo } : {};
}

/** The file's text: the format number, then the server site. */
export function serializeServerSite(site: ServerSite): string {
  return `${JSON.stringify({ format: SERVER_SITE_FORMAT, ...site }, null, 2)}\n`;
}

/** Reads the file's text back; throws with what is wrong when it is not a server site of this format. */
export function parseServerSite(text: string): ServerSite {
  const data = JSON.parse(text) as unknown;
  if (typeof data !== 'object' || data === null || Array.isArray(data)) throw new Error('not a JSON object');
  const { format, forms, integrations, siteUrl, lang, name, logo } = data as Record<string, unknown>;
  if (format !== SERVER_SITE_FORMAT) throw new Error(`format ${JSON.stringify(format)}, this server reads format ${SERVER_SITE_FORMAT}`);
  if (typeof forms !== 'object' || forms === null || Array.isArray(forms)) throw new Error('"forms" is not an object');
  if (typeof siteUrl !== 'string' || siteUrl === '') throw new Error('"siteUrl" is not a string');
  if (typeof integrations !== 'object' || integrations === null || Array.isArray(integrations)) throw new Error('"integrations" is not an object');
  // a build from before the language was written: English, as the studio speaks a language it does not know
  return {
    forms: forms as ServerSite['forms'],
    integrations: integrations as ServerSite['integrations'],
    siteUrl,
    lang: typeof lang === 'string' && lang ? lang : 'en',
    ...(typeof name === 'string' && name ? { name } : {}),
    ...(typeof logo === 'string' && logo.startsWith('/') ? { logo } : {}),
  };
}
