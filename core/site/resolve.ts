import { fill } from '../text/fill.ts';
import type { LandingConfig } from './schema-types.ts';
import type { City, HubPage, LoadedSite, LandingPage, PageData, SiteModel } from './model.ts';
import { cityDataByName, isContentService } from './landing.ts';
import { contentFile } from './layout.ts';

/** 'Den Haag' -> 'den-haag', 'Étten-Leur' -> 'etten-leur'. */
export function slugify(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The one URL of a landing page: `/{service slug}-{city slug}`. The validator's route table uses it too. */
export function landingPath(serviceSlug: string, citySlug: string): string {
  return `/${serviceSlug}-${citySlug}`;
}

export function citiesOf(landing: Pick<LandingConfig, 'cities'>, data: Map<string, City['data']> = new Map()): City[] {
  return landing.cities.map((name) => {
    const own = data.get(name);
    return own ? { name, slug: slugify(name), data: own } : { name, slug: slugify(name) };
  });
}

function landingPage(landing: LandingConfig, city: City, serviceIndex: number): LandingPage | undefined {
  const service = landing.services[serviceIndex];
  if (!service) return undefined;
  const values = { city: city.name, service: service.name };
  const heading = fill(landing.heading, values);
  return {
    kind: isContentService(service) ? 'content' : 'redirect',
    ...(isContentService(service) ? { pageId: service.page } : {}),
    path: landingPath(service.slug, city.slug),
    city: city.name,
    citySlug: city.slug,
    serviceName: service.name,
    service,
    // a content landing page's own title and description come from its template page when it is rendered
    title: fill(service.title ?? heading, values),
    description: fill(service.description ?? heading, values),
    heading,
  };
}

/** Every landing page of the city x service matrix (build time: prerender, sitemap, validation). */
export function expandLanding(landing: LandingConfig, cities: City[] = citiesOf(landing)): LandingPage[] {
  return cities.flatMap((city) => landing.services.map((_, i) => landingPage(landing, city, i)!));
}

/** The landing page for one path, found without expanding the matrix (browser). */
/** The cities by slug: an index made once per list of cities, so a page of a large matrix finds its town at once. */
const bySlug = new WeakMap<City[], Map<string, City>>();
export function cityBySlug(cities: City[], slug: string): City | undefined {
  let index = bySlug.get(cities);
  if (!index) {
    index = new Map();
    // the first of a slug, as a search through the list finds it
    for (const c of cities) if (!index.has(c.slug)) index.set(c.slug, c);
    bySlug.set(cities, index);
  }
  return index.get(slug);
}

export function findLanding(landing: LandingConfig, cities: City[], pathname: string): LandingPage | undefined {
  const path = pathname.replace(/\/+$/, '');
  for (let i = 0; i < landing.services.length; i++) {
    const prefix = landingPath(landing.services[i]!.slug, '');
    if (!path.startsWith(prefix)) continue;
    const city = cityBySlug(cities, path.slice(prefix.length));
    if (city) return landingPage(landing, city, i);
  }
  return undefined;
}

/** The address of a hub page: the landing config's path template with the service's or the city's slug. */
export const hubPath = (template: string, slug: string) => template.replace('{slug}', slug);

/** The hub pages of the matrix: one per service with content landing pages, one per city (none without `hubs`). */
export function expandHubs(landing: LandingConfig, cities: City[] = citiesOf(landing)): HubPage[] {
  const { hubs } = landing;
  if (!hubs) return [];
  const services = landing.services.filter(isContentService);
  if (services.length === 0) return [];
  return [
    ...services.map((s): HubPage => ({ kind: 'service-hub', path: hubPath(hubs.servicePath, s.slug), slug: s.slug })),
    ...cities.map((c): HubPage => ({ kind: 'city-hub', path: hubPath(hubs.cityPath, c.slug), slug: c.slug })),
  ];
}

/** The hub pages by path, made once per landing config and list of cities: each page of a large matrix finds its hub at once. */
const hubsByPath = new WeakMap<City[], { landing: LandingConfig; byPath: Map<string, HubPage> }>();

/** The hub page at a path, if any. */
export function findHub(landing: LandingConfig, cities: City[], pathname: string): HubPage | undefined {
  const path = pathname.replace(/(.)\/+$/, '$1');
  let made = hubsByPath.get(cities);
  if (made?.landing !== landing) {
    const byPath = new Map<string, HubPage>();
    // the first of a path, as a search through the list finds it
    for (const hub of expandHubs(landing, cities)) if (!byPath.has(hub.path)) byPath.set(hub.path, hub);
    hubsByPath.set(cities, (made = { landing, byPath }));
  }
  return made.byPath.get(path);
}

export function resolveSite(loaded: LoadedSite): SiteModel {
  const { $schema: _schema, routes, ...site } = loaded.site;
  return {
    site,
    routes: routes.map((r) => ({ path: r.path, pageId: r.page })),
    cities: citiesOf(site.landing, cityDataByName(site.landing, loaded.collections)),
    landingSources: landingSources(loaded),
  };
}

/** The files each content landing template's pages come from (see SiteModel.landingSources). */
function landingSources(loaded: LoadedSite): Record<string, string[]> {
  const { cityData, services } = loaded.site.landing;
  const fromCities = cityData ? [cityData, ...(loaded.references[`collections/${cityData}`]?.collections ?? [])] : [];
  return Object.fromEntries(
    services.filter(isContentService).map((s) => {
      const collections = [...new Set([...fromCities, ...(loaded.references[s.page]?.collections ?? [])])].sort();
      return [s.page, [contentFile('page', s.page), ...collections.map((c) => contentFile('collection', c))]];
    }),
  );
}

/**
 * What an island sees of the site in the browser: the site-wide settings without the route table or the
 * landing matrix's cities, so the islands' JavaScript is the same bytes whatever the size of the matrix.
 */
export function islandSiteModel({ site }: SiteModel): SiteModel {
  return { site: { ...site, landing: { ...site.landing, cities: [] } }, routes: [], cities: [] };
}

const pick = <T>(all: Record<string, T>, ids: string[] = []): Record<string, T> => Object.fromEntries(ids.map((id) => [id, all[id]!]));

/**
 * Each routed page and each content landing template with only the collections and forms its blocks reference (a
 * template also those of the city data's override blocks, which replace some of its blocks).
 */
export function resolvePages(loaded: LoadedSite): Record<string, PageData> {
  const { landing } = loaded.site;
  const templates = landing.services.filter(isContentService).map((s) => s.page);
  const cityRefs = landing.cityData ? loaded.references[`collections/${landing.cityData}`] : undefined;
  const ids = new Set([...loaded.site.routes.map((r) => r.page), ...templates]);
  return Object.fromEntries(
    [...ids].map((id) => {
      const refs = loaded.references[id];
      const extra = templates.includes(id) ? cityRefs : undefined;
      const collections = [...(refs?.collections ?? []), ...(extra?.collections ?? [])];
      const forms = [...(refs?.forms ?? []), ...(extra?.forms ?? [])];
      return [id, { page: loaded.pages[id]!, collections: pick(loaded.collections, collections), forms: pick(loaded.forms, forms) }];
    }),
  );
}
