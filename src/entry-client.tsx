import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { HelmetProvider } from 'react-helmet-async';
import { siteModel as model } from './config/site-model.ts';
import { App } from './app.tsx';
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

// Prerendered routes arrive with markup to hydrate; the not-found page arrives empty.
if (container.firstElementChild) hydrateRoot(container, app);
else createRoot(container).render(app);
