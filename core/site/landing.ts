import { fill } from '../text/fill.ts';
import type { Block, CityData, CitiesCollection, FaqCollection, LandingConfig, LandingService, Page } from './schema-types.ts';
import type { City, CollectionData, PageData } from './model.ts';

/** The placeholders the engine fills from a city's data itself (beside the city's own `fields`). */
export const BUILT_IN_PLACEHOLDERS = ['city', 'service', 'region', 'intro', 'nearby'] as const;

/**
 * The placeholders blocks fill themselves at run time (a carousel's "{n} of {count}"): a template keeps them as
 * written. A test checks this list against the block schemas' own texts.
 */
export const BLOCK_PLACEHOLDERS: ReadonlySet<string> = new Set(['count', 'first', 'last', 'n']);

const PLACEHOLDER = /\{(\w+)\}/g;

/** What a content landing service's template page is: its service is `kind: content` with a `page`. */
export const isContentService = (service: LandingService): service is LandingService & { page: string } =>
  service.kind === 'content' && typeof service.page === 'string';

/** The override of one service in one city, if the city data has one. */
export function overrideOf(data: CityData | undefined, serviceSlug: string) {
  return data?.overrides?.find((o) => o.service === serviceSlug);
}

/**
 * The values of the placeholders on one service's page in one city. A value the city lacks is absent (not ''), so
 * the validator can say which one is missing and the page never shows an empty gap.
 */
export function landingValues(city: City, service: LandingService): Record<string, string> {
  const data = city.data;
  const values: Record<string, string> = { city: city.name, service: service.name };
  if (data?.region) values.region = data.region;
  if (data?.intro) values.intro = data.intro;
  if (data?.nearby?.length) values.nearby = data.nearby.join(', ');
  for (const fields of [data?.fields, overrideOf(data, service.slug)?.fields])
    for (const [key, text] of Object.entries(fields ?? {})) if (typeof text === 'string') values[key] = text;
  return values;
}

/** Every placeholder in the strings of a JSON value, with the JSON pointer of its string. */
export function placeholdersIn(value: unknown, pointer = ''): { pointer: string; name: string }[] {
  if (typeof value === 'string') return [...value.matchAll(PLACEHOLDER)].map((m) => ({ pointer, name: m[1]! }));
  if (Array.isArray(value)) return value.flatMap((v, i) => placeholdersIn(v, `${pointer}/${i}`));
  if (value !== null && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => placeholdersIn(v, `${pointer}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`));
  return [];
}

/** A JSON value with every string's known placeholders filled (unknown ones, such as a carousel's {n}, stay). */
export function fillDeep<T>(value: T, values: Record<string, string>): T {
  if (typeof value === 'string') return fill(value, values) as T;
  if (Array.isArray(value)) return value.map((v: unknown) => fillDeep(v, values)) as T;
  if (value === null || typeof value !== 'object') return value;
  // a loop rather than Object.fromEntries(Object.entries(...)): no pair array per key, on every block of every page
  const filled: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const v = fillDeep((value as Record<string, unknown>)[key], values);
    // a key "__proto__" (JSON.parse makes it an own key) stays a key, as Object.fromEntries kept it
    if (key === '__proto__') Object.defineProperty(filled, key, { value: v, enumerable: true, writable: true, configurable: true });
    else filled[key] = v;
  }
  return filled as T;
}

/**
 * The names that are landing placeholders for a site: the built-in ones and every field any city or override
 * defines. A name outside them in a template (a carousel's {n}) is the block's own and is left alone.
 */
export function landingVocabulary(cities: City[]): Set<string> {
  const names = new Set<string>(BUILT_IN_PLACEHOLDERS);
  for (const { data } of cities) {
    for (const key of Object.keys(data?.fields ?? {})) names.add(key);
    for (const o of data?.overrides ?? []) for (const key of Object.keys(o.fields ?? {})) names.add(key);
  }
  return names;
}

/** The template's blocks with this city's replacements for this service. */
function blocksFor(page: Page, city: City, service: LandingService): Block[] {
  const replaced = new Map((overrideOf(city.data, service.slug)?.blocks ?? []).map((b) => [b.at, b.block]));
  return page.blocks.map((block, i) => replaced.get(i) ?? block);
}

/** The FAQ collections of the page with the city's own questions first. */
function withLocalFaq(collections: Record<string, CollectionData>, blocks: Block[], city: City): Record<string, CollectionData> {
  const local = city.data?.faq ?? [];
  if (local.length === 0) return collections;
  const faqIds = new Set(blocks.flatMap((b) => (b.type === 'faq' ? [b.collection] : [])));
  return Object.fromEntries(
    Object.entries(collections).map(([id, c]) => [
      id,
      faqIds.has(id) && c.kind === 'faq' ? { ...c, items: [...local, ...(c as unknown as FaqCollection).items] } : c,
    ]),
  );
}

export interface ContentLandingContent {
  title: string;
  description: string;
  blocks: Block[];
  collections: Record<string, CollectionData>;
  /** the filled values, for the structured data and the links */
  values: Record<string, string>;
}

/** One content landing page: the template page with this city's data, overrides and local FAQ. */
export function contentLanding(data: PageData, city: City, service: LandingService): ContentLandingContent {
  const values = landingValues(city, service);
  const override = overrideOf(city.data, service.slug);
  const blocks = fillDeep(blocksFor(data.page, city, service), values);
  return {
    title: fill(override?.title ?? data.page.title, values),
    description: contentLandingDescription(data, city, service, values),
    blocks,
    collections: withLocalFaq(fillDeep(data.collections, values), blocks, city),
    values,
  };
}

/**
 * A content landing page's description alone (contentLanding's): what an overview shows on its card for each of its
 * pages, without filling in the page's blocks (an overview of a service links every town).
 */
export function contentLandingDescription(data: PageData, city: City, service: LandingService, values = landingValues(city, service)): string {
  return fill(overrideOf(city.data, service.slug)?.description ?? data.page.description, values);
}

/** The city data of a site by city name, from the collection the landing config names. */
export function cityDataByName(landing: LandingConfig, collections: Record<string, CollectionData>): Map<string, CityData> {
  const collection = landing.cityData ? (collections[landing.cityData] as CitiesCollection | undefined) : undefined;
  return new Map((collection?.items ?? []).map((item) => [item.city, item]));
}
