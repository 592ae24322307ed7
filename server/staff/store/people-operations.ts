import type { Kysely } from 'kysely';
import type { Database } from '../../storage/schema.ts';
import * as audit from './audit.ts';
import * as factors from './factors.ts';
import * as invitations from './invitations.ts';
import * as sessions from './sessions.ts';
import * as users from './users.ts';
import type { StaffStore } from './staff-store.ts';
import { StaffExistsError } from './staff-errors.ts';

type People = Pick<
  StaffStore,
  'addUser' | 'reinvite' | 'resetUser' | 'setDisabled' | 'setRole' | 'findUserByEmail' | 'getUser' | 'listUsers' | 'findOpenInvitation' | 'acceptInvitation'
>;

/** Accounts and invitations: each change with its audit event, in one transaction. */
export function peopleOperations(db: Kysely<Database>, clock: () => Date): People {
  return {
    ...invitingOperations(db, clock),
    ...accessOperations(db, clock),
    findUserByEmail: (email) => users.findUserByEmail(db, email),
    getUser: (id) => users.getUser(db, id),
    listUsers: () => users.listUsers(db, clock()),
    findOpenInvitation: (tokenHash) => invitations.findOpenInvitation(db, tokenHash, clock()),
  };
}

/** A new account, a new invitation, the break-glass reset: each ends with an open invitation. */
function invitingOperations(db: Kysely<Database>, clock: () => Date): Pick<People, 'addUser' | 'reinvite' | 'resetUser'> {
  return {
    addUser: (email, role, invitation) =>
      db.transaction().execute(async (trx) => {
        const now = clock();
        if (await users.findUserByEmail(trx, email)) throw new StaffExistsError(`there is already an account for ${email}`);
        const user = await users.insertUser(trx, email, role, now);
        const { expiresAt } = await invitations.insertInvitation(trx, { ...invitation, userId: user.id, role }, now);
        await audit.appendAudit(trx, 'staff.invited', invitation.createdBy, [user.id], now);
        return { user, expiresAt };
      }),
    reinvite: (userId, invitation) =>
      db.transaction().execute(async (trx) => {
        const now = clock();
        const user = await users.getUser(trx, userId);
        if (!user) throw new Error(`staff: no account ${userId}`);
        await invitations.revokeInvitations(trx, userId, now);
        const made = await invitations.insertInvitation(trx, { ...invitation, userId, role: user.role }, now);
        await audit.appendAudit(trx, 'staff.invited', invitation.createdBy, [userId], now);
        return made;
      }),
    resetUser: (userId, invitation) =>
      db.transaction().execute(async (trx) => {
        const now = clock();
        const user = await users.getUser(trx, userId);
        if (!user) throw new Error(`staff: no account ${userId}`);
        // the break-glass: whatever was lost or stolen (a phone, a password) opens nothing from now on
        const sessionsEnded = await sessions.endSessionsOf(trx, userId);
        await factors.removeFactors(trx, userId);
        await invitations.revokeInvitations(trx, userId, now);
        await users.setDisabled(trx, userId, false);
        const { expiresAt } = await invitations.insertInvitation(trx, { ...invitation, userId, role: user.role }, now);
        await audit.appendAudit(trx, 'staff.reset', invitation.createdBy, [userId], now);
        return { expiresAt, sessionsEnded };
      }),
  };
}

/** What a person may do and whether they may sign in at all: each change ends the sessions it makes stale. */
function accessOperations(db: Kysely<Database>, clock: () => Date): Pick<People, 'setDisabled' | 'setRole' | 'acceptInvitation'> {
  return {
    setDisabled: (userId, disabled, actorId) =>
      db.transaction().execute(async (trx) => {
        const now = clock();
        if (!(await users.setDisabled(trx, userId, disabled))) return false;
        if (disabled) {
          await sessions.endSessionsOf(trx, userId);
          await invitations.revokeInvitations(trx, userId, now);
        }
        await audit.appendAudit(trx, disabled ? 'staff.disabled' : 'staff.enabled', actorId, [userId], now);
        return true;
      }),
    setRole: (userId, role, actorId) =>
      db.transaction().execute(async (trx) => {
        if (!(await users.setRole(trx, userId, role))) return false;
        // a session carries what its person could do when it began: a new role begins with a new sign-in
        await sessions.endSessionsOf(trx, userId);
        await audit.appendAudit(trx, 'staff.role-changed', actorId, [userId], clock());
        return true;
      }),
    acceptInvitation: (tokenHash, newFactors) =>
      db.transaction().execute(async (trx) => {
        const now = clock();
        const open = await invitations.findOpenInvitation(trx, tokenHash, now);
        if (!open || !(await invitations.claimInvitation(trx, tokenHash, open.userId, now))) return undefined;
        await users.setRole(trx, open.userId, open.role);
        await factors.applyFactors(trx, open.userId, newFactors, now);
        // whoever held a session before the invitation (a thief, before a reset) holds none after it
        await sessions.endSessionsOf(trx, open.userId);
        await audit.appendAudit(trx, 'invitation.accepted', open.userId, [open.userId], now);
        return users.getUser(trx, open.userId);
      }),
  };
}
