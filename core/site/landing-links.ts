import { fill } from '../text/fill.ts';
import type { LandingConfig, LandingService, SiteConfig } from './schema-types.ts';
import type { City, HubPage } from './model.ts';
import { isContentService } from './landing.ts';
import { cityBySlug, hubPath, landingPath } from './resolve.ts';
import { landingWords } from './landing-words.ts';

/** A link of the landing matrix: its text and its path. */
export interface MatrixLink {
  name: string;
  path: string;
}

/** How many other cities a landing page links by name; its service's overview links them all. */
export const MAX_CITY_LINKS = 12;

/** The name a content landing page has in breadcrumbs, links and structured data: the landing heading, filled. */
export const landingName = (landing: LandingConfig, service: LandingService, city: City) => fill(landing.heading, { city: city.name, service: service.name });

const serviceHubOf = (landing: LandingConfig, service: LandingService): MatrixLink | undefined =>
  landing.hubs ? { name: service.name, path: hubPath(landing.hubs.servicePath, service.slug) } : undefined;

const cityHubOf = (landing: LandingConfig, city: City): MatrixLink | undefined =>
  landing.hubs ? { name: city.name, path: hubPath(landing.hubs.cityPath, city.slug) } : undefined;

/** Home, the service's overview (when there are hubs), then the page itself. */
export function landingCrumbs(site: Pick<SiteConfig, 'brand' | 'landing'>, service: LandingService, city: City): MatrixLink[] {
  const hub = serviceHubOf(site.landing, service);
  return [
    { name: site.brand.name, path: '/' },
    ...(hub ? [hub] : []),
    { name: landingName(site.landing, service, city), path: landingPath(service.slug, city.slug) },
  ];
}

/** The cities of each name, in the list's order: an index made once per list of cities, not once per page. */
const byName = new WeakMap<City[], Map<string, City[]>>();
function citiesNamed(cities: City[], name: string): City[] {
  let index = byName.get(cities);
  if (!index) {
    index = new Map();
    for (const c of cities) index.set(c.name, [...(index.get(c.name) ?? []), c]);
    byName.set(cities, index);
  }
  return index.get(name) ?? [];
}

/**
 * Other cities for the same service: the city's nearby places first (in the order the city lists them), then the
 * rest in the list's order, at most MAX_CITY_LINKS. Linear in the cities: ranking and sorting every city for each
 * page would make the matrix's links cost time that grows with the square of its towns.
 */
function otherCities(landing: LandingConfig, cities: City[], service: LandingService, city: City): MatrixLink[] {
  const picked = new Set<City>();
  for (const name of city.data?.nearby ?? []) {
    for (const c of citiesNamed(cities, name)) if (c.slug !== city.slug) picked.add(c);
  }
  for (const c of cities) {
    if (picked.size >= MAX_CITY_LINKS) break;
    if (c.slug !== city.slug) picked.add(c);
  }
  return [...picked].slice(0, MAX_CITY_LINKS).map((c) => ({ name: landingName(landing, service, c), path: landingPath(service.slug, c.slug) }));
}

export interface LandingLinks {
  otherCities: MatrixLink[];
  otherServices: MatrixLink[];
  serviceHub?: MatrixLink;
  cityHub?: MatrixLink;
}

/** The links at the foot of a content landing page: its siblings by city and by service, and both overviews. */
export function landingLinks(landing: LandingConfig, cities: City[], service: LandingService, city: City): LandingLinks {
  const otherServices = landing.services
    .filter((s) => isContentService(s) && s.slug !== service.slug)
    .map((s) => ({ name: landingName(landing, s, city), path: landingPath(s.slug, city.slug) }));
  return {
    otherCities: otherCities(landing, cities, service, city),
    otherServices,
    serviceHub: serviceHubOf(landing, service),
    cityHub: cityHubOf(landing, city),
  };
}

export interface HubContent {
  title: string;
  description: string;
  crumbs: MatrixLink[];
  links: HubLink[];
}

/** A page a hub lists: a content landing page or a redirecting one, by the name its heading gives it. */
export interface HubLink extends MatrixLink {
  kind: 'content' | 'redirect';
}

/** What a hub shows, before its texts are filled: the templates, their values and the pages it lists. */
interface HubParts {
  title: string;
  description: string;
  values: Record<string, string>;
  links: HubLink[];
}

const linkOf = (landing: LandingConfig, service: LandingService, city: City): HubLink => ({
  kind: isContentService(service) ? 'content' : 'redirect',
  name: landingName(landing, service, city),
  path: landingPath(service.slug, city.slug),
});

function hubParts(site: Pick<SiteConfig, 'lang' | 'landing'>, cities: City[], hub: HubPage): HubParts | undefined {
  const { landing } = site;
  const words = landingWords(site);
  if (hub.kind === 'service-hub') {
    const service = landing.services.find((s) => isContentService(s) && s.slug === hub.slug);
    if (!service) return undefined;
    const links = cities.map((c) => linkOf(landing, service, c));
    return { title: words.serviceTitle, description: words.serviceDescription, values: { service: service.name }, links };
  }
  const city = cityBySlug(cities, hub.slug);
  if (!city) return undefined;
  // every landing page of the town, in the services' order: the redirecting ones are pages of the town too
  const links = landing.services.map((s) => linkOf(landing, s, city));
  return { title: words.cityTitle, description: words.cityDescription, values: { city: city.name }, links };
}

/**
 * A hub page: its title, description, breadcrumb and the landing pages it lists (a service's hub: that service in
 * every town; a town's hub: every landing page of the town, content and redirecting alike).
 */
export function hubContent(site: Pick<SiteConfig, 'brand' | 'lang' | 'landing'>, cities: City[], hub: HubPage): HubContent | undefined {
  const parts = site.landing.hubs ? hubParts(site, cities, hub) : undefined;
  if (!parts) return undefined;
  const title = fill(parts.title, parts.values);
  const crumbs = [
    { name: site.brand.name, path: '/' },
    { name: title, path: hub.path },
  ];
  return { title, description: fill(parts.description, parts.values), crumbs, links: parts.links };
}
