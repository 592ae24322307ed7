import loaders, { version } from 'virtual:site-pages';
import type { PageData } from '../../core/site/model.ts';

/** A promise that also says, once settled, what it settled with: React's `use()` then reads it without suspending. */
type Tracked = Promise<PageData> & { status?: 'fulfilled'; value?: PageData };

const cache = new Map<string, Tracked>();
/**
 * The version of the pages' data the cache holds. Only the dev server's page map has versions (its pages are data
 * handed in, not modules: an edit of a page renders with the code already loaded); a build's pages never change.
 */
let cached: unknown = version?.();

/** The cache, emptied when the dev server's pages moved on to a new version. */
function current(): Map<string, Tracked> {
  if (version) {
    const now = version();
    if (now !== cached) {
      cache.clear();
      cached = now;
    }
  }
  return cache;
}

/** The data of one page, fetched once (its own chunk) and shared by every caller. */
export function loadPage(id: string): Promise<PageData> {
  const pages = current();
  let pending = pages.get(id);
  if (!pending) {
    const loader = loaders[id];
    if (!loader) return Promise.reject(new Error(`no page "${id}" in the site`));
    const tracked: Tracked = loader().then((m) => {
      const data = m.default as PageData;
      tracked.status = 'fulfilled';
      tracked.value = data;
      return data;
    });
    pending = tracked;
    pages.set(id, pending);
  }
  return pending;
}

let loaded: { of: unknown; all: Promise<unknown> } | undefined;

/**
 * The pages' data all loaded (the same ids at every call), once per version: a render that awaits it finds every
 * page in memory and never suspends.
 */
export function pagesLoaded(ids: readonly string[]): Promise<unknown> {
  current();
  if (!loaded || loaded.of !== cached) loaded = { of: cached, all: Promise.all(ids.map(loadPage)) };
  return loaded.all;
}
