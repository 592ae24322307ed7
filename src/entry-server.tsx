import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { HelmetProvider } from 'react-helmet-async';
import { siteModel as model } from './config/site-model.ts';
import { App } from './app.tsx';
import { expandLanding } from './config/resolve.ts';
import { loadPage } from './config/page-store.ts';
import './styles/global.css';

export { model };

/** Every path to prerender: the pages, then the whole landing matrix. */
export function routePaths(): string[] {
  return [...model.routes.map((r) => r.path), ...expandLanding(model.site.landing, model.cities).map((l) => l.path)];
}

/** page id of each page path, for the prerenderer to preload that page's chunk */
export const pageIds: Record<string, string> = Object.fromEntries(model.routes.map((r) => [r.path, r.pageId]));

// every page's data in memory before the first render, so nothing suspends on the server
// (a promise, not top-level await: the server bundle may be loaded as CommonJS outside the project)
const ready = Promise.all(model.routes.map((r) => loadPage(r.pageId)));

/** HTML of one route, waiting for lazy blocks so the markup is complete. */
export async function render(url: string): Promise<string> {
  await ready;
  const { prelude } = await prerender(
    <StrictMode>
      <HelmetProvider>
        <StaticRouter location={url}>
          <App model={model} />
        </StaticRouter>
      </HelmetProvider>
    </StrictMode>,
    // inline every block: React otherwise parks large Suspense boundaries in hidden divs that only an inline script reveals
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  return new Response(prelude).text();
}
