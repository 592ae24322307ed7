import { Migrator, sql } from 'kysely';
import type { Kysely, Migration } from 'kysely';
import type { Database } from './schema.ts';

/**
 * Migrations live in code, not in a folder read at run time, so a bundled server
 * carries them. Append new ones with a later name; never edit one that has shipped.
 */
const migrations = (kind: 'sqlite' | 'postgres'): Record<string, Migration> => ({
  '0001-leads-mails-uploads': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('leads')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('submission_id', 'text', (c) => c.notNull().unique())
        .addColumn('form', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('phone', 'text', (c) => c.notNull())
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('values_json', 'text', (c) => c.notNull())
        .addColumn('photos_json', 'text', (c) => c.notNull())
        .addColumn('spam', 'integer', (c) => c.notNull().check(sql`spam in (0, 1)`))
        .addColumn('review', 'integer', (c) => c.notNull().check(sql`review in (0, 1)`))
        .addColumn('flags_json', 'text', (c) => c.notNull())
        .addColumn('ip', 'text')
        .addColumn('user_agent', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('delivery', 'text', (c) => c.notNull())
        .addColumn('delivery_detail', 'text')
        .execute();
      // listLeads filters on spam and sorts newest first
      await db.schema.createIndex('leads_spam_created').on('leads').columns(['spam', 'created_at']).execute();

      await db.schema
        .createTable('mails')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('lead_id', 'text', (c) => c.references('leads.id').onDelete('set null'))
        .addColumn('to_address', 'text', (c) => c.notNull())
        .addColumn('reply_to', 'text')
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('template_id', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull())
        .addColumn('next_attempt_at', 'text')
        .addColumn('last_error', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('sent_at', 'text')
        .execute();
      // dueMails scans by state and time; mailsForLead by lead
      await db.schema.createIndex('mails_state_next').on('mails').columns(['state', 'next_attempt_at']).execute();
      await db.schema.createIndex('mails_lead').on('mails').column('lead_id').execute();

      await db.schema
        .createTable('uploads')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('ext', 'text', (c) => c.notNull())
        .addColumn('size', 'integer', (c) => c.notNull())
        .addColumn('width', 'integer')
        .addColumn('height', 'integer')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
    },
  },
  '0002-lead-mail-and-tokens': {
    async up(db: Kysely<unknown>) {
      // the one notification mail a lead may have: set once, by the request that queues it
      await db.schema.alterTable('leads').addColumn('mail_id', 'text').execute();
      // a fill-time token serves one submission (a retry of it is the same submission)
      await db.schema
        .createTable('form_tokens')
        .addColumn('nonce', 'text', (c) => c.primaryKey())
        .addColumn('submission_id', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('form_tokens_used').on('form_tokens').column('used_at').execute();
    },
  },
  // who sent each photo (its rate key) and the lead that uses it: per-address quotas and the sweep of unused photos
  '0003-upload-owners': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('uploads').addColumn('ip', 'text').execute();
      await db.schema.alterTable('uploads').addColumn('lead_id', 'text').execute();
      // the sweep looks for unattached photos by age; a quota sums an address's unattached photos
      await db.schema.createIndex('uploads_lead_created').on('uploads').columns(['lead_id', 'created_at']).execute();
      await db.schema.createIndex('uploads_ip_lead').on('uploads').columns(['ip', 'lead_id']).execute();
    },
  },
  // several server processes share one PostgreSQL: a process claims a mail for a while before it sends it
  '0004-mail-claims': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('mails').addColumn('claimed_until', 'text').execute();
      await db.schema.alterTable('mails').addColumn('claimed_by', 'text').execute();
    },
  },
  // a person's data can be erased (`npm run leads -- erase`): each erasure is logged, without the erased data
  '0005-erasures': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('erasures')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('erased_at', 'text', (c) => c.notNull())
        .addColumn('leads', 'integer', (c) => c.notNull())
        .addColumn('photos', 'integer', (c) => c.notNull())
        .addColumn('mails', 'integer', (c) => c.notNull())
        .addColumn('lead_ids_json', 'text', (c) => c.notNull())
        .execute();
      // the retention sweep looks for old mails of no lead by age
      await db.schema.createIndex('mails_created').on('mails').column('created_at').execute();
    },
  },
  // PostgreSQL's ANALYZE (autovacuum's too) copies sampled values into pg_statistic: names, addresses and messages
  // that outlive an erasure there, and a role that is not a superuser cannot rewrite that catalog. The columns that
  // hold a person's data are never sampled (the planner takes its defaults: these are scanned, not looked up), and
  // setting the type again drops what was sampled before (no rewrite: the type is the same)
  '0006-no-statistics-of-personal-data': {
    async up(db: Kysely<unknown>) {
      if (kind !== 'postgres') return;
      const personal: Record<string, string[]> = {
        leads: ['name', 'email', 'phone', 'message', 'values_json', 'photos_json', 'ip', 'user_agent', 'delivery_detail'],
        mails: ['to_address', 'reply_to', 'subject', 'text', 'last_error'],
        uploads: ['ip'],
      };
      for (const [table, columns] of Object.entries(personal)) {
        for (const column of columns) {
          await sql`alter table ${sql.table(table)} alter column ${sql.ref(column)} set statistics 0`.execute(db);
          await sql`alter table ${sql.table(table)} alter column ${sql.ref(column)} type text`.execute(db);
        }
      }
    },
  },
});

/**
 * Brings the schema up to date; a no-op when it already is. On PostgreSQL Kysely's lock keeps
 * two processes from migrating at once. On SQLite Kysely takes no lock and runs without a
 * transaction, so the whole run goes in one BEGIN IMMEDIATE: a second process (another server,
 * `npm run leads`) waits for the write lock (busy_timeout) and then finds the work done, and a
 * migration that fails leaves nothing half applied. A schema already up to date is only read, so
 * `npm run leads` and a restarting server open it even while another process holds the write lock.
 */
export async function migrate(db: Kysely<Database>, kind: 'sqlite' | 'postgres'): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations(kind) } });
  if (kind === 'sqlite' && (await migrator.getMigrations()).every((m) => m.executedAt !== undefined)) return;
  if (kind === 'sqlite') await sql`begin immediate`.execute(db);
  const { error, results } = await migrator.migrateToLatest();
  if (kind === 'sqlite') await sql.raw(error ? 'rollback' : 'commit').execute(db);
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName;
    throw new Error(`storage: migration ${failed ?? '(unknown)'} failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}
