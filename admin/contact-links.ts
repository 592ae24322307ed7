/**
 * The links that call or mail a lead's person from its page (issue 50): the phone number as the phone dials it, in
 * international form, whatever way it was typed; the mail with the form's name as its subject and a greeting.
 */

/** A number typed the Dutch way or any other ('06 12345678', '(020) 123 45 67', '0031 6 1234 5678') as +<digits>; undefined when it holds too few digits to be one. */
export function internationalPhone(typed: string, countryCode = '31'): string | undefined {
  const trimmed = typed.trim();
  const digits = trimmed.replace(/\D/g, '');
  if (digits.length < 6 || digits.length > 15) return undefined;
  if (trimmed.startsWith('+')) return `+${digits}`;
  if (digits.startsWith('00')) return `+${digits.slice(2)}`;
  if (digits.startsWith('0')) return `+${countryCode}${digits.slice(1)}`;
  return `+${countryCode}${digits}`;
}

/** `tel:` with the number in international form, or undefined when the text is no number. */
export function telLink(typed: string): string | undefined {
  const number = internationalPhone(typed);
  return number ? `tel:${number}` : undefined;
}

/** `mailto:` the address, its subject and its first lines filled in (encoded as RFC 6068 asks: spaces as %20, lines as %0D%0A). */
export function mailLink(address: string, subject: string, body: string): string {
  const encode = (text: string) => encodeURIComponent(text.replace(/\r?\n/g, '\r\n'));
  return `mailto:${encodeURIComponent(address).replace(/%40/g, '@')}?subject=${encode(subject)}&body=${encode(body)}`;
}
