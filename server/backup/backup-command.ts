import { chmodSync, copyFileSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { sqliteFile } from '../storage/paths.ts';
import { isUsageError, UsageError } from '../usage-error.ts';
import { ERASED_FILE, SECRET_FILE } from './erased-list.ts';
import { copyFiles, entriesOf, makePrivate, plural, size } from './files.ts';
import { MANIFEST, PHOTOS_DIR, POSTGRES_DUMP, SQLITE_COPY, writeManifest, type Manifest } from './manifest.ts';
import { dumpPostgres, type Counts } from './postgres-tools.ts';
import { copySqlite } from './sqlite-copy.ts';

export const backupUsage = `usage: npm run backup -- <empty or new folder>
  a consistent copy of the database (SQLite, or PostgreSQL with DATABASE_URL), the photos and the server's secret`;

export interface CommandIo {
  env: Record<string, string | undefined>;
  /** DATA_DIR when the environment sets none */
  defaultDataDir: string;
  out: (text: string) => void;
  err: (text: string) => void;
  now?: () => Date;
}

/** The one folder a command is given; a usage error for none, more, or --help (true when help was asked). */
export function oneFolder(argv: string[], command: string): { folder?: string; help: boolean; erased: string[] } {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { help: { type: 'boolean', short: 'h', default: false }, ...(command === 'restore' ? { erased: { type: 'string', multiple: true } } : {}) },
  });
  if (values.help) return { help: true, erased: [] };
  if (positionals.length !== 1) throw new UsageError(`${command} wants one folder`);
  const erased = Array.isArray(values.erased) ? values.erased.map((file) => resolve(String(file))) : [];
  return { folder: resolve(positionals[0]!), help: false, erased };
}

export const dataDirOf = (io: CommandIo) => (io.env.DATA_DIR ? resolve(io.env.DATA_DIR) : io.defaultDataDir);

/** The database into the backup folder: its kind, file and counts. */
async function copyDatabase(io: CommandIo, dataDir: string, folder: string): Promise<Manifest['database']> {
  const databaseUrl = io.env.DATABASE_URL || undefined;
  if (databaseUrl) return { kind: 'postgres', file: POSTGRES_DUMP, counts: await dumpPostgres(databaseUrl, join(folder, POSTGRES_DUMP)) };
  const source = sqliteFile(dataDir);
  const counts = copySqlite(source, join(folder, SQLITE_COPY));
  chmodSync(join(folder, SQLITE_COPY), 0o600);
  return { kind: 'sqlite', file: SQLITE_COPY, counts };
}

/** The counts in words: 12 leads, 3 mails, 2 photos, 1 staff account. */
export function countsInWords(counts: Counts): string {
  return [
    plural(counts.leads ?? 0, 'lead'),
    plural(counts.mails ?? 0, 'mail'),
    plural(counts.uploads ?? 0, 'photo'),
    plural(counts.staff_users ?? 0, 'staff account'),
  ].join(', ');
}

function report(io: CommandIo, folder: string, manifest: Manifest, ms: number): void {
  const { database, photos } = manifest;
  io.out(`backup written to ${folder} in ${(ms / 1000).toFixed(1)} s:\n`);
  io.out(
    `  ${database.file}: the ${database.kind === 'sqlite' ? 'SQLite' : 'PostgreSQL'} database as of ${manifest.startedAt}, ${countsInWords(database.counts)}\n`,
  );
  // with PostgreSQL the photos' bytes are rows (0014) and in the dump; the folder keeps only files from before that
  const inDump = database.kind === 'postgres' ? ` (the photos themselves are in ${database.file})` : '';
  io.out(`  ${PHOTOS_DIR}/: ${plural(photos.files, 'photo file')}, ${size(photos.bytes)}${inDump}\n`);
  if (manifest.secret) io.out(`  ${manifest.secret}: the server's secret (the staff's authenticators need it)\n`);
  if (manifest.formSecretFromEnvironment) io.out(`  (FORM_SECRET is set in the environment and not copied: keep it with your settings; a restore needs it)\n`);
  io.out(`  ${MANIFEST}: what the backup holds\n`);
  io.out(`It holds personal data and the server's secret: keep it off this machine, for this server's people only.\n`);
  io.out(`Keep ${ERASED_FILE} in the data folder too, apart from the backups: a restore erases again whom it lists.\n`);
}

async function run(argv: string[], io: CommandIo): Promise<number> {
  const { folder, help } = oneFolder(argv, 'backup');
  if (help || !folder) return (io.out(`${backupUsage}\n`), 0);
  if (entriesOf(folder).length > 0) return (io.err(`${folder} is not empty: a backup goes into a new or empty folder, never over another one\n`), 1);
  const dataDir = dataDirOf(io);
  const missing = !io.env.DATABASE_URL && !existsSync(sqliteFile(dataDir));
  if (missing) return (io.err(`there is nothing to back up: ${sqliteFile(dataDir)} does not exist (set DATA_DIR to the server's data folder)\n`), 1);
  const now = io.now ?? (() => new Date());
  const started = now();
  makePrivate(folder);
  const database = await copyDatabase(io, dataDir, folder);
  // the photos after the database: every photo the copied rows name is on the disk by then (one uploaded later is
  // extra); with PostgreSQL they are in the dump already, and this copies what an older release left on the disk
  const photos = await copyFiles(join(dataDir, 'uploads'), join(folder, PHOTOS_DIR));
  const secret = existsSync(join(dataDir, SECRET_FILE)) ? SECRET_FILE : null;
  if (secret) copyFileSync(join(dataDir, secret), join(folder, secret));
  if (secret) chmodSync(join(folder, secret), 0o600);
  const formSecretFromEnvironment = Boolean(io.env.FORM_SECRET);
  const manifest: Manifest = {
    format: 1,
    startedAt: started.toISOString(),
    finishedAt: now().toISOString(),
    database,
    photos,
    secret,
    formSecretFromEnvironment,
  };
  // the manifest last: a backup that was cut off has none, and a restore refuses it
  writeManifest(folder, manifest);
  report(io, folder, manifest, now().getTime() - started.getTime());
  return 0;
}

/** `npm run backup -- <folder>`; resolves to the exit code (0 done, 1 failed, 2 bad arguments) and never rejects. */
export async function backupCommand(argv: string[], io: CommandIo): Promise<number> {
  try {
    return await run(argv, io);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (isUsageError(error)) return (io.err(`${message}\n${backupUsage}\n`), 2);
    io.err(`backup failed: ${message}\n(what was written so far has no ${MANIFEST}: remove the folder and run it again)\n`);
    return 1;
  }
}
