import { isToAgent, type FromAgentBody, type ToAgent } from './agent-messages.ts';
import { blockElements, outlineBlock, patchText, placeBlocks, reorderBlocks, scrollToBlock, type TextPatch } from './preview-page.ts';

/**
 * The preview's agent: a small script the studio's hosts put first into each page they serve to a preview's frame
 * (studio/server/preview-agent.ts). The frame is sandboxed without allow-same-origin, so the page runs on an opaque
 * origin of its own: its scripts (the site's, a tag's, a package's) can neither read the studio's page nor call the
 * studio with its cookie. Neither can the studio reach into the page; it asks this agent, by message, to do there what
 * it did itself before: put a typed text in, outline and scroll to the selected block, put blocks moved or a new
 * render's blocks in place. The agent tells the studio when the page runs and has its text, which block was clicked,
 * and when it is older than a change and may be loaded again (the studio loads it: a navigation the page began itself
 * would carry no cookie of the studio's).
 *
 * It listens only to the window that framed it, and only when that window is on the page's own server's origin (the
 * studio is served beside the pages it previews); it does nothing in a page that is not a sandboxed frame. There it
 * also gives the page the storage a sandboxed page lacks (ownStorage), and keeps the page's scroll across a reload.
 */

/** Where each page leaves what the next page loaded in the same frame takes on: window.name outlives the document. */
const NAME_KEY = 'studioPreview';

/** What a page of the frame leaves the next: where it was scrolled (on its path), and the storage the site's scripts use. */
interface FrameState {
  scroll?: { path: string; x: number; y: number };
  sessionStorage?: Record<string, string>;
  localStorage?: Record<string, string>;
}

function readState(): FrameState {
  try {
    const state = (JSON.parse(window.name) as Record<string, unknown>)[NAME_KEY];
    return typeof state === 'object' && state !== null ? (state as FrameState) : {};
  } catch {
    return {};
  }
}

function writeState(state: FrameState): void {
  try {
    window.name = JSON.stringify({ [NAME_KEY]: state });
  } catch {
    // a state that does not take: the next page starts afresh
  }
}

/**
 * A storage of the page's own where it has none: a sandboxed page's storage throws when it is read, and the site's
 * scripts (its splash, its chat, a package's: the e-mail SDK reads it as it loads) expect one. It lives in the frame's
 * state, so that the page's next load finds it, as a visitor's next page would (the splash is shown once).
 */
function ownStorage(state: FrameState, name: 'sessionStorage' | 'localStorage'): void {
  try {
    if (window[name]) return;
  } catch {
    // sandboxed: made below
  }
  const saved = state[name];
  const items = new Map(typeof saved === 'object' && saved !== null ? Object.entries(saved) : []);
  const kept = () => {
    state[name] = Object.fromEntries(items);
    writeState(state);
  };
  const storage = {
    get length() {
      return items.size;
    },
    key: (index: number) => [...items.keys()][index] ?? null,
    getItem: (key: string) => items.get(String(key)) ?? null,
    setItem(key: string, value: string) {
      items.set(String(key), String(value));
      kept();
    },
    removeItem(key: string) {
      items.delete(String(key));
      kept();
    },
    clear() {
      items.clear();
      kept();
    },
  };
  Object.defineProperty(window, name, { configurable: true, enumerable: true, get: () => storage });
}

/**
 * Whether this page is the route's, read whole, and older than `at` (ms since the epoch): asked for before it, or
 * (`rendered`) rendered before it, its answer begun (the dev server answers once the page is rendered: a page asked
 * for just before a change may have been rendered with it).
 */
function olderPage(route: string, at: number, rendered: boolean): boolean {
  if (document.readyState === 'loading' || location.pathname !== new URL(route, document.baseURI).pathname) return false;
  const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
  return performance.timeOrigin + (rendered ? (navigation?.responseStart ?? Infinity) : 0) < at;
}

/** Runs `then` once the page has drawn its next frame (its animation frame, then a task after it). */
const afterPaint = (then: () => void) => requestAnimationFrame(() => setTimeout(then, 0));

/** Whether a link leaves the page (another page, another site): the preview stays on the page being edited. */
function leaves(link: HTMLAnchorElement): boolean {
  const to = new URL(link.href, document.baseURI);
  return !(to.origin === location.origin && to.pathname === location.pathname && to.search === location.search && to.hash !== '');
}

/** The events of a person moving the page themselves: a scroll put back after them would fight them. */
const OWN_SCROLL = ['wheel', 'touchmove', 'keydown', 'pointerdown'];

function agent(studio: string) {
  const state = readState();
  ownStorage(state, 'sessionStorage');
  ownStorage(state, 'localStorage');
  const say = (body: FromAgentBody) => window.parent.postMessage({ from: 'preview-agent', ...body }, studio);
  let typed: TextPatch | undefined;
  let selected: number | undefined;
  /**
   * where the page is scrolled back to while it loads: the scroll of the page it replaced when that was this page
   * loaded again, until the person or the studio moves it
   */
  let restore = state.scroll?.path === location.pathname ? state.scroll : undefined;
  const save = () => {
    state.scroll = { path: location.pathname, x: restore?.x ?? scrollX, y: restore?.y ?? scrollY };
    writeState(state);
  };
  const scrollBack = () => {
    if (restore) window.scrollTo({ left: restore.x, top: restore.y, behavior: 'instant' });
  };
  const show = () => {
    outlineBlock(document, selected);
    scrollToBlock(document, selected);
  };
  const take = (message: ToAgent) => {
    switch (message.kind) {
      case 'typed':
        typed = message.patch;
        if (typed) patchText(document, typed);
        return;
      case 'select':
        selected = message.index;
        outlineBlock(document, selected);
        if (message.scroll) {
          restore = undefined;
          scrollToBlock(document, selected);
        }
        return;
      case 'moved':
        // by place: only in a page whose blocks are those before the change (not one rendered with it already)
        if (olderPage(message.route, message.revision, true) && reorderBlocks(document, message.order, message.count)) show();
        return;
      case 'fresh':
        if (olderPage(message.route, message.askedAt, false) && placeBlocks(document, new DOMParser().parseFromString(message.html, 'text/html'))) show();
        return;
      case 'reload':
        // after the page has drawn what was just put in: a navigation begun before that would never show it
        if (performance.timeOrigin < message.revision) afterPaint(() => say({ kind: 'reload', revision: message.revision }));
        return;
    }
  };
  window.addEventListener('message', (event) => {
    if (event.source === window.parent && event.origin === studio && isToAgent(event.data)) take(event.data);
  });
  window.addEventListener('scroll', save, { passive: true });
  window.addEventListener('pagehide', save);
  for (const name of OWN_SCROLL) window.addEventListener(name, () => (restore = undefined), { capture: true, passive: true });
  // a click on a block selects it; no link leads the preview away from the page being edited
  document.addEventListener(
    'click',
    (event) => {
      const target = event.target instanceof Element ? event.target : null;
      const index = blockElements(document).findIndex((el) => el.contains(target));
      if (index >= 0) {
        event.preventDefault();
        say({ kind: 'select', index });
        return;
      }
      const link = target?.closest('a[href]');
      if (link instanceof HTMLAnchorElement && leaves(link)) event.preventDefault();
    },
    true,
  );
  document.addEventListener('DOMContentLoaded', () => {
    const restored = restore !== undefined;
    scrollBack();
    if (typed) patchText(document, typed);
    outlineBlock(document, selected);
    say({ kind: 'ready', path: location.pathname, timeOrigin: performance.timeOrigin, restored });
  });
  // images and fonts may have made the page taller since: where it was, once more, unless someone moved it meanwhile
  window.addEventListener('load', () => {
    scrollBack();
    restore = undefined;
  });
  say({ kind: 'hello', path: location.pathname, timeOrigin: performance.timeOrigin });
}

// only in a sandboxed frame (an opaque origin): in a tab of its own, or in a frame of another site that did not
// sandbox it, the page is left alone
if (window.parent !== window && window.origin === 'null') agent(new URL(location.href).origin);
