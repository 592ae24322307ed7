import { useEffect, useState } from 'react';
import type { Splash } from '../../core/site/schema-types.ts';
import { splashTimeline, type SplashPhase } from './splash-timeline.ts';

export const prefersReducedMotion = () => typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;

/**
 * The splash phase. It runs once per full page load: the shell stays mounted
 * across client-side navigation, so the splash never comes back.
 */
export function useSplash(cfg: Splash): SplashPhase {
  const [phase, setPhase] = useState<SplashPhase>(cfg.enabled ? 'waiting' : 'removed');
  useEffect(() => {
    const timers = splashTimeline(cfg, prefersReducedMotion()).map(({ phase: next, at }) => setTimeout(() => setPhase(next), at));
    return () => timers.forEach(clearTimeout);
  }, [cfg]);
  return phase;
}
