import { newId } from '../../storage/ids.ts';
import type { AuditEvent, Db } from './types.ts';

import { AUDIT_KINDS, type AuditKind } from '../../../core/admin/contract.ts';

export { AUDIT_KINDS, type AuditKind };

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
