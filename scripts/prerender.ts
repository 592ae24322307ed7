import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { paths } from '../core/paths.ts';
import type { SiteConfig } from '../core/site/schema-types.ts';
import { BOOTSTRAP_ATTR, NOT_FOUND_ATTR } from '../core/islands/attributes.ts';

/** The parts of the site the build steps after the pages need. */
export type PrerenderedSite = Pick<SiteConfig, 'lang' | 'seo' | 'integrations' | 'splash'>;

interface RenderedPage {
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

interface ServerEntry {
  render(url: string): Promise<RenderedPage>;
  inlineScripts: InlineScripts;
  routePaths(): string[];
  model: { site: PrerenderedSite };
}

/** What the client build produced that every page links: its one stylesheet and the islands' runtime. */
export interface ClientAssets {
  css: string[];
  runtime: string;
}

/** The islands' entry in Vite's manifest. */
export const ISLANDS_ENTRY = 'src/entry-islands.tsx';

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

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

export function fileFor(path: string): string {
  return path === '/' ? 'index.html' : `${path.slice(1)}/index.html`;
}

interface PageParts {
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

/** A whole prerendered document: no script but the tiny inline ones, and the runtime only where islands are. */
export function pageDocument({ lang, head, body, assets, islands, revealMs, scripts }: PageParts) {
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

/** The stylesheet(s) and the runtime, from Vite's manifest (read here and not published). */
export function readClientAssets(): ClientAssets {
  const manifestFile = join(paths.dist, '.vite/manifest.json');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, { file: string; css?: string[]; isEntry?: boolean }>;
  rmSync(join(paths.dist, '.vite'), { recursive: true, force: true });
  const entry = manifest[ISLANDS_ENTRY];
  if (!entry) throw new Error(`${ISLANDS_ENTRY} is not in the client build's manifest`);
  // one stylesheet for the whole site (cssCodeSplit off): Vite names it in the entry or as its own manifest item
  const css = [
    ...new Set([
      ...(entry.css ?? []),
      ...Object.values(manifest)
        .filter((m) => m.file.endsWith('.css'))
        .map((m) => m.file),
    ]),
  ];
  return { css, runtime: entry.file };
}

export interface PrerenderOptions {
  /** called with each file as soon as it is written (the build compresses it meanwhile) */
  onFile?: (file: string) => void;
}

export async function prerender({ onFile = () => {} }: PrerenderOptions = {}): Promise<PrerenderedSite> {
  const started = performance.now();
  const entry = (await import(pathToFileURL(join(paths.distSsr, 'entry-server.js')).href)) as ServerEntry;
  const assets = readClientAssets();
  const { site } = entry.model;
  const scripts = entry.inlineScripts;
  const routes = entry.routePaths();
  const reveal = revealMs(site.splash);
  const write = (file: string, text: string) => {
    const target = join(paths.dist, file);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, text);
    onFile(target);
  };
  for (const path of routes) {
    const page = await entry.render(path);
    write(fileFor(path), pageDocument({ lang: site.lang, head: page.head, body: page.body, assets, islands: page.islands.length, revealMs: reveal, scripts }));
  }
  // Unknown paths get this page: it sends the visitor on to the home page
  write(
    '404.html',
    pageDocument({
      lang: site.lang,
      head: [`<title>${escapeHtml(site.seo.siteName)}</title>`, '<meta name="robots" content="noindex" />'],
      body: `<main id="main" class="container"><h1>${escapeHtml(site.seo.siteName)}</h1><p><a href="/">${escapeHtml(site.seo.siteUrl.replace(/^https?:\/\//, ''))}</a></p></main><script ${NOT_FOUND_ATTR.to}="/">${scripts.notFound}</script>`,
      assets,
      islands: 0,
      revealMs: 0,
      scripts,
    }),
  );

  const siteUrl = site.seo.siteUrl;
  const urls = routes.map((p) => `  <url><loc>${siteUrl}${p}</loc></url>`).join('\n');
  write('sitemap.xml', `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`);
  write('robots.txt', `User-agent: *\nAllow: /\n\nSitemap: ${siteUrl}/sitemap.xml\n`);
  console.log(`prerendered ${routes.length} routes + 404.html, sitemap.xml, robots.txt in ${Math.round(performance.now() - started)} ms`);
  return site;
}
