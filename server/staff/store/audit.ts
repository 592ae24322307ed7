import { newId } from '../../storage/ids.ts';
import type { AuditEvent, Db } from './types.ts';

/**
 * What the audit log records. Ids and kinds only: the log outlives erasures, so it must never hold a name, an
 * address, a lead's text or a secret. Later issues add their kinds here (lead viewed, exported, erased; publish).
 */
export const AUDIT_KINDS = [
  'staff.invited',
  'staff.reset',
  'staff.disabled',
  'staff.enabled',
  'staff.role-changed',
  'invitation.accepted',
  'sign-in.succeeded',
  'sign-in.failed',
  'sign-in.throttled',
  'session.ended',
  'sessions.ended',
  'factor.recovery-code-used',
  'factor.passkey-added',
  'lead.viewed',
  'lead.status-changed',
  'lead.marked-spam',
  'lead.marked-not-spam',
  'lead.note-added',
  'lead.exported',
  'lead.erased',
] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

/** Appends one event. There is no update and no delete: the database refuses both (migration 0007's triggers). */
export async function appendAudit(db: Db, kind: AuditKind, actorId: string | null, targetIds: string[], now: Date): Promise<void> {
  await db
    .insertInto('staff_audit')
    .values({ id: newId(), at: now.toISOString(), kind, actor_id: actorId, target_ids_json: JSON.stringify(targetIds) })
    .execute();
}

/** The newest events first, `limit` at most, older than `before` when paging on. */
export async function listAudit(db: Db, options: { limit?: number; before?: string } = {}): Promise<AuditEvent[]> {
  let query = db
    .selectFrom('staff_audit')
    .selectAll()
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(options.limit ?? 100);
  if (options.before !== undefined) query = query.where('at', '<', options.before);
  const rows = await query.execute();
  return rows.map((r) => ({ id: r.id, at: r.at, kind: r.kind, actorId: r.actor_id, targetIds: JSON.parse(r.target_ids_json) as string[] }));
}
