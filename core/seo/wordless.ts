import { hasWords, missingWords, wordsLanguage } from '../site/landing-words.ts';
import { isContentService } from '../site/landing.ts';
import { contentFile } from '../site/layout.ts';
import type { LoadedSite } from '../site/model.ts';
import type { CitiesCollection } from '../site/schema-types.ts';
import type { GuardWarning } from './guard.ts';
import { coded } from '../validate/problem-catalog.ts';

const escape = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * Descriptions that say nothing ("...", "…", "-": no letter or digit), where a visitor would read them: a content
 * template's (search results and its town's overview card), a town's override of it, a redirecting service's (the
 * town's overview card). The page leaves such a text out; the warning asks for a real one at its own place.
 */
function emptyDescriptions(loaded: LoadedSite): GuardWarning[] {
  const { landing } = loaded.site;
  const found: GuardWarning[] = [];
  landing.services.forEach((service, i) => {
    if (isContentService(service)) {
      const text = loaded.pages[service.page]?.description;
      if (text !== undefined && !hasWords(text))
        found.push({
          path: '',
          file: contentFile('page', service.page),
          pointer: '/description',
          ...coded('description-empty', { text, service: service.name, template: true }),
        });
    } else if (service.description !== undefined && !hasWords(service.description))
      found.push({
        path: '',
        file: 'site.config.json',
        pointer: `/landing/services/${i}/description`,
        ...coded('description-empty', { text: service.description, service: service.name }),
      });
  });
  const dataFile = landing.cityData ? contentFile('collection', landing.cityData) : '';
  const data = landing.cityData ? (loaded.collections[landing.cityData] as CitiesCollection | undefined) : undefined;
  data?.items.forEach((item, i) =>
    (item.overrides ?? []).forEach((o, j) => {
      if (o.description !== undefined && !hasWords(o.description))
        found.push({
          path: '',
          city: item.city,
          file: dataFile,
          pointer: `/items/${i}/overrides/${j}/description`,
          ...coded('description-empty', { text: o.description, service: o.service, city: item.city }),
        });
    }),
  );
  return found;
}

/** Titles, descriptions and labels of the landing config that say nothing: the page shows the language's own words instead. */
function emptyWords(loaded: LoadedSite): GuardWarning[] {
  const { hubs, labels } = loaded.site.landing;
  const groups = [
    [
      'hubs',
      { serviceTitle: hubs?.serviceTitle, serviceDescription: hubs?.serviceDescription, cityTitle: hubs?.cityTitle, cityDescription: hubs?.cityDescription },
    ],
    ['labels', labels ?? {}],
  ] as const;
  return groups.flatMap(([group, texts]) =>
    Object.entries(texts).flatMap(([key, text]) =>
      typeof text === 'string' && !hasWords(text)
        ? [
            {
              path: '',
              file: 'site.config.json',
              pointer: `/landing/${group}/${escape(key)}`,
              ...coded('words-empty', { key, text }),
            },
          ]
        : [],
    ),
  );
}

/** A site whose language has no built-in landing words, and which leaves some out: they are shown in English. */
function untranslated(loaded: LoadedSite): GuardWarning[] {
  const { site } = loaded;
  if (wordsLanguage(site.lang) || !site.landing.services.some(isContentService)) return [];
  // without hubs, no page shows their titles or the links to them
  const shown = (key: string) => Boolean(site.landing.hubs) || !/^(service|city)(Title|Description)$|^all/.test(key);
  const missing = missingWords(site).filter(shown);
  if (missing.length === 0) return [];
  return [
    {
      path: '',
      file: 'site.config.json',
      pointer: '/landing',
      ...coded('words-untranslated', { lang: site.lang, missing }),
    },
  ];
}

/** Every text of the landing pages that says nothing or is not in the site's language, at the place to write it. */
export const wordlessWarnings = (loaded: LoadedSite): GuardWarning[] => [...emptyDescriptions(loaded), ...emptyWords(loaded), ...untranslated(loaded)];
