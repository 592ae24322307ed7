import type { Generated } from 'kysely';

/**
 * The tables as Kysely sees them. Only column types both SQLite and PostgreSQL store
 * the same way (text, integer), so one set of queries serves both: booleans are 0/1,
 * times are ISO 8601 UTC text (they sort as text), JSON is text.
 */

export interface LeadsTable {
  id: string;
  submission_id: string;
  form: string;
  name: string;
  email: string;
  phone: string;
  message: string;
  values_json: string;
  photos_json: string;
  spam: number;
  review: number;
  flags_json: string;
  ip: string | null;
  user_agent: string | null;
  created_at: string;
  delivery: string;
  delivery_detail: string | null;
  /** the lead's notification mail, once one was queued */
  mail_id: string | null;
  /** where staff are with it: 'new' | 'contacted' | 'won' | 'lost' (0008) */
  status: Generated<string>;
  /** what the inbox searches, folded (search-text.ts); written with the lead, so an insert must give it (0008) */
  search_text: string;
  /** when staff marked it spam; null when it came as spam or is none: spam's retention counts from here (0017) */
  spam_marked_at: Generated<string | null>;
  /** the staff user who follows it up; null for nobody (0018) */
  assigned_to: Generated<string | null>;
  /** the day (YYYY-MM-DD) to call the person back; null for none (0018) */
  call_back_on: Generated<string | null>;
  /** where the visitor came from (core/forms/lead-source.ts) as JSON text; null when the lead said nothing of it (0019) */
  source_json: Generated<string | null>;
}

/** What staff note on a lead (0008): goes with the lead */
export interface LeadNotesTable {
  id: string;
  lead_id: string;
  /** the staff user's id; null when written by no one signed in */
  author_id: string | null;
  body: string;
  created_at: string;
}

/** Which staff user opened which lead's page, and when (0016): goes with the lead */
export interface LeadReadsTable {
  lead_id: string;
  user_id: string;
  read_at: string;
}

export interface MailsTable {
  id: string;
  lead_id: string | null;
  to_address: string;
  reply_to: string | null;
  subject: string;
  text: string;
  template_id: string;
  state: string;
  attempts: number;
  next_attempt_at: string | null;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
  /** ISO; while in the future, the process named in claimed_by is sending it and no other may (0004) */
  claimed_until: string | null;
  claimed_by: string | null;
}

export interface UploadsTable {
  id: string;
  type: string;
  ext: string;
  size: number;
  width: number | null;
  height: number | null;
  created_at: string;
  /** the uploader's rate key (an IPv6 address by its /64) */
  ip: string | null;
  /** the lead that lists this photo; null while none does (the sweep removes it after UPLOAD_TTL_HOURS) */
  lead_id: string | null;
}

export interface FormTokensTable {
  nonce: string;
  submission_id: string;
  used_at: string;
}

/** One erasure of a person's data (`npm run leads -- erase`), without any of the erased data (0005) */
export interface ErasuresTable {
  id: string;
  erased_at: string;
  leads: number;
  photos: number;
  mails: number;
  /** the erased leads' ids (random, so they point at nobody once the rows are gone): JSON text */
  lead_ids_json: string;
}

export interface Database extends StaffTables, StudioTables {
  leads: LeadsTable;
  mails: MailsTable;
  uploads: UploadsTable;
  form_tokens: FormTokensTable;
  erasures: ErasuresTable;
  lead_notes: LeadNotesTable;
  lead_reads: LeadReadsTable;
  upload_chunks: UploadChunksTable;
  site_budgets: SiteBudgetsTable;
}

/** PostgreSQL only (0014, shared-tables.ts): a photo's bytes, in chunks of PHOTO_CHUNK_BYTES, numbered from 0 */
export interface UploadChunksTable {
  upload_id: string;
  seq: number;
  bytes: Uint8Array;
}

/** PostgreSQL only (0014): the hits of a budget of the whole site in one window (written, never read back but the count) */
export interface SiteBudgetsTable {
  name: string;
  /** ms since the epoch; a bigint that pg would hand back as a string */
  window_start: number;
  count: number;
}

/** The back office's people (0007): server/staff/ reads and writes these */
export interface StaffTables {
  staff_users: { id: string; email: string; role: string; disabled: number; created_at: string };
  staff_passwords: { user_id: string; hash: string; changed_at: string };
  staff_totp: { user_id: string; secret: string; last_step: number | null; created_at: string };
  staff_recovery_codes: { code_hash: string; user_id: string; created_at: string; used_at: string | null };
  staff_passkeys: {
    id: string;
    user_id: string;
    public_key: string;
    counter: number;
    transports_json: string;
    name: string | null;
    created_at: string;
    last_used_at: string | null;
  };
  staff_invitations: {
    token_hash: string;
    user_id: string;
    role: string;
    created_by: string | null;
    created_at: string;
    expires_at: string;
    used_at: string | null;
    /** the TOTP seed the server made at the invitation's first view, sealed (0012); null until then */
    totp_secret: string | null;
  };
  staff_sessions: {
    id: string;
    token_hash: string;
    user_id: string;
    created_at: string;
    last_seen_at: string;
    authenticated_at: string;
    idle_expires_at: string;
    absolute_expires_at: string;
    ip_summary: string | null;
    agent_summary: string | null;
    /** the door the session was begun at and opens alone (0013); 'back-office' for the sessions begun before it */
    kind: 'back-office' | 'studio';
  };
  staff_sign_in_failures: { key: string; failures: number; last_failure_at: string };
  staff_audit: { id: string; at: string; kind: string; actor_id: string | null; target_ids_json: string };
  /** a passkey ceremony's challenge, made by the server and taken once (0012) */
  staff_challenges: { challenge: string; purpose: string; user_id: string | null; created_at: string; expires_at: string };
  /** a new authenticator's seed (sealed) that waits for its first code before it replaces the old one (0012) */
  staff_totp_pending: { user_id: string; secret: string; created_at: string };
}

/** What the studio on the server shares between editors and server instances (0009): studio-host/state/, and server/storage/studio-queries.ts for what the server reads and writes itself */
export interface StudioTables {
  /** a file open in one editor's studio: theirs while they keep it alive */
  studio_leases: { path: string; lease_id: string; user_id: string; taken_at: string; expires_at: string };
  /** a read-only link to a page's unpublished state, for someone without an account */
  studio_preview_links: {
    id: string;
    token_hash: string;
    route: string;
    created_by: string;
    created_at: string;
    expires_at: string;
    revoked_at: string | null;
  };
  /** a one-time ticket from the back office to the studio's origin, for one signed-in editor, for a minute */
  studio_tickets: { token_hash: string; user_id: string; expires_at: string };
  /** a commit published on one server instance, which every instance builds and serves */
  site_releases: { id: string; commit_id: string; published_by: string; published_at: string };
  /** a publish of the changes at a given time, done once by one server instance */
  studio_schedules: {
    id: string;
    at: string;
    created_by: string;
    created_at: string;
    status: string;
    claimed_by: string | null;
    claimed_at: string | null;
    finished_at: string | null;
    detail: string | null;
  };
  /**
   * the one row saying which server instance owns the working copy (0011): the instance, the address the others
   * forward the studio's requests to, until when it is theirs, and when it let it go
   */
  studio_owner: { id: string; instance: string; address: string; taken_at: string; expires_at: string; released_at: string | null };
}
