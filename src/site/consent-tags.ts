import type { Tag } from '../../core/site/schema-types.ts';
import { scriptUrl } from '../../core/site/tags.ts';
import { ISLAND_ATTR } from '../../core/islands/attributes.ts';
import { grants, readChoice, removeCookiesOf, type ConsentChoice } from './consent.ts';

type Call = (...args: unknown[]) => void;

interface MetaQueue extends Call {
  callMethod?: Call;
  queue: unknown[][];
  push: Call;
  loaded: boolean;
  version: string;
}

interface TagWindow {
  fbq?: MetaQueue;
  _fbq?: MetaQueue;
  dataLayer?: unknown[];
  gtag?: Call;
}

/** The tags this page has loaded (a page's scripts are loaded once; a later choice only tells them what changed). */
const loaded = new Set<string>();

const keyOf = (tag: Tag) => `${tag.type}:${tag.id}`;

function appendScript(doc: Document, src: string): void {
  const script = doc.createElement('script');
  script.async = true;
  script.src = src;
  doc.head.append(script);
}

/** Meta's pixel as its own snippet starts it (a queue until fbevents.js arrives), without an inline script. */
function loadMetaPixel(win: TagWindow, doc: Document, tag: Tag): void {
  if (!win.fbq) {
    const fbq = ((...args: unknown[]) => (fbq.callMethod ? fbq.callMethod(...args) : fbq.queue.push(args))) as MetaQueue;
    Object.assign(fbq, { push: fbq, loaded: true, version: '2.0', queue: [] });
    win.fbq = win._fbq = fbq;
    appendScript(doc, scriptUrl(tag));
  }
  win.fbq('consent', 'grant');
  win.fbq('init', tag.id);
  win.fbq('track', 'PageView');
}

/** Consent Mode v2's four signals for a choice. */
export const googleConsent = (choice: ConsentChoice) => {
  const marketing = choice.marketing ? 'granted' : 'denied';
  return { ad_storage: marketing, ad_user_data: marketing, ad_personalization: marketing, analytics_storage: choice.statistics ? 'granted' : 'denied' };
};

/** The Google tag in Consent Mode's basic form: gtag.js is fetched only now, after consent, with the choice as its default. */
function loadGoogleTag(win: TagWindow, doc: Document, tag: Tag, choice: ConsentChoice): void {
  const dataLayer = (win.dataLayer ??= []);
  if (!win.gtag) {
    // gtag.js reads each call as an arguments object, as Google's snippet pushes it
    win.gtag = function gtag() {
      // eslint-disable-next-line prefer-rest-params
      dataLayer.push(arguments);
    };
    win.gtag('consent', 'default', googleConsent(choice));
    win.gtag('js', new Date());
  }
  win.gtag('config', tag.id);
  appendScript(doc, scriptUrl(tag));
}

/** Tells a loaded tag the choice now in force: withdrawn, it stops sending (nothing loads again, here or on later pages). */
function update(win: TagWindow, tag: Tag, choice: ConsentChoice): void {
  if (tag.type === 'meta-pixel') win.fbq?.('consent', grants(choice, tag) ? 'grant' : 'revoke');
  else win.gtag?.('consent', 'update', googleConsent(choice));
}

/**
 * Puts a choice in force on this page: loads each tag it grants that is not loaded yet, tells each loaded one the new
 * choice, and removes the first-party cookies of every tag it does not grant.
 */
export function applyChoice(tags: readonly Tag[], choice: ConsentChoice, win: Window = window): void {
  const tagWindow = win as unknown as TagWindow;
  for (const tag of tags) {
    const key = keyOf(tag);
    if (loaded.has(key)) update(tagWindow, tag, choice);
    else if (grants(choice, tag)) {
      loaded.add(key);
      if (tag.type === 'meta-pixel') loadMetaPixel(tagWindow, win.document, tag);
      else loadGoogleTag(tagWindow, win.document, tag, choice);
    }
  }
  removeCookiesOf(
    tags.filter((t) => !grants(choice, t)),
    win.document,
    win.location.hostname,
  );
}

/**
 * Whether a marketing event may go to the pixel. Where the consent banner's island is on the page (a site with tags),
 * only while the stored choice grants marketing: never before a choice, never after a withdrawal (a browser that
 * refuses storage keeps no choice, and gets no event). A site without tags has no pixel of ours: one on its page is
 * the site owner's own.
 */
export function marketingAllowed(doc: Document = document, storage: Pick<Storage, 'getItem'> | undefined = storageOf(doc)): boolean {
  if (!doc.querySelector(`[${ISLAND_ATTR.name}="consent"]`)) return true;
  return readChoice(storage)?.marketing === true;
}

function storageOf(doc: Document): Storage | undefined {
  try {
    return doc.defaultView?.localStorage;
  } catch {
    return undefined;
  }
}
