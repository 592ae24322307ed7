import type { Kysely } from 'kysely';

/**
 * Migration 0015's tables (migrations.ts runs createSystemTables): what the System screen and /metrics
 * read beside the leads' own tables. Kept here, with their row types, so the rest of the storage knows nothing of them.
 */
export interface SystemEventsTable {
  id: string;
  /** 'backup', 'publish' or 'build' (SystemEventKind) */
  kind: string;
  at: string;
  /** the process that did it: a server instance's id, or `npm run backup`'s user@host */
  instance: string;
  /** what the kind says of itself (BackupDetail, PublishDetail, BuildDetail): never a lead's data or a secret */
  detail_json: string;
}

export interface ServerInstancesTable {
  /** host name and process id, as the studio's owner row names an instance */
  id: string;
  /** 'site' (`npm start`: the site and the back office) or 'studio' (`npm run studio`) */
  kind: string;
  host: string;
  started_at: string;
  last_seen_at: string;
  /** the live build's folder when it last said, or the studio's */
  version: string;
  /** a clean stop: gone at once rather than after two minutes without a heartbeat */
  stopped_at: string | null;
}

export type SystemTables = {
  system_events: SystemEventsTable;
  server_instances: ServerInstancesTable;
};

/** 0015: the events (backups, publishes, builds) and the server instances' heartbeats. */
export async function createSystemTables(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('system_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('instance', 'text', (c) => c.notNull())
    .addColumn('detail_json', 'text', (c) => c.notNull())
    .execute();
  // the last event of a kind: the newest first
  await db.schema.createIndex('system_events_kind_at').on('system_events').columns(['kind', 'at']).execute();
  await db.schema
    .createTable('server_instances')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('host', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('stopped_at', 'text')
    .execute();
}
