import { fill } from '../text/fill.ts';
import type { LandingConfig } from './schema-types.ts';
import type { City, LandingPage, LoadedSite, PageData, SiteModel } from './model.ts';

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

export function citiesOf(landing: Pick<LandingConfig, 'cities'>): City[] {
  return landing.cities.map((name) => ({ name, slug: slugify(name) }));
}

function landingPage(landing: LandingConfig, city: City, serviceIndex: number): LandingPage | undefined {
  const service = landing.services[serviceIndex];
  if (!service) return undefined;
  const values = { city: city.name, service: service.name };
  return {
    path: landingPath(service.slug, city.slug),
    city: city.name,
    citySlug: city.slug,
    serviceName: service.name,
    service,
    title: fill(service.title, values),
    description: fill(service.description, values),
    heading: fill(landing.heading, values),
  };
}

/** Every landing page of the city x service matrix (build time: prerender, sitemap, validation). */
export function expandLanding(landing: LandingConfig, cities: City[] = citiesOf(landing)): LandingPage[] {
  return cities.flatMap((city) => landing.services.map((_, i) => landingPage(landing, city, i)!));
}

/** The landing page for one path, found without expanding the matrix (browser). */
export function findLanding(landing: LandingConfig, cities: City[], pathname: string): LandingPage | undefined {
  const path = pathname.replace(/\/+$/, '');
  for (let i = 0; i < landing.services.length; i++) {
    const prefix = landingPath(landing.services[i]!.slug, '');
    if (!path.startsWith(prefix)) continue;
    const city = cities.find((c) => c.slug === path.slice(prefix.length));
    if (city) return landingPage(landing, city, i);
  }
  return undefined;
}

export function resolveSite(loaded: LoadedSite): SiteModel {
  const { $schema: _schema, routes, ...site } = loaded.site;
  return {
    site,
    routes: routes.map((r) => ({ path: r.path, pageId: r.page })),
    cities: citiesOf(site.landing),
  };
}

/**
 * What an island sees of the site in the browser: the site-wide settings without the route table or the
 * landing matrix's cities, so the islands' JavaScript is the same bytes whatever the size of the matrix.
 */
export function islandSiteModel({ site }: SiteModel): SiteModel {
  return { site: { ...site, landing: { ...site.landing, cities: [] } }, routes: [], cities: [] };
}

const pick = <T>(all: Record<string, T>, ids: string[] = []): Record<string, T> => Object.fromEntries(ids.map((id) => [id, all[id]!]));

/** Each routed page with only the collections and forms its blocks reference. */
export function resolvePages(loaded: LoadedSite): Record<string, PageData> {
  const ids = new Set(loaded.site.routes.map((r) => r.page));
  return Object.fromEntries(
    [...ids].map((id) => {
      const refs = loaded.references[id];
      return [id, { page: loaded.pages[id]!, collections: pick(loaded.collections, refs?.collections), forms: pick(loaded.forms, refs?.forms) }];
    }),
  );
}
