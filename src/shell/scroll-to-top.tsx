import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { prefersReducedMotion } from './use-splash.ts';

/**
 * Every route change scrolls smoothly to the top (instantly with reduced motion)
 * and moves focus to the new page's main content, so keyboard and screen-reader
 * users start on the new page instead of on a link that may no longer be there.
 */
export function ScrollToTop() {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [pathname]);
  return null;
}
