import { systemFacts } from '../system/facts.ts';
import type { SystemStore } from '../system/system-store.ts';
import { answer, route, type RouteSpec } from './routes.ts';

/** GET /api/system, for admins: the System screen's facts (server/system/facts.ts), read now and never cached. */
export function systemRoutes(store: SystemStore): RouteSpec[] {
  return [
    route('GET /system', {
      permission: 'system',
      handler: async (c) => answer(c, await systemFacts(store), 200, { 'Cache-Control': 'no-store' }),
    }),
  ];
}
