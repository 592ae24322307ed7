import type { EditOp } from '../../../core/edit/ops.ts';
import { CONFIG_FILE, contentFile } from '../../../core/site/layout.ts';
import { expandLanding } from '../../../core/site/resolve.ts';
import { reservedRoute } from '../../../core/site/reserved-routes.ts';
import type { LandingConfig } from '../../../core/site/schema-types.ts';
import { resolve, type SchemaFiles } from './schema.ts';
import { foldText, type IndexedFile, type SiteText } from '../files/site-index.ts';

/**
 * The site's links as the studio's link tools see them: which page a link goes to, every link to a route across the
 * site's files, the edits that point them elsewhere, whether a new route is free, and the routes a link can pick.
 */

/** A link's route: "/contact#form" and "/contact/?a=1" go to "/contact"; undefined for another site, a phone, an anchor. */
export function routeOf(href: string): string | undefined {
  if (!href.startsWith('/') || href.startsWith('//')) return undefined;
  return href.replace(/[?#].*$/, '').replace(/(.)\/+$/, '$1');
}

/** What a link is: a page of this site, another site, a phone number, an e-mail address or a place on this page. */
export type LinkKind = 'page' | 'external' | 'phone' | 'email' | 'anchor' | 'other';

export function linkKind(href: string): LinkKind {
  if (routeOf(href) !== undefined) return 'page';
  if (/^https?:\/\//i.test(href) || href.startsWith('//')) return 'external';
  if (/^tel:/i.test(href)) return 'phone';
  if (/^mailto:/i.test(href)) return 'email';
  if (href.startsWith('#')) return 'anchor';
  return 'other';
}

/** A link found in a site file. */
export interface LinkUse {
  file: IndexedFile;
  text: SiteText;
}

/** Every link (a value of an `x-link` field) in the site's files that goes to one of `routes`, but those in `except`. */
export function linksTo(files: IndexedFile[], routes: string[], except?: string): LinkUse[] {
  const wanted = new Set(routes);
  return files
    .filter((file) => file.path !== except)
    .flatMap((file) => file.texts.filter((text) => text.link && wanted.has(routeOf(text.value) ?? '')).map((text) => ({ file, text })));
}

/** The link pointed to another route, its query and anchor kept: "/oud#form" -> "/nieuw#form". */
export function retarget(href: string, to: string): string {
  const rest = /[?#].*$/.exec(href)?.[0] ?? '';
  return `${to}${rest}`;
}

/** The edits of each file that point the links to `to`: one list per file, so each file's change is one step. */
export function relinkEdits(links: LinkUse[], to: string): Map<string, EditOp[]> {
  const edits = new Map<string, EditOp[]>();
  for (const { file, text } of links) {
    const op: EditOp = { op: 'set', path: text.path, value: retarget(text.value, to) };
    edits.set(file.path, [...(edits.get(file.path) ?? []), op]);
  }
  return edits;
}

/** Lower case, digits and single hyphens, as the site's schema asks of a route (`routes[].path`). */
export const ROUTE_PATTERN = '^/([a-z0-9]+(-[a-z0-9]+)*)?$';

/** The pattern the site's schema gives a route's path, or the usual one when it gives none. */
export function routePattern(schemas: SchemaFiles): string {
  const site = schemas['site.schema.json'];
  const routes = site?.properties?.routes?.items;
  if (!routes) return ROUTE_PATTERN;
  const path = resolve(schemas, { schema: routes, file: 'site.schema.json' }).schema.properties?.path;
  return typeof path?.pattern === 'string' ? path.pattern : ROUTE_PATTERN;
}

export type RouteProblem = 'empty' | 'slash' | 'characters' | 'reserved' | 'taken' | 'unchanged';

/**
 * Why a new path cannot be a page's route (it is its own, another route has it, the build or the server keeps it, or it
 * is not written as a route), or undefined.
 */
export function routeProblem(path: string, routes: string[], current: string, pattern = ROUTE_PATTERN): RouteProblem | undefined {
  if (path === '') return 'empty';
  if (path === current) return 'unchanged';
  if (!path.startsWith('/')) return 'slash';
  if (!new RegExp(pattern).test(path)) return 'characters';
  // the validator refuses it too (rules/reserved-routes.ts); said here as it is typed, before a file changes
  if (reservedRoute(path)) return 'reserved';
  if (routes.includes(path)) return 'taken';
  return undefined;
}

/** A route made of what the person typed: "Over ons!" -> "/over-ons", "/Diensten/SEO" -> "/diensten-seo". */
export function suggestRoute(typed: string): string {
  const slug = foldText(typed)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `/${slug}`;
}

/** A route a link can pick: a page (its title from its file) or a landing page (its heading). */
export interface RouteChoice {
  path: string;
  title: string;
  kind: 'page' | 'landing';
  /** the page's id, for a page */
  page?: string;
}

interface ConfigRoutes {
  routes?: unknown;
  landing?: unknown;
}

const headingsCache = new WeakMap<object, Map<string, string>>();

/** The landing pages' headings by path (made once per landing matrix); none when it is not complete enough to fill them. */
function landingHeadings(landing: unknown): Map<string, string> {
  if (typeof landing !== 'object' || landing === null) return new Map();
  let headings = headingsCache.get(landing);
  if (!headings) {
    try {
      headings = new Map(expandLanding(landing as LandingConfig).map((page) => [page.path, page.heading]));
    } catch {
      headings = new Map();
    }
    headingsCache.set(landing, headings);
  }
  return headings;
}

/**
 * Every route of the site as a link picks it: the config's pages in its order, each with its page's title, then the
 * landing pages; a route the config does not explain (the server's list is newer) by its path.
 */
export function routeChoices(config: ConfigRoutes | undefined, titles: (page: string) => string | undefined, routes: string[]): RouteChoice[] {
  const table = Array.isArray(config?.routes) ? (config.routes as { path?: unknown; page?: unknown }[]) : [];
  const pages = new Map<string, string>();
  for (const r of table) if (typeof r.path === 'string' && typeof r.page === 'string' && !pages.has(r.path)) pages.set(r.path, r.page);
  const headings = landingHeadings(config?.landing);
  const choices = routes.map((path): RouteChoice => {
    const page = pages.get(path);
    if (page !== undefined) return { path, title: titles(page) ?? page, kind: 'page', page };
    return { path, title: headings.get(path) ?? path, kind: 'landing' };
  });
  return [...choices.filter((c) => c.kind === 'page'), ...choices.filter((c) => c.kind === 'landing')];
}

/** The routes whose title or path has every word typed (case and accents aside); all of them for nothing typed. */
export function matchRoutes(choices: RouteChoice[], typed: string): RouteChoice[] {
  const words = foldText(typed)
    .split(/[\s/-]+/)
    .filter(Boolean);
  if (words.length === 0) return choices;
  return choices.filter((choice) => {
    const haystack = `${foldText(choice.title)} ${choice.path}`;
    return words.every((word) => haystack.includes(word));
  });
}

/** What the person typed as another kind of link: a phone number, an e-mail address or another site, when it is one. */
export function plainLink(kind: 'external' | 'phone' | 'email', typed: string): string | undefined {
  const text = typed.trim().replace(/^(tel:|mailto:)/i, '');
  if (kind === 'phone') {
    // "+31 (0)6 ...": the trunk zero in brackets is not dialled after a country code
    const number = text.replace(/^(\+\d{1,3})\s*\(0\)/, '$1').replace(/[\s().-]/g, '');
    return /^\+?\d{6,15}$/.test(number) ? `tel:${number}` : undefined;
  }
  if (kind === 'email') return /^[^\s@/]+@[^\s@/]+\.[^\s@/]+$/.test(text) ? `mailto:${text}` : undefined;
  if (/^https?:\/\/\S+\.\S+/i.test(text)) return text;
  return /^[a-z0-9-]+(\.[a-z0-9-]+)+(\/\S*)?$/i.test(text) ? `https://${text}` : undefined;
}

/** What the link tools read of a site file: its text (the studio's SiteFile has more). */
interface TextFile {
  text: string;
}

const parsedTexts = new WeakMap<TextFile, unknown>();

/** A site file's data, parsed once per copy the studio holds; undefined when it does not parse. */
export function dataOf(file: TextFile | undefined): unknown {
  if (!file) return undefined;
  if (!parsedTexts.has(file)) {
    try {
      parsedTexts.set(file, JSON.parse(file.text));
    } catch {
      parsedTexts.set(file, undefined);
    }
  }
  return parsedTexts.get(file);
}

/** The title of a page by its id, from its file (content/pages/<id>.json). */
export const pageTitle = (files: Record<string, TextFile>, page: string): string | undefined => {
  const title = (dataOf(files[contentFile('page', page)]) as { title?: unknown } | undefined)?.title;
  return typeof title === 'string' ? title : undefined;
};

let lastChoices: { files: Record<string, TextFile>; routes: string[]; choices: RouteChoice[] } | undefined;

/** Every route as a link picks it, from the site's files as the studio holds them (made once for all the link fields). */
export function siteRouteChoices(files: Record<string, TextFile>, routes: string[]): RouteChoice[] {
  if (lastChoices?.files === files && lastChoices.routes === routes) return lastChoices.choices;
  const choices = routeChoices(dataOf(files[CONFIG_FILE]) as ConfigRoutes | undefined, (page) => pageTitle(files, page), routes);
  lastChoices = { files, routes, choices };
  return choices;
}

/**
 * The site's files as the studio holds them now, for the link fields: their form has the routes but not the files the
 * pages' titles are in. The studio's header (the site search) and the page actions keep it current.
 */
export const siteNow = (() => {
  let files: Record<string, TextFile> = {};
  const listeners = new Set<() => void>();
  return {
    get: () => files,
    set(next: Record<string, TextFile>) {
      if (next === files) return;
      files = next;
      listeners.forEach((listener) => listener());
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
})();
