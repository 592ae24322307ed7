import type { Lead, Mail, Storage } from '../storage/types.ts';
import { strings } from '../storage/search-text.ts';
import { isWholeAddress } from '../storage/whole-address.ts';
import { erasePerson } from '../people/person.ts';
import { erasedHash, type ErasedWho } from './erased-list.ts';

/** What a restore erased again. */
export interface ErasedAgain {
  people: number;
  leads: number;
  photos: number;
  mails: number;
  /** false when a rewrite of the database was kept from finishing: the erased rows' bytes may still be in its files */
  scrubbed: boolean;
}

/** Whatever looks like an address in a text, each as a whole address (a sentence's last dot is not the address's). */
export function addressesIn(text: string): string[] {
  const found = text.match(/[^\s<>()[\]{},;:"'`]+@[^\s<>()[\]{},;:"'`]+/gu) ?? [];
  return found.map((token) => token.replace(/\.+$/, '')).filter(isWholeAddress);
}

const leadTexts = (lead: Lead) => [lead.email, lead.name, lead.phone, lead.message, ...strings(lead.values)];
const mailTexts = (mail: Mail) => [mail.replyTo ?? '', mail.to, mail.subject, mail.text];

/**
 * The people of the restored data the list names: each lead by its id, and each address the leads and mails hold
 * (the erase finds a person by any whole address in any of these texts, so each of them is looked up), once each.
 */
async function named(storage: Storage, key: Buffer, hashes: Set<string>): Promise<ErasedWho[]> {
  const leads = [...(await storage.listLeads()), ...(await storage.listLeads({ spam: true }))];
  const mails = await storage.listMails();
  const people = new Map<string, ErasedWho>();
  const consider = (who: ErasedWho) => {
    const hash = erasedHash(key, who);
    if (hashes.has(hash)) people.set(hash, who);
  };
  for (const lead of leads) consider({ leadId: lead.id });
  for (const text of [...leads.flatMap(leadTexts), ...mails.flatMap(mailTexts)]) for (const email of addressesIn(text)) consider({ email });
  return [...people.values()];
}

/**
 * Erases again, from restored data, the people the list names: with the erase of `npm run leads -- erase` (their
 * leads, mails and photos, rows and files, logged without the data, the database rewritten).
 */
export async function eraseAgain(storage: Storage, uploadsDir: string, key: Buffer, hashes: Set<string>): Promise<ErasedAgain> {
  const total: ErasedAgain = { people: 0, leads: 0, photos: 0, mails: 0, scrubbed: true };
  if (hashes.size === 0) return total;
  for (const who of await named(storage, key, hashes)) {
    const erased = await erasePerson(storage, uploadsDir, who);
    if (erased.leads + erased.photos + erased.mails > 0) total.people++;
    total.leads += erased.leads;
    total.photos += erased.photos;
    total.mails += erased.mails;
    total.scrubbed &&= erased.scrubbed;
  }
  return total;
}
