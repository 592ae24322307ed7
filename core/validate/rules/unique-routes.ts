import type { Rule } from './rule.ts';
import { routeTable } from './route-table.ts';
import { CONFIG_FILE } from '../../site/layout.ts';

export const uniqueRoutes: Rule = {
  name: 'unique-routes',
  description: 'No two routes, page or landing page, have the same path.',
  needs: ['/routes', '/landing/cities', '/landing/services'],
  // the routes come from the site config alone (route-table.ts)
  inputs: (context) => [context.site],
  check(context) {
    for (const d of routeTable(context).duplicates) context.report(CONFIG_FILE, d.pointer, d.problem);
  },
};
