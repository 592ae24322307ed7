import type { SiteModel } from '../core/site/model.ts';
import { findHub, findLanding } from '../core/site/resolve.ts';
import type { HubPage, LandingPage } from '../core/site/model.ts';
import { SiteProvider } from './site/site-context.tsx';
import { CurrentPathContext } from './ui/current-path.ts';
import { PageView } from './renderer/page-view.tsx';
import { Shell } from './shell/shell.tsx';
import { LandingView } from './shell/landing-view.tsx';
import { ContentLandingView } from './landing/content-landing-view.tsx';
import { HubView } from './landing/hub-view.tsx';

/** The route of a path: a page of the route table, a landing page of the city x service matrix, or one of its hubs. */
export function routeOf(model: SiteModel, path: string) {
  const clean = path.replace(/[?#].*$/, '').replace(/(.)\/+$/, '$1');
  const route = model.routes.find((r) => r.path === clean);
  if (route) return { path: clean, route };
  const landing = findLanding(model.site.landing, model.cities, clean);
  if (landing) return { path: clean, landing };
  const hub = findHub(model.site.landing, model.cities, clean);
  return hub ? { path: clean, hub } : undefined;
}

/** A landing page of either kind: a page of blocks, or the short page that forwards (the seed's, unchanged). */
function Landing({ landing }: { landing: LandingPage }) {
  if (landing.kind === 'content' && landing.pageId) return <ContentLandingView landing={{ ...landing, pageId: landing.pageId }} />;
  return <LandingView landing={landing} />;
}

function Found({ found }: { found: { route?: SiteModel['routes'][number]; landing?: LandingPage; hub?: HubPage } }) {
  if (found.route) return <PageView route={found.route} />;
  if (found.landing) return <Landing landing={found.landing} />;
  return <HubView hub={found.hub!} />;
}

/** One whole page of the site in its shell; undefined for a path that is neither a page nor a landing page. */
export function SitePage({ model, path }: { model: SiteModel; path: string }) {
  const found = routeOf(model, path);
  if (!found) throw new Error(`no page at ${path}`);
  return (
    <SiteProvider model={model}>
      <CurrentPathContext.Provider value={found.path}>
        <Shell>
          <Found found={found} />
        </Shell>
      </CurrentPathContext.Provider>
    </SiteProvider>
  );
}
