import type { Splash } from '../../core/site/schema-types.ts';

export type SplashPhase = 'waiting' | 'visible' | 'fading' | 'removed';

/** When each phase starts, in ms after the first render. With reduced motion there are no fades. */
export function splashTimeline(cfg: Splash, reducedMotion: boolean): { phase: SplashPhase; at: number }[] {
  if (!cfg.enabled) return [{ phase: 'removed', at: 0 }];
  if (reducedMotion) {
    return [
      { phase: 'visible', at: 0 },
      { phase: 'removed', at: cfg.durationMs },
    ];
  }
  return [
    { phase: 'waiting', at: 0 },
    { phase: 'visible', at: cfg.fadeInDelayMs },
    { phase: 'fading', at: cfg.durationMs },
    { phase: 'removed', at: cfg.durationMs + cfg.fadeOutMs },
  ];
}
