/**
 * String enums, so that esbuild writes each name into the inline scripts where it is used, and only those.
 * The data-* attributes and storage keys that the prerendered HTML, the inline scripts of every page and the
 * islands' React code use to talk to each other. Each name is written here once; CSS selectors in the
 * stylesheets (which cannot import) must match these values by hand.
 */

/** Attributes of an island's element. */
export enum ISLAND_ATTR {
  /** which island: a block type or a shell island */
  name = 'data-island',
  /** the directive: when the runtime is loaded to hydrate the island (HydrateDirective) */
  hydrate = 'data-hydrate',
  /** the island's number on its page: the prefix of React's ids */
  id = 'data-island-id',
  /** the island's props, as JSON */
  props = 'data-props',
  /** sessionStorage key of the state the island carries from page to page */
  session = 'data-session',
  /** set when React takes the island's events: from then on a submit is React's */
  hydrating = 'data-hydrating',
  /** set when the island has mounted */
  hydrated = 'data-hydrated',
  /** a form was sent before the island hydrated: it sends it when it does */
  pendingSubmit = 'data-pending-submit',
  /** the island was clicked before it hydrated: it acts on the click when it does */
  pendingClick = 'data-pending-click',
  /** ms after the page started when the island's prerendered badge is due */
  badgeAfter = 'data-badge-after',
  /** set when that time has passed and the island has not hydrated yet */
  badgeDue = 'data-badge-due',
  /** prefix of the attributes holding the island's saved state, one per key of the saved object */
  savedPrefix = 'data-saved-',
  /** URL of a form's fill-time token, fetched by the bootstrap once the page is shown (see FORM_TOKENS) */
  tokenUrl = 'data-token-url',
}

/**
 * The global (on window) where the bootstrap leaves each fill-time token it fetched, by its URL: a promise
 * that never rejects, so a form that hydrates later counts its fill time from when the visitor saw it.
 */
export const FORM_TOKENS = '__formTokens';

/** What a prefetched token request gives: the server's answer (its `token`, if any) and when it arrived (Date.now()). */
export interface PrefetchedToken {
  token?: unknown;
  at: number;
}

/** The value of window[FORM_TOKENS]. */
export type PrefetchedTokens = Record<string, Promise<PrefetchedToken> | undefined>;

/** Attributes of the bootstrap's <script> element. */
export enum BOOTSTRAP_ATTR {
  /** URL of the islands' runtime module, whose hydrate(element) hydrates one island */
  src = 'data-src',
  /** ms after the page started when the first page of a visit has appeared (splash, fade-out, fade-in) */
  after = 'data-after',
}

/** Attributes of a landing page's <script> element and its preview notice. */
export enum LANDING_ATTR {
  /** where the visitor is sent */
  to = 'data-to',
  /** after how many ms */
  delay = 'data-delay',
  /** the notice shown to staff with ?preview */
  preview = 'data-landing-preview',
}

/** Query parameter that keeps a landing page from redirecting. */
export const PREVIEW_PARAM = 'preview';

/** Attribute of the 404 page's <script> element: where unknown paths send the visitor. */
export enum NOT_FOUND_ATTR {
  to = 'data-to',
}

/** Attribute of <html>: with SPLASH_SEEN, CSS skips the splash and the page's fade-in. */
export const SPLASH_ATTR = 'data-splash';
export const SPLASH_SEEN = 'seen';

/** sessionStorage key: the visit has seen its splash. */
export const SPLASH_SEEN_KEY = 'site-splash-seen';

/** The values of data-hydrate the bootstrap acts on (a 'static' block is no island). */
export type HydrateDirective = 'load' | 'idle' | 'visible' | 'interaction';
