import { Kysely } from 'kysely';
import type { Database } from './schema.ts';
import type { Storage, StorageOptions } from './types.ts';
import { chooseDialect } from './dialect.ts';
import { monotonicClock } from './ids.ts';
import { migrate } from './migrations.ts';
import { groupCommit } from './group-commit.ts';
import * as leads from './lead-queries.ts';
import * as mails from './mail-queries.ts';
import * as uploads from './upload-queries.ts';

/**
 * Opens SQLite (`${dataDir}/leads.sqlite`, the directory is created) or PostgreSQL (databaseUrl
 * postgres://...), brings the schema up to date and returns the Storage. Close it when done.
 */
export async function openStorage(options: StorageOptions): Promise<Storage> {
  const { kind, dialect } = chooseDialect(options);
  const db = new Kysely<Database>({ dialect });
  try {
    await migrate(db, kind);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  const now = monotonicClock();
  let closed: Promise<void> | undefined;
  const addLead = groupCommit(db, now);

  return {
    kind,
    addLead,
    getLead: (id) => leads.getLead(db, id),
    findLeadBySubmission: (submissionId) => leads.findLeadBySubmission(db, submissionId),
    listLeads: (listOptions) => leads.listLeads(db, listOptions),
    findLeadsByIdPrefix: (prefix, limit) => leads.findLeadsByIdPrefix(db, prefix, limit),
    setDelivery: (leadId, delivery, detail) => leads.setDelivery(db, leadId, delivery, detail),

    addMail: (mail) => mails.addMail(db, mail, now()),
    dueMails: (at, limit) => mails.dueMails(db, at, limit),
    mailsForLead: (leadId) => mails.mailsForLead(db, leadId),
    listMails: (listOptions) => mails.listMails(db, listOptions),
    markMailSent: (id, at) => mails.markMailSent(db, id, at),
    markMailRetry: (id, error, nextAttemptAt) => mails.markMailRetry(db, id, error, nextAttemptAt),
    markMailFailed: (id, error) => mails.markMailFailed(db, id, error),

    addUpload: (upload) => uploads.addUpload(db, upload),
    getUpload: (id) => uploads.getUpload(db, id),
    attachUploads: (ids, leadId) => uploads.attachUploads(db, ids, leadId),
    expiredUploads: (before, limit) => uploads.expiredUploads(db, before, limit),
    deleteUpload: (id) => uploads.deleteUpload(db, id),
    unattachedUploadBytes: (ip) => uploads.unattachedUploadBytes(db, ip),
    totalUploadBytes: () => uploads.totalUploadBytes(db),

    // closing twice (shutdown handler + test cleanup) is harmless
    close: () => (closed ??= db.destroy()),
  };
}
