import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { HelmetProvider } from 'react-helmet-async';
import { siteModel as model } from './config/site-model.ts';
import { App } from './app.tsx';
import { expandLanding } from './config/resolve.ts';
import './styles/global.css';

export { model };

/** Every path to prerender: the pages, then the whole landing matrix. */
export function routePaths(): string[] {
  return [...model.routes.map((r) => r.path), ...expandLanding(model.site.landing, model.cities).map((l) => l.path)];
}

/** HTML of one route, waiting for lazy blocks so the markup is complete. */
export async function render(url: string): Promise<string> {
  const { prelude } = await prerender(
    <StrictMode>
      <HelmetProvider>
        <StaticRouter location={url}>
          <App model={model} />
        </StaticRouter>
      </HelmetProvider>
    </StrictMode>,
  );
  return new Response(prelude).text();
}
