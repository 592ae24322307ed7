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

/** Which events: `limit` at most, older than `before` when paging on; by or about one person; of some kinds; in a time span. */
export interface AuditQuery {
  limit?: number;
  before?: string;
  /** a person's id: the events they did, and those done to them */
  personId?: string;
  kinds?: readonly AuditKind[];
  /** ISO times: from `from` on, before `until` */
  from?: string;
  until?: string;
}

/** The newest events first. */
export async function listAudit(db: Db, options: AuditQuery = {}): Promise<AuditEvent[]> {
  let query = db
    .selectFrom('staff_audit')
    .selectAll()
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(options.limit ?? 100);
  if (options.before !== undefined) query = query.where('at', '<', options.before);
  const person = options.personId;
  // an id is 16 letters and digits of base32 (isId): nothing in it that LIKE reads as a wildcard
  if (person !== undefined) query = query.where((eb) => eb.or([eb('actor_id', '=', person), eb('target_ids_json', 'like', `%"${person}"%`)]));
  if (options.kinds) query = query.where('kind', 'in', options.kinds.length > 0 ? [...options.kinds] : ['']);
  if (options.from !== undefined) query = query.where('at', '>=', options.from);
  if (options.until !== undefined) query = query.where('at', '<', options.until);
  const rows = await query.execute();
  return rows.map((r) => ({ id: r.id, at: r.at, kind: r.kind, actorId: r.actor_id, targetIds: JSON.parse(r.target_ids_json) as string[] }));
}
