/** The roles, denied by default: a route or action names the roles it lets in, and no other gets in. */
export const ROLES = ['admin', 'editor', 'sales'] as const;
export type Role = (typeof ROLES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/**
 * One way to write an address, so An@Example.nl and an@example.nl are one account: trimmed, NFC, lower case.
 * Lower-casing the local part too is what people expect (mail providers ignore its case) even if RFC 5321 allows
 * otherwise. Undefined when it is not an address at all (one @, something on both sides, a dot in the domain).
 */
export function normaliseEmail(input: string): string | undefined {
  const email = input.trim().normalize('NFC').toLowerCase();
  // no control characters either: an address is printed on terminals (`npm run staff -- list`)
  if (email.length > 254 || /[\s<>(),;:"\\[\]\p{Cc}]/u.test(email)) return undefined;
  const at = email.lastIndexOf('@');
  if (at < 1 || at !== email.indexOf('@')) return undefined;
  const domain = email.slice(at + 1);
  return /^[^.]+(\.[^.]+)+$/.test(domain) ? email : undefined;
}
