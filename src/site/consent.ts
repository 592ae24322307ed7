import type { Tag } from '../../core/site/schema-types.ts';
import { CONSENT_CATEGORIES, categoryOf, isCookieOf, type ConsentCategory } from '../../core/site/tags.ts';

/**
 * The visitor's choice about the site's marketing and statistics tags: kept first-party in localStorage (no cookie),
 * read on every page, and the only thing that loads a tag. A site without tags never runs any of it.
 */
export const CONSENT_KEY = 'consent-choice';

/** The banner's version: a choice made for another version is asked again. */
export const CONSENT_VERSION = 1;

export interface ConsentChoice {
  version: number;
  /** when the choice was made (ISO) */
  at: string;
  statistics: boolean;
  marketing: boolean;
}

/** The stored choice, or null when there is none, it cannot be read, or it was made for another version of the banner. */
export function readChoice(storage: Pick<Storage, 'getItem'> | undefined): ConsentChoice | null {
  let raw: string | null = null;
  try {
    raw = storage?.getItem(CONSENT_KEY) ?? null;
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<ConsentChoice> | null;
    if (!parsed || parsed.version !== CONSENT_VERSION || typeof parsed.at !== 'string') return null;
    return { version: CONSENT_VERSION, at: parsed.at, statistics: parsed.statistics === true, marketing: parsed.marketing === true };
  } catch {
    return null;
  }
}

/** A choice of these categories, made now. */
export const choiceOf = (granted: readonly ConsentCategory[], now = new Date()): ConsentChoice => ({
  version: CONSENT_VERSION,
  at: now.toISOString(),
  statistics: granted.includes('statistics'),
  marketing: granted.includes('marketing'),
});

/** Keeps the choice; a browser that refuses storage keeps it for this page only. */
export function saveChoice(storage: Pick<Storage, 'setItem'> | undefined, choice: ConsentChoice): void {
  try {
    storage?.setItem(CONSENT_KEY, JSON.stringify(choice));
  } catch {
    // private mode or storage full: the choice holds until the page is left
  }
}

/** The categories the site's tags use, in a fixed order: the banner asks about these only. */
export const categoriesOf = (tags: readonly Tag[]): ConsentCategory[] => CONSENT_CATEGORIES.filter((c) => tags.some((t) => categoryOf(t) === c));

/** Whether the choice grants the tag's category. */
export const grants = (choice: ConsentChoice | null, tag: Tag): boolean => choice !== null && choice[categoryOf(tag)];

/** The names of the cookies on this document (as document.cookie lists them) that these tags set. */
export const cookiesOf = (tags: readonly Tag[], cookieHeader: string): string[] =>
  cookieHeader
    .split(';')
    .map((c) => c.split('=')[0]!.trim())
    .filter((name) => tags.some((tag) => isCookieOf(tag, name)));

/**
 * Removes the tags' cookies on the page's host and each parent domain (the tags set theirs on the site's registrable
 * domain, such as .example.nl): a cookie is gone once an expired one of the same name, path and domain is written.
 * Returns the names it removed.
 */
export function removeCookiesOf(tags: readonly Tag[], doc: Pick<Document, 'cookie'>, hostname: string): string[] {
  const names = cookiesOf(tags, doc.cookie);
  const parts = hostname.split('.');
  const domains = ['', ...parts.slice(0, -1).map((_, i) => `; domain=.${parts.slice(i).join('.')}`)];
  for (const name of names) for (const domain of domains) doc.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/${domain}`;
  return names;
}
