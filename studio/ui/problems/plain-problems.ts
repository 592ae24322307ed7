import type { Problem } from '../../../core/validate/validate.ts';
import { problemTexts, type ProblemTexts } from './plain-problem-texts.ts';
import { reservedRoute, reservedUnder } from '../../../core/site/reserved-routes.ts';
import { percentText, type FoundValue, type ProblemCode, type ProblemData, type ProblemParams } from '../../../core/validate/problem-catalog.ts';

/** What the studio reads of a problem: its code and values; the message only for a problem of a code it has no words for. */
export type PlainProblemInput = ProblemData & Partial<Pick<Problem, 'message' | 'pointer'>>;

/**
 * A problem of the site in plain words, in the site's language, for staff who are not developers: the words of its
 * code (core/validate/problem-catalog.ts) with the values of its params. The validator's English message is never
 * read, so rewording it changes nothing here.
 */
export function plainProblem(problem: PlainProblemInput, lang: string): string {
  const t = problemTexts(lang);
  const say = Object.hasOwn(PLAIN_WORDS, problem.code) ? (PLAIN_WORDS[problem.code] as Say<ProblemCode>) : undefined;
  return say ? say(problem.params as never, t) : t.other(problem.message ?? problem.code);
}

/**
 * Why a page cannot have this address, in the words the validator's problem is said in (rules/reserved-routes.ts):
 * the studio's address dialog says it as the address is typed. Undefined for an address no one keeps.
 */
export function reservedRouteText(path: string, lang: string): string | undefined {
  const reserved = reservedRoute(path);
  if (!reserved) return undefined;
  const t = problemTexts(lang);
  return t.reservedRoute(path, t.owner(reserved.owner), reservedUnder(path, reserved));
}

const join = (...sentences: (string | undefined)[]) => sentences.filter(Boolean).join(' ');

/** The validator's likely intended value (did-you-mean.ts), as a question after the problem. */
const guessed = (p: { suggestion?: string }, t: ProblemTexts) => (p.suggestion === undefined ? undefined : t.didYouMean(p.suggestion));

/** A value the validator found, in plain words. */
function found(value: FoundValue, t: ProblemTexts): string {
  switch (value.kind) {
    case 'null':
      return t.found.nothing;
    case 'object':
      return t.found.group;
    case 'array':
      return t.found.list(String(value.items));
    case 'number':
      return t.found.number(String(value.value));
    case 'boolean':
      return t.found.flag(String(value.value));
    case 'text':
      return t.found.text(JSON.stringify(value.text));
    default:
      return value.text;
  }
}

/** ["string", "null"] -> "een tekst of niets". */
const typeNames = (types: string[], t: ProblemTexts) => types.map((type) => t.types[type] ?? type).join(t.or);

/** A list of names (allowed keys, known ids) as they are: names the person sees in the studio. */
const known = (list: string[], t: ProblemTexts) => (list.length ? t.known(list.join(', ')) : undefined);

/** "block type" -> "soort blok"; a union without an `x-kind` is a value. */
const kindName = (kind: string | undefined, t: ProblemTexts) => (kind === undefined ? t.kinds.value! : (t.kinds[kind] ?? kind));

/** A number the range check found, as it is ("-1"); anything else as the validator describes it. */
const numberFound = (value: FoundValue, t: ProblemTexts) => (value.kind === 'number' ? String(value.value) : found(value, t));

const collectionName = (kind: string, t: ProblemTexts) => t.collections[kind] ?? kind;

type Say<C extends ProblemCode> = (p: ProblemParams[C], t: ProblemTexts) => string;

/**
 * The words of each code, from its params and the texts of the site's language (plain-problem-texts.ts). Every code
 * of the validator's catalog has an entry: the type says so, and plain-problems.test.ts fails for a code without one.
 */
export const PLAIN_WORDS: { [C in ProblemCode]: Say<C> } = {
  'schema-required': (_, t) => t.required,
  'schema-kind-missing': (p, t) => t.chooseKind(kindName(p.kind, t)),
  'schema-kind-unknown': (p, t) => join(t.unknownKind(kindName(p.kind, t), p.value), guessed(p, t) ?? known(p.known, t)),
  'schema-type': (p, t) => t.type(typeNames(p.types, t), found(p.found, t)),
  'schema-enum': (p, t) => join(t.oneOf(p.allowed.map((v) => JSON.stringify(v)).join(', '), found(p.found, t)), guessed(p, t)),
  'schema-const': (p, t) => t.exactly(JSON.stringify(p.expected)),
  'schema-pattern': (p, t) => (p.hint !== undefined ? (t.hints[p.hint] ?? t.hintOther(p.hint)) : (t.patterns[p.pattern] ?? t.patternUnknown)),
  'schema-format': (p, t) => t.format[p.format] ?? t.formatOther(p.format),
  'schema-empty': (_, t) => t.empty,
  'schema-too-short': (p, t) => t.tooShort(String(p.limit), String(p.length)),
  'schema-too-long': (p, t) => t.tooLong(String(p.limit), String(p.length)),
  'schema-too-few': (p, t) => t.tooFew(String(p.limit), String(p.count)),
  'schema-too-many': (p, t) => t.tooMany(String(p.limit), String(p.count)),
  'schema-range': (p, t) => t.range[p.comparison]!(String(p.limit), numberFound(p.found, t)),
  'schema-one-key': (p, t) => t.oneKey(p.keys.join(', ')),
  'schema-unknown-key': (p, t) => join(t.unknownKey(p.key), guessed(p, t) ?? (p.allowed.length ? t.allowedKeys(p.allowed.join(', ')) : t.noKeys)),
  'schema-other': (p, t) => t.other(p.text),
  'file-missing': (_, t) => t.fileMissing,
  // a file JSON refuses with no reason of the parser's (a byte order mark) starts with a character JSON has not
  'json-invalid': (p, t) => t.invalidJson(t.json[p.reason ?? 'unexpected character'] ?? p.reason!),
  'schema-ref-wrong': (p, t) => t.schemaRef(p.expected),
  'schema-broken': (_, t) => t.broken,
  'internal-error': (_, t) => t.broken,
  'asset-missing': (p, t) => t.imageMissing(p.src),
  'link-unresolved': (p, t) => join(t.linkMissing(p.to), guessed(p, t)),
  'reference-missing': (p, t) => join((t.refMissing[p.what] ?? t.refMissing.collection!)(p.id), guessed(p, t) ?? known(p.known, t)),
  'collection-wrong-kind': (p, t) => t.wrongCollection(p.id, collectionName(p.holds, t), collectionName(p.needs, t)),
  'phone-differs': (p, t) => t.phone(p.value, p.phone),
  'slug-empty': (p, t) => t.emptySlug(p.city),
  'slug-taken': (p, t) => t.sameSlug(p.city, p.other),
  'service-slug-twice': (p, t) => t.slugTwice(p.slug),
  'route-twice': (p, t) => t.routeTwice(p.path),
  'route-reserved': (p, t) => t.reservedRoute(p.path, t.owner(p.owner), p.reservedPath),
  'hubs-path-reserved': (p, t) => t.reservedHubs(p.hub, p.reservedPath, t.owner(p.owner)),
  'service-hub-reserved': (p, t) => t.reservedServiceHub(p.service, p.path, t.owner(p.owner)),
  'city-hub-reserved': (p, t) => t.reservedCityHub(p.city, p.path, t.owner(p.owner)),
  'landing-reserved': (p, t) => t.reservedLanding(p.service, p.city, p.path, t.owner(p.owner)),
  'placeholder-unknown': (p, t) =>
    join(t.placeholderUnknown(p.name), p.suggestion === undefined ? t.placeholderAdd(p.name) : t.didYouMean(`{${p.suggestion}}`)),
  'placeholder-missing': (p, t) => t.placeholderMissing(p.name, p.cities),
  'city-data-unknown-city': (p, t) => join(t.cityUnknown(p.city), guessed(p, t)),
  'city-data-unknown-service': (p, t) => join(t.serviceUnknown(p.service), guessed(p, t)),
  'city-data-block-out-of-range': (p, t) => t.blockOutOfRange(p.service, p.blocks, p.at),
  'landing-alike': (p, t) => t.alike(p.page, percentText(p.similarity), p.other, percentText(p.maxSimilarity), p.city),
  'landing-thin': (p, t) => t.thin(p.page, String(p.ownWords), String(p.minOwnWords), p.city),
  'description-empty': (p, t) => t.emptyDescription(p.service, p.city),
  'words-empty': (_, t) => t.emptyWords,
  'words-untranslated': (p, t) => t.untranslated(p.lang),
  'version-link': (_, t) => t.versionLink,
};
