/**
 * The text the leads inbox searches (issue 38): a lead's name, e-mail, phone, message and every text of its values,
 * folded (lowercase, accents dropped) so one plain LIKE finds "José" by "jose" on SQLite and PostgreSQL alike,
 * whatever either database's collation folds. Kept in leads.search_text, written with the lead (lead-queries.ts)
 * and, for leads stored before migration 0008, by that migration.
 */

/** Every string inside a lead's values (lists and nested objects included). */
export function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

/** Lowercase without accents: é, É and e are one letter to a search; so are the ligature ﬁ and fi. */
export function fold(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

/**
 * A phone number as staff type it into a search: its digits alone, and an international Dutch number (+31, 0031)
 * in its national form too, so "0612345678" finds "+31 6 12345678" and "06-1234 5678".
 */
export function phoneForms(phone: string): string[] {
  const digits = phone.replace(/\D/g, '');
  if (digits === '') return [];
  const rest = /^\s*(\+|00)31/.test(phone) ? digits.replace(/^(00)?31/, '') : '';
  // a whole number only: "+31" alone is no national number
  return rest.length >= 6 ? [digits, `0${rest}`] : [digits];
}

export interface Searchable {
  name: string;
  email: string;
  phone: string;
  message: string;
  values: Record<string, unknown>;
}

/** The folded search text of a lead: each part once, one per line (a search word never spans two fields). */
export function searchText(lead: Searchable): string {
  const parts = [lead.name, lead.email, lead.phone, ...phoneForms(lead.phone), lead.message, ...strings(lead.values)];
  return [...new Set(parts.map((part) => fold(part).trim()).filter(Boolean))].join('\n');
}

/** Caps the words of one search: each is one more LIKE over the rows, and nobody types more. */
const MAX_TERMS = 8;

/**
 * The words of a search, folded as the stored text is; every one must occur in a lead for it to match. A word that
 * looks like a phone number ("06-12345678", "+31612345678") is taken as its digits, in its national form.
 */
export function searchTerms(search: string): string[] {
  const words = fold(search).split(/\s+/).filter(Boolean);
  const terms = words.map((word) => (/^\+?[\d\-()./]*\d[\d\-()./]*$/.test(word) ? (phoneForms(word).at(-1) ?? word) : word));
  return [...new Set(terms)].slice(0, MAX_TERMS);
}

/** `%term%` for LIKE ... ESCAPE '!': the term's own %, _ and ! are taken literally. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[!%_]/g, (c) => `!${c}`)}%`;
}
