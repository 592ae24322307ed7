import { PERMISSIONS, type Permission, type StaffRole } from '../../core/admin/contract.ts';

/**
 * What each role may do, the one table of it: the routes are checked against it (server/admin/routes.ts refuses a
 * route without a permission), and /api/me hands a person theirs, which the pages' menu and screens follow.
 * Denied by default: a role has only the permissions listed for it here.
 * Admin: people, roles, settings, the System screen, everything. Editor: content and publishing. Sales: leads.
 */
export const ROLE_PERMISSIONS: Record<StaffRole, readonly Permission[]> = {
  admin: ['public', 'signed-in', 'leads', 'content', 'people', 'audit', 'system'],
  editor: ['public', 'signed-in', 'content'],
  sales: ['public', 'signed-in', 'leads'],
};

/** Whether a person of this role (or nobody, when not signed in) may use a route that asks this permission. */
export function allows(role: StaffRole | undefined, permission: Permission): boolean {
  if (permission === 'public') return true;
  return role !== undefined && ROLE_PERMISSIONS[role].includes(permission);
}

/** Everything a person of this role may do, as /api/me tells the pages. */
export const permissionsOf = (role: StaffRole): Permission[] => PERMISSIONS.filter((permission) => allows(role, permission));
