/**
 * One person's e-mail address found as a whole address, never as part of another (`an@x.nl` is not in `jan@x.nl`
 * or `an@x.nl.au`), case-insensitively for every letter (`ÅSA@x.nl` is `åsa@x.nl`). The storage narrows the rows
 * with a LIKE both SQLite and PostgreSQL answer alike (likeCandidates), then holdsAddress decides.
 */

/** The form both sides are compared in: composed (NFC), as one text is typed and another pasted, and lower case. */
export const foldAddress = (text: string) => text.normalize('NFC').toLowerCase();

// RFC 5322's atext and RFC 6531's letters of every script; '@' too, so that no part of a longer address matches
const LOCAL_PART = "\\p{L}\\p{N}\\p{M}!#$%&'*+/=?^_`{|}~@\\-";
// a domain goes on with a letter, a digit or a hyphen ('_' and '@' are no domain's, but no neighbour is taken in)
const DOMAIN_PART = '\\p{L}\\p{N}\\p{M}_@\\-';

/**
 * One whole address, as a person gives it: a local part of atext and letters in dot-separated runs, an @, and a
 * domain of two or more labels. No `*`, `%` or `?`: though an address may hold them, a person who types them means
 * a pattern, and a pattern takes in other people.
 */
const WHOLE =
  /^[\p{L}\p{N}\p{M}!#$&'+/=^_`{|}~-]+(?:\.[\p{L}\p{N}\p{M}!#$&'+/=^_`{|}~-]+)*@[\p{L}\p{N}](?:[\p{L}\p{N}\p{M}-]*[\p{L}\p{N}\p{M}])?(?:\.[\p{L}\p{N}](?:[\p{L}\p{N}\p{M}-]*[\p{L}\p{N}\p{M}])?)+$/u;

export const isWholeAddress = (text: string) => text.length <= 254 && text.indexOf('@') <= 64 && WHOLE.test(text);

// not '-': with the u flag `\-` is an error outside a character class, and a hyphen outside one means itself
const escapeRegExp = (text: string) => text.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');

/**
 * A test for `address` (folded) as a whole address inside a folded text: not preceded by what a local part holds
 * (nor by such a character and a dot: `jan.an@x.nl`), not followed by what a domain holds (nor by a dot and a
 * letter: `an@x.nl.au`). A dot with nothing of an address beyond it ends a sentence, not the address.
 */
function wholeIn(address: string): RegExp {
  return new RegExp(`(?<![${LOCAL_PART}]|[${LOCAL_PART}]\\.)${escapeRegExp(address)}(?![${DOMAIN_PART}]|\\.[\\p{L}\\p{N}\\p{M}])`, 'u');
}

/** A check of texts for one address: true when the text holds it as a whole address, or is it (case aside). */
export function addressFinder(address: string): (text: string) => boolean {
  const folded = foldAddress(address.trim());
  const pattern = wholeIn(folded);
  return (text) => text !== '' && pattern.test(foldAddress(text));
}

/**
 * The ASCII characters some other character folds to: U+0130 İ (to i and a dot above), U+212A the Kelvin sign
 * (k), U+037E the Greek question mark (;) and U+1FEF the Greek varia (`), by NFC and toLowerCase. A stored
 * `\u212Aim@x.nl` is `kim@x.nl` to foldAddress but not to SQL's lower(): the pattern leaves such characters open.
 * whole-address.test.ts checks this list against every code point.
 */
export const FOLDED_FROM_ELSEWHERE = new Set(['i', 'k', ';', '`']);

/**
 * A LIKE pattern (ESCAPE '!') that `lower(column)` of every row holding the address satisfies, on SQLite (whose
 * lower() and LIKE know only ASCII case) and PostgreSQL (whose lower() follows the database's locale) alike: it
 * keeps the address's ASCII characters, which every locale lowers alike, and leaves every other character open
 * (`%`: its stored form may differ in case, composition, even length). Only a first sieve; holdsAddress decides.
 */
export function likeCandidates(address: string): string {
  let pattern = '%';
  for (const char of foldAddress(address.trim())) {
    const kept = char.length === 1 && char.charCodeAt(0) < 0x80 && !FOLDED_FROM_ELSEWHERE.has(char);
    if (kept) pattern += /[!%_]/.test(char) ? `!${char}` : char;
    else if (!pattern.endsWith('%') || pattern.endsWith('!%')) pattern += '%';
  }
  return pattern.endsWith('%') && !pattern.endsWith('!%') ? pattern : `${pattern}%`;
}
