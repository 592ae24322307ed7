import type { Rule, RuleContext } from './rule.ts';
import { landingMatrix } from './route-table.ts';
import { isContentService } from '../../site/landing.ts';
import { hubPath, slugify } from '../../site/resolve.ts';
import { reservedRoute, reservedUnder, type ReservedRoute } from '../../site/reserved-routes.ts';
import { coded, type ReservedParams } from '../problem-catalog.ts';
import { CONFIG_FILE } from '../../site/layout.ts';

/** Whose the address is ("the server's forms and mail"), and the reserved address it is under when it is another ("/api and below"). */
function reservedFor(reserved: ReservedRoute, path: string): ReservedParams {
  const reservedPath = reservedUnder(path, reserved);
  return reservedPath ? { owner: reserved.owner, reservedPath, below: reserved.below } : { owner: reserved.owner };
}

/**
 * The hub pages' addresses, each where it is made: a path template that lands on a reserved address whatever the slug
 * (`/api/{slug}`) once at the template, else each service or city whose slug makes it one at that service or city.
 */
function checkHubs(context: RuleContext) {
  const { landing } = context.site;
  const hubs = landing.hubs;
  // a malformed template has its own schema error; hubs come only with content landing services (resolve.ts expandHubs)
  const wellFormed = (t: unknown): t is string => typeof t === 'string' && t.startsWith('/') && t.includes('{slug}');
  if (!hubs || !landing.services.some(isContentService)) return;
  const kinds = [
    {
      template: hubs.servicePath,
      pointer: '/landing/hubs/servicePath',
      slugs: landing.services.flatMap((s, i) => (isContentService(s) ? [{ slug: s.slug, name: s.name, pointer: `/landing/services/${i}/slug` }] : [])),
      hub: 'service' as const,
    },
    {
      template: hubs.cityPath,
      pointer: '/landing/hubs/cityPath',
      slugs: landing.cities.map((city, i) => ({ slug: slugify(city), name: city, pointer: `/landing/cities/${i}` })),
      hub: 'city' as const,
    },
  ];
  for (const { template, pointer, slugs, hub } of kinds) {
    if (!wellFormed(template)) continue;
    // a slug is lower-case letters, digits and hyphens: one no reserved address names tells the template's own fault
    const always = reservedRoute(hubPath(template, 'x-0'));
    if (always) {
      context.report(CONFIG_FILE, pointer, coded('hubs-path-reserved', { hub, template, ...reservedFor(always, template) }));
      continue;
    }
    for (const { slug, name, pointer: at } of slugs) {
      const path = hubPath(template, slug);
      const reserved = slug === '' ? undefined : reservedRoute(path);
      if (!reserved) continue;
      const owner = reservedFor(reserved, path);
      const problem =
        hub === 'service' ? coded('service-hub-reserved', { service: name, path, ...owner }) : coded('city-hub-reserved', { city: name, path, ...owner });
      context.report(CONFIG_FILE, at, problem);
    }
  }
}

export const reservedRoutes: Rule = {
  name: 'reserved-routes',
  description: 'No page, landing page or overview is at an address the build writes itself or the server or studio keeps (core/site/reserved-routes.ts).',
  needs: ['/routes', '/landing/cities', '/landing/services'],
  // the routes come from the site config alone (route-table.ts)
  inputs: (context) => [context.site],
  check(context) {
    context.site.routes.forEach((r, i) => {
      const reserved = reservedRoute(r.path);
      if (reserved) context.report(CONFIG_FILE, `/routes/${i}/path`, coded('route-reserved', { path: r.path, ...reservedFor(reserved, r.path) }));
    });
    // a landing page's path is "/{service}-{city}": no reserved address has that shape today, but a new one may
    for (const r of landingMatrix(context).routes) {
      const reserved = reservedRoute(r.path);
      if (!reserved || r.origin.kind !== 'landing') continue;
      const { city, service } = r.origin;
      context.report(CONFIG_FILE, r.pointer, coded('landing-reserved', { city, service, path: r.path, ...reservedFor(reserved, r.path) }));
    }
    checkHubs(context);
  },
};
