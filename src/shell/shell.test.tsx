import { render, screen } from '@testing-library/react';
import { HelmetProvider } from 'react-helmet-async';
import { describe, expect, it } from 'vitest';
import { SiteProvider } from '../site/site-context.tsx';
import { Shell } from './shell.tsx';
import { CurrentPathContext } from '../ui/current-path.ts';
import { fixtureModel } from '../../tests/test-model.ts';
import type { SiteModel } from '../../core/site/model.ts';
import { createCollector, IslandCollectorContext } from '../islands/collector.tsx';

const model = fixtureModel();

function renderShell(path = '/') {
  return render(
    <HelmetProvider>
      <SiteProvider model={{ ...model, site: { ...model.site, chat: { ...model.site.chat, enabled: false } } }}>
        <CurrentPathContext.Provider value={path}>
          <Shell>
            <h1>Contactpagina</h1>
          </Shell>
        </CurrentPathContext.Provider>
      </SiteProvider>
    </HelmetProvider>,
  );
}

describe('shell', () => {
  it('puts the page in <main> between the header and the footer, with the splash in the HTML', () => {
    renderShell();
    expect(screen.getByRole('main').textContent).toBe('Contactpagina');
    expect(screen.getByTestId('splash').getAttribute('data-phase')).toBe('waiting');
    // the fixture's brand, from its config
    expect(screen.getByText(model.site.brand.name, { selector: 'header span' })).toBeTruthy();
  });

  it('marks the navigation link of the current page, and only that one', () => {
    renderShell('/contact/');
    const current = [...document.querySelectorAll('header a[aria-current="page"]')].map((a) => a.getAttribute('href'));
    expect(current.length).toBeGreaterThan(0);
    expect(new Set(current)).toEqual(new Set(['/contact']));
  });
});

describe('mobile menu', () => {
  // jsdom has neither popovers nor CSS: opening, closing, Escape, focus and the switching name are
  // the browser's, tested in tests/e2e/navigation.spec.ts and tests/e2e/no-js.spec.ts
  it('is a popover that its toggle opens and closes, named for both states', () => {
    renderShell();
    const toggle = document.querySelector<HTMLButtonElement>('header button[popovertarget]')!;
    const menu = document.getElementById(toggle.getAttribute('popovertarget')!)!;
    expect(menu.getAttribute('popover')).toBe('auto');
    expect(toggle.getAttribute('aria-controls')).toBe(menu.id);
    // CSS shows one of the two names, following the popover's state
    expect(toggle.textContent).toBe(`${model.site.navigation.labels.openMenu}${model.site.navigation.labels.closeMenu}`);
  });
});

describe('consent', () => {
  const withTags = (tags: SiteModel['site']['integrations']['tags']): SiteModel => ({
    ...model,
    site: { ...model.site, chat: { ...model.site.chat, enabled: false }, integrations: { ...model.site.integrations, tags } },
  });

  function renderWith(site: SiteModel) {
    const collector = createCollector();
    render(
      <HelmetProvider>
        <SiteProvider model={site}>
          <CurrentPathContext.Provider value="/">
            <IslandCollectorContext.Provider value={collector}>
              <Shell>
                <h1>Home</h1>
              </Shell>
            </IslandCollectorContext.Provider>
          </CurrentPathContext.Provider>
        </SiteProvider>
      </HelmetProvider>,
    );
    return collector.islands.map((i) => `${i.name}:${i.hydrate}`);
  }

  it('a site without tags has no banner island and no Cookie-instellingen in the footer', () => {
    expect(renderWith(withTags(undefined))).toEqual([]);
    expect(screen.queryByRole('button', { name: 'Cookie-instellingen' })).toBeNull();
  });

  it('a site with tags has the banner island, which hydrates once the browser is idle, and the footer button that opens it again', () => {
    const site = withTags([{ type: 'meta-pixel', id: '123456789012345' }]);
    expect(renderWith(site)).toEqual(['consent:idle']);
    expect(screen.getByRole('button', { name: 'Cookie-instellingen' }).hasAttribute('data-consent-open')).toBe(true);
  });
});
