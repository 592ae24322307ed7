import { CLICK_IDS, URL_PARAMS, type LeadSource } from '../../core/forms/lead-source.ts';
import { ISLAND_ATTR } from '../../core/islands/attributes.ts';
import { readChoice } from './consent.ts';

/**
 * Where the visitor of this visit came from (issue 51), kept in the tab's sessionStorage (no cookie, gone with the
 * tab) and sent with a lead. The splash's inline script notes it on every page ({@link noteSource}), so it costs no
 * module and no React; a form reads it when it sends ({@link sourceToSend}).
 */
export const SOURCE_KEY = 'lead-source';

/**
 * On each page, before the first paint: the first page of a visit notes its campaign parameters (utm_*, gclid,
 * fbclid) and the host of the other site that linked to it; a later page changes nothing (first touch wins), unless
 * it was reached by a campaign link of its own, which then replaces it. A visit that came with nothing is noted as
 * such ({}), so a later page does not take an internal link's referrer for the visit's. Throws when the browser
 * keeps no storage: the caller ignores it.
 */
export function noteSource(loc: Pick<Location, 'search' | 'host'>, referrer: string, storage: Pick<Storage, 'getItem' | 'setItem'>): void {
  const params = new URLSearchParams(loc.search);
  const source: LeadSource = {};
  let campaign = false;
  for (const key of URL_PARAMS) {
    const value = params.get(key);
    if (value) {
      source[key] = value;
      campaign = true;
    }
  }
  if (!campaign && storage.getItem(SOURCE_KEY) !== null) return;
  const from = referrer && new URL(referrer).host;
  if (from && from !== loc.host) source.referrer = from;
  storage.setItem(SOURCE_KEY, JSON.stringify(source));
}

/**
 * Whether the visitor agreed to marketing, so an ad's click id may go with their lead: only on a site with the
 * consent banner (a site with tags) and only while its stored choice grants marketing. A site without tags asks
 * nobody, so nobody agreed: its leads carry the campaign and the referring site, never a click id.
 */
export function clickIdsAllowed(doc: Document = document, storage: Pick<Storage, 'getItem'> | undefined = localStorageOf(doc)): boolean {
  return doc.querySelector(`[${ISLAND_ATTR.name}="consent"]`) !== null && readChoice(storage)?.marketing === true;
}

/**
 * What a lead sends of the visit's source: the campaign parameters and the referring site's host always (they name
 * no one), the click ids only with consent to marketing. Undefined when nothing was noted or the storage is unreadable.
 */
export function sourceToSend(marketing: boolean, storage: Pick<Storage, 'getItem'> | undefined = sessionStorageOf()): LeadSource | undefined {
  let source: LeadSource;
  try {
    source = JSON.parse(storage?.getItem(SOURCE_KEY) ?? 'null') as LeadSource;
  } catch {
    return undefined;
  }
  if (typeof source !== 'object' || source === null) return undefined;
  if (!marketing) for (const key of CLICK_IDS) delete source[key];
  return Object.keys(source).length > 0 ? source : undefined;
}

function localStorageOf(doc: Document): Storage | undefined {
  try {
    return doc.defaultView?.localStorage;
  } catch {
    return undefined;
  }
}

function sessionStorageOf(): Storage | undefined {
  try {
    return sessionStorage;
  } catch {
    return undefined;
  }
}
