import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { HelmetProvider } from 'react-helmet-async';
import { siteModel as model } from './site/site-model.ts';
import { App, pageIdFor } from './app.tsx';
import { loadPage } from './site/page-store.ts';
import './styles/global.css';

const container = document.getElementById('root')!;
const app = (
  <StrictMode>
    <HelmetProvider>
      <BrowserRouter>
        <App model={model} />
      </BrowserRouter>
    </HelmetProvider>
  </StrictMode>
);

// The current page's data first, so hydration renders exactly what was prerendered without suspending.
const pageId = pageIdFor(model, window.location.pathname);
if (pageId) await loadPage(pageId);

// Prerendered routes arrive with markup to hydrate; the not-found page arrives empty.
if (container.firstElementChild) hydrateRoot(container, app);
else createRoot(container).render(app);
