import { useCallback } from 'react';
import { Link, NavLink, Route, Routes } from 'react-router-dom';
import type { SiteModel } from '../core/site/model.ts';
import { loadPage } from './site/page-store.ts';
import { SiteProvider } from './site/site-context.tsx';
import { PageView } from './renderer/page-view.tsx';
import { LinkIntentContext } from './ui/link-intent.ts';
import { Shell } from './shell/shell.tsx';
import { RouteFallback } from './shell/route-fallback.tsx';
import { RouterLinksContext } from './ui/router-links.ts';

const routerLinks = { Link, NavLink };

/** The page id a path shows, if it is a page of the route table. */
export function pageIdFor(model: SiteModel, path: string): string | undefined {
  const clean = path.replace(/[?#].*$/, '').replace(/(.)\/+$/, '$1');
  return model.routes.find((r) => r.path === clean)?.pageId;
}

export function App({ model }: { model: SiteModel }) {
  const prefetch = useCallback(
    (path: string) => {
      const id = pageIdFor(model, path);
      if (id) loadPage(id).catch(() => {});
    },
    [model],
  );
  return (
    <SiteProvider model={model}>
      <RouterLinksContext.Provider value={routerLinks}>
        <LinkIntentContext.Provider value={prefetch}>
          <Routes>
            <Route element={<Shell />}>
              {model.routes.map((r) => (
                <Route key={r.path} path={r.path} element={<PageView route={r} />} />
              ))}
              <Route path="*" element={<RouteFallback />} />
            </Route>
          </Routes>
        </LinkIntentContext.Provider>
      </RouterLinksContext.Provider>
    </SiteProvider>
  );
}
