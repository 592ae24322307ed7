import { useEffect, type RefObject } from 'react';
import { nextOffset } from './mockup-scroll.ts';

/**
 * Moves `track` upward by `speed` px per animation frame, only while `viewport`
 * is on screen and the visitor has not asked for reduced motion. The offset
 * lives in a ref-like closure, not in React state: 60 renders a second for a
 * transform would be waste.
 */
export function useEndlessScroll(viewport: RefObject<HTMLElement | null>, track: RefObject<HTMLElement | null>, speed: number, repeat: number) {
  useEffect(() => {
    const view = viewport.current;
    const list = track.current;
    if (!view || !list) return;
    const motion = window.matchMedia('(prefers-reduced-motion: reduce)');
    let offset = 0;
    let frame: number | undefined;
    let onScreen = false;

    const step = () => {
      offset = nextOffset(offset, speed, list.scrollHeight, repeat);
      list.style.transform = `translate3d(0, ${-offset}px, 0)`;
      frame = requestAnimationFrame(step);
    };
    const stop = () => {
      if (frame !== undefined) cancelAnimationFrame(frame);
      frame = undefined;
    };
    const update = () => {
      if (onScreen && !motion.matches) {
        if (frame === undefined) frame = requestAnimationFrame(step);
      } else stop();
      // says why it moves or not: lets tests (and anyone debugging) tell "paused" from "not started yet"
      list.dataset.scroll = !onScreen ? 'paused' : motion.matches ? 'reduced' : 'running';
    };

    const observer = new IntersectionObserver((entries) => {
      onScreen = entries.some((e) => e.isIntersecting);
      update();
    });
    observer.observe(view);
    motion.addEventListener('change', update);
    return () => {
      stop();
      observer.disconnect();
      motion.removeEventListener('change', update);
    };
  }, [viewport, track, speed, repeat]);
}
