import { StrictMode, type ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { renderToString } from 'react-dom/server';
import { HelmetProvider } from 'react-helmet-async';
import { siteModel as model } from './site/site-model.ts';
import { SitePage, routeOf } from './site-page.tsx';
import { cityBySlug, expandHubs, expandLanding, islandSiteModel } from '../core/site/resolve.ts';
import { isContentService } from '../core/site/landing.ts';
import { contentFile } from '../core/site/layout.ts';
import { loadPage, pagesLoaded } from './site/page-store.ts';
import { preloadBlocks } from './renderer/block-components.ts';
import { createCollector, IslandCollectorContext, slotMarkup } from './islands/collector.tsx';
import { IslandRoot } from './islands/island-root.tsx';
import { islandPrefix, loadIsland, type IslandProps, type IslandSpec } from './islands/islands.ts';
import { ISLAND_ATTR } from '../core/islands/attributes.ts';
import bootstrapScript from 'virtual:inline-script/bootstrap';
import notFoundScript from 'virtual:inline-script/not-found';
import splashScript from 'virtual:inline-script/splash';
import './styles/global.css';

export { model };

/** The inline scripts of every page, for the prerenderer (scripts/ never imports src/: it reads them from this built entry). */
export const inlineScripts = { bootstrap: bootstrapScript, splash: splashScript, notFound: notFoundScript };

/** Every path to prerender: the pages, then the whole landing matrix, then its hub pages. */
export function routePaths(): string[] {
  const { landing } = model.site;
  return [
    ...model.routes.map((r) => r.path),
    ...expandLanding(landing, model.cities).map((l) => l.path),
    ...expandHubs(landing, model.cities).map((h) => h.path),
  ];
}

/**
 * Every route with the site files its content comes from (relative to the site's root, for the sitemap's lastmod)
 * and whether it asks not to be indexed. A landing page's sources are the files that make it, not the whole config;
 * of the city data only its own city's item (scripts/build/sitemap.ts dates it alone), as its route key has it
 * (routeInputs): one city's text re-dates that city's pages, its overview and the services' overviews.
 */
export function sitemapEntries(): { path: string; sources: (string | { file: string; item: Record<string, string> })[]; noindex: boolean }[] {
  const { landing } = model.site;
  const cityFile = landing.cityData ? [contentFile('collection', landing.cityData)] : [];
  // the template, the city data and the collections they show: known from the files, whenever this is called
  const templateFiles = (id: string) => model.landingSources?.[id] ?? [contentFile('page', id), ...cityFile];
  // a page of one city: the city data's item of that city, the other files whole, and the site-wide settings
  const ofCity = (city: string, files: string[]) =>
    [...new Set(['site.config.json', ...files])].map((file) => (file === cityFile[0] ? { file, item: { city } } : file));
  return [
    // the route table's pages have no lastmod: their content comes from more files than they name
    ...model.routes.map((r) => ({ path: r.path, sources: [], noindex: false })),
    ...expandLanding(landing, model.cities).map((l) =>
      l.kind === 'content' && l.pageId
        ? { path: l.path, sources: ofCity(l.city, templateFiles(l.pageId)), noindex: false }
        : // a redirecting page's sitemap line has no lastmod, unless the setting takes it out
          { path: l.path, sources: [], noindex: landing.noindexRedirects === true },
    ),
    // an overview shows a description of the pages it links: from their templates (its service's in every city, or all
    // of them in its city)
    ...expandHubs(landing, model.cities).map((h) => {
      if (h.kind === 'city-hub') {
        const city = cityBySlug(model.cities, h.slug)?.name ?? h.slug;
        return { path: h.path, sources: ofCity(city, [...cityFile, ...templatePages.flatMap(templateFiles)]), noindex: false };
      }
      const templates = landing.services.filter(isContentService).flatMap((s) => (s.slug === h.slug ? [s.page] : []));
      return { path: h.path, sources: [...new Set(['site.config.json', ...cityFile, ...templates.flatMap(templateFiles)])], noindex: false };
    }),
  ];
}

/**
 * What a route's HTML is made of beside the engine and the site-wide inputs (an incremental build keys each route by
 * it, scripts/build/render-pages.ts): its own entry (route, landing page or hub, with the data of the city it shows),
 * the pages whose data it shows (by id: the build hashes each page once), and which of the city data it reads: none,
 * the cities' names and addresses (the links of the landing matrix), or all of it (a service's overview shows a
 * description of its page in every city). A city's text then renders that city's pages and the overviews again, not
 * the whole matrix.
 */
export function routeInputs(path: string): { own: unknown; pageIds: string[]; cities: false | 'names' | 'all' } | undefined {
  const found = routeOf(model, path);
  if (!found) return undefined;
  const { route, landing, hub } = found;
  if (route) return { own: route, pageIds: [route.pageId], cities: false };
  if (landing?.kind === 'content' && landing.pageId)
    return { own: { landing, city: cityBySlug(model.cities, landing.citySlug) }, pageIds: [landing.pageId], cities: 'names' };
  // a forwarding landing page shows its own title, description and message only
  if (landing) return { own: landing, pageIds: [], cities: false };
  // an overview's cards show the description of each page it links: its service's template in every city, or every
  // template in its city
  if (hub!.kind === 'city-hub') return { own: { hub, city: cityBySlug(model.cities, hub!.slug) }, pageIds: templatePages, cities: 'names' };
  const service = model.site.landing.services.find((s) => s.slug === hub!.slug);
  return { own: hub, pageIds: service && isContentService(service) ? [service.page] : [], cities: 'all' };
}

/** The site-wide inputs of every page: the settings and the route table; the city list is in cityInputs. */
export function sharedInputs(): unknown {
  const { cities: _cities, ...landing } = model.site.landing;
  return { site: { ...model.site, landing }, routes: model.routes, landingSources: model.landingSources };
}

/** The landing matrix's cities with their data, which a service's overview reads. */
export const cityInputs = (): unknown => ({ list: model.site.landing.cities, cities: model.cities });

/** The landing matrix's cities by name and address, in their order: what the links between its pages read. */
export const cityNames = (): unknown => ({ list: model.site.landing.cities, cities: model.cities.map((c) => [c.name, c.slug]) });

/** A page's data, as its routes render it. */
export const pageInputs = (id: string): Promise<unknown> => loadPage(id);

/** The template pages of content landing services: rendered once per city. */
const templatePages = model.site.landing.services.filter(isContentService).map((s) => s.page);

// every page's data and every component in memory before a render, so nothing suspends on the server (promises,
// not top-level await: the server bundle may be loaded as CommonJS outside the project). The pages' data is loaded
// again when it has a new version (the dev server's, after an edit); the components once.
const pageIds = [...model.routes.map((r) => r.pageId), ...templatePages];
const blocksLoaded = preloadBlocks();
const ready = () => Promise.all([pagesLoaded(pageIds), blocksLoaded]);

/**
 * Resolves once every page's data and every block's component is loaded: the prerender waits for it after the load,
 * so no chunk of this entry is still being read when a build that renders no page ends (and its folder may go).
 */
export const loaded = (): Promise<unknown> => ready();

/** The site an island sees, the same in the prerender as in the browser (virtual:site-client). */
const islandSite = islandSiteModel(model);

/** The same HTML at once when nothing suspends (every page's data and blocks are loaded first): no stream to encode and read back */
function renderedAtOnce(node: ReactNode, identifierPrefix?: string): string | undefined {
  try {
    const html = renderToString(node, identifierPrefix === undefined ? {} : { identifierPrefix });
    // a boundary that suspended (a lazy component not loaded yet) was left to the browser: wait for it instead
    return html.includes('<!--$!-->') ? undefined : html;
  } catch {
    return undefined;
  }
}

const toHtml = async (node: ReactNode, identifierPrefix?: string) => {
  const html = renderedAtOnce(node, identifierPrefix);
  if (html !== undefined) return html;
  // inline every block: React otherwise parks large Suspense boundaries in hidden divs that only an inline script reveals
  const { prelude } = await prerender(node, { progressiveChunkSize: Number.POSITIVE_INFINITY, identifierPrefix });
  return new Response(prelude).text();
};

const escapeAttr = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** Reads of the page data, recorded: an island ships only the collections and forms it used. */
function recording(data: IslandProps['data']) {
  const used: IslandProps['data'] = { collections: {}, forms: {} };
  const record = <T extends object>(source: Record<string, T>, into: Record<string, T>) =>
    new Proxy(source, {
      get(target, key) {
        const value = Reflect.get(target, key) as T | undefined;
        if (typeof key === 'string' && Object.hasOwn(target, key) && value !== undefined) into[key] = value;
        return value;
      },
    });
  return { view: { collections: record(data.collections, used.collections), forms: record(data.forms, used.forms) }, used };
}

const HOISTED = /^(?:<title>[\s\S]*?<\/title>|<meta\b[^>]*\/?>|<link\b[^>]*\/?>)/;

/** React 19 emits hoisted <title>/<meta>/<link> first in a render's output: they belong in <head>. */
export function splitHead(html: string): { head: string[]; body: string } {
  let rest = html;
  const head: string[] = [];
  for (let m = HOISTED.exec(rest); m; m = HOISTED.exec(rest)) {
    head.push(m[0]);
    rest = rest.slice(m[0].length);
  }
  return { head, body: rest };
}

/** Islands met before with the same props and number (the chat of every landing page) are rendered once. */
const renderedIslands = new Map<string, Promise<{ head: string[]; element: string }>>();

function renderIsland(spec: IslandSpec, id: number): Promise<{ head: string[]; element: string }> {
  const key = `${id}\u0000${JSON.stringify(spec)}`;
  let rendered = renderedIslands.get(key);
  if (!rendered) {
    rendered = renderIslandOnce(spec, id);
    renderedIslands.set(key, rendered);
  }
  return rendered;
}

/** One island alone: its HTML (its own React root, ids prefixed by its number) inside its element. */
async function renderIslandOnce(spec: IslandSpec, id: number): Promise<{ head: string[]; element: string }> {
  const component = await loadIsland(spec.name);
  const { view, used } = recording(spec.props.data);
  const { head, body: inner } = splitHead(
    await toHtml(<IslandRoot name={spec.name} site={islandSite} props={{ ...spec.props, data: view }} component={component} />, islandPrefix(id)),
  );
  const props: IslandProps = { ...spec.props, data: used };
  const attrs = [
    `${ISLAND_ATTR.name}="${spec.name}"`,
    `${ISLAND_ATTR.hydrate}="${spec.hydrate}"`,
    `${ISLAND_ATTR.id}="${id}"`,
    spec.session ? `${ISLAND_ATTR.session}="${spec.session}"` : '',
    ...Object.entries(spec.attributes ?? {}).map(([name, value]) => `${name}="${escapeAttr(value)}"`),
    `${ISLAND_ATTR.props}="${escapeAttr(JSON.stringify(props))}"`,
  ].filter(Boolean);
  return { head, element: `<div ${attrs.join(' ')}>${inner}</div>` };
}

export interface RenderedPage {
  /** tags for <head>: the page's own, then any its islands hoisted */
  head: string[];
  /** the markup inside the root element */
  body: string;
  /** how many islands the page has, and which hydrate on load */
  islands: IslandSpec[];
}

/** HTML of one route: the page with its static blocks, then each island rendered alone into its place. */
export async function render(url: string): Promise<RenderedPage> {
  await ready();
  const collector = createCollector();
  const page = splitHead(
    await toHtml(
      <StrictMode>
        <HelmetProvider>
          <IslandCollectorContext.Provider value={collector}>
            <SitePage model={model} path={url} />
          </IslandCollectorContext.Provider>
        </HelmetProvider>
      </StrictMode>,
    ),
  );
  let body = page.body;
  const head = [...page.head];
  for (const [id, spec] of collector.islands.entries()) {
    const island = await renderIsland(spec, id);
    head.push(...island.head.filter((tag) => !head.includes(tag)));
    body = body.replace(slotMarkup(id), () => island.element);
  }
  return { head, body, islands: collector.islands };
}
