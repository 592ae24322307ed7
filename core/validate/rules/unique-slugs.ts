import type { Rule } from './rule.ts';
import { landingMatrix } from './route-table.ts';
import { CONFIG_FILE } from '../../site/layout.ts';

export const uniqueSlugs: Rule = {
  name: 'unique-slugs',
  description: 'Every city and every landing service has its own URL slug, and no city slug is empty.',
  needs: ['/landing/cities', '/landing/services'],
  // the routes come from the site config alone (route-table.ts)
  inputs: (context) => [context.site],
  check(context) {
    for (const p of landingMatrix(context).problems) context.report(CONFIG_FILE, p.pointer, p.problem);
  },
};
