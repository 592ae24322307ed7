import { createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { appendFile, open } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { foldAddress } from '../storage/whole-address.ts';

/**
 * The people erased, kept so that an erasure outlives a restore: a backup taken before someone was erased still
 * holds them, and `npm run restore` erases them again. Each line is when and a keyed hash (HMAC-SHA-256 under a key
 * derived from the server's secret), never the address itself: the list names nobody to whoever reads it, and it
 * is kept in the data folder apart from the backups (`erased-people`), appended to at every erasure.
 */
export const ERASED_FILE = 'erased-people';

/** The server's secret file in the data folder, made on the first start when FORM_SECRET is not set (server/main.ts). */
export const SECRET_FILE = 'form-secret';

/** What main.ts asks of a secret: at least 32 bytes. */
const MIN_SECRET_BYTES = 32;

/** Who an erasure was about: an e-mail address, or one lead by its id (as `npm run leads -- erase` takes them). */
export type ErasedWho = { email: string } | { leadId: string };

/** One line of the list: when the erasure was made, and the hash of whom. */
export interface ErasedEntry {
  erasedAt: string;
  hash: string;
}

/**
 * The server's secret as server/main.ts has it: FORM_SECRET, else the one in the data folder, made there as main.ts
 * makes it when there is none yet (an erase before the first start), so both always agree.
 */
export function serverSecret(dataDir: string, env: Record<string, string | undefined> = process.env): string {
  if (env.FORM_SECRET !== undefined && env.FORM_SECRET !== '') return env.FORM_SECRET;
  const file = join(dataDir, SECRET_FILE);
  const kept = existsSync(file) ? readFileSync(file, 'utf8').trim() : '';
  if (Buffer.byteLength(kept) >= MIN_SECRET_BYTES) return kept;
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const made = randomBytes(MIN_SECRET_BYTES).toString('base64url');
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, made, { mode: 0o600 });
  renameSync(temporary, file);
  return made;
}

/** The key of the list's hashes, derived from the server's secret (never the secret itself). */
export const erasedKey = (secret: string) => Buffer.from(hkdfSync('sha256', secret, 'erased-people', 'v1', 32));

/** The keyed hash of an address (folded as the erase compares addresses: NFC, lower case) or of a lead id. */
export function erasedHash(key: Buffer, who: ErasedWho): string {
  const subject = 'email' in who ? `email:${foldAddress(who.email.trim())}` : `lead:${who.leadId}`;
  return createHmac('sha256', key).update(subject).digest('hex');
}

/**
 * Notes that `who` is erased, in the data folder the uploads folder belongs to: the server's and the commands'
 * uploads folder is always `<DATA_DIR>/uploads`; one by another name is a test's own folder, with no data folder
 * around it to write in, and nothing is noted. Written and synced before the erase deletes anything: an erasure is
 * never done and then forgotten.
 */
export async function rememberErased(uploadsDir: string, who: ErasedWho, now = new Date()): Promise<void> {
  if (basename(uploadsDir) !== 'uploads') return;
  const dataDir = dirname(uploadsDir);
  const line = `${now.toISOString()} ${erasedHash(erasedKey(serverSecret(dataDir)), who)}\n`;
  const file = join(dataDir, ERASED_FILE);
  await appendFile(file, line, { mode: 0o600 });
  const handle = await open(file, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** The list's lines; none when the file is not there. A line that is not one of ours is skipped. */
export function readErased(file: string): ErasedEntry[] {
  if (!existsSync(file)) return [];
  const entries: ErasedEntry[] = [];
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const match = /^(\S+) ([0-9a-f]{64})$/.exec(line.trim());
    if (match && !Number.isNaN(Date.parse(match[1]!))) entries.push({ erasedAt: match[1]!, hash: match[2]! });
  }
  return entries;
}

/** Writes the entries as the list's file (a restore carries the list it applied into the new data folder). */
export function writeErased(file: string, entries: ErasedEntry[]): void {
  const seen = new Set<string>();
  const lines = entries.filter((e) => !seen.has(`${e.erasedAt} ${e.hash}`) && seen.add(`${e.erasedAt} ${e.hash}`));
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, lines.map((e) => `${e.erasedAt} ${e.hash}\n`).join(''), { mode: 0o600 });
  renameSync(temporary, file);
}
