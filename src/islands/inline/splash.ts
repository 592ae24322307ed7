import { SPLASH_ATTR, SPLASH_SEEN, SPLASH_SEEN_KEY } from '../../../core/islands/attributes.ts';

/**
 * In <head>, before the first paint: the splash belongs to the first page of a visit only. A later page
 * (and a page prerendered by the speculation rules, which runs this too) is marked html[data-splash=seen] so
 * CSS skips the splash. Without sessionStorage (switched off, or throwing) every page shows it.
 */
export function runSplash(doc: Document): void {
  try {
    const storage = sessionStorage;
    if (storage.getItem(SPLASH_SEEN_KEY)) doc.documentElement.setAttribute(SPLASH_ATTR, SPLASH_SEEN);
    else storage.setItem(SPLASH_SEEN_KEY, '1');
  } catch {
    // no storage: the splash shows
  }
}
