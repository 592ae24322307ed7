import { contentLanding } from '../site/landing.ts';
import { cityBySlug, expandLanding, resolvePages, resolveSite } from '../site/resolve.ts';
import type { LandingPage, LoadedSite } from '../site/model.ts';
import type { PageText } from './similarity.ts';

/** Keys whose strings a visitor does not read as text: kinds, ids, addresses, file names, screen reader labels. */
const NOT_TEXT = new Set(['$schema', 'type', 'kind', 'id', 'variant', 'to', 'href', 'src', 'collection', 'form', 'icon', 'align', 'network', 'alt', 'labels']);

/** The readable strings of a JSON value (blocks, collection items), in order. */
export function textOf(value: unknown, key = ''): string[] {
  if (typeof value === 'string') return NOT_TEXT.has(key) || /^(\/|https?:|mailto:|tel:)/.test(value) ? [] : [value];
  if (Array.isArray(value)) return value.flatMap((v) => textOf(v, key));
  if (value !== null && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => (NOT_TEXT.has(k) ? [] : textOf(v, k)));
  return [];
}

export interface LandingText extends PageText {
  kind: LandingPage['kind'];
  service: string;
  city: string;
}

/**
 * The main text of every landing page as a visitor reads it: a content page's blocks with the items of the
 * collections they show (its FAQ); a redirecting page's heading, description and message. The header, footer and
 * the links to the rest of the matrix are the same on every page of the site, and are left out, as search engines do.
 */
export function landingTexts(loaded: LoadedSite): LandingText[] {
  const model = resolveSite(loaded);
  const pages = resolvePages(loaded);
  const { landing } = model.site;
  return expandLanding(landing, model.cities).map((page) => {
    const groups = [`service:${page.service.slug}`, `city:${page.citySlug}`];
    const base = { path: page.path, kind: page.kind, service: page.service.slug, city: page.city, groups };
    if (page.kind === 'redirect' || !page.pageId) return { ...base, text: [page.heading, page.description, landing.message, landing.linkText].join('\n') };
    const city = cityBySlug(model.cities, page.citySlug)!;
    const content = contentLanding(pages[page.pageId]!, city, page.service);
    return { ...base, text: [...textOf(content.blocks), ...textOf(Object.values(content.collections))].join('\n') };
  });
}
