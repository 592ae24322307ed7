import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BOOTSTRAP_ATTR,
  FORM_TOKENS,
  ISLAND_ATTR,
  SPLASH_ATTR,
  SPLASH_SEEN,
  type HydrateDirective,
  type PrefetchedTokens,
} from '../../../core/islands/attributes.ts';
import { runBootstrap, type RuntimeLoader } from './bootstrap.ts';

const RUNTIME = '/assets/hydrate-abc123.js';

interface IslandOptions {
  session?: string;
  tokenUrl?: string;
  badgeAfter?: number;
  inner?: string;
}

/** An island element as the prerenderer writes it, in the page's body. */
function addIsland(how: HydrateDirective, { session, tokenUrl, badgeAfter, inner = '<button type="button">chat</button>' }: IslandOptions = {}): HTMLElement {
  const el = document.createElement('div');
  el.setAttribute(ISLAND_ATTR.hydrate, how);
  if (session) el.setAttribute(ISLAND_ATTR.session, session);
  if (tokenUrl) el.setAttribute(ISLAND_ATTR.tokenUrl, tokenUrl);
  if (badgeAfter !== undefined) el.setAttribute(ISLAND_ATTR.badgeAfter, String(badgeAfter));
  el.innerHTML = inner;
  document.body.append(el);
  return el;
}

/** Runs the bootstrap as its <script data-src data-after> would, with a stand-in for import(). */
function boot(after = 0) {
  const script = document.createElement('script');
  script.setAttribute(BOOTSTRAP_ATTR.src, RUNTIME);
  script.setAttribute(BOOTSTRAP_ATTR.after, String(after));
  const hydrate = vi.fn();
  const load = vi.fn<RuntimeLoader>(() => Promise.resolve({ hydrate }));
  runBootstrap(script, document, load);
  return { load, hydrate };
}

/** Lets timers due by then fire and the runtime's promise settle. */
const advance = (ms: number) => vi.advanceTimersByTimeAsync(ms);

let readyState: DocumentReadyState;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
  readyState = 'complete';
  vi.spyOn(document, 'readyState', 'get').mockImplementation(() => readyState);
  sessionStorage.clear();
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
  document.documentElement.removeAttribute(SPLASH_ATTR);
});

describe('load', () => {
  it('hydrates once the page has loaded and the splash and fade-in (data-after) are over, importing data-src', async () => {
    readyState = 'loading';
    const island = addIsland('load');
    const { load, hydrate } = boot(1000);
    await advance(2000);
    expect(load).not.toHaveBeenCalled();
    readyState = 'complete';
    dispatchEvent(new Event('load'));
    // the page started 2000 ms ago: the reveal is over
    await advance(0);
    expect(load).toHaveBeenCalledWith(RUNTIME);
    expect(hydrate).toHaveBeenCalledWith(island);
  });

  it('waits for the reveal when the page loaded before it ended', async () => {
    const island = addIsland('load');
    const { load, hydrate } = boot(1000);
    await advance(999);
    expect(load).not.toHaveBeenCalled();
    await advance(1);
    expect(hydrate).toHaveBeenCalledWith(island);
  });

  it('does not wait for a splash the visit has already seen', async () => {
    document.documentElement.setAttribute(SPLASH_ATTR, SPLASH_SEEN);
    addIsland('load');
    const { load } = boot(5000);
    await advance(0);
    expect(load).toHaveBeenCalledWith(RUNTIME);
  });

  it('imports the runtime once for all islands and logs a failure instead of throwing', async () => {
    const first = addIsland('load');
    const second = addIsland('load');
    const { load, hydrate } = boot();
    await advance(0);
    expect(load).toHaveBeenCalledTimes(1);
    expect(hydrate.mock.calls).toEqual([[first], [second]]);

    document.body.innerHTML = '';
    addIsland('load');
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const script = document.createElement('script');
    runBootstrap(script, document, () => Promise.reject(new Error('offline')));
    await advance(0);
    expect(error).toHaveBeenCalledWith(new Error('offline'));
  });
});

describe('idle', () => {
  it('hydrates when the browser is idle after the page is shown, at most 2 s later', async () => {
    const idle = vi.fn<(cb: () => void, options?: IdleRequestOptions) => number>();
    vi.stubGlobal('requestIdleCallback', idle);
    const island = addIsland('idle');
    const { load, hydrate } = boot(500);
    await advance(499);
    expect(idle).not.toHaveBeenCalled();
    await advance(1);
    expect(idle).toHaveBeenCalledWith(expect.any(Function), { timeout: 2000 });
    expect(load).not.toHaveBeenCalled();
    idle.mock.calls[0]?.[0]();
    await advance(0);
    expect(hydrate).toHaveBeenCalledWith(island);
  });

  it('hydrates at once after the page is shown where the browser has no requestIdleCallback', async () => {
    vi.stubGlobal('requestIdleCallback', undefined);
    const island = addIsland('idle');
    const { hydrate } = boot();
    await advance(1);
    expect(hydrate).toHaveBeenCalledWith(island);
  });
});

describe('visible', () => {
  it('hydrates when the island comes within 200px of the viewport', async () => {
    const observers: { callback: IntersectionObserverCallback; options?: IntersectionObserverInit; observed: Element[]; disconnect: () => void }[] = [];
    class FakeObserver {
      observed: Element[] = [];
      disconnect = vi.fn();
      constructor(
        public callback: IntersectionObserverCallback,
        public options?: IntersectionObserverInit,
      ) {
        observers.push(this);
      }
      observe(el: Element) {
        this.observed.push(el);
      }
    }
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const island = addIsland('visible', { inner: '<section>gallery</section>' });
    const { load, hydrate } = boot(300);
    await advance(299);
    expect(observers).toHaveLength(0);
    await advance(1);
    const [observer] = observers;
    if (!observer) throw new Error('no IntersectionObserver');
    expect(observer.options).toEqual({ rootMargin: '200px' });
    // the island's element has no box of its own: its first child is observed
    expect(observer.observed).toEqual([island.firstElementChild]);
    const entry = (isIntersecting: boolean) => ({ isIntersecting }) as IntersectionObserverEntry;
    observer.callback([entry(false)], observer as unknown as IntersectionObserver);
    await advance(0);
    expect(load).not.toHaveBeenCalled();
    observer.callback([entry(false), entry(true)], observer as unknown as IntersectionObserver);
    await advance(0);
    expect(observer.disconnect).toHaveBeenCalled();
    expect(hydrate).toHaveBeenCalledWith(island);
  });
});

describe('interaction', () => {
  it('hydrates on the first pointer, touch, focus or key on the island, once', async () => {
    const island = addIsland('interaction');
    const { load, hydrate } = boot(1000);
    await advance(5000);
    document.body.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true }));
    await advance(0);
    expect(load).not.toHaveBeenCalled();
    island.querySelector('button')?.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    await advance(0);
    expect(load).toHaveBeenCalledWith(RUNTIME);
    expect(hydrate).toHaveBeenCalledWith(island);
    island.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    await advance(0);
    expect(hydrate).toHaveBeenCalledTimes(1);
  });

  it('the chat: no script while the page loads and its badge comes due; a touch elsewhere leaves it HTML; a hover on it hydrates it', async () => {
    const chat = addIsland('interaction', { session: 'chat-state', badgeAfter: 3000 });
    const { load, hydrate } = boot(1000);
    await advance(60_000);
    expect(chat.hasAttribute(ISLAND_ATTR.badgeDue)).toBe(true);
    for (const name of ['pointerdown', 'touchstart', 'focusin', 'keydown', 'pointerover']) document.body.dispatchEvent(new Event(name, { bubbles: true }));
    await advance(0);
    expect(load).not.toHaveBeenCalled();
    chat.querySelector('button')?.dispatchEvent(new Event('pointerover', { bubbles: true }));
    await advance(0);
    expect(hydrate).toHaveBeenCalledWith(chat);
  });

  it('a form: hydrates when the visitor focuses a field; one sent before that is held, marked pending and hydrated', async () => {
    const inner = '<form><input name="email"><button>Send</button></form>';
    const focused = addIsland('interaction', { inner });
    const sent = addIsland('interaction', { inner });
    const { hydrate } = boot();
    await advance(60_000);
    expect(hydrate).not.toHaveBeenCalled();
    focused.querySelector('input')?.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    await advance(0);
    expect(hydrate).toHaveBeenCalledWith(focused);
    // a send that came without any event the island listens for first (a form submitted by script or the browser)
    const event = new Event('submit', { bubbles: true, cancelable: true });
    sent.querySelector('form')?.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(sent.hasAttribute(ISLAND_ATTR.pendingSubmit)).toBe(true);
    await advance(0);
    expect(hydrate).toHaveBeenCalledWith(sent);
  });

  it('notes a click before the island has hydrated in data-pending-click, and none after', () => {
    const island = addIsland('interaction');
    boot();
    const button = island.querySelector('button');
    button?.click();
    expect(island.hasAttribute(ISLAND_ATTR.pendingClick)).toBe(true);
    island.removeAttribute(ISLAND_ATTR.pendingClick);
    island.setAttribute(ISLAND_ATTR.hydrated, 'true');
    button?.click();
    expect(island.hasAttribute(ISLAND_ATTR.pendingClick)).toBe(false);
  });
});

describe('session', () => {
  it('copies the saved state into data-saved-* at once, without hydrating a closed island', async () => {
    sessionStorage.setItem('chat-state', JSON.stringify({ open: false, notification: true, delay: false }));
    const island = addIsland('interaction', { session: 'chat-state' });
    const { load } = boot();
    expect(island.getAttribute(`${ISLAND_ATTR.savedPrefix}notification`)).toBe('true');
    expect(island.getAttribute(`${ISLAND_ATTR.savedPrefix}open`)).toBe('false');
    expect(island.getAttribute(`${ISLAND_ATTR.savedPrefix}delay`)).toBe('false');
    await advance(10_000);
    expect(load).not.toHaveBeenCalled();
  });

  it('hydrates an island left open at once, before the page is shown', async () => {
    readyState = 'loading';
    sessionStorage.setItem('chat-state', JSON.stringify({ open: true }));
    const island = addIsland('interaction', { session: 'chat-state' });
    const { load, hydrate } = boot(3000);
    expect(load).toHaveBeenCalledWith(RUNTIME);
    await advance(0);
    expect(hydrate).toHaveBeenCalledWith(island);
  });

  it('ignores saved state that is not JSON', () => {
    sessionStorage.setItem('chat-state', '{not json');
    const island = addIsland('interaction', { session: 'chat-state' });
    boot();
    expect(island.getAttributeNames().filter((n) => n.startsWith(ISLAND_ATTR.savedPrefix))).toEqual([]);
  });
});

describe('held submit', () => {
  const submit = (form: HTMLFormElement) => {
    const event = new Event('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(event);
    return event;
  };

  it('holds back a form sent before React has taken the island, marks it pending and hydrates now', async () => {
    const island = addIsland('visible', { inner: '<form><input name="email"><button>Send</button></form>' });
    const { load, hydrate } = boot(3000);
    const event = submit(island.querySelector('form')!);
    expect(event.defaultPrevented).toBe(true);
    expect(island.hasAttribute(ISLAND_ATTR.pendingSubmit)).toBe(true);
    expect(load).toHaveBeenCalledWith(RUNTIME);
    await advance(0);
    expect(hydrate).toHaveBeenCalledWith(island);
  });

  it('leaves the submit to React once the island is hydrating', () => {
    const island = addIsland('load', { inner: '<form><button>Send</button></form>' });
    boot();
    island.setAttribute(ISLAND_ATTR.hydrating, '');
    const event = submit(island.querySelector('form')!);
    expect(event.defaultPrevented).toBe(false);
    expect(island.hasAttribute(ISLAND_ATTR.pendingSubmit)).toBe(false);
  });
});

describe('badge timer', () => {
  it('marks the island data-badge-due data-badge-after ms after the page started', async () => {
    // the bootstrap runs 500 ms into the page's life
    await advance(500);
    const island = addIsland('interaction', { badgeAfter: 3000 });
    boot();
    await advance(2499);
    expect(island.hasAttribute(ISLAND_ATTR.badgeDue)).toBe(false);
    await advance(1);
    expect(island.hasAttribute(ISLAND_ATTR.badgeDue)).toBe(true);
  });

  it('hydrates the island 3 s before its badge is due once the visitor has used the page, so the chime can play', async () => {
    addIsland('interaction', { badgeAfter: 10_000 });
    const { load } = boot();
    document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    await advance(6999);
    expect(load).not.toHaveBeenCalled();
    await advance(1);
    expect(load).toHaveBeenCalledWith(RUNTIME);
  });

  it('stays HTML until the badge is due, and after, on a page nobody has used', async () => {
    const island = addIsland('interaction', { badgeAfter: 10_000 });
    const { load } = boot();
    // a pointer passing over is no activation
    document.body.dispatchEvent(new Event('pointerover', { bubbles: true }));
    await advance(20_000);
    expect(island.hasAttribute(ISLAND_ATTR.badgeDue)).toBe(true);
    expect(load).not.toHaveBeenCalled();
  });

  it('leaves the badge to an island that has hydrated by then', async () => {
    const island = addIsland('interaction', { badgeAfter: 3000 });
    boot();
    island.setAttribute(ISLAND_ATTR.hydrated, 'true');
    await advance(3000);
    expect(island.hasAttribute(ISLAND_ATTR.badgeDue)).toBe(false);
  });
});

describe('fill-time token', () => {
  const URL = '/api/forms/contact/token';
  const tokens = () => (window as unknown as Record<string, PrefetchedTokens | undefined>)[FORM_TOKENS];

  beforeEach(() => {
    delete (window as unknown as Record<string, unknown>)[FORM_TOKENS];
  });

  const answering = (answer: () => Promise<Response>) => {
    const fetchSpy = vi.fn(answer);
    vi.stubGlobal('fetch', fetchSpy);
    return fetchSpy;
  };

  it('is fetched once the page is shown, without the runtime, and left with its arrival time under its URL', async () => {
    const fetchSpy = answering(() => Promise.resolve(new Response(JSON.stringify({ token: 'issued.sig' }), { status: 200 })));
    readyState = 'loading';
    addIsland('interaction', { tokenUrl: URL, inner: '<form></form>' });
    const { load } = boot(1000);
    await advance(2000);
    expect(fetchSpy).not.toHaveBeenCalled();
    readyState = 'complete';
    // before the load event: the answer may already be in by the time the fetch is checked
    const before = Date.now();
    dispatchEvent(new Event('load'));
    await advance(0);
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect(fetchSpy).toHaveBeenCalledWith(URL);
    const answer = await tokens()?.[URL];
    expect(answer?.token).toBe('issued.sig');
    expect(answer?.at).toBeGreaterThanOrEqual(before);
    expect(answer?.at).toBeLessThanOrEqual(Date.now());
    expect(load).not.toHaveBeenCalled();
  });

  it('on a page prerendered before the visitor opened it, waits until it is opened', async () => {
    const fetchSpy = answering(() => Promise.resolve(new Response('{}', { status: 200 })));
    Object.defineProperty(document, 'prerendering', { value: true, configurable: true });
    try {
      addIsland('interaction', { tokenUrl: URL });
      boot();
      await advance(5000);
      expect(fetchSpy).not.toHaveBeenCalled();
      Object.defineProperty(document, 'prerendering', { value: false, configurable: true });
      document.dispatchEvent(new Event('prerenderingchange'));
      expect(fetchSpy).toHaveBeenCalledTimes(1);
    } finally {
      Reflect.deleteProperty(document, 'prerendering');
    }
  });

  it('waits for the splash and the fade-in like the islands do', async () => {
    const fetchSpy = answering(() => Promise.resolve(new Response('{}', { status: 200 })));
    addIsland('interaction', { tokenUrl: URL });
    boot(1000);
    await advance(999);
    expect(fetchSpy).not.toHaveBeenCalled();
    await advance(1);
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });

  it('a failed request or an error answer leaves an answer without a token, never a rejection', async () => {
    for (const answer of [() => Promise.reject(new TypeError('offline')), () => Promise.resolve(new Response('busy', { status: 503 }))]) {
      delete (window as unknown as Record<string, unknown>)[FORM_TOKENS];
      answering(answer);
      addIsland('interaction', { tokenUrl: URL });
      boot();
      await advance(0);
      const result = await tokens()?.[URL];
      expect(result?.token).toBeUndefined();
      expect(typeof result?.at).toBe('number');
    }
  });

  it('is fetched once for two forms of the same site, and not for a form already hydrating (its code fetches its own)', async () => {
    const fetchSpy = answering(() => Promise.resolve(new Response('{}', { status: 200 })));
    addIsland('interaction', { tokenUrl: URL });
    addIsland('interaction', { tokenUrl: URL });
    const hydrating = addIsland('interaction', { tokenUrl: '/other/token' });
    hydrating.setAttribute(ISLAND_ATTR.hydrating, '');
    boot();
    await advance(0);
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect(tokens()?.['/other/token']).toBeUndefined();
  });
});
