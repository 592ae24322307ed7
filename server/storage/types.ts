import type { LeadStatusName } from '../../core/admin/contract.ts';
import type { LeadSource } from '../../core/forms/lead-source.ts';

/**
 * The storage contract every backend (SQLite, PostgreSQL) fulfils. The server,
 * the SMTP delivery and `npm run leads` use only this interface.
 */

/** Where a lead's notification mail stands. */
export type Delivery =
  | 'pending' // stored; no mail outcome known yet
  | 'emailjs-sent' // the browser reported EmailJS answered 200
  | 'emailjs-failed' // the browser reported an EmailJS failure (detail says which)
  | 'outbox' // in the local outbox (no SMTP configured): read it with npm run leads
  | 'smtp-sent'
  | 'smtp-retrying'
  | 'smtp-failed';

export interface NewLead {
  /** Chosen by the browser; a retry with the same id never makes a second lead. */
  submissionId: string;
  form: string;
  name: string;
  email: string;
  phone: string;
  message: string;
  /** Every submitted field value, as validated. */
  values: Record<string, unknown>;
  /** Links of uploaded photos. */
  photos: string[];
  spam: boolean;
  /** Stored without the signed fill-time token (the contact form's /api/contact fallback): a person should look at it. */
  review: boolean;
  /** Why it was flagged: 'honeypot', 'too-fast', 'bad-token', 'no-token', ... */
  flags: string[];
  ip: string | null;
  userAgent: string | null;
  /** where the visitor came from, as the server cleaned it (core/forms/lead-source.ts); absent (or null) for nothing */
  source?: LeadSource | null;
}

export interface Lead extends NewLead {
  id: string;
  /** ISO 8601, UTC */
  createdAt: string;
  delivery: Delivery;
  deliveryDetail: string | null;
}

/** Where staff are with a lead (the back office's inbox, issue 38), declared with its wire. Every lead starts 'new'. */
export type LeadStatus = LeadStatusName;

/** One page of the inbox asks for this. Every filter given must hold; none given lists every lead, spam included. */
export interface InboxQuery {
  /** words that must each occur in the lead's name, e-mail, phone (its digits too) or any text of its values; any case, any accents */
  search?: string;
  form?: string;
  status?: LeadStatus;
  /** true: only spam; false: only leads not flagged as spam; absent: both */
  spam?: boolean;
  /** only the leads assigned to this staff user (issue 50) */
  assignee?: string;
  /** only the leads to call back on this day (YYYY-MM-DD) or before, not won or lost yet (issue 50) */
  callBackBy?: string;
  /** leads that came at or after this moment */
  from?: Date;
  /** leads that came before this moment (exclusive: pass the start of the next day for "up to and including") */
  to?: Date;
  /** the `next` of the page before; absent for the first page. A cursor that is not one throws InvalidCursorError */
  after?: string;
  /** rows a page, 1 to 100 (clamped) */
  limit: number;
  /** the staff user asking: each row says whether they opened it, and the first page counts what they have not (issue 50) */
  reader?: string;
}

/** A lead as one line of the inbox: what the list shows, without its values. */
export interface InboxRow {
  id: string;
  /** ISO 8601, UTC */
  createdAt: string;
  form: string;
  name: string;
  email: string;
  phone: string;
  status: LeadStatus;
  spam: boolean;
  /** stored without a fill-time token: a person should look at it */
  review: boolean;
  delivery: Delivery;
  hasPhotos: boolean;
  /** the start of the message on one line, at most 120 characters ('…' when cut); '' for none */
  preview: string;
  /** the query's reader has not opened it yet (false when the query names no reader) */
  unread: boolean;
  /** when staff marked it spam (ISO); null when it came as spam, or is none */
  spamMarkedAt: string | null;
  /** the staff user who follows it up, or null */
  assignedTo: string | null;
  /** the day to call the person back (YYYY-MM-DD), or null */
  callBackOn: string | null;
  /** where the visitor came from in a few words, as "Google Ads · najaar" (issue 51); absent when the lead says nothing of it */
  sourceLabel?: string;
}

export interface InboxPage {
  /** newest first */
  leads: InboxRow[];
  /** the cursor of the next page; absent on the last one */
  next?: string;
  /** how many leads match the filters in all: on the first page only (a cursor's pages leave it out) */
  total?: number;
  /** how many match the filters but the status, per status: on the first page only */
  counts?: Record<LeadStatus, number>;
  /** how many leads that are not spam the reader has not opened, whatever the filters: on the first page with a reader only */
  unread?: number;
}

export interface NewLeadNote {
  leadId: string;
  /** the staff user who wrote it; null for none (a command on the server) */
  authorId: string | null;
  body: string;
}

export interface LeadNote extends NewLeadNote {
  id: string;
  /** ISO 8601, UTC */
  createdAt: string;
}

export type MailState = 'outbox' | 'sent' | 'retrying' | 'failed';

export interface NewMail {
  leadId: string | null;
  /** Always the recipient from config, never one the browser wrote. */
  to: string;
  replyTo: string | null;
  subject: string;
  text: string;
  templateId: string;
}

export interface Mail extends NewMail {
  id: string;
  state: MailState;
  attempts: number;
  /** ISO; null means due now */
  nextAttemptAt: string | null;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
}

export interface Upload {
  /** also the stored file name stem */
  id: string;
  /** e.g. 'image/png' */
  type: string;
  /** e.g. 'png' */
  ext: string;
  size: number;
  width: number | null;
  height: number | null;
  createdAt: string;
  /** the uploader's rate key (an IPv6 address by its /64), for the per-address quota */
  ip: string | null;
  /** the lead whose photo links name this upload; null while none does */
  leadId: string | null;
}

export interface Storage {
  readonly kind: 'sqlite' | 'postgres';
  /** Durable before it resolves. Idempotent on submissionId: `created` is false for a repeat, with the first lead's id. */
  addLead(lead: NewLead): Promise<{ id: string; created: boolean }>;
  getLead(id: string): Promise<Lead | undefined>;
  findLeadBySubmission(submissionId: string): Promise<Lead | undefined>;
  /** Newest first. `spam: true` lists only spam; otherwise only leads not flagged as spam. */
  listLeads(options?: { spam?: boolean; limit?: number }): Promise<Lead[]>;
  setDelivery(leadId: string, delivery: Delivery, detail: string | null): Promise<void>;
  /** Leads (spam included) whose id starts with `prefix`, newest first, at most `limit`: `npm run leads show <prefix>`. */
  findLeadsByIdPrefix(prefix: string, limit: number): Promise<Lead[]>;

  /** Puts a mail in the outbox (state 'outbox', due now). */
  addMail(mail: NewMail): Promise<string>;
  /** Puts the lead's notification in the outbox unless it already has one (from any process): `created` says which. */
  queueLeadMail(leadId: string, mail: Omit<NewMail, 'leadId'>): Promise<{ id: string; created: boolean }>;
  /**
   * Binds a fill-time token's nonce to the first submission that used it; returns that submission's id. Bindings
   * used before `forgetBefore` are dropped on the way.
   */
  bindFormToken(nonce: string, submissionId: string, forgetBefore: Date): Promise<string>;
  /**
   * Claims for this Storage, until `now + leaseMs`, up to `limit` mails in state 'outbox' or 'retrying' whose
   * nextAttemptAt is null or not after `dueBy` (default `now`) and that nobody holds a live claim on (one that
   * runs out after `now`); oldest first. While the claim lasts no other caller (another process on the same
   * database included) gets them; markMailSent, markMailRetry and markMailFailed end it; one never ended (the
   * process died) runs out and the mail is due again.
   */
  claimDueMails(now: Date, limit: number, leaseMs: number, dueBy?: Date): Promise<Mail[]>;
  mailsForLead(leadId: string): Promise<Mail[]>;
  listMails(options?: { limit?: number }): Promise<Mail[]>;
  markMailSent(id: string, at: Date): Promise<void>;
  markMailRetry(id: string, error: string, nextAttemptAt: Date): Promise<void>;
  markMailFailed(id: string, error: string): Promise<void>;

  addUpload(upload: Upload): Promise<void>;
  getUpload(id: string): Promise<Upload | undefined>;
  /**
   * Marks these uploads as used by the lead; an upload already attached to a lead, or unknown, is left as it is.
   * Only the uploads `ip` (the submitter's rate key) made: nobody
   * can take another address's photos out of its quota and out of the sweep.
   */
  attachUploads(ids: string[], leadId: string, ip: string): Promise<void>;
  /** Uploads no lead uses that were made before `before`, oldest first, at most `limit`: the sweep removes them. */
  expiredUploads(before: Date, limit: number): Promise<Upload[]>;
  /** Removes the upload's row unless a lead uses it (its file is the caller's); true when a row was removed. */
  deleteUpload(id: string): Promise<boolean>;
  /** Bytes of the uploads from this address (rate key) that no lead uses yet. */
  unattachedUploadBytes(ip: string): Promise<number>;
  /** Bytes of all uploads. */
  totalUploadBytes(): Promise<number>;
  /** PostgreSQL (0014): adds the upload's row and its bytes, chunk by chunk as they come, in one transaction (photo-store.ts). */
  addUploadBytes(upload: Upload, chunks: AsyncIterable<Uint8Array>): Promise<void>;
  /** PostgreSQL: the length of an upload's stored bytes and how many chunks hold them; undefined when none are stored. */
  uploadBytesSize(id: string): Promise<{ size: number; chunks: number } | undefined>;
  /** PostgreSQL: one chunk of an upload's bytes (0 first); undefined past the last. */
  uploadChunk(id: string, seq: number): Promise<Uint8Array | undefined>;
  /** PostgreSQL: counts one hit of a budget of the whole site in the window starting then (ms); gives the window's count. */
  countBudget(name: string, windowStart: number): Promise<number>;

  /** One page of the leads inbox, newest first, paged by a cursor (never an offset: each page costs the same). */
  inboxPage(query: InboxQuery): Promise<InboxPage>;
  /** One lead as an inbox line (its status among the rest); undefined when there is none. */
  inboxRow(id: string): Promise<InboxRow | undefined>;
  /** false when there is no such lead. */
  setLeadStatus(id: string, status: LeadStatus): Promise<boolean>;
  /** Marks a lead spam (at this moment, now by default: its spam retention counts from it) or not spam; false when there is no such lead. */
  setLeadSpam(id: string, spam: boolean, at?: Date): Promise<boolean>;
  /** undefined when there is no such lead (erased meanwhile, say). */
  addLeadNote(note: NewLeadNote): Promise<LeadNote | undefined>;
  /** The lead's notes, oldest first. */
  leadNotes(leadId: string): Promise<LeadNote[]>;
  /** Assigns the lead to a staff user (null: to nobody); false when there is no such lead. */
  setLeadAssignee(id: string, userId: string | null): Promise<boolean>;
  /** The day to call the lead's person back (YYYY-MM-DD; null: none); false when there is no such lead. */
  setLeadCallBack(id: string, day: string | null): Promise<boolean>;
  /** The id of the newest lead (spam too), or undefined for none: what an open inbox polls for (issue 50). */
  newestLeadId(): Promise<string | undefined>;
  /** The notes of these leads (a person's), oldest first. */
  notesOfLeads(leadIds: string[]): Promise<LeadNote[]>;
  /** This staff user opened the lead's page: from now on it is read for them (a lead erased meanwhile gets no mark). */
  markLeadRead(leadId: string, userId: string): Promise<void>;
  /** The leads of the lead's person (same e-mail address or phone number), newest first, the lead itself among them; [] when there is no such lead. */
  personLeads(leadId: string): Promise<InboxRow[]>;
  /** Sets the status of those of these leads that are not spam and have another status; gives the ids changed. */
  setStatusOf(leadIds: string[], status: LeadStatus): Promise<string[]>;

  /**
   * Everything stored of one person: by address, the leads (spam included) whose e-mail field is that address or
   * whose other fields hold it as a whole address (not `an@x.nl` in `jan@x.nl` or `an@x.nl.au`), in any case of
   * any script, with their mails and the mails of no lead that name it so (whole-address.ts); by id, that one lead
   * and its mails. Photos are the uploads attached to those leads or named by their links.
   */
  findPerson(who: { email: string } | { leadId: string }): Promise<Person>;
  /**
   * Deletes the leads, their notes, their read marks, their mails, their token bindings, the uploads attached to them and the unattached ones in
   * `uploadIds`, and the mails in `mailIds`, in one transaction. Gives the photos whose files the caller removes.
   */
  deleteLeads(leadIds: string[], more?: { mailIds?: string[]; uploadIds?: string[] }): Promise<Deleted>;
  /**
   * Ids of leads past their retention, oldest first, at most `limit`: not spam and made before `before`, spam marked
   * by staff before `spamBefore` (one that came as spam: made before it).
   */
  expiredLeads(before: Date, spamBefore: Date, limit: number): Promise<string[]>;
  /** Deletes mails of no lead made before `mailsBefore` and token bindings used before `tokensBefore`; gives how many of each. */
  forgetOld(mailsBefore: Date, tokensBefore: Date): Promise<{ mails: number; tokens: number }>;
  /** Logs an erasure without the erased data: when, how many, and the lead ids. */
  recordErasure(erasure: Erasure): Promise<void>;
  /** The erasures logged, newest first. */
  listErasures(): Promise<Erasure[]>;
  /**
   * Rewrites the database so deleted rows leave no bytes in its files. SQLite: VACUUM, then a checkpoint that
   * empties the WAL (complete is false when another process kept it from finishing); PostgreSQL: VACUUM FULL and
   * ANALYZE of the tables (its WAL, pg_wal, keeps old records until the server recycles them).
   */
  compact(): Promise<{ complete: boolean }>;

  close(): Promise<void>;
}

/** What findPerson gives. */
export interface Person {
  leads: Lead[];
  mails: Mail[];
  photos: Upload[];
  /** the staff's notes on those leads, oldest first (findPerson always gives them; optional for an empty Person written by hand) */
  notes?: LeadNote[];
}

export interface Deleted {
  leads: number;
  mails: number;
  photos: Upload[];
}

export interface Erasure {
  erasedAt: string;
  leads: number;
  photos: number;
  mails: number;
  leadIds: string[];
}

export interface StorageOptions {
  /** postgres://... : PostgreSQL; absent: SQLite in `${dataDir}/leads.sqlite` */
  databaseUrl?: string;
  dataDir: string;
  /**
   * SQLite: how long a call waits (asynchronously) while another process holds the write lock before it fails
   * with StorageBusyError. Default 800 ms, so an API request is answered within a second.
   */
  busyWaitMs?: number;
}
