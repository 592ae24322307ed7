import { Route, Routes } from 'react-router-dom';
import type { SiteModel } from './config/model.ts';
import { SiteProvider } from './renderer/site-context.tsx';
import { PageView } from './renderer/page-view.tsx';
import { Shell } from './shell/shell.tsx';
import { RouteFallback } from './shell/route-fallback.tsx';

export function App({ model }: { model: SiteModel }) {
  return (
    <SiteProvider model={model}>
      <Routes>
        <Route element={<Shell />}>
          {model.routes.map((r) => (
            <Route key={r.path} path={r.path} element={<PageView route={r} />} />
          ))}
          <Route path="*" element={<RouteFallback />} />
        </Route>
      </Routes>
    </SiteProvider>
  );
}
