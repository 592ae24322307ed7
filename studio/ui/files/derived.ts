import type { EditOp } from '../../../core/edit/ops.ts';
import { CONFIG_FILE } from '../../../core/site/layout.ts';

/**
 * Values of the site that follow from another one: the person types the phone number once, as it is shown
 * ("085 060 1234"), and the call link (`contact.phoneHref`, "tel:+31850601234"), WhatsApp's number
 * (`contact.whatsapp`) and the chat's (`chat.phoneNumber`), which the validator's one-phone-number rule keeps equal
 * to the call link's digits, follow in the same edit (one undo step). The studio does not show their fields.
 *
 * Which country code a number typed without one gets, in this order:
 * 1. one typed with it ("+31 6 …", "0031 6 …") is used as it is ("(0)" in "+31 (0)6 …" is left out);
 * 2. the code the current call link has: the part of its digits before the current number's own digits (without
 *    their leading 0), or else a calling code this file knows that the link starts with;
 * 3. the code of the organisation's country (`seo.organization.country`, "NL"), when this file knows it;
 * 4. the site's language: `nl` → +31 (a region in it counts: `nl-BE` → +32, `en-GB` → +44);
 * 5. none known (an English site with no link yet, say): the digits stay as typed ("tel:01174960123"); the
 *    validator then says the link needs its country code, and the phone field says how to type it.
 * The leading 0 of a national number (the trunk prefix) is left out once a code is put before it, except in
 * Italy (+39), where it is part of the number.
 */

/** Calling codes by country (ISO 3166-1 alpha-2): the countries an agency's sites are most likely in. */
const CODES: Record<string, string> = {
  NL: '31',
  BE: '32',
  FR: '33',
  ES: '34',
  IT: '39',
  CH: '41',
  AT: '43',
  GB: '44',
  UK: '44',
  DK: '45',
  SE: '46',
  NO: '47',
  PL: '48',
  DE: '49',
  IE: '353',
  LU: '352',
  PT: '351',
  FI: '358',
  CW: '599',
  SR: '597',
  AW: '297',
  ZA: '27',
  US: '1',
  CA: '1',
  AU: '61',
  NZ: '64',
};
const KNOWN = new Set(Object.values(CODES));

/** The pointers (in site.config.json) of the values that follow the phone number. */
export const PHONE = '/contact/phone';
const FOLLOWERS = ['/contact/phoneHref', '/contact/whatsapp', '/chat/phoneNumber'];

/** Whether a field's value follows another one, so the studio does not show it (site.config.json's call link, ...). */
export const isDerived = (file: string, pointer: string): boolean => file === CONFIG_FILE && FOLLOWERS.includes(pointer);

/** The field a derived value follows (a problem of the call link is shown on, and leads to, the phone field). */
export const sourceOf = (file: string, pointer: string): string => (isDerived(file, pointer) ? PHONE : pointer);

export interface PhoneContext {
  /** the call link the site has now ("tel:+31623456789") */
  currentHref?: string;
  /** the phone number as shown now ("06 2345 6789"): with the link, it tells how long the link's country code is */
  currentPhone?: string;
  /** the organisation's country ("NL") */
  country?: string;
  /** the site's language ("nl", "en-GB") */
  lang?: string;
}

const digitsOf = (text: string) => text.replace(/\D/g, '');
const international = (text: string) => /^\s*(\+|00)/.test(text);

/** The country code of the current call link, when it can be told. */
function codeOfLink(href: string | undefined, phone: string | undefined): string | undefined {
  const match = /^tel:\+(\d+)$/.exec(href?.replace(/[\s.-]/g, '') ?? '');
  if (!match) return undefined;
  const link = match[1]!;
  if (phone && !international(phone)) {
    const national = digitsOf(phone).replace(/^0/, '');
    const code = link.slice(0, link.length - national.length);
    if (national !== '' && link.endsWith(national) && /^\d{1,3}$/.test(code)) return code;
  }
  // calling codes are prefix-free: at most one known code starts the link
  for (const length of [1, 2, 3]) if (KNOWN.has(link.slice(0, length))) return link.slice(0, length);
  return undefined;
}

/** The country code of a language's region (`nl-BE` → 32), or of Dutch (31). */
function codeOfLang(lang: string | undefined): string | undefined {
  const [language = '', region = ''] = (lang ?? '').split(/[-_]/);
  if (region && CODES[region.toUpperCase()]) return CODES[region.toUpperCase()];
  return language.toLowerCase() === 'nl' ? '31' : undefined;
}

/** The country code a number typed without one gets (see the order above), or undefined when none is known. */
export function countryCode(context: PhoneContext): string | undefined {
  return codeOfLink(context.currentHref, context.currentPhone) ?? CODES[(context.country ?? '').toUpperCase()] ?? codeOfLang(context.lang);
}

/**
 * The call link (`tel:` and the number in international form) of a phone number as the person typed it; undefined
 * while it has no digits (the link then keeps what it was, and keeps its country code for the next digits).
 */
export function telHref(typed: string, context: PhoneContext): string | undefined {
  const text = typed.replace(/\(0\)/g, '').trim();
  const digits = digitsOf(text);
  if (digits === '') return undefined;
  if (text.startsWith('+')) return `tel:+${digits}`;
  if (digits.startsWith('00')) return `tel:+${digits.slice(2)}`;
  const code = countryCode(context);
  if (!code) return `tel:${digits}`;
  return `tel:+${code}${code === '39' ? digits : digits.replace(/^0/, '')}`;
}

/** Whether a call link is in the international form the site needs ("tel:+" and 8 to 15 digits). */
export const isInternational = (href: string): boolean => /^tel:\+[0-9]{8,15}$/.test(href);

type Json = Record<string, unknown>;
const objectAt = (value: unknown): Json | undefined => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : undefined);

/**
 * The edits that go with typing `typed` into the phone field of `config` (site.config.json as it is before that
 * edit): the call link, and WhatsApp's and the chat's number where the config has them. Values already right are
 * left out; nothing while the number has no digits.
 */
export function phoneEdits(config: unknown, typed: string, lang?: string): EditOp[] {
  const contact = objectAt(objectAt(config)?.contact);
  if (!contact) return [];
  const organization = objectAt(objectAt(objectAt(config)?.seo)?.organization);
  const href = telHref(typed, {
    currentHref: typeof contact.phoneHref === 'string' ? contact.phoneHref : undefined,
    currentPhone: typeof contact.phone === 'string' ? contact.phone : undefined,
    country: typeof organization?.country === 'string' ? organization.country : undefined,
    lang: lang ?? (typeof objectAt(config)?.lang === 'string' ? (objectAt(config)!.lang as string) : undefined),
  });
  if (href === undefined) return [];
  const digits = digitsOf(href);
  const chat = objectAt(objectAt(config)?.chat);
  const edits: [Json | undefined, string[], string][] = [
    [contact, ['contact', 'phoneHref'], href],
    [contact, ['contact', 'whatsapp'], digits],
    [chat, ['chat', 'phoneNumber'], digits],
  ];
  return edits
    .filter(([holder, path, value]) => holder && (path[1] === 'phoneHref' || typeof holder[path[1]!] === 'string') && holder[path[1]!] !== value)
    .map(([, path, value]): EditOp => ({ op: 'set', path, value }));
}
