import { isRole } from '../staff/identity.ts';
import { invitationLink, inviteStaff, resetStaff } from '../staff/invitations.ts';
import type { StaffStore } from '../staff/store/staff-store.ts';
import type { SendInvitation } from './invitation-mail.ts';
import { jsonBody, text, type AdminContext, type RouteSpec, type SignedIn } from './routes.ts';

/**
 * People, for admins. Every change asks for a fresh sign-in, and none may be made to one's own
 * account (an admin who disables or demotes themselves locks the door from outside; another admin, or
 * `npm run staff`, does it).
 */
export function peopleRoutes(staff: StaffStore, origin: string, sendInvitation?: SendInvitation): RouteSpec[] {
  /** The link, mailed to the person too when SMTP is configured. */
  const handOver = async (email: string, token: string, expiresAt: string) => {
    const link = invitationLink(origin, token);
    return { link, expiresAt, mailed: sendInvitation ? await sendInvitation(email, link, expiresAt) : false };
  };
  /** The person of the path's id, unless it is the caller; the answer to send instead otherwise. */
  const other = async (c: AdminContext, who: SignedIn | undefined) => {
    const user = await staff.getUser(c.req.param('id') ?? '');
    if (!user) return { refused: c.json({ error: 'not-found' }, 404) };
    if (user.id === who!.user.id) return { refused: c.json({ error: 'self' }, 400) };
    return { user };
  };
  const change = (path: string, act: (c: AdminContext, who: SignedIn, userId: string) => Promise<Response>): RouteSpec => ({
    method: 'POST',
    path,
    permission: 'people',
    fresh: true,
    handler: async (c, who) => {
      const found = await other(c, who);
      return found.refused ?? act(c, who!, found.user.id);
    },
  });
  return [
    { method: 'GET', path: '/api/people', permission: 'people', handler: async (c) => c.json({ people: await staff.listUsers() }) },
    {
      method: 'POST',
      path: '/api/people',
      permission: 'people',
      fresh: true,
      handler: async (c, who) => {
        const body = (await jsonBody(c)) ?? {};
        const result = await inviteStaff(staff, text(body, 'email'), text(body, 'role'), who!.user.id);
        if (!result.ok) return c.json({ error: result.problem }, result.problem === 'exists' ? 409 : 400);
        const email = (await staff.getUser(result.userId))!.email;
        return c.json({ userId: result.userId, ...(await handOver(email, result.token, result.expiresAt)) }, 201);
      },
    },
    change('/api/people/:id/role', async (c, who, userId) => {
      const role = text((await jsonBody(c)) ?? {}, 'role');
      if (!isRole(role)) return c.json({ error: 'invalid-role' }, 400);
      await staff.setRole(userId, role, who.user.id);
      return c.json({ ok: true });
    }),
    change('/api/people/:id/disable', async (c, who, userId) => c.json({ ok: await staff.setDisabled(userId, true, who.user.id) })),
    change('/api/people/:id/enable', async (c, who, userId) => c.json({ ok: await staff.setDisabled(userId, false, who.user.id) })),
    change('/api/people/:id/reset', async (c, who, userId) => {
      const user = (await staff.getUser(userId))!;
      const result = await resetStaff(staff, user.email, who.user.id);
      if (!result.ok) return c.json({ error: result.problem }, 400);
      return c.json({ ...(await handOver(user.email, result.token, result.expiresAt)), sessionsEnded: result.sessionsEnded });
    }),
  ];
}

/** The audit log, newest first, for admins; no route changes it. */
export function auditRoutes(staff: StaffStore): RouteSpec[] {
  return [
    {
      method: 'GET',
      path: '/api/audit',
      permission: 'audit',
      handler: async (c) => {
        const limit = Math.min(200, Math.max(1, Number(c.req.query('limit') ?? 100) || 100));
        return c.json({ events: await staff.listAudit({ limit, before: c.req.query('before') }) });
      },
    },
  ];
}
