import { contentFile } from '../site/layout.ts';

/**
 * Every problem the validator and the landing guard report, by a code: a short title and the English message made
 * from the problem's params (the values it names). The codes are stable: tools (`npm run validate -- --format json`)
 * and the studio, which words each problem in the site's language from its code and params, key on them, so a code
 * is never renamed or reused for another mistake; a new kind of mistake gets a new code. The messages may be reworded
 * freely: nothing reads them back.
 */

/** A value found where another belongs, as JSON can hold it (a text cut to 60 characters). */
export type FoundValue =
  | { kind: 'null' }
  | { kind: 'array'; items: number }
  | { kind: 'object' }
  | { kind: 'text'; text: string }
  | { kind: 'number'; value: number }
  | { kind: 'boolean'; value: boolean }
  /** anything JSON cannot hold (undefined): its English description */
  | { kind: 'other'; text: string };

/** Whose a reserved address is (core/site/reserved-routes.ts), and the reserved address it falls under when it is another. */
export interface ReservedParams {
  /** the owner in the validator's English words, which the studio looks up */
  owner: string;
  reservedPath?: string;
  /** the addresses below `reservedPath` are reserved too */
  below?: boolean;
}

/** What defines a route, for a route defined twice. */
export type RouteOrigin =
  { kind: 'route'; index: number } | { kind: 'landing'; city: string; service: string } | { kind: 'hub'; hub: 'service' | 'city'; slug: string };

export function foundValue(value: unknown): FoundValue {
  if (value === null) return { kind: 'null' };
  if (Array.isArray(value)) return { kind: 'array', items: value.length };
  if (typeof value === 'string') return { kind: 'text', text: value.length > 60 ? `${value.slice(0, 57)}...` : value };
  if (typeof value === 'object') return { kind: 'object' };
  if (typeof value === 'number') return { kind: 'number', value };
  if (typeof value === 'boolean') return { kind: 'boolean', value };
  return { kind: 'other', text: `${typeof value} ${String(value)}` };
}

/** A found value as the messages describe it: `"text"`, `number 42`, `an array of 2`. */
export function describeFound(found: FoundValue): string {
  switch (found.kind) {
    case 'null':
      return 'null';
    case 'array':
      return `an array of ${found.items}`;
    case 'object':
      return 'an object';
    case 'text':
      return JSON.stringify(found.text);
    case 'number':
    case 'boolean':
      return `${found.kind} ${String(found.value)}`;
    default:
      return found.text;
  }
}

export const didYouMeanText = (suggestion: string | undefined) => (suggestion === undefined ? '' : ` - did you mean "${suggestion}"?`);
const list = (items: unknown[]) => items.map((i) => JSON.stringify(i)).join(', ');
const reservedFor = ({ owner, reservedPath, below }: ReservedParams) =>
  `is reserved for ${owner}${reservedPath ? ` (${reservedPath}${below ? ' and below' : ''})` : ''}`;
/** 0.6 -> "60%", as the landing guard's figures are said. */
export const percentText = (x: number) => `${Math.round(x * 100)}%`;
const describeOrigin = (o: RouteOrigin) =>
  o.kind === 'route' ? `route ${o.index}` : o.kind === 'landing' ? `landing page of "${o.city}" x "${o.service}"` : `the ${o.hub} overview of "${o.slug}"`;
/** A union's member in words: its `x-kind` ("block type"), else the value of its tag. */
const kindOf = (p: { tag: string; kind?: string }) => p.kind ?? `value of "${p.tag}"`;
const placeIn = (cityData: string | undefined) => (cityData ? `in ${contentFile('collection', cityData)}` : 'in a cities collection named by landing.cityData');

interface Entry<P> {
  title: string;
  message: (params: P) => string;
}
const entry = <P>(title: string, message: (params: P) => string): Entry<P> => ({ title, message });

/** The catalog: a code, its title, its English message from its params. */
export const PROBLEMS = {
  // the JSON Schema keywords (messages.ts)
  'schema-required': entry<{ key: string }>('Missing key', (p) => `missing required key "${p.key}"`),
  'schema-kind-missing': entry<{ tag: string; kind?: string }>('Missing kind', (p) => `missing required key "${p.tag}" (the ${kindOf(p)})`),
  'schema-kind-unknown': entry<{ tag: string; kind?: string; value: string; known: string[]; suggestion?: string }>(
    'Unknown kind',
    (p) => `unknown ${kindOf(p)} "${p.value}"${p.suggestion !== undefined ? didYouMeanText(p.suggestion) : `; known: ${p.known.join(', ')}`}`,
  ),
  'schema-type': entry<{ types: string[]; found: FoundValue }>('Wrong type', (p) => `expected ${p.types.join(' or ')}, found ${describeFound(p.found)}`),
  'schema-enum': entry<{ allowed: unknown[]; found: FoundValue; suggestion?: string }>(
    'Not one of the allowed values',
    (p) => `expected one of ${list(p.allowed)}, found ${describeFound(p.found)}${didYouMeanText(p.suggestion)}`,
  ),
  'schema-const': entry<{ expected: unknown; found: FoundValue }>(
    'Wrong value',
    (p) => `expected ${JSON.stringify(p.expected)}, found ${describeFound(p.found)}`,
  ),
  'schema-pattern': entry<{ pattern: string; hint?: string; found: FoundValue }>(
    'Wrong form',
    (p) => `expected ${p.hint ?? `text matching ${p.pattern}`}, found ${describeFound(p.found)}`,
  ),
  'schema-format': entry<{ format: string; found: FoundValue }>('Invalid format', (p) => `expected a valid ${p.format}, found ${describeFound(p.found)}`),
  'schema-empty': entry<Record<string, never>>('Empty', () => 'must not be empty'),
  'schema-too-short': entry<{ limit: number; length: number }>('Too short', (p) => `expected at least ${p.limit} characters, found ${p.length}`),
  'schema-too-long': entry<{ limit: number; length: number }>('Too long', (p) => `expected at most ${p.limit} characters, found ${p.length}`),
  'schema-too-few': entry<{ limit: number; count: number }>('Too few items', (p) => `expected at least ${p.limit} items, found ${p.count}`),
  'schema-too-many': entry<{ limit: number; count: number }>('Too many items', (p) => `expected at most ${p.limit} items, found ${p.count}`),
  'schema-range': entry<{ comparison: '>=' | '<=' | '>' | '<'; limit: number; found: FoundValue }>(
    'Number out of range',
    (p) => `expected a number ${p.comparison} ${p.limit}, found ${describeFound(p.found)}`,
  ),
  'schema-one-key': entry<{ keys: string[] }>('Not exactly one key', (p) => `expected exactly one of the keys ${p.keys.join(', ')}`),
  'schema-unknown-key': entry<{ key: string; allowed: string[]; suggestion?: string }>(
    'Unknown key',
    (p) =>
      `unknown key "${p.key}"${p.suggestion !== undefined ? didYouMeanText(p.suggestion) : p.allowed.length ? `; allowed keys: ${p.allowed.join(', ')}` : '; no keys are allowed here'}`,
  ),
  /** a keyword the catalog has no words of its own for: ajv's */
  'schema-other': entry<{ keyword: string; text: string }>('Invalid value', (p) => p.text),
  // the files (validate.ts, source-map.ts)
  'file-missing': entry<Record<string, never>>('File not found', () => 'file not found'),
  'json-invalid': entry<{ reason?: string }>('Invalid JSON', (p) => (p.reason === undefined ? 'invalid JSON' : `invalid JSON: ${p.reason}`)),
  'schema-ref-wrong': entry<{ expected: string; found: string }>(
    'Wrong $schema',
    (p) => `"$schema" should be "${p.expected}" so editors find the schema, found ${JSON.stringify(p.found)}`,
  ),
  'schema-broken': entry<{ schema: string; error: string }>('Schema cannot be compiled', (p) => `schema cannot be compiled: ${p.error}`),
  'internal-error': entry<{ during: string; detail: string }>(
    'Internal error',
    (p) => `internal error while ${p.during}: this is a bug in the validator, not necessarily in this file; please report it (${p.detail})`,
  ),
  // the rules (rules/*.ts)
  'asset-missing': entry<{ src: string }>('Image not found', (p) => `image "${p.src}" not found: add public${p.src} or fix the path`),
  'link-unresolved': entry<{ to: string; suggestion?: string }>(
    'Link to no page',
    (p) => `link to "${p.to}" does not match any route${didYouMeanText(p.suggestion)}`,
  ),
  'reference-missing': entry<{ what: string; id: string; dir: string; known: string[]; suggestion?: string }>(
    'Reference not found',
    (p) =>
      `${p.what} "${p.id}" not found in ${p.dir}/${p.suggestion !== undefined ? didYouMeanText(p.suggestion) : p.known.length ? `; known: ${p.known.join(', ')}` : ''}`,
  ),
  'collection-wrong-kind': entry<{ id: string; holds: string; needs: string }>(
    'Collection of the wrong kind',
    (p) => `collection "${p.id}" holds ${p.holds} items, but this block needs ${p.needs}`,
  ),
  'phone-differs': entry<{ value: string; phone: string }>(
    'A second phone number',
    (p) => `"${p.value}" is not the contact phone number (${p.phone}); the site uses one number for calls, WhatsApp and the chat`,
  ),
  'slug-empty': entry<{ city: string }>('City without a slug', (p) => `city "${p.city}" gives an empty URL slug`),
  'slug-taken': entry<{ city: string; slug: string; other: string }>(
    'Two cities, one slug',
    (p) => `city "${p.city}" has the same URL slug "${p.slug}" as "${p.other}"; remove one of them`,
  ),
  'service-slug-twice': entry<{ slug: string }>('Service slug used twice', (p) => `service slug "${p.slug}" is used twice`),
  'route-twice': entry<{ path: string; origin: RouteOrigin; previous: RouteOrigin }>(
    'Route defined twice',
    (p) => `route "${p.path}" is defined twice: ${describeOrigin(p.origin)} and ${describeOrigin(p.previous)}`,
  ),
  'route-reserved': entry<{ path: string } & ReservedParams>('Reserved route', (p) => `route "${p.path}" ${reservedFor(p)}; choose another path`),
  'hubs-path-reserved': entry<{ hub: 'service' | 'city'; template: string } & ReservedParams>(
    'Overviews at a reserved address',
    (p) => `the ${p.hub} overviews' path "${p.template}" ${reservedFor(p)}; choose another path`,
  ),
  'service-hub-reserved': entry<{ service: string; path: string } & ReservedParams>(
    'Service overview at a reserved address',
    (p) => `the service overview of "${p.service}" would be at "${p.path}", which ${reservedFor(p)}; change the service's slug or the service overviews' path`,
  ),
  'city-hub-reserved': entry<{ city: string; path: string } & ReservedParams>(
    'City overview at a reserved address',
    (p) => `the city overview of "${p.city}" would be at "${p.path}", which ${reservedFor(p)}; change the city overviews' path`,
  ),
  'landing-reserved': entry<{ city: string; service: string; path: string } & ReservedParams>(
    'Landing page at a reserved address',
    (p) => `the landing page of "${p.city}" x "${p.service}" would be at "${p.path}", which ${reservedFor(p)}; change the service's slug`,
  ),
  'placeholder-unknown': entry<{ name: string; suggestion?: string; cityData?: string }>(
    'Placeholder no city fills',
    (p) =>
      `placeholder {${p.name}} has no value in any city: ${p.suggestion !== undefined ? `did you mean {${p.suggestion}}?` : `add "${p.name}" to the fields of every city ${placeIn(p.cityData)}, or remove the placeholder`}`,
  ),
  'placeholder-missing': entry<{ name: string; cities: string[]; service: string; cityData?: string }>(
    'Placeholder some cities do not fill',
    (p) =>
      `placeholder {${p.name}} has no value for ${p.cities.join(', ')} (service "${p.service}"): add "${p.name}" to ${p.cities.length > 1 ? 'those cities' : 'that city'} ${placeIn(p.cityData)}, or remove the placeholder`,
  ),
  'city-data-unknown-city': entry<{ city: string; suggestion?: string }>(
    'City data for no city',
    (p) => `city "${p.city}" is not in the landing config's cities${didYouMeanText(p.suggestion)}`,
  ),
  'city-data-unknown-service': entry<{ service: string; suggestion?: string }>(
    'Override of no content service',
    (p) => `"${p.service}" is not a content landing service${didYouMeanText(p.suggestion)}`,
  ),
  'city-data-block-out-of-range': entry<{ service: string; blocks: number; at: number }>(
    'Override past the template',
    (p) => `the template of "${p.service}" has ${p.blocks} blocks (0 to ${p.blocks - 1}), found ${p.at}`,
  ),
  // the landing guard's warnings (core/seo/guard.ts, core/seo/wordless.ts)
  'landing-alike': entry<{ page: string; similarity: number; other: string; maxSimilarity: number; city: string }>(
    'Landing page like another',
    (p) =>
      `${p.page} shares ${percentText(p.similarity)} of its phrases with ${p.other} (at most ${percentText(p.maxSimilarity)}): give ${p.city} more text of its own (intro, projects, local questions)`,
  ),
  'landing-thin': entry<{ page: string; ownWords: number; minOwnWords: number; city: string }>(
    'Thin landing page',
    (p) => `${p.page} has ${p.ownWords} words of its own (at least ${p.minOwnWords}): a thin page; give ${p.city} more text of its own`,
  ),
  'description-empty': entry<{ text: string; service: string; template?: boolean; city?: string }>(
    'Description that says nothing',
    (p) =>
      `the description of ${p.template ? `the "${p.service}" template` : `"${p.service}"${p.city !== undefined ? ` in ${p.city}` : ''}`} says nothing (${JSON.stringify(p.text)}): write a sentence or two; search results and the town's overview show it`,
  ),
  'words-empty': entry<{ key: string; text: string }>(
    'Text that says nothing',
    (p) => `"${p.key}" says nothing (${JSON.stringify(p.text)}): write the words, or leave it out and the pages say it in the site's language`,
  ),
  'words-untranslated': entry<{ lang: string; missing: string[] }>(
    "Words not in the site's language",
    (p) =>
      `the engine has no words of its own in the site's language "${p.lang}", so these are shown in English: ${p.missing.join(', ')}; write them in landing.labels (titles and descriptions in landing.hubs)`,
  ),
  // the studio's restore of an old version (studio/server/publish.ts)
  'version-link': entry<Record<string, never>>('A link in an old version', () => 'a link: the studio does not restore links'),
};

export type ProblemCode = keyof typeof PROBLEMS;
export type ProblemParams = { [C in ProblemCode]: Parameters<(typeof PROBLEMS)[C]['message']>[0] };

/** Every code, for the tests that each is worded wherever problems are shown. */
export const PROBLEM_CODES = Object.keys(PROBLEMS) as ProblemCode[];

/** A problem's code and its values, one member per code so its params are typed by its code. */
export type ProblemData = { [C in ProblemCode]: { code: C; params: ProblemParams[C] } }[ProblemCode];

/** The data and the English message made from it. */
export type CodedMessage = ProblemData & { message: string };

export function problemMessage(data: ProblemData): string {
  return (PROBLEMS[data.code].message as (params: ProblemData['params']) => string)(data.params);
}

/** A problem's code and params with its message, in one call: `coded('file-missing', {})`. */
export function coded<C extends ProblemCode>(code: C, params: ProblemParams[C]): CodedMessage {
  const data = { code, params } as ProblemData;
  return { ...data, message: problemMessage(data) };
}
