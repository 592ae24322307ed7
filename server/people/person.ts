import type { Person, Storage, Upload } from '../storage/types.ts';
import { uploadFileName, uploadIdOfLink } from '../storage/upload-files.ts';
import { photoStore } from '../storage/photo-store.ts';
import { isWholeAddress } from '../storage/whole-address.ts';
import { rememberErased } from '../backup/erased-list.ts';
import { isId } from '../storage/ids.ts';

/**
 * The people's data in one place: who a request is about, everything stored of them (export) and its erasure. The
 * back office (server/admin/lead-routes.ts) and `npm run leads` (server/cli/leads-command.ts) both call these.
 */

/** Who `export` and `erase` are about: an e-mail address, or the id of one lead. */
export type Who = { email: string } | { leadId: string };

/**
 * The target as typed: one whole e-mail address or one whole lead id; undefined for anything else (a part of an
 * address, a bare domain, a pattern), which would take in other people.
 */
export function parseWho(text: string): Who | undefined {
  const trimmed = text.trim();
  if (isWholeAddress(trimmed)) return { email: trimmed };
  return isId(trimmed) ? { leadId: trimmed } : undefined;
}

const photoRecord = (photo: Upload) => ({ file: uploadFileName(photo), ...photo });

/**
 * Everything stored of the person, as one JSON value: each lead with all its values, its mails, its notes and its photos
 * (links and the files they are stored as), and mails of no lead that name the address.
 */
export function personJson(who: Who, person: Person, now = new Date()) {
  const linked = (links: string[]) => new Set(links.map(uploadIdOfLink).filter(Boolean));
  const leads = person.leads.map((lead) => {
    const named = linked(lead.photos);
    return {
      ...lead,
      photoFiles: person.photos.filter((p) => p.leadId === lead.id || named.has(p.id)).map(photoRecord),
      mails: person.mails.filter((m) => m.leadId === lead.id),
      // what staff wrote about the person is their data too
      notes: (person.notes ?? []).filter((n) => n.leadId === lead.id),
    };
  });
  const ids = new Set(person.leads.map((l) => l.id));
  return { exportedAt: now.toISOString(), who, leads, otherMails: person.mails.filter((m) => m.leadId === null || !ids.has(m.leadId)) };
}

export interface Erased {
  leads: number;
  photos: number;
  mails: number;
  /** false when another process kept the database from being rewritten to the end: run the erase again */
  scrubbed: boolean;
}

/**
 * Erases everything of the person: their leads, mails, token bindings and photos (rows with, on PostgreSQL, their
 * bytes; then, on SQLite, the files), logs the
 * erasure without the erased data (when, how many, the lead ids), and rewrites the database so the deleted
 * rows' bytes are gone from its files. Runs the rewrite even when nothing was found, so an erasure whose
 * rewrite was kept from finishing is completed by running it again.
 */
export async function erasePerson(storage: Storage, uploadsDir: string, who: Who, now = () => new Date()): Promise<Erased> {
  await rememberErased(uploadsDir, who, now());
  const person = await storage.findPerson(who);
  const leadIds = person.leads.map((l) => l.id);
  const deleted = await storage.deleteLeads(leadIds, { mailIds: person.mails.map((m) => m.id), uploadIds: person.photos.map((p) => p.id) });
  // with PostgreSQL the photos' bytes went with their rows, in the same transaction (on delete cascade)
  await photoStore(storage, uploadsDir).removeBytes(deleted.photos);
  const erased = { leads: deleted.leads, photos: deleted.photos.length, mails: deleted.mails };
  if (erased.leads + erased.photos + erased.mails > 0) await storage.recordErasure({ erasedAt: now().toISOString(), ...erased, leadIds: [...leadIds].sort() });
  const { complete } = await storage.compact();
  return { ...erased, scrubbed: complete };
}
