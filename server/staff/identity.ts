import { isStaffRole, STAFF_ROLES, type StaffRole } from '../../core/admin/contract.ts';

/** The roles, declared once with the back office's wire (core/admin/contract.ts): denied by default, a route or action names the roles it lets in. */
export const ROLES = STAFF_ROLES;
export type Role = StaffRole;
export const isRole = isStaffRole;

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
