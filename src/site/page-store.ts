import loaders from 'virtual:site-pages';
import type { PageData } from '../../core/site/model.ts';

/** A promise that also says, once settled, what it settled with: React's `use()` then reads it without suspending. */
type Tracked = Promise<PageData> & { status?: 'fulfilled'; value?: PageData };

const cache = new Map<string, Tracked>();

/** The data of one page, fetched once (its own chunk) and shared by every caller. */
export function loadPage(id: string): Promise<PageData> {
  let pending = cache.get(id);
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
    cache.set(id, pending);
  }
  return pending;
}
