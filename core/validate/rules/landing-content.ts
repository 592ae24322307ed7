import { didYouMean } from '../did-you-mean.ts';
import { coded } from '../problem-catalog.ts';
import type { Rule, RuleContext } from './rule.ts';
import { contentFile } from '../../site/layout.ts';
import { citiesOf } from '../../site/resolve.ts';
import { BLOCK_PLACEHOLDERS, isContentService, landingValues, landingVocabulary, placeholdersIn } from '../../site/landing.ts';
import type { City } from '../../site/model.ts';
import type { CityData, LandingService } from '../../site/schema-types.ts';

const asObject = (value: unknown): Record<string, unknown> | undefined =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

/** The city data as read (it may have failed its own schema: only well-formed entries count). */
function cityData(context: RuleContext, file: string): { data: CityData; index: number }[] {
  const items = asObject(context.sources.get(file)?.data)?.items;
  if (!Array.isArray(items)) return [];
  return items.flatMap((item, index) => (typeof asObject(item)?.city === 'string' ? [{ data: item as CityData, index }] : []));
}

/**
 * Every placeholder of a template that a city cannot fill, once per string and name, with the cities that lack it.
 * Each city's values are made once, and the cities that lack a name are found once per name: each placeholder
 * checked in each city would be placeholders times towns, most of a validation on a large matrix.
 */
function checkPlaceholders(context: RuleContext, file: string, found: { pointer: string; name: string }[], service: LandingService, cities: City[]) {
  const vocabulary = landingVocabulary(cities);
  const cityData = context.site.landing.cityData === undefined ? {} : { cityData: context.site.landing.cityData };
  let values: Record<string, string>[] | undefined;
  const lackingOf = new Map<string, string[]>();
  const lacking = (name: string) => {
    let names = lackingOf.get(name);
    if (!names) {
      values ??= cities.map((c) => landingValues(c, service));
      names = cities.filter((_, i) => values![i]![name] === undefined).map((c) => c.name);
      lackingOf.set(name, names);
    }
    return names;
  };
  for (const { pointer, name } of found) {
    if (BLOCK_PLACEHOLDERS.has(name)) continue;
    if (!vocabulary.has(name)) {
      const close = didYouMean(name, vocabulary);
      context.report(file, pointer, coded('placeholder-unknown', { name, ...(close ? { suggestion: close } : cityData) }));
      continue;
    }
    const without = lacking(name);
    if (without.length > 0) context.report(file, pointer, coded('placeholder-missing', { name, cities: without, service: service.name, ...cityData }));
  }
}

/** The likely intended name as params, or none. */
function guess(input: string, candidates: Iterable<string>): { suggestion?: string } {
  const suggestion = didYouMean(input, candidates);
  return suggestion === undefined ? {} : { suggestion };
}

/** A city entry that no city of the landing config has, an override of a service that has no content pages, a block position past the template's end. */
function checkCityEntries(context: RuleContext, file: string, entries: { data: CityData; index: number }[], blockCounts: Map<string, number>) {
  const names = context.site.landing.cities;
  const known = new Set(names);
  for (const { data, index } of entries) {
    if (!known.has(data.city)) context.report(file, `/items/${index}/city`, coded('city-data-unknown-city', { city: data.city, ...guess(data.city, names) }));
    (Array.isArray(data.overrides) ? data.overrides : []).forEach((o, i) => {
      const at = `/items/${index}/overrides/${i}`;
      const count = blockCounts.get(o.service);
      if (count === undefined) {
        context.report(file, `${at}/service`, coded('city-data-unknown-service', { service: o.service, ...guess(o.service, blockCounts.keys()) }));
        return;
      }
      (o.blocks ?? []).forEach((b, j) => {
        if (b.at >= count) context.report(file, `${at}/blocks/${j}/at`, coded('city-data-block-out-of-range', { service: o.service, blocks: count, at: b.at }));
      });
    });
  }
}

export const landingContent: Rule = {
  name: 'landing-content',
  description: 'Every placeholder of a content landing template has a value in every city, and the city data names real cities and services.',
  needs: ['/landing'],
  // the site config, its city data and the content services' template pages
  inputs: (context) => {
    const { landing } = context.site;
    const files = [
      ...(landing.cityData ? [contentFile('collection', landing.cityData)] : []),
      ...landing.services.filter(isContentService).map((service) => contentFile('page', service.page)),
    ];
    return [context.site, ...files.map((file) => context.sources.get(file))];
  },
  check(context) {
    const { landing } = context.site;
    const dataFile = landing.cityData ? contentFile('collection', landing.cityData) : '';
    const entries = dataFile ? cityData(context, dataFile) : [];
    const cities = citiesOf(landing, new Map(entries.map((e) => [e.data.city, e.data])));
    // the cities of each name (an override is checked with its own city's values)
    const named = new Map<string, City[]>();
    for (const c of cities) named.set(c.name, [...(named.get(c.name) ?? []), c]);
    const blockCounts = new Map<string, number>();
    for (const service of landing.services.filter(isContentService)) {
      const file = contentFile('page', service.page);
      const template = context.sources.get(file)?.data;
      if (!asObject(template)) continue; // a missing template is reported by references-exist
      const blocks = asObject(template)!.blocks;
      blockCounts.set(service.slug, Array.isArray(blocks) ? blocks.length : 0);
      checkPlaceholders(context, file, placeholdersIn(template), service, cities);
      // an override's texts are filled with the values of its own city only
      entries.forEach(({ data, index }) =>
        (data.overrides ?? []).forEach((o, i) => {
          if (o.service !== service.slug) return;
          const { title, description, blocks: replaced } = o;
          const found = placeholdersIn({ title, description, blocks: replaced }, `/items/${index}/overrides/${i}`);
          checkPlaceholders(context, dataFile, found, service, named.get(data.city) ?? []);
        }),
      );
    }
    if (dataFile) checkCityEntries(context, dataFile, entries, blockCounts);
  },
};
