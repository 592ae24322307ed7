import type { Kysely } from 'kysely';
import { newId, type Database } from '../../server/studio-host-door.ts';
import type { ScheduleStatus } from '../../core/studio/contract.ts';

/** A publish of the changes at a given time. */
export interface Schedule {
  id: string;
  at: string;
  createdBy: string;
  createdAt: string;
  status: ScheduleStatus;
  /** the server instance that does it */
  claimedBy: string | null;
  claimedAt: string | null;
  finishedAt: string | null;
  /** what the publish said (the commit, or why it failed) */
  detail: string | null;
}

const toSchedule = (row: Database['studio_schedules']): Schedule => ({
  id: row.id,
  at: row.at,
  createdBy: row.created_by,
  createdAt: row.created_at,
  status: row.status as ScheduleStatus,
  claimedBy: row.claimed_by,
  claimedAt: row.claimed_at,
  finishedAt: row.finished_at,
  detail: row.detail,
});

export async function addSchedule(db: Kysely<Database>, at: Date, createdBy: string, now: Date): Promise<Schedule> {
  const row: Database['studio_schedules'] = {
    id: newId(),
    at: at.toISOString(),
    created_by: createdBy,
    created_at: now.toISOString(),
    status: 'pending',
    claimed_by: null,
    claimed_at: null,
    finished_at: null,
    detail: null,
  };
  await db.insertInto('studio_schedules').values(row).execute();
  return toSchedule(row);
}

/** A publish not begun yet is called off. False when it has begun, ended or never was. */
export async function cancelSchedule(db: Kysely<Database>, id: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('studio_schedules')
    .set({ status: 'cancelled', finished_at: now.toISOString() })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * The next publish that is due, now this instance's to do; undefined when none is. A claim is one conditional
 * update (pending, or running on an instance silent for `staleMs`: it died), so of any number of instances asking at
 * once exactly one gets each schedule. The schedule is kept in the database: a restart finds it still pending.
 */
export async function claimDueSchedule(db: Kysely<Database>, instance: string, now: Date, staleMs: number): Promise<Schedule | undefined> {
  const at = now.toISOString();
  const stale = new Date(now.getTime() - staleMs).toISOString();
  const claimable = (status: 'pending' | 'running') =>
    status === 'pending'
      ? db.selectFrom('studio_schedules').select('id').where('status', '=', 'pending').where('at', '<=', at)
      : db.selectFrom('studio_schedules').select('id').where('status', '=', 'running').where('claimed_at', '<=', stale);
  for (const status of ['pending', 'running'] as const) {
    for (const { id } of await claimable(status).orderBy('at').limit(5).execute()) {
      const claimed = await db
        .updateTable('studio_schedules')
        .set({ status: 'running', claimed_by: instance, claimed_at: at })
        .where('id', '=', id)
        .where('status', '=', status)
        .$if(status === 'running', (q) => q.where('claimed_at', '<=', stale))
        .returningAll()
        .executeTakeFirst();
      if (claimed) return toSchedule(claimed);
    }
  }
  return undefined;
}

/** The instance that claimed it says how it ended. False when it is no longer that instance's (taken over). */
export async function finishSchedule(
  db: Kysely<Database>,
  id: string,
  instance: string,
  outcome: { status: 'done' | 'failed'; detail: string },
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('studio_schedules')
    .set({ status: outcome.status, detail: outcome.detail, finished_at: now.toISOString() })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .where('claimed_by', '=', instance)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Every schedule not ended, soonest first, and the last ten that did: what the editors see. */
export async function listSchedules(db: Kysely<Database>): Promise<Schedule[]> {
  const open = await db.selectFrom('studio_schedules').selectAll().where('status', 'in', ['pending', 'running']).orderBy('at').execute();
  const ended = await db
    .selectFrom('studio_schedules')
    .selectAll()
    .where('status', 'in', ['done', 'failed', 'cancelled'])
    .orderBy('finished_at', 'desc')
    .limit(10)
    .execute();
  return [...open, ...ended].map(toSchedule);
}
