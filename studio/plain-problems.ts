import type { Problem } from './api.ts';
import { problemTexts, type ProblemTexts } from './plain-problem-texts.ts';
import { reservedRoute, reservedUnder } from '../core/site/reserved-routes.ts';

/**
 * A problem of the site in plain words, in the site's language, for staff who are not developers: each shape of
 * message the validator writes (core/validate/messages.ts, validate.ts, source-map.ts and its rules) read back into
 * its values and said as a sentence; a message of another shape still reads as one.
 */
export function plainProblem(problem: Pick<Problem, 'message' | 'pointer'>, lang: string): string {
  const t = problemTexts(lang);
  const guess = SUGGESTION.exec(problem.message);
  const message = guess ? problem.message.slice(0, guess.index) : problem.message;
  for (const [shape, say] of SHAPES) {
    const match = shape.exec(message);
    if (match) return join(say(match, t), guess ? t.didYouMean(guess[1]!) : undefined);
  }
  return t.other(problem.message);
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

/** The validator's " - did you mean "x"?" at the end of a message (did-you-mean.ts). */
const SUGGESTION = / - did you mean "(.*)"\?$/;

const join = (...sentences: (string | undefined)[]) => sentences.filter(Boolean).join(' ');

/** A value as the validator describes it (messages.ts `describe`), in plain words. */
function found(text: string, t: ProblemTexts): string {
  if (text === 'null') return t.found.nothing;
  if (text === 'an object') return t.found.group;
  const list = /^an array of (\d+)$/.exec(text);
  if (list) return t.found.list(list[1]!);
  const number = /^number (.+)$/.exec(text);
  if (number) return t.found.number(number[1]!);
  const flag = /^boolean (true|false)$/.exec(text);
  if (flag) return t.found.flag(flag[1]!);
  return text.startsWith('"') ? t.found.text(text) : text;
}

/** "string or null" -> "een tekst of niets". */
const typeNames = (types: string, t: ProblemTexts) =>
  types
    .split(' or ')
    .map((type) => t.types[type] ?? type)
    .join(t.or);

/** A list the validator joins with ", " (allowed keys, known ids), as it is: names the person sees in the studio. */
const known = (list: string | undefined, t: ProblemTexts) => (list ? t.known(list) : undefined);

const TYPE = '(?:string|number|integer|boolean|object|array|null)';
/** "is reserved for <owner> (<address> and below); ": an owner has no parentheses (core/site/reserved-routes.ts) */
const RESERVED = String.raw`is reserved for (.+?)(?: \(([^()]+?)(?: and below)?\))?; `;

type Say = (m: RegExpExecArray, t: ProblemTexts) => string;

/** Each shape of message, most particular first; the values in it are read by its groups. */
const SHAPES: [RegExp, Say][] = [
  // schema keywords (messages.ts)
  [/^missing required key "(.*)" \(the (.+)\)$/, (m, t) => t.chooseKind(t.kinds[m[2]!] ?? m[2]!)],
  [/^missing required key "(.*)"$/, (_, t) => t.required],
  [/^must not be empty$/, (_, t) => t.empty],
  [/^expected at least (\d+) characters, found (\d+)$/, (m, t) => t.tooShort(m[1]!, m[2]!)],
  [/^expected at most (\d+) characters, found (\d+)$/, (m, t) => t.tooLong(m[1]!, m[2]!)],
  [/^expected at least (\d+) items, found (\d+)$/, (m, t) => t.tooFew(m[1]!, m[2]!)],
  [/^expected at most (\d+) items, found (\d+)$/, (m, t) => t.tooMany(m[1]!, m[2]!)],
  [/^expected a number (>=|<=|>|<) (\S+), found (.*)$/, (m, t) => t.range[m[1]!]!(m[2]!, m[3]!.replace(/^number /, ''))],
  [/^expected exactly one of the keys (.*)$/, (m, t) => t.oneKey(m[1]!)],
  [/^expected a valid (\S+), found (.*)$/, (m, t) => t.format[m[1]!] ?? t.formatOther(m[1]!)],
  [/^expected one of (.*), found (.*)$/, (m, t) => t.oneOf(m[1]!, found(m[2]!, t))],
  [new RegExp(`^expected (${TYPE}(?: or ${TYPE})*), found (.*)$`), (m, t) => t.type(typeNames(m[1]!, t), found(m[2]!, t))],
  [/^expected (".*"|-?\d[\d.e+-]*|true|false|null), found (.*)$/, (m, t) => t.exactly(m[1]!)],
  [/^expected text matching (.*), found (.*)$/, (m, t) => t.patterns[m[1]!] ?? t.patternUnknown],
  [/^unknown key "(.*)"; allowed keys: (.*)$/, (m, t) => join(t.unknownKey(m[1]!), t.allowedKeys(m[2]!))],
  [/^unknown key "(.*)"; no keys are allowed here$/, (m, t) => join(t.unknownKey(m[1]!), t.noKeys)],
  [/^unknown key "(.*)"$/, (m, t) => t.unknownKey(m[1]!)],
  [
    /^unknown (block type|collection kind|field type|value of "[^"]*") "(.*?)"(?:; known: (.*))?$/,
    (m, t) => join(t.unknownKind(kindName(m[1]!, t), m[2]!), known(m[3], t)),
  ],
  // the files (validate.ts, source-map.ts)
  [/^file not found$/, (_, t) => t.fileMissing],
  [/^invalid JSON: (.*)$/, (m, t) => t.invalidJson(t.json[m[1]!] ?? m[1]!)],
  [/^"\$schema" should be "(.*)" so editors find the schema, found (.*)$/, (m, t) => t.schemaRef(m[1]!)],
  [/^(?:schema cannot be compiled:|internal error while )/, (_, t) => t.broken],
  // the rules (rules/*.ts)
  [/^image "(.*)" not found: add public.* or fix the path$/, (m, t) => t.imageMissing(m[1]!)],
  [/^link to "(.*)" does not match any route$/, (m, t) => t.linkMissing(m[1]!)],
  [/^(form|page|collection) "(.*)" not found in content\/[a-z]+\/(?:; known: (.*))?$/, (m, t) => join(t.refMissing[m[1]!]!(m[2]!), known(m[3], t))],
  [
    /^collection "(.*)" holds (.*) items, but this block needs (.*)$/,
    (m, t) => t.wrongCollection(m[1]!, t.collections[m[2]!] ?? m[2]!, t.collections[m[3]!] ?? m[3]!),
  ],
  [/^"(.*)" is not the contact phone number \((.*)\); /, (m, t) => t.phone(m[1]!, m[2]!)],
  [/^city "(.*)" gives an empty URL slug$/, (m, t) => t.emptySlug(m[1]!)],
  [/^city "(.*)" has the same URL slug "(.*)" as "(.*)"; remove one of them$/, (m, t) => t.sameSlug(m[1]!, m[3]!)],
  // the landing guard's warnings (core/seo/guard.ts)
  [
    /^(\/\S*) shares (\d+%) of its phrases with (\/\S*) \(at most (\d+%)\): give (.+) more text of its own/,
    (m, t) => t.alike(m[1]!, m[2]!, m[3]!, m[4]!, m[5]!),
  ],
  [/^(\/\S*) has (\d+) words of its own \(at least (\d+)\): a thin page; give (.+) more text of its own$/, (m, t) => t.thin(m[1]!, m[2]!, m[3]!, m[4]!)],
  // core/seo/wordless.ts: a landing text that says nothing, or words the engine has not in the site's language
  [/^the description of (?:the )?"(.*?)"(?: template)?(?: in (.+?))? says nothing \(/, (m, t) => t.emptyDescription(m[1]!, m[2])],
  [/^".*" says nothing \(.*\): write the words/, (_, t) => t.emptyWords],
  [/^the engine has no words of its own in the site's language "(.*?)"/, (m, t) => t.untranslated(m[1]!)],
  [/^service slug "(.*)" is used twice$/, (m, t) => t.slugTwice(m[1]!)],
  [/^route "(.*?)" is defined twice: /, (m, t) => t.routeTwice(m[1]!)],
  // rules/reserved-routes.ts: whose the address is, then the reserved address it is under when it is another
  [new RegExp(`^route "(.*)" ${RESERVED}`), (m, t) => t.reservedRoute(m[1]!, t.owner(m[2]!), m[3])],
  [new RegExp(`^the service overview of "(.*)" would be at "(.*)", which ${RESERVED}`), (m, t) => t.reservedServiceHub(m[1]!, m[2]!, t.owner(m[3]!))],
  [new RegExp(`^the city overview of "(.*)" would be at "(.*)", which ${RESERVED}`), (m, t) => t.reservedCityHub(m[1]!, m[2]!, t.owner(m[3]!))],
  [new RegExp(`^the (service|city) overviews' path ".*" ${RESERVED}`), (m, t) => t.reservedHubs(m[1] as 'service' | 'city', m[3], t.owner(m[2]!))],
  [new RegExp(`^the landing page of "(.*)" x "(.*)" would be at "(.*)", which ${RESERVED}`), (m, t) => t.reservedLanding(m[2]!, m[1]!, m[3]!, t.owner(m[4]!))],
  // a pattern with a hint (x-hint in the schemas): last, since it reads "expected <anything>, found <value>"
  [/^expected (.*), found (.*)$/, (m, t) => t.hints[m[1]!] ?? t.hintOther(m[1]!)],
];

/** "block type" -> "soort blok"; a union without an `x-kind` ("value of \"type\"") is a value. */
const kindName = (kind: string, t: ProblemTexts) => t.kinds[kind.startsWith('value of') ? 'value' : kind] ?? kind;
