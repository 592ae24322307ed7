import {
  BOOTSTRAP_ATTR,
  FORM_TOKENS,
  ISLAND_ATTR,
  SPLASH_ATTR,
  SPLASH_SEEN,
  type HydrateDirective,
  type PrefetchedToken,
  type PrefetchedTokens,
} from '../../../core/islands/attributes.ts';

/** The islands' runtime, as the bootstrap sees it: hydrate(element) hydrates that one island. */
export interface IslandRuntime {
  hydrate(element: HTMLElement): unknown;
}

/** How the runtime is imported; the page's own dynamic import unless a test gives another. */
export type RuntimeLoader = (src: string) => Promise<IslandRuntime>;

const importRuntime: RuntimeLoader = (src) => import(/* @vite-ignore */ src) as Promise<IslandRuntime>;

/** The events of a first interaction: pointer, touch, focus or key. */
const INTERACTION_EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown'] as const;

/** How far outside the viewport a `visible` island starts hydrating. */
const VISIBLE_MARGIN = '200px';

/**
 * How long before its badge is due an island with a timed badge hydrates, on a page the visitor has used: its
 * own code then shows the badge and plays the chime on time (browsers refuse sound before a user activation).
 */
const CHIME_LEAD_MS = 3000;

/** The events that give the page a user activation, after which a browser lets it play sound. */
const ACTIVATION_EVENTS = ['pointerdown', 'keydown', 'touchend'] as const;

/** The longest an `idle` island waits for the browser to be idle. */
const IDLE_TIMEOUT_MS = 2000;

/** Hydrates an island (the runtime imported once). */
type Go = (el: HTMLElement) => void;
/** Calls `f` once the page is shown. */
type Shown = (f: () => void) => void;

const hydrated = (el: Element) => el.hasAttribute(ISLAND_ATTR.hydrated);

/** The island's saved state from sessionStorage, copied into data-saved-* attributes for CSS. */
function restoreSaved(el: HTMLElement): Record<string, unknown> | null {
  const key = el.getAttribute(ISLAND_ATTR.session);
  let saved: Record<string, unknown> | null = null;
  if (key) {
    try {
      saved = JSON.parse(sessionStorage.getItem(key) || 'null') as Record<string, unknown> | null;
    } catch {
      // storage switched off or not JSON: nothing saved
    }
  }
  if (saved) for (const k in saved) el.setAttribute(ISLAND_ATTR.savedPrefix + k, String(saved[k]));
  return saved;
}

/** The timed badge: due `data-badge-after` ms after the page started; on a used page the code takes over before. */
function timeBadge(doc: Document, go: Go, el: HTMLElement, due: number) {
  setTimeout(() => {
    if (!hydrated(el)) el.setAttribute(ISLAND_ATTR.badgeDue, '');
  }, due - performance.now());
  // a visitor who has used the page may hear the badge's chime: the island's code takes over just before it is due
  let used = false;
  for (const name of ACTIVATION_EVENTS) doc.addEventListener(name, () => (used = true), { capture: true, passive: true, once: true });
  setTimeout(
    () => {
      if (used && !hydrated(el)) go(el);
    },
    due - CHIME_LEAD_MS - performance.now(),
  );
}

/** The form's fill-time token, fetched once the page is shown (a prerendered page: once opened), left under its URL with its arrival time. */
function prefetchToken(doc: Document, shown: Shown, el: HTMLElement, url: string) {
  const fetchToken = () => {
    const tokens: PrefetchedTokens = ((window as unknown as Record<string, PrefetchedTokens>)[FORM_TOKENS] ||= {});
    if (el.hasAttribute(ISLAND_ATTR.hydrating) || tokens[url]) return;
    const arrived = (answer: { token?: unknown }): PrefetchedToken => ({ token: answer.token, at: Date.now() });
    tokens[url] = fetch(url)
      .then((r) => (r.ok ? (r.json() as Promise<{ token?: unknown }>) : {}))
      .then(arrived, () => arrived({}));
  };
  // a page prerendered on hover has not been seen yet: its fill time starts when the visitor opens it
  shown(() => ((doc as { prerendering?: boolean }).prerendering ? doc.addEventListener('prerenderingchange', fetchToken, { once: true }) : fetchToken()));
}

/** A send before React has the island is held, never sent natively, and made once it hydrates. */
function holdSubmit(go: Go, el: HTMLElement) {
  el.addEventListener(
    'submit',
    (e) => {
      if (el.hasAttribute(ISLAND_ATTR.hydrating)) return;
      e.preventDefault();
      el.setAttribute(ISLAND_ATTR.pendingSubmit, '');
      go(el);
    },
    true,
  );
}

/** Hydrates on the first pointer, touch, focus or key on the island; a click before then is noted. */
function onInteraction(go: Go, el: HTMLElement) {
  const fire = () => {
    for (const name of INTERACTION_EVENTS) el.removeEventListener(name, fire, true);
    go(el);
  };
  for (const name of INTERACTION_EVENTS) el.addEventListener(name, fire, { capture: true, passive: true });
  el.addEventListener(
    'click',
    () => {
      if (!hydrated(el)) el.setAttribute(ISLAND_ATTR.pendingClick, '');
    },
    true,
  );
}

/** Hydrates once the island comes within the margin of the viewport. */
function onVisible(go: Go, el: HTMLElement) {
  const io = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      io.disconnect();
      go(el);
    },
    { rootMargin: VISIBLE_MARGIN },
  );
  io.observe(el.firstElementChild || el);
}

/** When the island's directive says: the runtime is imported then, never before the page is shown. */
function scheduleHydration(go: Go, shown: Shown, el: HTMLElement, how: HydrateDirective) {
  if (how === 'load') shown(() => go(el));
  else if (how === 'idle') {
    shown(() => {
      // without requestIdleCallback (older Safari): at once
      if (typeof requestIdleCallback === 'function') requestIdleCallback(() => go(el), { timeout: IDLE_TIMEOUT_MS });
      else setTimeout(() => go(el));
    });
  } else if (how === 'visible') shown(() => onVisible(go, el));
  else if (how === 'interaction') onInteraction(go, el);
}

/**
 * At the end of <body>, on pages with islands. It fetches nothing itself: each island's directive
 * (data-hydrate) says when the runtime (the script's data-src) is imported to hydrate that island. No island's
 * script starts before the page is shown: the load event, and on the first page of a visit the end of the splash
 * and the page's fade-in (the script's data-after, in ms after the page started), so that no script competes
 * with the page's first paint. A page that skips the splash (html[data-splash=seen]) waits for the load event only.
 * - load: as soon as the page is shown; idle: then, when the browser is idle (at most 2 s later; at once where the browser cannot tell); visible: then,
 *   when the island comes within 200px of the viewport;
 * - interaction: the first pointer, touch, focus or key on the island.
 * An island with data-session restores its saved state from sessionStorage into data-saved-* attributes
 * (CSS can show it at once) and hydrates now if it was left open. A click before the code arrives is
 * noted in data-pending-click for the island to act on when it hydrates. A form sent before React has taken
 * the island (data-hydrating) is held back, not sent natively (the visitor's input would go into the URL and
 * be lost): the island is marked data-pending-submit and hydrated now. An island with data-badge-after
 * is marked data-badge-due that many ms after the page started, until it hydrates (the chat's badge); on a page
 * the visitor has already used (a pointer down, key or touch: what lets a page play sound) it hydrates 3 s before
 * then, so its chime can play on time.
 * A form island with data-token-url has its fill-time token fetched once the page is shown, unless it is already
 * hydrating (its own code then fetches one): the promise of the answer and its arrival time is left on
 * window[FORM_TOKENS] under that URL, for the form to use when it hydrates, so the minimum fill time counts from
 * when the visitor saw the form rather than from when its code arrived.
 * The runtime is imported once, however many islands hydrate; a failure is logged, never thrown.
 */
export function runBootstrap(script: Pick<Element, 'getAttribute'>, doc: Document, load: RuntimeLoader = importRuntime): void {
  const src = script.getAttribute(BOOTSTRAP_ATTR.src) || '';
  const wait = doc.documentElement.getAttribute(SPLASH_ATTR) === SPLASH_SEEN ? 0 : Number(script.getAttribute(BOOTSTRAP_ATTR.after) || 0);
  let runtime: Promise<IslandRuntime> | undefined;
  const go: Go = (el) => {
    (runtime ||= load(src)).then((m) => m.hydrate(el)).catch((e: unknown) => console.error(e));
  };
  // after the load event and `wait` ms after the page started
  const shown: Shown = (f) => {
    const later = () => setTimeout(f, Math.max(0, wait - performance.now()));
    if (doc.readyState === 'complete') later();
    else addEventListener('load', later, { once: true });
  };

  doc.querySelectorAll<HTMLElement>(`[${ISLAND_ATTR.hydrate}]`).forEach((el) => {
    const saved = restoreSaved(el);
    const badgeAfter = el.getAttribute(ISLAND_ATTR.badgeAfter);
    if (badgeAfter) timeBadge(doc, go, el, Number(badgeAfter));
    const tokenUrl = el.getAttribute(ISLAND_ATTR.tokenUrl);
    if (tokenUrl) prefetchToken(doc, shown, el, tokenUrl);
    holdSubmit(go, el);
    if (saved && saved.open) go(el);
    else scheduleHydration(go, shown, el, el.getAttribute(ISLAND_ATTR.hydrate) as HydrateDirective);
  });
}
