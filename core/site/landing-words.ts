import type { LandingConfig, LandingHubs, LandingLabels, SiteConfig } from './schema-types.ts';

/** Every text the engine itself writes on a landing page or a hub: the labels and the hubs' titles and descriptions. */
export type LandingWords = Required<LandingLabels> & Required<Pick<LandingHubs, 'serviceTitle' | 'serviceDescription' | 'cityTitle' | 'cityDescription'>>;

/**
 * The words a site says when its config leaves them out, per language. They are the site's words, not the engine's:
 * a Dutch site says "Kruimelpad", never "Breadcrumb". `{service}` and `{city}` are filled in as in the config's own.
 */
export const LANDING_WORDS: Readonly<Record<'nl' | 'en', LandingWords>> = {
  nl: {
    breadcrumb: 'Kruimelpad',
    otherCities: '{service} in andere plaatsen',
    otherServices: 'Meer van ons in {city}',
    allCities: 'Alle plaatsen voor {service}',
    allServices: 'Alles wat we doen in {city}',
    office: 'Ons kantoor in {city}',
    serviceTitle: '{service} per plaats',
    serviceDescription: 'De plaatsen waar we {service} aanbieden, elk met een eigen pagina over ondernemen daar.',
    cityTitle: 'Onze diensten in {city}',
    cityDescription: 'Alles wat we doen voor ondernemers in {city}, elke dienst op een eigen pagina.',
  },
  en: {
    breadcrumb: 'Breadcrumb',
    otherCities: '{service} in other towns',
    otherServices: 'More from us in {city}',
    allCities: 'All towns for {service}',
    allServices: 'Everything we do in {city}',
    office: 'Our office in {city}',
    serviceTitle: '{service}, town by town',
    serviceDescription: 'The towns where we offer {service}, each with a page of its own about working there.',
    cityTitle: 'Our services in {city}',
    cityDescription: 'Everything we do for businesses in {city}, each service on a page of its own.',
  },
};

/** The language of the built-in words for a site's `lang` ("nl-BE" speaks Dutch), or undefined when there are none. */
export function wordsLanguage(lang: string): keyof typeof LANDING_WORDS | undefined {
  const primary = lang.toLowerCase().split('-')[0]!;
  return primary === 'nl' || primary === 'en' ? primary : undefined;
}

/** Whether a text says anything: "...", "…" or "-" hold no letter or digit, and a page shows no such text. */
export const hasWords = (text: string | undefined): text is string => text !== undefined && /[\p{L}\p{N}]/u.test(text);

/** What the words of a site come from: its language and its landing config. */
type SiteWords = Pick<SiteConfig, 'lang'> & { landing: Pick<LandingConfig, 'hubs' | 'labels'> };

const WORD_KEYS = Object.keys(LANDING_WORDS.en) as (keyof LandingWords)[];

/** The words of a site's landing pages the config leaves out while its language has none built in (the guard warns). */
export function missingWords(site: SiteWords): (keyof LandingWords)[] {
  if (wordsLanguage(site.lang)) return [];
  const given: Partial<LandingWords> = { ...site.landing.hubs, ...site.landing.labels };
  return WORD_KEYS.filter((key) => !hasWords(given[key]));
}

/**
 * The words of a site's landing pages: the config's own (`landing.labels`, the titles and descriptions of
 * `landing.hubs`) where they say something, the rest in the site's language. A language without built-in words gets the English ones,
 * and the guard names each of them so the site can write its own.
 */
export function landingWords(site: SiteWords): LandingWords {
  const defaults = LANDING_WORDS[wordsLanguage(site.lang) ?? 'en'];
  const { hubs, labels } = site.landing;
  const own = {
    ...labels,
    ...(hubs && {
      serviceTitle: hubs.serviceTitle,
      serviceDescription: hubs.serviceDescription,
      cityTitle: hubs.cityTitle,
      cityDescription: hubs.cityDescription,
    }),
  };
  const words = { ...defaults };
  // a config text without a word ("..." pasted from an example) is not shown: the guard warns about it
  for (const key of WORD_KEYS) if (hasWords(own[key])) words[key] = own[key];
  return words;
}
