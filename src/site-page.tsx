import type { SiteModel } from '../core/site/model.ts';
import { findLanding } from '../core/site/resolve.ts';
import { SiteProvider } from './site/site-context.tsx';
import { CurrentPathContext } from './ui/current-path.ts';
import { PageView } from './renderer/page-view.tsx';
import { Shell } from './shell/shell.tsx';
import { LandingView } from './shell/landing-view.tsx';

/** The route of a path: a page of the route table or a landing page of the city x service matrix. */
export function routeOf(model: SiteModel, path: string) {
  const clean = path.replace(/[?#].*$/, '').replace(/(.)\/+$/, '$1');
  const route = model.routes.find((r) => r.path === clean);
  if (route) return { path: clean, route };
  const landing = findLanding(model.site.landing, model.cities, clean);
  return landing ? { path: clean, landing } : undefined;
}

/** One whole page of the site in its shell; undefined for a path that is neither a page nor a landing page. */
export function SitePage({ model, path }: { model: SiteModel; path: string }) {
  const found = routeOf(model, path);
  if (!found) throw new Error(`no page at ${path}`);
  return (
    <SiteProvider model={model}>
      <CurrentPathContext.Provider value={found.path}>
        <Shell>{found.route ? <PageView route={found.route} /> : <LandingView landing={found.landing} />}</Shell>
      </CurrentPathContext.Provider>
    </SiteProvider>
  );
}
