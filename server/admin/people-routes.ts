import type { AnswerOf, AuditAnswer, PeopleAnswer } from '../../core/admin/contract.ts';
import { isRole } from '../staff/identity.ts';
import { invitationLink, inviteStaff, resetStaff } from '../staff/invitations.ts';
import type { StaffStore } from '../staff/store/staff-store.ts';
import type { AuditEvent, StaffOverview } from '../staff/store/types.ts';
import type { SendInvitation } from './invitation-mail.ts';
import { AUDIT_GROUPS, isAuditGroup } from '../../core/admin/audit-groups.ts';
import { isId } from '../storage/ids.ts';
import type { AuditQuery } from '../staff/store/audit.ts';
import { dayStart } from './days.ts';
import { answer, jsonBody, refuse, route, text, type AdminContext, type Answered, type Refusal, type RouteSpec, type SignedIn } from './routes.ts';

/** A person as the people screen shows them: what they can sign in with, never a secret. */
const personView = (p: StaffOverview): PeopleAnswer['people'][number] => ({
  id: p.id,
  email: p.email,
  role: p.role,
  disabled: p.disabled,
  createdAt: p.createdAt,
  hasPassword: p.hasPassword,
  hasTotp: p.hasTotp,
  passkeys: p.passkeys,
  recoveryCodes: p.recoveryCodes,
  invitationPending: p.invitationPending,
  activeSessions: p.activeSessions,
});

const eventView = (e: AuditEvent): AuditAnswer['events'][number] => ({ id: e.id, at: e.at, kind: e.kind, actorId: e.actorId, targetIds: e.targetIds });

/** The changes to a person other than oneself, each after a fresh sign-in. */
type PeopleChange = 'POST /people/:id/role' | 'POST /people/:id/disable' | 'POST /people/:id/enable' | 'POST /people/:id/reset';

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
  const other = async (c: AdminContext, who: SignedIn): Promise<{ refused: Refusal } | { refused?: undefined; user: string }> => {
    const user = await staff.getUser(c.req.param('id') ?? '');
    if (!user) return { refused: refuse(c, 'not-found', 404) };
    if (user.id === who.user.id) return { refused: refuse(c, 'self', 400) };
    return { user: user.id };
  };
  const change = <K extends PeopleChange>(key: K, act: (c: AdminContext, who: SignedIn, userId: string) => Promise<Answered<AnswerOf<K>>>): RouteSpec =>
    route<PeopleChange>(key, {
      permission: 'people',
      fresh: true,
      handler: async (c, who) => {
        const found = await other(c, who);
        return found.refused ?? act(c, who, found.user);
      },
    });
  return [
    route('GET /people', { permission: 'people', handler: async (c) => answer(c, { people: (await staff.listUsers()).map(personView) }) }),
    route('POST /people', {
      permission: 'people',
      fresh: true,
      handler: async (c, who) => {
        const body = (await jsonBody(c, 'POST /people')) ?? {};
        const result = await inviteStaff(staff, text(body, 'email'), text(body, 'role'), who.user.id);
        if (!result.ok) return refuse(c, result.problem, result.problem === 'exists' ? 409 : 400);
        const email = (await staff.getUser(result.userId))?.email ?? '';
        return answer(c, { userId: result.userId, ...(await handOver(email, result.token, result.expiresAt)) }, 201);
      },
    }),
    change('POST /people/:id/role', async (c, who, userId) => {
      const role = text((await jsonBody(c, 'POST /people/:id/role')) ?? {}, 'role');
      if (!isRole(role)) return refuse(c, 'invalid-role', 400);
      await staff.setRole(userId, role, who.user.id);
      return answer(c, { ok: true });
    }),
    change('POST /people/:id/disable', async (c, who, userId) => answer(c, { ok: await staff.setDisabled(userId, true, who.user.id) })),
    change('POST /people/:id/enable', async (c, who, userId) => answer(c, { ok: await staff.setDisabled(userId, false, who.user.id) })),
    change('POST /people/:id/reset', async (c, who, userId) => {
      const email = (await staff.getUser(userId))?.email ?? '';
      const result = await resetStaff(staff, email, who.user.id);
      if (!result.ok) return refuse(c, result.problem, 400);
      return answer(c, { ...(await handOver(email, result.token, result.expiresAt)), sessionsEnded: result.sessionsEnded });
    }),
  ];
}

/**
 * The audit log's query from its address: `limit`, `before` (paging on), `person` (an id: by or about them), `group`
 * (core/admin/audit-groups.ts), `from` and `to` (days, YYYY-MM-DD, both included). A value that is none of these is
 * left out, as the screen never sends one.
 */
function auditQuery(c: AdminContext): AuditQuery {
  const q = (name: string) => c.req.query(name) || undefined;
  const person = q('person');
  const group = q('group');
  const from = dayStart(q('from'));
  const until = dayStart(q('to'), true);
  return {
    limit: Math.min(200, Math.max(1, Number(q('limit') ?? 100) || 100)),
    ...(q('before') ? { before: q('before') } : {}),
    ...(person && isId(person) ? { personId: person } : {}),
    ...(isAuditGroup(group) ? { kinds: AUDIT_GROUPS[group] } : {}),
    ...(from ? { from: from.toISOString() } : {}),
    ...(until ? { until: until.toISOString() } : {}),
  };
}

/** The audit log, newest first, for admins; no route changes it. */
export function auditRoutes(staff: StaffStore): RouteSpec[] {
  return [
    route('GET /audit', {
      permission: 'audit',
      handler: async (c) => answer(c, { events: (await staff.listAudit(auditQuery(c))).map(eventView) }),
    }),
  ];
}
