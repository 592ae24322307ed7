/**
 * Where a lead's visitor came from (issue 51): the campaign parameters of the visit's landing and the host of the
 * other site that linked to it. The browser keeps it for the visit (src/site/lead-source.ts) and sends it with a
 * lead; the server keeps only what {@link cleanSource} lets through, and a lead is never refused for its source.
 */

/**
 * The parameters of a landing's address a source takes, by their names there: the campaign's (utm_*) and the ad
 * click ids. Spelled out, not joined from the lists below: every page's inline script carries this list.
 */
export const URL_PARAMS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content', 'gclid', 'fbclid'] as const;

/** An advertiser's click id: an identifier of one ad click, so marketing data, sent only with consent to marketing. */
export const CLICK_IDS = ['gclid', 'fbclid'] as const;

/** The source's keys: the address's parameters and `referrer`, the host of the other site the visitor came from. */
export type SourceKey = (typeof URL_PARAMS)[number] | 'referrer';

/** A lead's source: any of its keys, each a short line of printable text. */
export type LeadSource = Partial<Record<SourceKey, string>>;

/**
 * A lead's source in a few words for a list, as "Google Ads · najaar": who sent the visitor (the advertiser of an ad
 * click, else the campaign's source, else the referring site) and the campaign. Names and values only, no words of
 * a language. Undefined when the source says nothing.
 */
export function sourceLabel(source: LeadSource | null | undefined): string | undefined {
  if (!source) return undefined;
  const from = source.gclid ? 'Google Ads' : source.fbclid ? 'Meta Ads' : (source.utm_source ?? source.referrer);
  const label = [from, source.utm_campaign].filter(Boolean).join(' · ');
  return label || undefined;
}

/** The longest value kept; a longer one is dropped, not cut (a cut id is no id). */
export const SOURCE_VALUE_MAX = 200;

/** Control and format characters (bidi overrides among them), unassigned and private code points, line separators. */
const UNPRINTABLE = /[\p{C}\p{Zl}\p{Zp}]/u;

const isSourceKey = (key: string): key is SourceKey => key === 'referrer' || (URL_PARAMS as readonly string[]).includes(key);

/**
 * What of a submitted source the server keeps: its known keys whose value is a string of 1 to 200 characters
 * (trimmed) with nothing unprintable; every other key and value is dropped. Undefined when nothing is left, or
 * when the input is no plain object. Never throws.
 */
export function cleanSource(input: unknown): LeadSource | undefined {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return undefined;
  const source: LeadSource = {};
  for (const [key, raw] of Object.entries(input as Record<string, unknown>)) {
    if (!isSourceKey(key) || typeof raw !== 'string') continue;
    const value = raw.trim();
    if (value !== '' && value.length <= SOURCE_VALUE_MAX && !UNPRINTABLE.test(value)) source[key] = value;
  }
  return Object.keys(source).length > 0 ? source : undefined;
}
