import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { prefersReducedMotion } from './use-splash.ts';

/** Every route change scrolls smoothly to the top (instantly with reduced motion). */
export function ScrollToTop() {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
  }, [pathname]);
  return null;
}
