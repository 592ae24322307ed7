import type { AuditKind } from './contract.ts';

/**
 * The audit log's kinds of event in the groups its screen filters by (GET /api/audit?group=): who is in the team, how
 * people sign in and keep their account, what happens to leads, and what the studio does. Every kind is in exactly
 * one group (audit-groups.test.ts).
 */
export const AUDIT_GROUPS = {
  people: ['staff.invited', 'staff.reset', 'staff.disabled', 'staff.enabled', 'staff.role-changed', 'invitation.accepted'],
  'sign-in': [
    'sign-in.succeeded',
    'sign-in.failed',
    'sign-in.throttled',
    'session.ended',
    'sessions.ended',
    'factor.recovery-code-used',
    'factor.passkey-added',
    'factor.passkey-removed',
    'factor.password-changed',
    'factor.recovery-codes-renewed',
    'factor.totp-moved',
  ],
  leads: [
    'lead.viewed',
    'lead.status-changed',
    'lead.marked-spam',
    'lead.marked-not-spam',
    'lead.note-added',
    'lead.assigned',
    'lead.call-back-set',
    'lead.exported',
    'lead.erased',
  ],
  studio: ['studio.opened', 'site.changed', 'site.published', 'client-link.made', 'client-link.revoked'],
} as const satisfies Record<string, readonly AuditKind[]>;

export type AuditGroup = keyof typeof AUDIT_GROUPS;

export const isAuditGroup = (value: unknown): value is AuditGroup => typeof value === 'string' && Object.hasOwn(AUDIT_GROUPS, value);
