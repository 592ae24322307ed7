import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Storage } from '../storage/types.ts';
import { UPLOAD_NAME } from '../storage/upload-files.ts';
import { photoStore } from '../storage/photo-store.ts';
import { TOKEN_MAX_AGE_MS } from './form-token.ts';

/** The temporary folder inside the uploads folder: uploads being received or re-encoded. */
export const TMP_DIR = 'tmp';
/** A temporary file or a file without its row this old is what a crash or a cut-off left behind. */
const STALE_MS = 3600_000;

export interface SweepOptions {
  storage: Storage;
  uploadsDir: string;
  /** photos no lead uses are removed this long after their upload */
  ttlMs: number;
  /** leads (with their photos and mails), and mails of no lead, are removed this long after they came; none when absent */
  leadTtlMs?: number;
  /** leads flagged as spam are removed this long after they came; leadTtlMs when absent */
  spamTtlMs?: number;
  log?: (message: string) => void;
  now?: () => Date;
}

/**
 * Personal data has an end: deletes the leads past their retention (spam sooner) with their mails, photos (rows,
 * then their bytes: photo-store.ts) and token bindings, the mails of no lead as old, and the token bindings whose tokens expired.
 * Gives how many leads it removed.
 */
export async function sweepLeads({ storage, uploadsDir, leadTtlMs, spamTtlMs, log = () => {}, now = () => new Date() }: SweepOptions): Promise<number> {
  if (leadTtlMs === undefined) return 0;
  const at = now().getTime();
  const before = new Date(at - leadTtlMs);
  let removed = 0;
  let photos = 0;
  let mails = 0;
  const store = photoStore(storage, uploadsDir);
  for (;;) {
    const expired = await storage.expiredLeads(before, new Date(at - (spamTtlMs ?? leadTtlMs)), 200);
    if (expired.length === 0) break;
    const deleted = await storage.deleteLeads(expired);
    await store.removeBytes(deleted.photos);
    removed += deleted.leads;
    photos += deleted.photos.length;
    mails += deleted.mails;
    if (expired.length < 200) break;
  }
  // a token's binding only matters while the token may be used (bindFormToken forgets them too, on the next lead)
  const old = await storage.forgetOld(before, new Date(at - 2 * TOKEN_MAX_AGE_MS));
  mails += old.mails;
  const count = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (removed + mails > 0) log(`retention: removed ${count(removed, 'lead')} past the retention period, ${count(photos, 'photo')} and ${count(mails, 'mail')}`);
  return removed;
}

/**
 * Removes the photos no lead uses that are older than the TTL (the row with, on PostgreSQL, its bytes; then, on
 * SQLite, the file), the temporary files older than an hour and the photo files no row knows that are older than
 * an hour. Gives how many photos and files it removed.
 */
export async function sweepUploads({ storage, uploadsDir, ttlMs, log = () => {}, now = () => new Date() }: SweepOptions): Promise<number> {
  const at = now();
  let removed = 0;
  const store = photoStore(storage, uploadsDir);
  for (;;) {
    const expired = await storage.expiredUploads(new Date(at.getTime() - ttlMs), 200);
    for (const upload of expired) {
      // the row first, and only while no lead uses it (one may have just taken it); with PostgreSQL its bytes go
      // with it. A file whose row is gone (a crash in between) is removed below, an hour later
      if (!(await storage.deleteUpload(upload.id))) continue;
      await store.removeBytes([upload]);
      removed++;
    }
    if (expired.length < 200) break;
  }
  const staleBefore = at.getTime() - STALE_MS;
  const old = async (path: string) => (await stat(path).catch(() => undefined))?.mtimeMs ?? Infinity;
  for (const name of await readdir(join(uploadsDir, TMP_DIR)).catch(() => [])) {
    const path = join(uploadsDir, TMP_DIR, name);
    if ((await old(path)) < staleBefore) {
      await rm(path, { force: true });
      removed++;
    }
  }
  for (const name of await readdir(uploadsDir).catch(() => [])) {
    const match = UPLOAD_NAME.exec(name);
    if (!match) continue;
    const path = join(uploadsDir, name);
    if ((await old(path)) < staleBefore && (await storage.getUpload(match[1]!))?.ext !== match[2]) {
      await rm(path, { force: true });
      removed++;
    }
  }
  if (removed > 0) log(`uploads: the sweep removed ${removed} unused or left-over photos and files`);
  return removed;
}

/**
 * Sweeps (the leads past retention, then the photos) on start and then every `everyMs`; the timer never keeps
 * the process alive. `stop()` waits for a sweep under way.
 */
export function startUploadSweep(options: SweepOptions & { everyMs: number }): { stop: () => Promise<void> } {
  const log = options.log ?? ((m: string) => console.error(m));
  let running: Promise<unknown> = Promise.resolve();
  let busy = false;
  let stopped = false;
  const run = () => {
    if (stopped || busy) return;
    busy = true;
    const failed = (what: string) => (error: unknown) => log(`${what}: the sweep failed: ${error instanceof Error ? error.message : String(error)}`);
    // one failing does not hold up the other
    running = sweepLeads({ ...options, log })
      .catch(failed('retention'))
      .then(() => sweepUploads({ ...options, log }))
      .catch(failed('uploads'))
      .finally(() => (busy = false));
  };
  const timer = setInterval(run, options.everyMs);
  timer.unref();
  run();
  return {
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
