import { Migrator, sql } from 'kysely';
import type { ColumnDefinitionBuilder, Kysely, Migration } from 'kysely';
import type { Database } from './schema.ts';
import { searchText } from './search-text.ts';
import { createSharedTables } from './shared-tables.ts';
import { createSystemTables } from './system-tables.ts';

/**
 * Migrations live in code, not in a folder read at run time, so a bundled server
 * carries them. Append new ones with a later name; never edit one that has shipped. Exported for the tests that build
 * a database as an older release left it.
 */
export const migrations = (kind: 'sqlite' | 'postgres'): Record<string, Migration> => ({
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
  // the back office's people (issue 38): accounts, their factors, invitations, sessions, sign-in throttling and the
  // audit log. server/staff/ reads and writes them; the functions below say what each holds and why
  '0007-staff': {
    up: (db: Kysely<unknown>) => createStaffTables(db, kind),
  },
  // the back office's leads inbox (issue 38): a status and notes staff keep on each lead, a folded search text, and
  // the indexes that keep its pages fast at 100,000 leads. The functions below say what each is for
  '0008-leads-inbox': {
    up: (db: Kysely<unknown>) => createInbox(db, kind),
  },
  // the studio on the server (issue 39): leases of open files, client preview links and scheduled publishes, shared
  // by every server instance on the database
  '0009-studio-state': {
    up: (db: Kysely<unknown>) => createStudioTables(db),
  },
  // the studio on the live server (issue 39): the one-time tickets that carry a signed-in editor from the back
  // office's origin to the studio's, and the releases (each published commit) that every server instance builds
  '0010-studio-tickets-releases': {
    up: (db: Kysely<unknown>) => createTicketsAndReleases(db),
  },
  // more than one studio instance behind one address: which of them owns the working copy of the site now
  '0011-studio-owner': {
    up: (db: Kysely<unknown>) => createStudioOwner(db),
  },
  // round four (issue 46): passkey challenges kept by the server, the invitation's TOTP seed made by the server, a
  // new authenticator waiting for its first code, and an audit log that neither REPLACE nor TRUNCATE rewrites
  '0012-staff-joins': {
    up: (db: Kysely<unknown>) => createStaffJoins(db, kind),
  },
  // issue 47: a session is the back office's or the studio's, and opens only its own door
  '0013-session-kinds': {
    up: (db: Kysely<unknown>) => addSessionKinds(db),
  },
  // issue 49: several instances on one PostgreSQL share the photos' bytes and the budgets of the whole site (shared-tables.ts)
  '0014-shared-photos': {
    up: (db: Kysely<unknown>) => createSharedTables(db, kind),
  },
  // issue 49: what the System screen and /metrics read: backups, publishes and builds as events, and each server
  // instance's heartbeat (server/storage/system-tables.ts)
  '0015-system': {
    up: (db: Kysely<unknown>) => createSystemTables(db),
  },
  // issue 50: which staff member opened which lead, for the inbox's unread marks
  '0016-lead-reads': {
    up: (db: Kysely<unknown>) => createLeadReads(db),
  },
  // issue 50: when staff marked a lead spam, so that its short retention counts from the mark, not from its arrival
  '0017-spam-marked-at': {
    up: (db: Kysely<unknown>) => db.schema.alterTable('leads').addColumn('spam_marked_at', 'text').execute(),
  },
  // issue 50: who of the staff follows a lead up, and the day to call the person back
  '0018-lead-follow-up': {
    up: (db: Kysely<unknown>) => addFollowUp(db),
  },
  // issue 51: where the lead's visitor came from (campaign, referring site, an ad's click id); goes with the lead
  '0019-lead-source': {
    up: (db: Kysely<unknown>) => addLeadSource(db, kind),
  },
});

/**
 * 0019: a lead's source as JSON text (core/forms/lead-source.ts), null for none. It is in the lead's row, so the
 * retention, the sweep and an erasure delete it with the lead. A click id is personal data: on PostgreSQL the column
 * is never sampled into pg_statistic, as the other personal columns (0006).
 */
async function addLeadSource(db: Kysely<unknown>, kind: 'sqlite' | 'postgres'): Promise<void> {
  await db.schema.alterTable('leads').addColumn('source_json', 'text').execute();
  if (kind === 'postgres') await sql`alter table leads alter column source_json set statistics 0`.execute(db);
}

/**
 * 0018: a lead's colleague (a staff user's id; no foreign key, as a note's author has none: an account that goes
 * leaves the id, which names nobody) and its call-back day (YYYY-MM-DD). "Mijn leads" walks (assigned_to,
 * created_at, id) newest first; "Terugbellen vandaag" looks up the days up to today.
 */
async function addFollowUp(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('leads').addColumn('assigned_to', 'text').execute();
  await db.schema.alterTable('leads').addColumn('call_back_on', 'text').execute();
  await db.schema.createIndex('leads_assigned_created_id').on('leads').columns(['assigned_to', 'created_at', 'id']).execute();
  await db.schema.createIndex('leads_call_back').on('leads').column('call_back_on').execute();
}

/**
 * 0016: a row per staff user and lead they opened. The lead's erasure deletes its rows itself (person-queries.ts); the
 * cascade keeps any other delete from orphaning them. No foreign key to the staff user, as a note's author has none.
 */
async function createLeadReads(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('lead_reads')
    .addColumn('lead_id', 'text', (c) => c.notNull().references('leads.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('read_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('lead_reads_pk', ['lead_id', 'user_id'])
    .execute();
}

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

/**
 * 0007: the back office's staff and their factors. Every secret is kept as a hash (tokens, recovery codes) or as
 * an argon2id hash (passwords); the TOTP secret cannot be (the server must compute codes from it). Ids are random
 * text like the leads'; times ISO text; booleans 0/1. A person's rows go with the person (on delete cascade).
 */
async function createStaffTables(db: Kysely<unknown>, kind: 'sqlite' | 'postgres'): Promise<void> {
  await db.schema
    .createTable('staff_users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // normalised (server/staff/identity.ts): one account per address whatever its case
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('admin', 'editor', 'sales')`))
    .addColumn('disabled', 'integer', (c) => c.notNull().check(sql`disabled in (0, 1)`))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await createFactorTables(db);
  await createAccessTables(db);
  await createAuditLog(db, kind);
}

/** How a person proves who they are: a password, a TOTP authenticator, recovery codes, passkeys. */
async function createFactorTables(db: Kysely<unknown>): Promise<void> {
  const user = (c: ColumnDefinitionBuilder) => c.notNull().references('staff_users.id').onDelete('cascade');
  await db.schema
    .createTable('staff_passwords')
    .addColumn('user_id', 'text', (c) => user(c).primaryKey())
    .addColumn('hash', 'text', (c) => c.notNull())
    .addColumn('changed_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('staff_totp')
    .addColumn('user_id', 'text', (c) => user(c).primaryKey())
    .addColumn('secret', 'text', (c) => c.notNull())
    // the time step of the last code accepted: that code and every older one are refused from then on
    .addColumn('last_step', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('staff_recovery_codes')
    .addColumn('code_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', user)
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('staff_recovery_codes_user').on('staff_recovery_codes').column('user_id').execute();
  await db.schema
    .createTable('staff_passkeys')
    // the credential id the authenticator chose, base64url
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', user)
    .addColumn('public_key', 'text', (c) => c.notNull())
    .addColumn('counter', 'integer', (c) => c.notNull())
    .addColumn('transports_json', 'text', (c) => c.notNull())
    .addColumn('name', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text')
    .execute();
  await db.schema.createIndex('staff_passkeys_user').on('staff_passkeys').column('user_id').execute();
}

/** How a person gets in and stays in: invitations, sessions, and the throttle on failed sign-ins. */
async function createAccessTables(db: Kysely<unknown>): Promise<void> {
  const user = (c: ColumnDefinitionBuilder) => c.notNull().references('staff_users.id').onDelete('cascade');
  await db.schema
    .createTable('staff_invitations')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', user)
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('admin', 'editor', 'sales')`))
    // the admin who made it; null when made on the server's command line
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('staff_invitations_user').on('staff_invitations').column('user_id').execute();
  await db.schema
    .createTable('staff_sessions')
    // a random id to name a session by (in "your sessions", in the audit log) without its token
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'text', user)
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    // the last time the person proved who they are (sign-in, step-up): export, erase and people changes ask for a recent one
    .addColumn('authenticated_at', 'text', (c) => c.notNull())
    .addColumn('idle_expires_at', 'text', (c) => c.notNull())
    .addColumn('absolute_expires_at', 'text', (c) => c.notNull())
    // a summary for "your sessions" (browser and system, an address cut to its network), not the raw values
    .addColumn('ip_summary', 'text')
    .addColumn('agent_summary', 'text')
    .execute();
  await db.schema.createIndex('staff_sessions_user').on('staff_sessions').column('user_id').execute();
  await db.schema.createIndex('staff_sessions_absolute').on('staff_sessions').column('absolute_expires_at').execute();
  await db.schema
    .createTable('staff_sign_in_failures')
    // 'address:<rate key>' or 'account:<sha-256 of the normalised address>': unknown accounts are throttled alike
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('last_failure_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('staff_sign_in_failures_last').on('staff_sign_in_failures').column('last_failure_at').execute();
}

/**
 * What happened, by whom, to what: kinds and ids only, never a name, an address or a lead's content, so an erasure
 * never has to touch it. Append only: the database itself refuses an update or a delete (a trigger), whatever code
 * or console asks.
 */
async function createAuditLog(db: Kysely<unknown>, kind: 'sqlite' | 'postgres'): Promise<void> {
  await db.schema
    .createTable('staff_audit')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text')
    .addColumn('target_ids_json', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('staff_audit_at').on('staff_audit').column('at').execute();
  if (kind === 'sqlite') {
    for (const event of ['update', 'delete']) {
      await sql
        .raw(`create trigger staff_audit_no_${event} before ${event} on staff_audit begin select raise(abort, 'staff_audit is append only'); end`)
        .execute(db);
    }
    return;
  }
  await sql
    .raw(`create function staff_audit_append_only() returns trigger language plpgsql as $$ begin raise exception 'staff_audit is append only'; end $$`)
    .execute(db);
  await sql
    .raw('create trigger staff_audit_no_change before update or delete on staff_audit for each statement execute function staff_audit_append_only()')
    .execute(db);
}

/** 0008: what staff handle on a lead (status, notes), what the inbox searches, and its indexes. */
async function createInbox(db: Kysely<unknown>, kind: 'sqlite' | 'postgres'): Promise<void> {
  await db.schema
    .alterTable('leads')
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('new')
        .check(sql`status in ('new', 'contacted', 'won', 'lost')`),
    )
    .execute();
  await db.schema
    .alterTable('leads')
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await fillSearchText(db, kind);
  await db.schema
    .createTable('lead_notes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // an erasure deletes a lead's notes itself (person-queries.ts); the cascade keeps any other delete from orphaning them
    .addColumn('lead_id', 'text', (c) => c.notNull().references('leads.id').onDelete('cascade'))
    // no foreign key: staff accounts live apart from leads, and a note outlives its author's account
    .addColumn('author_id', 'text')
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('lead_notes_lead').on('lead_notes').columns(['lead_id', 'created_at']).execute();
  await createInboxIndexes(db);
  if (kind === 'sqlite') {
    // a search reads every lead's search text: from this index, a third of the table's bytes (inbox-queries.ts)
    await db.schema.createIndex('leads_search_cover').on('leads').columns(['search_text', 'spam', 'form', 'status', 'created_at', 'id']).execute();
  }
  if (kind === 'postgres') {
    // as 0006: the planner never samples a person's data into pg_statistic, where an erasure could not reach it
    for (const [table, column] of [
      ['leads', 'search_text'],
      ['lead_notes', 'body'],
    ] as const) {
      await sql`alter table ${sql.table(table)} alter column ${sql.ref(column)} set statistics 0`.execute(db);
    }
    await trigramSearch(db);
  }
}

/**
 * The search text of the leads stored before 0008, in batches of 500 by id. Made by today's searchText: a later
 * change to it reaches older leads only by a migration of its own.
 */
async function fillSearchText(db: Kysely<unknown>, kind: 'sqlite' | 'postgres'): Promise<void> {
  type Row = { id: string; name: string; email: string; phone: string; message: string; values_json: string };
  for (let last = ''; ;) {
    const { rows } = await sql<Row>`select id, name, email, phone, message, values_json from leads where id > ${last} order by id limit 500`.execute(db);
    if (rows.length === 0) return;
    const texts = rows.map((row) => searchText({ ...row, values: JSON.parse(row.values_json) as Record<string, unknown> }));
    if (kind === 'postgres') {
      // one statement a batch: 100,000 round trips would take minutes
      const ids = rows.map((row) => row.id);
      await sql`update leads set search_text = u.t from unnest(${ids}::text[], ${texts}::text[]) as u(id, t) where leads.id = u.id`.execute(db);
    } else {
      // SQLite runs in this process: a statement a row costs nothing to speak of
      for (const [i, row] of rows.entries()) await sql`update leads set search_text = ${texts[i]} where id = ${row.id}`.execute(db);
    }
    last = rows.at(-1)!.id;
  }
}

/**
 * The inbox pages newest first by (created_at, id) from a cursor, never by an offset, so every page walks an index
 * from where the last one stopped. A filter by spam, form or status walks that filter's own index in the same
 * order; further filters and the search are checked on the rows it gives, until the page is full. (spam, created_at,
 * id) serves listLeads and the retention's expiredLeads as 0001's (spam, created_at) did, which it replaces.
 */
async function createInboxIndexes(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('leads_spam_created').execute();
  await db.schema.createIndex('leads_created_id').on('leads').columns(['created_at', 'id']).execute();
  for (const column of ['spam', 'form', 'status']) {
    await db.schema.createIndex(`leads_${column}_created_id`).on('leads').columns([column, 'created_at', 'id']).execute();
  }
}

/**
 * PostgreSQL: a trigram index (pg_trgm) lets LIKE '%word%' skip the rows without the word. pg_trgm is a trusted
 * extension (PostgreSQL 13 on), which a database owner may create without being a superuser; where it cannot be
 * created, or is not installed, the search scans as on SQLite. A savepoint keeps that failure from aborting the
 * migration's transaction.
 */
async function trigramSearch(db: Kysely<unknown>): Promise<void> {
  await sql`savepoint trigram`.execute(db);
  try {
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`create index leads_search_trgm on leads using gin (search_text gin_trgm_ops)`.execute(db);
    await sql`release savepoint trigram`.execute(db);
  } catch {
    await sql`rollback to savepoint trigram`.execute(db);
  }
}

/**
 * 0009: what editors and server instances share about the studio. A lease names the file, the editor and the studio
 * tab (lease_id) that has it until expires_at; a preview link is kept as its token's hash; a schedule moves from
 * pending to running (claimed by one instance) to done, failed or cancelled.
 */
async function createStudioTables(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('studio_leases')
    .addColumn('path', 'text', (c) => c.primaryKey())
    .addColumn('lease_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('taken_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('studio_preview_links')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('route', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema
    .createTable('studio_schedules')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'running', 'done', 'failed', 'cancelled')`))
    .addColumn('claimed_by', 'text')
    .addColumn('claimed_at', 'text')
    .addColumn('finished_at', 'text')
    .addColumn('detail', 'text')
    .execute();
  await db.schema.createIndex('studio_schedules_due').on('studio_schedules').columns(['status', 'at']).execute();
}

/** 0010: the one-time tickets from the back office to the studio's origin, and the releases every instance builds. */
async function createTicketsAndReleases(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('studio_tickets')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('site_releases')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('commit_id', 'text', (c) => c.notNull())
    .addColumn('published_by', 'text', (c) => c.notNull())
    .addColumn('published_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('site_releases_at').on('site_releases').column('published_at').execute();
}

/**
 * 0011: the working copy's owner, one row (id 'working-copy'): the instance that serves the studio, the address the
 * other instances forward its requests to, and until when it is theirs (renewed while the instance lives).
 */
async function createStudioOwner(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('studio_owner')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('instance', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('taken_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('released_at', 'text')
    .execute();
}

/**
 * 0012: each passkey challenge a row of the server's (its purpose, its account or none, until when), taken once by
 * the first verification; an invitation's TOTP seed, made and kept (sealed) by the server at its first view; a new
 * authenticator's seed waiting for its first code before the old one goes; and the audit log closed to
 * INSERT OR REPLACE / REPLACE INTO on SQLite and to TRUNCATE on PostgreSQL.
 */
async function createStaffJoins(db: Kysely<unknown>, kind: 'sqlite' | 'postgres'): Promise<void> {
  await db.schema
    .createTable('staff_challenges')
    // the challenge itself, base64url, as the browser sends it back in clientDataJSON
    .addColumn('challenge', 'text', (c) => c.primaryKey())
    .addColumn('purpose', 'text', (c) => c.notNull().check(sql`purpose in ('sign-in', 'register', 'step-up')`))
    .addColumn('user_id', 'text', (c) => c.references('staff_users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('staff_challenges_expires').on('staff_challenges').column('expires_at').execute();
  await db.schema.alterTable('staff_invitations').addColumn('totp_secret', 'text').execute();
  await db.schema
    .createTable('staff_totp_pending')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('staff_users.id').onDelete('cascade'))
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  if (kind === 'sqlite') {
    // REPLACE deletes the old row without firing delete triggers (recursive_triggers is off): refused on insert instead
    await sql
      .raw(
        `create trigger staff_audit_no_replace before insert on staff_audit when exists (select 1 from staff_audit where id = new.id) begin select raise(abort, 'staff_audit is append only'); end`,
      )
      .execute(db);
    return;
  }
  await sql
    .raw('create trigger staff_audit_no_truncate before truncate on staff_audit for each statement execute function staff_audit_append_only()')
    .execute(db);
}

/**
 * 0013: which door each session was begun at, the back office's or the studio's; each is refused at the other, so a
 * studio token (kept on the studio's origin, beside the preview's scripts) never signs in to the back office. The
 * sessions begun before it cannot be told apart: they are taken as the back office's (most are), so a studio tab
 * open at the upgrade is sent back to the back office for a new ticket once.
 */
async function addSessionKinds(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('staff_sessions')
    .addColumn('kind', 'text', (c) =>
      c
        .notNull()
        .defaultTo('back-office')
        .check(sql`kind in ('back-office', 'studio')`),
    )
    .execute();
}
