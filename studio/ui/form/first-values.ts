import { CONTENT_DIRS, type ContentKind } from '../../../core/site/layout.ts';
import { slugify } from '../../../core/site/resolve.ts';
import { patternExample } from './pattern-example.ts';
import type { Schema } from './schema.ts';
import { languageOf, type Language } from '../../../core/text/language.ts';

/**
 * The first values of a new item, block or group, so that it is valid the moment it is added: texts that say what
 * to type, in the site's language; a link to a page that exists; an image, a form or a collection the site has;
 * numbers inside their bounds; names that differ from those beside them where the site needs them to.
 */

/** What a new value may be filled from: the site's language, its images, files and routes, and where it goes. */
export interface NewValueOptions {
  /** the site's language (its config's `lang`) */
  lang?: string;
  /** the files under public/, as the site links them ("/images/hero.webp") */
  assets?: string[];
  /** every site file by its path ("content/forms/contact.json") */
  paths?: string[];
  /** every route of the site, its landing pages' too */
  routes?: string[];
  /** the name of the member, or of the list, the new value is for: its first text is chosen by it */
  key?: string | number;
  /** the items already in the list the new value joins: a new one's names differ from theirs */
  existing?: unknown[];
}

type Lang = Language;

const langOf = languageOf;

/**
 * First texts by the key of the value; a list's items by the list's key. Each says what belongs there, so the
 * person sees what to type over it, on the page and in the form.
 */
const TEXTS: Record<string, Record<Lang, string>> = {
  headline: { nl: 'Nieuwe kop', en: 'New headline' },
  heading: { nl: 'Nieuwe kop', en: 'New heading' },
  title: { nl: 'Nieuwe titel', en: 'New title' },
  h2: { nl: 'Nieuwe tussenkop', en: 'New subheading' },
  h3: { nl: 'Nieuwe tussenkop', en: 'New subheading' },
  text: { nl: 'Nieuwe tekst', en: 'New text' },
  p: { nl: 'Nieuwe alinea', en: 'New paragraph' },
  paragraphs: { nl: 'Nieuwe alinea', en: 'New paragraph' },
  question: { nl: 'Nieuwe vraag', en: 'New question' },
  answer: { nl: 'Het antwoord op de vraag', en: 'The answer to the question' },
  description: { nl: 'Nieuwe omschrijving', en: 'New description' },
  label: { nl: 'Nieuw label', en: 'New label' },
  value: { nl: 'Nieuwe waarde', en: 'New value' },
  name: { nl: 'Nieuwe naam', en: 'New name' },
  company: { nl: 'Naam van het bedrijf', en: 'Company name' },
  content: { nl: 'Wat de klant over je zegt', en: 'What the client says about you' },
  alt: { nl: 'Wat de afbeelding laat zien', en: 'What the image shows' },
  bullets: { nl: 'Nieuw punt', en: 'New point' },
  highlights: { nl: 'Nieuw punt', en: 'New point' },
  features: { nl: 'Nieuw punt', en: 'New point' },
  expertise: { nl: 'Nieuw punt', en: 'New point' },
  ul: { nl: 'Nieuw punt', en: 'New point' },
  ol: { nl: 'Nieuw punt', en: 'New point' },
  cities: { nl: 'Nieuwe stad', en: 'New city' },
  slug: { nl: 'Nieuwe dienst', en: 'New service' },
  path: { nl: 'Nieuwe pagina', en: 'New page' },
  visitLabel: { nl: 'Bekijk website', en: 'Visit website' },
  region: { nl: 'Carrousel', en: 'Carousel' },
  previous: { nl: 'Vorige', en: 'Previous' },
  next: { nl: 'Volgende', en: 'Next' },
  goTo: { nl: 'Ga naar {n}', en: 'Go to {n}' },
  busyLabel: { nl: 'Bezig met versturen...', en: 'Sending...' },
  success: { nl: 'Bedankt! We nemen snel contact met je op.', en: 'Thank you! We will be in touch soon.' },
  error: { nl: 'Er ging iets mis. Probeer het later nog eens.', en: 'Something went wrong. Please try again later.' },
  typing: { nl: 'Aan het typen...', en: 'Typing...' },
  message: { nl: 'Je bericht', en: 'Your message' },
  chatMessage: { nl: 'Hallo! Waarmee kunnen we je helpen?', en: 'Hello! How can we help you?' },
  email: { nl: 'naam@voorbeeld.nl', en: 'name@example.com' },
  toEmail: { nl: 'naam@voorbeeld.nl', en: 'name@example.com' },
};

const FALLBACK: Record<Lang, string> = { nl: 'Nieuwe tekst', en: 'New text' };

/** The first text of a value by its key, in the site's language (Dutch for nl, English otherwise). */
export function firstText(key: string | number | undefined, lang: string | undefined): string {
  const texts = typeof key === 'string' && Object.hasOwn(TEXTS, key) ? TEXTS[key]! : FALLBACK;
  return texts[langOf(lang)];
}

/** Numbers that read as a real first value by their key (then kept inside the schema's bounds). */
const NUMBERS: Record<string, number> = { rating: 5, width: 1200, height: 800, rows: 4, maxLength: 500, maxFiles: 5, maxSize: 10 * 1024 * 1024 };

/** Groups of free keys (a map) whose first member cannot be told from the schema: an upload's types. */
const GROUPS: Record<string, Record<string, unknown>> = {
  accept: { 'image/jpeg': ['.jpg', '.jpeg'], 'image/png': ['.png'], 'image/webp': ['.webp'] },
};

export const firstGroup = (key: string | number | undefined) =>
  typeof key === 'string' && Object.hasOwn(GROUPS, key) ? structuredClone(GROUPS[key]) : undefined;

const bound = (schema: Schema, name: string) => (typeof schema[name] === 'number' ? (schema[name] as number) : undefined);

/** A number inside the schema's bounds: the key's usual value, else the least allowed, else 0. */
export function firstNumber(schema: Schema, key: string | number | undefined): number {
  const integer = schema.type === 'integer' || (Array.isArray(schema.type) && schema.type.includes('integer'));
  const step = integer ? 1 : 0.1;
  const above = bound(schema, 'exclusiveMinimum');
  const below = bound(schema, 'exclusiveMaximum');
  let n = typeof key === 'string' && Object.hasOwn(NUMBERS, key) ? NUMBERS[key]! : (schema.minimum ?? (above !== undefined ? above + step : 0));
  if (schema.minimum !== undefined && n < schema.minimum) n = schema.minimum;
  if (above !== undefined && n <= above) n = above + step;
  if (schema.maximum !== undefined && n > schema.maximum) n = schema.maximum;
  if (below !== undefined && n >= below) n = below - step;
  return integer ? Math.ceil(n) : n;
}

const FORMATS: Record<string, (lang: Lang) => string> = {
  email: (lang) => TEXTS.email![lang],
  uri: () => 'https://example.com',
  date: () => new Date().toISOString().slice(0, 10),
};

const FORMAT_TESTS: Record<string, RegExp> = {
  email: /^[^\s@]+@[^\s@]+\.[^\s@]+$/,
  uri: /^[a-z][a-z0-9+.-]*:\S+$/i,
  date: /^\d{4}-\d{2}-\d{2}$/,
};

/** Whether a text passes the string keywords of its schema (length counted in characters, as the validator does). */
function fits(schema: Schema, text: string): boolean {
  const length = [...text].length;
  if (schema.minLength !== undefined && length < (schema.minLength as number)) return false;
  if (schema.maxLength !== undefined && length > schema.maxLength) return false;
  if (typeof schema.pattern === 'string') {
    try {
      if (!new RegExp(schema.pattern, 'u').test(text)) return false;
    } catch {
      return false;
    }
  }
  const format = typeof schema.format === 'string' ? FORMAT_TESTS[schema.format] : undefined;
  return !format || format.test(text);
}

const idsUnder = (paths: string[], dir: string) =>
  paths
    .filter((p) => p.startsWith(dir) && p.endsWith('.json') && !p.slice(dir.length).includes('/'))
    .map((p) => p.slice(dir.length, -'.json'.length))
    .sort();

const isContentKind = (what: string): what is ContentKind => Object.hasOwn(CONTENT_DIRS, what);

/**
 * The file a reference names (`x-ref`: "form", "page", "collection:faq"): the first that exists; for a collection
 * the one named after its kind, else the first whose name starts with it. With none of the kind, the kind itself:
 * the validator then says that collection is missing, which tells the person what to make.
 */
function reference(target: string, paths: string[]): string | undefined {
  const [what = '', kind] = target.split(':');
  const ids = idsUnder(paths, `${CONTENT_DIRS[isContentKind(what) ? what : 'collection']}/`);
  if (!kind) return ids[0];
  return ids.find((id) => id === kind) ?? ids.find((id) => id.startsWith(`${kind}-`)) ?? kind;
}

/** A value that names something of the site (a route, a file of public/, a form or collection): one that exists. */
function named(schema: Schema, options: NewValueOptions): string | undefined {
  if (schema['x-link'] === true) {
    const routes = options.routes ?? [];
    return [...(routes.length === 0 || routes.includes('/') ? ['/'] : []), ...routes].find((route) => fits(schema, route));
  }
  if (schema['x-asset'] !== undefined) return (options.assets ?? []).find((src) => fits(schema, src));
  if (typeof schema['x-ref'] === 'string') return reference(schema['x-ref'], options.paths ?? []);
  return undefined;
}

/** "Nieuw veld" -> "nieuwVeld": a name of letters and digits. */
const camel = (text: string) => slugify(text).replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/**
 * A text for a new string: what names something of the site, else the key's text in the site's language, or the
 * same as a slug, a name, a path, a format's example or the pattern's shortest text, whichever the schema takes; a
 * number is added where it would repeat a name beside it (a city, a service's slug, a route's path).
 */
export function firstString(schema: Schema, options: NewValueOptions, key: string | number | undefined, beside: readonly unknown[] = []): string {
  const site = named(schema, options);
  if (site !== undefined) return site;
  const lang = langOf(options.lang);
  const text = firstText(key, lang);
  const format = typeof schema.format === 'string' ? FORMATS[schema.format]?.(lang) : undefined;
  const pattern = typeof schema.pattern === 'string' ? patternExample(schema.pattern) : undefined;
  const max = schema.maxLength;
  const candidates = [text, slugify(text), camel(text), `/${slugify(text)}`, format, pattern, max !== undefined ? [...text].slice(0, max).join('') : undefined];
  const used = new Set(beside.filter((v) => typeof v === 'string'));
  const routes = options.routes ?? [];
  const free = (s: string) => {
    const slug = slugify(s);
    return !used.has(s) && !routes.some((r) => r === s || (slug !== '' && (r.endsWith(`-${slug}`) || r.startsWith(`/${slug}-`))));
  };
  for (const candidate of candidates) {
    if (candidate === undefined || !fits(schema, candidate)) continue;
    if (free(candidate)) return candidate;
    for (let n = 2; n < 100; n++) {
      const next = [`${candidate} ${n}`, `${candidate}-${n}`, `${candidate}${n}`].find((s) => fits(schema, s) && free(s));
      if (next) return next;
    }
  }
  return text;
}
