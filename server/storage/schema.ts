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

export interface Database {
  leads: LeadsTable;
  mails: MailsTable;
  uploads: UploadsTable;
  form_tokens: FormTokensTable;
  erasures: ErasuresTable;
}
