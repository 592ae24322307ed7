import type { SiteConfig } from '../../core/site/schema-types.ts';
import { BOOTSTRAP_ATTR, NOT_FOUND_ATTR } from '../../core/islands/attributes.ts';

/**
 * The HTML document of every page, the same in the build (each route written to a file) and in the dev server
 * (each request rendered on the fly): only where the stylesheets and the islands' runtime come from differs.
 */

/** The parts of the site the build steps after the pages need. */
export type PrerenderedSite = Pick<SiteConfig, 'lang' | 'seo' | 'integrations' | 'splash'>;

/** One route as src/entry-server.tsx renders it. */
export interface RenderedPage {
  head: string[];
  body: string;
  islands: unknown[];
}

/** The inline scripts every page carries, as the server entry built them from their TypeScript sources. */
export interface InlineScripts {
  bootstrap: string;
  splash: string;
  notFound: string;
}

/** What src/entry-server.tsx exports, read by the prerender (from its build) and the dev server (through Vite). */
export interface ServerEntry {
  render(url: string): Promise<RenderedPage>;
  inlineScripts: InlineScripts;
  routePaths(): string[];
  model: { site: PrerenderedSite };
}

/** What every page links, as paths from the site's root: its stylesheets and the islands' runtime. */
export interface ClientAssets {
  css: string[];
  runtime: string;
}

/** The islands' entry: in Vite's manifest in the build, served as it is by the dev server. */
export const ISLANDS_ENTRY = 'src/entry-islands.tsx';

export const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Prefetch-and-prerender of same-site pages when the visitor shows intent (hover, or pointer down on
 * touch screens): the next page is usually ready before the click. Not the API, not previews.
 */
export const speculationRules = JSON.stringify({
  prerender: [
    {
      where: { and: [{ href_matches: '/*' }, { not: { href_matches: '/api/*' } }, { not: { href_matches: '/*\\?*preview*' } }] },
      eagerness: 'moderate',
    },
  ],
});

/**
 * The file of a route in the build: "/" -> index.html, "/a" -> a.html, "/a/b" -> a/b.html. A file beside the others,
 * not a folder of its own per page: on this machine's ext4 disk a folder cost a page more than its file (created, and
 * deleted with an old build). The server answers /a with a.html (server/static/file-index.ts); so do the common
 * static hosts (Netlify, Cloudflare Pages, GitHub Pages; nginx with `try_files $uri $uri.html $uri/ =404`).
 */
export function fileFor(path: string): string {
  return path === '/' ? 'index.html' : `${path.slice(1)}.html`;
}

export interface PageParts {
  lang: string;
  head: string[];
  body: string;
  assets: ClientAssets;
  /** how many islands the page has: without any, it has no bootstrap either */
  islands: number;
  /** when the first page of a visit is shown: the splash, its fade-out and the page's fade-in */
  revealMs: number;
  scripts: InlineScripts;
}

/** When the first page of a visit has appeared: islands hydrate after that, never during the splash. */
export function revealMs(splash: PrerenderedSite['splash']): number {
  return splash.enabled ? splash.durationMs + splash.fadeOutMs + splash.pageFadeInMs : 0;
}

/** A whole page: no script but the tiny inline ones, and the runtime only where islands are. */
export function pageDocument({ lang, head, body, assets, islands, revealMs, scripts }: PageParts): string {
  const styles = assets.css.map((href) => `<link rel="stylesheet" href="/${href}">`);
  const bootstrap =
    islands > 0 ? `\n    <script ${BOOTSTRAP_ATTR.src}="/${assets.runtime}" ${BOOTSTRAP_ATTR.after}="${revealMs}">${scripts.bootstrap}</script>` : '';
  return `<!doctype html>
<html lang="${escapeHtml(lang)}">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <script>${scripts.splash}</script>
    ${[...styles, ...head].join('\n    ')}
    <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
    <script type="speculationrules">${speculationRules}</script>
  </head>
  <body>
    <div id="root">${body}</div>${bootstrap}
  </body>
</html>
`;
}

/** The page of every unknown path (404.html in the build): it sends the visitor on to the home page. */
export function notFoundDocument(site: PrerenderedSite, assets: ClientAssets, scripts: InlineScripts): string {
  return pageDocument({
    lang: site.lang,
    head: [`<title>${escapeHtml(site.seo.siteName)}</title>`, '<meta name="robots" content="noindex" />'],
    body: `<main id="main" class="container"><h1>${escapeHtml(site.seo.siteName)}</h1><p><a href="/">${escapeHtml(site.seo.siteUrl.replace(/^https?:\/\//, ''))}</a></p></main><script ${NOT_FOUND_ATTR.to}="/">${scripts.notFound}</script>`,
    assets,
    islands: 0,
    revealMs: 0,
    scripts,
  });
}

/** The document of a page the entry rendered. */
export function renderedDocument(entry: ServerEntry, page: RenderedPage, assets: ClientAssets): string {
  const { site } = entry.model;
  return pageDocument({
    lang: site.lang,
    head: page.head,
    body: page.body,
    assets,
    islands: page.islands.length,
    revealMs: revealMs(site.splash),
    scripts: entry.inlineScripts,
  });
}

/** The document of one route of the site. */
export async function routeDocument(entry: ServerEntry, path: string, assets: ClientAssets): Promise<string> {
  return renderedDocument(entry, await entry.render(path), assets);
}
