import type { Rule, RuleContext } from './rule.ts';
import { landingMatrix } from './route-table.ts';
import { isContentService } from '../../site/landing.ts';
import { hubPath, slugify } from '../../site/resolve.ts';
import { reservedRoute, reservedUnder, type ReservedRoute } from '../../site/reserved-routes.ts';

/** "is reserved for the server's forms and mail (/api and below)": the owner, and the reserved address when it is another. */
function reservedFor(reserved: ReservedRoute, path: string): string {
  const under = reservedUnder(path, reserved);
  return `is reserved for ${reserved.owner}${under ? ` (${under}${reserved.below ? ' and below' : ''})` : ''}`;
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
      plural: 'service overviews',
      slugs: landing.services.flatMap((s, i) => (isContentService(s) ? [{ slug: s.slug, name: s.name, pointer: `/landing/services/${i}/slug` }] : [])),
      what: 'service',
      fix: "change the service's slug or the service overviews' path",
    },
    {
      template: hubs.cityPath,
      pointer: '/landing/hubs/cityPath',
      plural: 'city overviews',
      slugs: landing.cities.map((city, i) => ({ slug: slugify(city), name: city, pointer: `/landing/cities/${i}` })),
      what: 'city',
      fix: "change the city overviews' path",
    },
  ];
  for (const { template, pointer, plural, slugs, what, fix } of kinds) {
    if (!wellFormed(template)) continue;
    // a slug is lower-case letters, digits and hyphens: one no reserved address names tells the template's own fault
    const always = reservedRoute(hubPath(template, 'x-0'));
    if (always) {
      context.report('site.config.json', pointer, `the ${plural}' path "${template}" ${reservedFor(always, template)}; choose another path`);
      continue;
    }
    for (const { slug, name, pointer: at } of slugs) {
      const path = hubPath(template, slug);
      const reserved = slug === '' ? undefined : reservedRoute(path);
      if (reserved)
        context.report('site.config.json', at, `the ${what} overview of "${name}" would be at "${path}", which ${reservedFor(reserved, path)}; ${fix}`);
    }
  }
}

export const reservedRoutes: Rule = {
  name: 'reserved-routes',
  description: 'No page, landing page or overview is at an address the build writes itself or the server or studio keeps (core/site/reserved-routes.ts).',
  needs: ['/routes', '/landing/cities', '/landing/services'],
  check(context) {
    context.site.routes.forEach((r, i) => {
      const reserved = reservedRoute(r.path);
      if (reserved) context.report('site.config.json', `/routes/${i}/path`, `route "${r.path}" ${reservedFor(reserved, r.path)}; choose another path`);
    });
    // a landing page's path is "/{service}-{city}": no reserved address has that shape today, but a new one may
    for (const r of landingMatrix(context).routes) {
      const reserved = reservedRoute(r.path);
      if (reserved)
        context.report(
          'site.config.json',
          r.pointer,
          `the ${r.origin} would be at "${r.path}", which ${reservedFor(reserved, r.path)}; change the service's slug`,
        );
    }
    checkHubs(context);
  },
};
