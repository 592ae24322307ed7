import type { Tag } from '../../core/site/schema-types.ts';
import { inLanguage } from '../../core/text/language.ts';
import { categoryOf, type ConsentCategory } from '../../core/site/tags.ts';

/** The banner's words: the engine's own, in the site's language (Dutch on a Dutch site, English on any other). */
export interface ConsentTexts {
  title: string;
  /** {brand} is the site's name */
  intro: string;
  /** the withdrawal, explained before any choice */
  withdraw: string;
  who: string;
  accept: string;
  refuse: string;
  choose: string;
  save: string;
  settings: string;
  saved: string;
  categories: Record<ConsentCategory, { name: string; explanation: string }>;
  /** who processes what for which purpose, per tag kind */
  processors: Record<'meta' | 'google-statistics' | 'google-marketing', string>;
}

const nl: ConsentTexts = {
  title: 'Cookies en metingen',
  intro:
    '{brand} gebruikt alleen met uw toestemming cookies en tags van andere bedrijven, voor statistiek en marketing. Zonder toestemming werkt de site net zo goed.',
  withdraw: 'U kunt uw keuze altijd wijzigen of intrekken via ‘Cookie-instellingen’ onderaan elke pagina; intrekken stopt de tags en wist hun cookies.',
  who: 'Wie verwerkt wat, waarvoor',
  accept: 'Accepteren',
  refuse: 'Weigeren',
  choose: 'Per onderdeel kiezen',
  save: 'Keuze opslaan',
  settings: 'Cookie-instellingen',
  saved: 'Uw keuze is opgeslagen.',
  categories: {
    statistics: { name: 'Statistiek', explanation: 'Tellen hoeveel mensen de site bezoeken en welke pagina’s ze lezen, om de site te verbeteren.' },
    marketing: {
      name: 'Marketing',
      explanation: 'Meten welke advertenties tot een aanvraag leiden, en advertenties tonen aan mensen die de site eerder bezochten.',
    },
  },
  processors: {
    meta: 'Meta Platforms Ireland (Meta-pixel): uw bezoek en een verstuurde aanvraag, voor het meten en richten van advertenties op Facebook en Instagram (marketing).',
    'google-statistics': 'Google Ireland (Google Analytics): de pagina’s die u bekijkt, voor bezoekersstatistiek (statistiek).',
    'google-marketing': 'Google Ireland (Google Ads): uw bezoek en een verstuurde aanvraag, voor het meten en richten van advertenties in Google (marketing).',
  },
};

const en: ConsentTexts = {
  title: 'Cookies and measurements',
  intro: '{brand} uses cookies and tags of other companies for statistics and marketing only with your consent. Without it the site works just as well.',
  withdraw:
    'You can change or withdraw your choice at any time through ‘Cookie settings’ at the bottom of every page; withdrawing stops the tags and erases their cookies.',
  who: 'Who processes what, for what',
  accept: 'Accept',
  refuse: 'Refuse',
  choose: 'Choose per purpose',
  save: 'Save choice',
  settings: 'Cookie settings',
  saved: 'Your choice has been saved.',
  categories: {
    statistics: { name: 'Statistics', explanation: 'Counting how many people visit the site and which pages they read, to improve it.' },
    marketing: { name: 'Marketing', explanation: 'Measuring which ads lead to a request, and showing ads to people who visited the site before.' },
  },
  processors: {
    meta: 'Meta Platforms Ireland (Meta pixel): your visit and a request you send, to measure and target ads on Facebook and Instagram (marketing).',
    'google-statistics': 'Google Ireland (Google Analytics): the pages you view, for visitor statistics (statistics).',
    'google-marketing': 'Google Ireland (Google Ads): your visit and a request you send, to measure and target ads on Google (marketing).',
  },
};

export const consentTexts = (lang: string | undefined): ConsentTexts => inLanguage(lang, { nl, en });

/** The processor lines of the configured tags, each once. */
export function processorLines(texts: ConsentTexts, tags: readonly Tag[]): string[] {
  const kinds = tags.map((t) => (t.type === 'meta-pixel' ? 'meta' : categoryOf(t) === 'statistics' ? 'google-statistics' : 'google-marketing'));
  return [...new Set(kinds)].map((k) => texts.processors[k]);
}

/** The footer's link text that opens the banner again. */
export const settingsLabel = (lang: string | undefined): string => consentTexts(lang).settings;
