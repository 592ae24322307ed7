import { didYouMean } from '../did-you-mean.ts';
import { coded } from '../problem-catalog.ts';
import type { Rule } from './rule.ts';
import { routeTable } from './route-table.ts';

export const linksResolve: Rule = {
  name: 'links-resolve',
  description: 'Every internal link goes to a route or a landing page.',
  // with a malformed route every link to it would fail too: the routes are fixed first
  needs: ['/routes', '/landing/cities', '/landing/services'],
  check(context) {
    const { paths } = routeTable(context);
    for (const { file, ref } of context.references) {
      if (ref.kind !== 'link' || !ref.value.startsWith('/')) continue;
      // a query, a fragment and a trailing slash reach the same page
      const path = ref.value.replace(/[?#].*$/, '').replace(/(.)\/$/, '$1');
      if (paths.has(path)) continue;
      const suggestion = didYouMean(path, paths.keys());
      context.report(file, ref.pointer, coded('link-unresolved', { to: ref.value, ...(suggestion === undefined ? {} : { suggestion }) }));
    }
  },
};
