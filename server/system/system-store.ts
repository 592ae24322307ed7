import type { Kysely } from 'kysely';
import type { SystemInstance } from '../../core/admin/system.ts';
import type { Database } from '../storage/schema.ts';
import type { StorageOptions } from '../storage/types.ts';
import { DEFAULT_BUSY_WAIT_MS } from '../storage/busy.ts';
import { newId } from '../storage/ids.ts';
import { openMigrated, patientOnSqlite } from '../storage/open-database.ts';
import type { SystemTables } from '../storage/system-tables.ts';

export type SystemDb = Kysely<Database & SystemTables>;

/** What is recorded as an event: a backup made, a publish done, a build made live. */
export type SystemEventKind = 'backup' | 'publish' | 'build';

export interface SystemEvent {
  kind: SystemEventKind;
  at: string;
  instance: string;
  detail: Record<string, unknown>;
}

/** A server process as it says of itself in its heartbeat: the System screen's instance (core/admin/system.ts) before it is judged gone or holding the studio. */
export type InstanceRow = Omit<SystemInstance, 'gone' | 'holdsStudio'> & { stoppedAt: string | null };

/**
 * The system's own records in the leads' database: the events the System screen and /metrics report (the last
 * backup, publish and build) and the server instances' heartbeats. On SQLite every call waits for another process's
 * write lock, as the leads' storage does.
 */
export interface SystemStore {
  db: SystemDb;
  kind: 'sqlite' | 'postgres';
  dataDir: string;
  /** an event, at `at` (when it began: a backup's moment of consistency) or now */
  record(kind: SystemEventKind, instance: string, detail: Record<string, unknown>, at?: Date): Promise<void>;
  lastEvent(kind: SystemEventKind): Promise<SystemEvent | undefined>;
  /** a heartbeat: the row made or its last_seen_at moved on (a restart under the same id starts it again) */
  beat(row: Omit<InstanceRow, 'lastSeenAt' | 'stoppedAt'>): Promise<void>;
  stopped(id: string): Promise<void>;
  instances(): Promise<InstanceRow[]>;
  close(): Promise<void>;
}

export async function lastEvent(db: SystemDb, kind: SystemEventKind): Promise<SystemEvent | undefined> {
  const row = await db.selectFrom('system_events').selectAll().where('kind', '=', kind).orderBy('at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
  return row && { kind, at: row.at, instance: row.instance, detail: JSON.parse(row.detail_json) as Record<string, unknown> };
}

async function beat(db: SystemDb, row: Omit<InstanceRow, 'lastSeenAt' | 'stoppedAt'>, now: string): Promise<void> {
  const values = { id: row.id, kind: row.kind, host: row.host, started_at: row.startedAt, last_seen_at: now, version: row.version, stopped_at: null };
  await db
    .insertInto('server_instances')
    .values(values)
    .onConflict((c) =>
      c.column('id').doUpdateSet({ kind: row.kind, host: row.host, started_at: row.startedAt, last_seen_at: now, version: row.version, stopped_at: null }),
    )
    .execute();
}

async function instances(db: SystemDb): Promise<InstanceRow[]> {
  const rows = await db.selectFrom('server_instances').selectAll().orderBy('last_seen_at', 'desc').limit(50).execute();
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind === 'studio' ? 'studio' : 'site',
    host: r.host,
    startedAt: r.started_at,
    lastSeenAt: r.last_seen_at,
    version: r.version,
    stoppedAt: r.stopped_at,
  }));
}

/** Opens the leads' database (SQLite in dataDir, or PostgreSQL at databaseUrl), its schema brought up to date. */
export async function openSystemStore(options: StorageOptions, clock: () => Date = () => new Date()): Promise<SystemStore> {
  const { db: opened, kind, opened: done } = await openMigrated(options);
  done?.();
  const db = opened.withTables<SystemTables>();
  let closed: Promise<void> | undefined;
  const store: SystemStore = {
    db,
    kind,
    dataDir: options.dataDir,
    record: async (eventKind, instance, detail, when = clock()) => {
      const at = when.toISOString();
      await db
        .insertInto('system_events')
        .values({ id: newId(), kind: eventKind, at, instance, detail_json: JSON.stringify(detail) })
        .execute();
    },
    lastEvent: (eventKind) => lastEvent(db, eventKind),
    beat: (row) => beat(db, row, clock().toISOString()),
    stopped: async (id) => void (await db.updateTable('server_instances').set({ stopped_at: clock().toISOString() }).where('id', '=', id).execute()),
    instances: () => instances(db),
    close: () => (closed ??= opened.destroy()),
  };
  return kind === 'sqlite' ? patientOnSqlite(store, options.busyWaitMs ?? DEFAULT_BUSY_WAIT_MS, ['close', 'db', 'kind', 'dataDir']) : store;
}
