import { readdirSync, statSync } from 'node:fs';
import { hostname, userInfo } from 'node:os';
import { join } from 'node:path';
import { dataDirOf, oneFolder, type CommandIo } from '../backup/backup-command.ts';
import { readManifest } from '../backup/manifest.ts';
import { openSystemStore } from './system-store.ts';

/** Every file's bytes under `folder`. */
function bytesUnder(folder: string): number {
  let total = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name);
    total += entry.isDirectory() ? bytesUnder(path) : entry.isFile() ? statSync(path).size : 0;
  }
  return total;
}

/** Who ran the backup: the system's user on this host (a cron job's or a person's), never a member of staff. */
function runBy(): string {
  let user = 'unknown';
  try {
    user = userInfo().username;
  } catch {
    // a user without an entry in the password file (a container's): the host alone says enough
  }
  return `${user}@${hostname()}`;
}

/**
 * A finished `npm run backup`, recorded in the database it copied (system_events, kind 'backup'): when it began, by
 * whom, how long it took and its size, for the System screen and /metrics' backup age. The backup is made whether or
 * not this can be written: a failure here is said on stderr and the command still ends well.
 */
export async function recordBackup(argv: string[], io: CommandIo): Promise<void> {
  try {
    const { folder } = oneFolder(argv, 'backup');
    if (!folder) return;
    const manifest = readManifest(folder);
    const store = await openSystemStore({ databaseUrl: io.env.DATABASE_URL || undefined, dataDir: dataDirOf(io) });
    try {
      const seconds = (new Date(manifest.finishedAt).getTime() - new Date(manifest.startedAt).getTime()) / 1000;
      const detail = { by: runBy(), folder, bytes: bytesUnder(folder), seconds, database: manifest.database.kind };
      await store.record('backup', runBy(), detail, new Date(manifest.startedAt));
    } finally {
      await store.close();
    }
  } catch (error) {
    io.err(`the backup is made, but the System screen will not show it: ${error instanceof Error ? error.message : String(error)}\n`);
  }
}
