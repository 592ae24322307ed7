import type { Role } from '../staff/identity.ts';

/**
 * What a back office route asks of its caller. Denied by default: a role has only the permissions listed for it
 * here, and every route declares one (server/admin/routes.ts refuses a route without).
 * - public: anyone, signed in or not (the sign-in and invitation screens);
 * - signed-in: any member of staff (their own account and sessions);
 * - leads, content, people, audit: the rooms of the back office.
 */
export const PERMISSIONS = ['public', 'signed-in', 'leads', 'content', 'people', 'audit'] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** Admin: people, roles, settings, everything. Editor: content and publishing. Sales: leads. */
export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  admin: ['public', 'signed-in', 'leads', 'content', 'people', 'audit'],
  editor: ['public', 'signed-in', 'content'],
  sales: ['public', 'signed-in', 'leads'],
};

/** Whether a person of this role (or nobody, when not signed in) may use a route that asks this permission. */
export function allows(role: Role | undefined, permission: Permission): boolean {
  if (permission === 'public') return true;
  return role !== undefined && ROLE_PERMISSIONS[role].includes(permission);
}
