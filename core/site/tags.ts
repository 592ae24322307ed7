import type { Tag } from './schema-types.ts';

/** The two purposes a visitor can agree to; nothing else is asked (the site's own workings need no consent). */
export type ConsentCategory = 'statistics' | 'marketing';

export const CONSENT_CATEGORIES: readonly ConsentCategory[] = ['statistics', 'marketing'];

/** The sources a tag needs in each directive of the Content-Security-Policy. */
export interface TagSources {
  script: string[];
  img: string[];
  connect: string[];
  frame: string[];
}

/** A Google tag of Google Analytics (G-) counts statistics; an Ads, Floodlight or combined tag (AW-, DC-, GT-) is marketing. */
export const categoryOf = (tag: Tag): ConsentCategory => (tag.type === 'google-tag' && tag.id.startsWith('G-') ? 'statistics' : 'marketing');

/** The script a tag loads, once consent is given. */
export function scriptUrl(tag: Tag): string {
  if (tag.type === 'meta-pixel') return 'https://connect.facebook.net/en_US/fbevents.js';
  return `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(tag.id)}`;
}

const META: TagSources = {
  script: ['https://connect.facebook.net'],
  img: ['https://www.facebook.com'],
  connect: ['https://www.facebook.com', 'https://connect.facebook.net'],
  frame: [],
};

// Google's own list for the Google tag (developers.google.com/tag-platform/security/guides/csp)
const GOOGLE_ANALYTICS: TagSources = {
  script: ['https://*.googletagmanager.com'],
  img: ['https://*.google-analytics.com', 'https://*.googletagmanager.com'],
  connect: ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com'],
  frame: [],
};

const GOOGLE_ADS: TagSources = {
  script: ['https://*.googletagmanager.com', 'https://www.googleadservices.com', 'https://www.google.com', 'https://googleads.g.doubleclick.net'],
  img: ['https://*.googletagmanager.com', 'https://googleads.g.doubleclick.net', 'https://www.google.com', 'https://*.google-analytics.com'],
  connect: ['https://*.googletagmanager.com', 'https://www.google.com', 'https://googleads.g.doubleclick.net', 'https://*.google-analytics.com'],
  frame: ['https://td.doubleclick.net', 'https://www.googletagmanager.com'],
};

/** The sources of a tag: added to the policy only when the site configures it. */
export function tagSources(tag: Tag): TagSources {
  if (tag.type === 'meta-pixel') return META;
  return categoryOf(tag) === 'statistics' ? GOOGLE_ANALYTICS : GOOGLE_ADS;
}

/** The sources of every configured tag, each once, in the order the tags name them. */
export function allTagSources(tags: readonly Tag[] | undefined): TagSources {
  const all = { script: new Set<string>(), img: new Set<string>(), connect: new Set<string>(), frame: new Set<string>() };
  for (const tag of tags ?? []) {
    const sources = tagSources(tag);
    for (const key of ['script', 'img', 'connect', 'frame'] as const) for (const source of sources[key]) all[key].add(source);
  }
  return { script: [...all.script], img: [...all.img], connect: [...all.connect], frame: [...all.frame] };
}

/** Whether a first-party cookie is the tag's, removed when the visitor withdraws consent: Meta's _fbp and _fbc, Google's _ga, _ga_<id>, _gid, _gat and _gcl_*. */
export const isCookieOf = (tag: Tag, name: string): boolean =>
  tag.type === 'meta-pixel' ? /^_fb[pc]$/.test(name) : /^(_ga|_ga_.+|_gid|_gat.*|_gcl_.+)$/.test(name);
