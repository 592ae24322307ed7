import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Link, NavLink, Route, Routes } from 'react-router-dom';
import { HelmetProvider } from 'react-helmet-async';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SiteProvider } from '../site/site-context.tsx';
import { Shell } from './shell.tsx';
import { RouterLinksContext } from '../ui/router-links.ts';
import { fixtureModel } from '../../tests/test-model.ts';

const model = fixtureModel();

function renderShell(reducedMotion = false) {
  window.matchMedia = vi
    .fn()
    .mockImplementation((q: string) => ({ matches: reducedMotion && q.includes('reduce'), media: q, addEventListener() {}, removeEventListener() {} }));
  window.scrollTo = vi.fn();
  return render(
    <HelmetProvider>
      <MemoryRouter initialEntries={['/']}>
        <SiteProvider model={{ ...model, site: { ...model.site, chat: { ...model.site.chat, enabled: false } } }}>
          {/* the dev server's links: the app hands the router's link components to the shell */}
          <RouterLinksContext.Provider value={{ Link, NavLink }}>
            <Routes>
              <Route element={<Shell />}>
                <Route path="/" element={<Link to="/contact">Naar contact</Link>} />
                <Route path="/contact" element={<h1>Contactpagina</h1>} />
              </Route>
            </Routes>
          </RouterLinksContext.Provider>
        </SiteProvider>
      </MemoryRouter>
    </HelmetProvider>,
  );
}

const phase = () => screen.queryByTestId('splash')?.getAttribute('data-phase') ?? 'removed';

describe('splash', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs waiting -> visible at 100 ms -> fading at 1000 ms -> removed at 1300 ms', () => {
    renderShell();
    expect(phase()).toBe('waiting');
    act(() => vi.advanceTimersByTime(99));
    expect(phase()).toBe('waiting');
    act(() => vi.advanceTimersByTime(1));
    expect(phase()).toBe('visible');
    act(() => vi.advanceTimersByTime(899));
    expect(phase()).toBe('visible');
    act(() => vi.advanceTimersByTime(1));
    expect(phase()).toBe('fading');
    act(() => vi.advanceTimersByTime(299));
    expect(phase()).toBe('fading');
    act(() => vi.advanceTimersByTime(1));
    expect(phase()).toBe('removed');
    expect(screen.getByText('Helder Digitaal', { selector: 'header span' })).toBeTruthy();
  });

  it('shows without fades and goes at 1000 ms with reduced motion', () => {
    renderShell(true);
    act(() => vi.advanceTimersByTime(0));
    expect(phase()).toBe('visible');
    act(() => vi.advanceTimersByTime(999));
    expect(phase()).toBe('visible');
    act(() => vi.advanceTimersByTime(1));
    expect(phase()).toBe('removed');
  });

  it('appears only on the first load, not after client-side navigation', () => {
    renderShell();
    act(() => vi.advanceTimersByTime(1300));
    expect(phase()).toBe('removed');
    fireEvent.click(screen.getByText('Naar contact'));
    expect(screen.getByRole('heading', { name: 'Contactpagina' })).toBeTruthy();
    act(() => vi.advanceTimersByTime(50));
    expect(phase()).toBe('removed');
    expect(window.scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
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
    expect(toggle.textContent).toBe('Menu openenMenu sluiten');
  });

  it('closes after a link is chosen', () => {
    const hidePopover = vi.fn();
    HTMLElement.prototype.hidePopover = hidePopover;
    try {
      renderShell();
      const menu = document.querySelector('nav[popover]')!;
      hidePopover.mockClear();
      fireEvent.click(menu.querySelector('a[href="/contact"]')!);
      expect(hidePopover).toHaveBeenCalled();
      expect(screen.getByRole('heading', { name: 'Contactpagina' })).toBeTruthy();
    } finally {
      delete (HTMLElement.prototype as Partial<HTMLElement>).hidePopover;
    }
  });
});
