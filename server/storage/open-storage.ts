import { hostname } from 'node:os';
import type { Kysely } from 'kysely';
import type { Storage, StorageOptions } from './types.ts';
import type { Database } from './schema.ts';
import { monotonicClock, newId } from './ids.ts';
import { DEFAULT_BUSY_WAIT_MS } from './busy.ts';
import { openMigrated, patientOnSqlite } from './open-database.ts';
import { groupCommit } from './group-commit.ts';
import * as leads from './lead-queries.ts';
import * as mails from './mail-queries.ts';
import * as uploads from './upload-queries.ts';
import * as photos from './photo-queries.ts';
import * as once from './once-queries.ts';
import * as person from './person-queries.ts';
import * as inbox from './inbox-queries.ts';

type Db = Kysely<Database>;
type Kind = Storage['kind'];
type Now = () => Date;

/** The leads themselves, as the form endpoint and the commands read and write them. */
const leadMethods = (db: Db) =>
  ({
    getLead: (id) => leads.getLead(db, id),
    findLeadBySubmission: (submissionId) => leads.findLeadBySubmission(db, submissionId),
    listLeads: (listOptions) => leads.listLeads(db, listOptions),
    findLeadsByIdPrefix: (prefix, limit) => leads.findLeadsByIdPrefix(db, prefix, limit),
    setDelivery: (leadId, delivery, detail) => leads.setDelivery(db, leadId, delivery, detail),
  }) satisfies Partial<Storage>;

/** The mail queue; `owner` names who holds a mail's claim. */
const mailMethods = (db: Db, kind: Kind, now: Now, owner: string) =>
  ({
    addMail: (mail) => mails.addMail(db, mail, now()),
    queueLeadMail: (leadId, mail) => once.queueLeadMail(db, leadId, mail, now()),
    bindFormToken: (nonce, submissionId, forgetBefore) => once.bindFormToken(db, nonce, submissionId, forgetBefore, now()),
    claimDueMails: (at, limit, leaseMs, dueBy = at) => mails.claimDueMails(db, kind, { now: at, dueBy, limit, leaseMs, owner }),
    mailsForLead: (leadId) => mails.mailsForLead(db, leadId),
    listMails: (listOptions) => mails.listMails(db, listOptions),
    markMailSent: (id, at) => mails.markMailSent(db, id, at),
    markMailRetry: (id, error, nextAttemptAt) => mails.markMailRetry(db, id, error, nextAttemptAt),
    markMailFailed: (id, error) => mails.markMailFailed(db, id, error),
  }) satisfies Partial<Storage>;

/** Photos on their way to a lead, their bytes, and the budgets that bound them. */
const uploadMethods = (db: Db) =>
  ({
    addUpload: (upload) => uploads.addUpload(db, upload),
    getUpload: (id) => uploads.getUpload(db, id),
    attachUploads: (ids, leadId, ip) => uploads.attachUploads(db, ids, leadId, ip),
    expiredUploads: (before, limit) => uploads.expiredUploads(db, before, limit),
    deleteUpload: (id) => uploads.deleteUpload(db, id),
    unattachedUploadBytes: (ip) => uploads.unattachedUploadBytes(db, ip),
    totalUploadBytes: () => uploads.totalUploadBytes(db),
    addUploadBytes: (upload, chunks) => photos.addUploadBytes(db, upload, chunks),
    uploadBytesSize: (id) => photos.uploadBytesSize(db, id),
    uploadChunk: (id, seq) => photos.uploadChunk(db, id, seq),
    countBudget: (name, windowStart) => photos.countBudget(db, name, windowStart),
  }) satisfies Partial<Storage>;

/** The back office's inbox: pages of leads, their handling, notes and read marks. */
const inboxMethods = (db: Db, kind: Kind, now: Now) =>
  ({
    inboxPage: (query) => inbox.inboxPage(db, kind, query),
    inboxRow: (id) => inbox.inboxRow(db, id),
    setLeadStatus: (id, status) => inbox.setLeadStatus(db, id, status),
    setLeadSpam: (id, spam, at) => inbox.setLeadSpam(db, id, spam, at ?? now()),
    addLeadNote: (note) => inbox.addLeadNote(db, note, now()),
    leadNotes: (leadId) => inbox.leadNotesOf(db, [leadId]),
    notesOfLeads: (leadIds) => inbox.leadNotesOf(db, leadIds),
    newestLeadId: () => inbox.newestLeadId(db),
    setLeadAssignee: (id, userId) => inbox.setFollowUp(db, id, { assigned_to: userId }),
    setLeadCallBack: (id, day) => inbox.setFollowUp(db, id, { call_back_on: day }),
    markLeadRead: (leadId, userId) => inbox.markLeadRead(db, leadId, userId, now()),
    personLeads: (leadId) => inbox.personLeads(db, leadId),
    setStatusOf: (leadIds, status) => inbox.setStatusOf(db, leadIds, status),
  }) satisfies Partial<Storage>;

/** A person's data as a whole: found, erased, expired, and the record of erasures. */
const personMethods = (db: Db, kind: Kind) =>
  ({
    findPerson: (who) => person.findPerson(db, who),
    deleteLeads: (leadIds, more) => person.deleteLeads(db, leadIds, more),
    expiredLeads: (before, spamBefore, limit) => person.expiredLeads(db, before, spamBefore, limit),
    forgetOld: (mailsBefore, tokensBefore) => person.forgetOld(db, mailsBefore, tokensBefore),
    recordErasure: (erasure) => person.recordErasure(db, erasure),
    listErasures: () => person.listErasures(db),
    compact: () => person.compact(db, kind),
  }) satisfies Partial<Storage>;

/**
 * Opens SQLite (`${dataDir}/leads.sqlite`, the directory is created) or PostgreSQL (databaseUrl
 * postgres://...), brings the schema up to date and returns the Storage. Close it when done.
 */
export async function openStorage(options: StorageOptions): Promise<Storage> {
  const { db, kind, opened } = await openMigrated(options);
  opened?.();
  const now = monotonicClock();
  let closed: Promise<void> | undefined;
  // who holds a mail's claim: this Storage of this process on this machine (for staff looking at the table)
  const owner = `${hostname().slice(0, 100)}/${process.pid}/${newId().slice(0, 8)}`;
  const storage: Storage = {
    kind,
    addLead: groupCommit(db, now),
    ...leadMethods(db),
    ...mailMethods(db, kind, now, owner),
    ...uploadMethods(db),
    ...inboxMethods(db, kind, now),
    ...personMethods(db, kind),
    // closing twice (shutdown handler + test cleanup) is harmless
    close: () => (closed ??= db.destroy()),
  };
  return kind === 'sqlite' ? patientOnSqlite(storage, options.busyWaitMs ?? DEFAULT_BUSY_WAIT_MS) : storage;
}
