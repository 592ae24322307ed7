import { citiesOf, expandHubs, landingPath, slugify } from '../../site/resolve.ts';
import type { RuleContext } from './rule.ts';
import { coded, type CodedMessage, type RouteOrigin } from '../problem-catalog.ts';

/**
 * The matrix and the table are made from the site config alone, so they are kept by its object: once per validation,
 * and once for the validations that keep the files they checked (`checked`: an unchanged site config is the same
 * object), so an edit of a page does not lay out the site's 10,000 routes again.
 */
const matrices = new WeakMap<object, LandingMatrix>();
const tables = new WeakMap<object, RouteTable>();

function bySite<T>(kept: WeakMap<object, T>, context: RuleContext, make: () => T): T {
  let value = kept.get(context.site);
  if (value === undefined) kept.set(context.site, (value = make()));
  return value;
}

export interface LandingRoute {
  path: string;
  origin: RouteOrigin;
  /** the city's pointer: a collision is reported where the city was added */
  pointer: string;
}

export interface LandingMatrix {
  routes: LandingRoute[];
  /** slug problems, each reported once by unique-slugs; the offending city or service adds no pages */
  problems: { pointer: string; problem: CodedMessage }[];
}

/**
 * The landing pages' paths from cities and service slugs alone. Titles and
 * descriptions are not filled in: no check needs them, so a broken template can
 * never stop the route checks.
 */
export function landingMatrix(context: RuleContext): LandingMatrix {
  return bySite(matrices, context, () => {
    const { cities, services } = context.site.landing;
    const problems: LandingMatrix['problems'] = [];
    // each slug's city and where it is in the list
    const citySlugs = new Map<string, { city: string; pointer: string }>();
    cities.forEach((city, i) => {
      const slug = slugify(city);
      const other = citySlugs.get(slug)?.city;
      const pointer = `/landing/cities/${i}`;
      if (slug === '') problems.push({ pointer, problem: coded('slug-empty', { city }) });
      else if (other !== undefined) problems.push({ pointer, problem: coded('slug-taken', { city, slug, other }) });
      else citySlugs.set(slug, { city, pointer });
    });
    const serviceSlugs = new Set<string>();
    const kept = services.filter((s, i) => {
      if (!serviceSlugs.has(s.slug)) return serviceSlugs.add(s.slug);
      problems.push({ pointer: `/landing/services/${i}/slug`, problem: coded('service-slug-twice', { slug: s.slug }) });
      return false;
    });
    const routes: LandingRoute[] = [];
    for (const [slug, { city, pointer }] of citySlugs) {
      for (const s of kept) routes.push({ path: landingPath(s.slug, slug), origin: { kind: 'landing', city, service: s.name }, pointer });
    }
    return { routes, problems };
  });
}

export interface RouteTable {
  /** path -> what defines it */
  paths: Map<string, RouteOrigin>;
  duplicates: { pointer: string; problem: CodedMessage }[];
}

/** Landing pages first, so a page route that collides with one is reported at the page route. */
export function routeTable(context: RuleContext): RouteTable {
  return bySite(tables, context, () => {
    const paths = new Map<string, RouteOrigin>();
    const duplicates: RouteTable['duplicates'] = [];
    const add = (path: string, origin: RouteOrigin, pointer: string) => {
      const previous = paths.get(path);
      if (previous) duplicates.push({ pointer, problem: coded('route-twice', { path, origin, previous }) });
      else paths.set(path, origin);
    };
    for (const r of landingMatrix(context).routes) add(r.path, r.origin, r.pointer);
    for (const h of hubRoutes(context)) add(h.path, h.origin, h.pointer);
    context.site.routes.forEach((r, i) => add(r.path, { kind: 'route', index: i }, `/routes/${i}/path`));
    return { paths, duplicates };
  });
}

/** The hub pages' paths, when the hubs' path templates are well-formed (else their schema error says why). */
function hubRoutes(context: RuleContext): LandingRoute[] {
  const { landing } = context.site;
  const wellFormed = (t: unknown) => typeof t === 'string' && t.startsWith('/') && t.includes('{slug}');
  if (!landing.hubs || !wellFormed(landing.hubs.servicePath) || !wellFormed(landing.hubs.cityPath)) return [];
  if (!Array.isArray(landing.cities) || !Array.isArray(landing.services)) return [];
  return expandHubs(landing, citiesOf(landing)).map((h) => ({
    path: h.path,
    origin: { kind: 'hub', hub: h.kind === 'service-hub' ? 'service' : 'city', slug: h.slug },
    pointer: `/landing/hubs/${h.kind === 'service-hub' ? 'servicePath' : 'cityPath'}`,
  }));
}
