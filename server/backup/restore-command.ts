import { chmodSync, copyFileSync, existsSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { sqliteFile } from '../storage/paths.ts';
import { isUsageError } from '../usage-error.ts';
import { countsInWords, dataDirOf, oneFolder, type CommandIo } from './backup-command.ts';
import { eraseAgain, type ErasedAgain } from './erase-again.ts';
import { ERASED_FILE, erasedKey, readErased, serverSecret, writeErased, type ErasedEntry } from './erased-list.ts';
import { copyFiles, entriesOf, makePrivate, plural } from './files.ts';
import { PHOTOS_DIR, readManifest, type Manifest } from './manifest.ts';
import { postgresTables, restorePostgres } from './postgres-tools.ts';

export const restoreUsage = `usage: npm run restore -- <backup folder> [--erased <file> ...]
  brings a backup into an empty data folder (DATA_DIR), and an empty database with DATABASE_URL; the people in the
  data folder's ${ERASED_FILE} (and in each --erased <file>) erased after the backup was taken are erased again`;

/** A target that holds data already, or a backup that does not fit it: said in plain words, nothing touched. */
class RefusedError extends Error {}

/** The data folder must be empty (the list of erased people may be there already: it is kept apart from backups). */
function checkDataFolder(dataDir: string): void {
  const found = entriesOf(dataDir).filter((name) => name !== ERASED_FILE);
  if (found.length === 0) return;
  const shown = found.slice(0, 4).join(', ') + (found.length > 4 ? ', ...' : '');
  throw new RefusedError(
    `${dataDir} is not empty (${shown}): a restore goes into an empty data folder, never over a server's data. ` +
      'Stop the server and move that folder aside, or set DATA_DIR to a new folder.',
  );
}

/** The database must be the backup's kind, and empty. */
async function checkDatabase(manifest: Manifest, databaseUrl: string | undefined): Promise<void> {
  if (manifest.database.kind === 'postgres' && !databaseUrl)
    throw new RefusedError('this backup is of a PostgreSQL database: set DATABASE_URL to a new, empty database');
  if (manifest.database.kind === 'sqlite' && databaseUrl)
    throw new RefusedError('this backup is of a SQLite database: unset DATABASE_URL to restore it into the data folder');
  if (!databaseUrl) return;
  const tables = await postgresTables(databaseUrl);
  if (tables.length === 0) return;
  const where = new URL(databaseUrl);
  throw new RefusedError(
    `the database ${where.pathname.slice(1)} on ${where.host} is not empty (${plural(tables.length, 'table')}): a restore goes into a new, empty database, never over one in use`,
  );
}

/** The erased people known here: the data folder's list and those --erased names (each must be there). */
function erasedList(dataDir: string, extra: string[]): ErasedEntry[] {
  const missing = extra.find((file) => !existsSync(file));
  if (missing) throw new RefusedError(`--erased ${missing}: there is no such file`);
  return [join(dataDir, ERASED_FILE), ...extra].flatMap(readErased);
}

async function copyBack(folder: string, manifest: Manifest, dataDir: string, databaseUrl: string | undefined): Promise<number> {
  makePrivate(dataDir);
  if (databaseUrl) await restorePostgres(databaseUrl, join(folder, manifest.database.file));
  else {
    const temporary = `${sqliteFile(dataDir)}.${process.pid}.tmp`;
    copyFileSync(join(folder, manifest.database.file), temporary);
    chmodSync(temporary, 0o600);
    renameSync(temporary, sqliteFile(dataDir));
  }
  if (manifest.secret) copyFileSync(join(folder, manifest.secret), join(dataDir, manifest.secret));
  if (manifest.secret) chmodSync(join(dataDir, manifest.secret), 0o600);
  return (await copyFiles(join(folder, PHOTOS_DIR), join(dataDir, 'uploads'))).files;
}

/** Those erased at or after the moment the backup began: an erasure before it is in the backup already. */
async function applyErased(io: CommandIo, dataDir: string, databaseUrl: string | undefined, entries: ErasedEntry[], since: string): Promise<ErasedAgain> {
  const after = new Set(entries.filter((e) => Date.parse(e.erasedAt) >= Date.parse(since)).map((e) => e.hash));
  const key = erasedKey(serverSecret(dataDir, io.env));
  const { openStorage } = await import('../storage/open-storage.ts');
  const storage = await openStorage({ databaseUrl, dataDir });
  try {
    return await eraseAgain(storage, join(dataDir, 'uploads'), key, after);
  } finally {
    await storage.close();
  }
}

function report(io: CommandIo, folder: string, manifest: Manifest, photos: number, again: ErasedAgain, listed: number): void {
  const { database } = manifest;
  const into = database.kind === 'postgres' ? 'the database (DATABASE_URL)' : 'the data folder';
  io.out(`restored the backup of ${manifest.startedAt} from ${folder} into ${into}:\n`);
  const files = database.kind === 'postgres' ? `the photos in the database, ${plural(photos, 'photo file')} beside` : plural(photos, 'photo file');
  io.out(`  ${countsInWords(database.counts)}; ${files}${manifest.secret ? "; the server's secret" : ''}\n`);
  const people = plural(again.people, 'person', 'people');
  const erased = `${plural(again.leads, 'lead')}, ${plural(again.photos, 'photo')} and ${plural(again.mails, 'mail')}`;
  io.out(
    again.people > 0
      ? `  erased again, as they were erased after this backup was taken: ${people} (${erased})\n`
      : `  nobody to erase again (${plural(listed, 'erasure')} on the list, none of them in this backup after it was taken)\n`,
  );
  if (manifest.formSecretFromEnvironment) io.out('  this server had FORM_SECRET in its environment: set the same one before it starts\n');
  io.out('Start the server on it now.\n');
}

async function run(argv: string[], io: CommandIo): Promise<number> {
  const { folder, help, erased } = oneFolder(argv, 'restore');
  if (help || !folder) return (io.out(`${restoreUsage}\n`), 0);
  const manifest = readManifest(folder);
  const dataDir = dataDirOf(io);
  const databaseUrl = io.env.DATABASE_URL || undefined;
  checkDataFolder(dataDir);
  await checkDatabase(manifest, databaseUrl);
  const entries = erasedList(dataDir, erased);
  const photos = await copyBack(folder, manifest, dataDir, databaseUrl);
  // the list goes on in the restored data folder, with what --erased brought
  writeErased(join(dataDir, ERASED_FILE), entries);
  const again = await applyErased(io, dataDir, databaseUrl, entries, manifest.startedAt);
  report(io, folder, manifest, photos, again, entries.length);
  if (again.scrubbed) return 0;
  io.err(
    'the people are erased, but the database could not be rewritten to the end: run npm run leads -- erase <any address> once the server is stopped (it rewrites the database whatever it finds)\n',
  );
  return 1;
}

/** `npm run restore -- <folder>`; resolves to the exit code (0 done, 1 failed or refused, 2 bad arguments) and never rejects. */
export async function restoreCommand(argv: string[], io: CommandIo): Promise<number> {
  try {
    return await run(argv, io);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (isUsageError(error)) return (io.err(`${message}\n${restoreUsage}\n`), 2);
    io.err(error instanceof RefusedError ? `${message}\n` : `restore failed: ${message}\n`);
    return 1;
  }
}
