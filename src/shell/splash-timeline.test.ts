import { describe, expect, it } from 'vitest';
import { splashTimeline } from './splash-timeline.ts';

const cfg = { enabled: true, fadeInDelayMs: 100, durationMs: 1000, fadeOutMs: 300, pageFadeInMs: 300 };

describe('splashTimeline', () => {
  it('fades in after 100 ms, starts fading out at 1 s and is removed 300 ms later', () => {
    expect(splashTimeline(cfg, false)).toEqual([
      { phase: 'waiting', at: 0 },
      { phase: 'visible', at: 100 },
      { phase: 'fading', at: 1000 },
      { phase: 'removed', at: 1300 },
    ]);
  });

  it('has no fades with reduced motion', () => {
    expect(splashTimeline(cfg, true)).toEqual([
      { phase: 'visible', at: 0 },
      { phase: 'removed', at: 1000 },
    ]);
  });

  it('is removed at once when disabled', () => {
    expect(splashTimeline({ ...cfg, enabled: false }, false)).toEqual([{ phase: 'removed', at: 0 }]);
  });
});
