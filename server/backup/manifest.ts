import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Counts } from './postgres-tools.ts';

/** The manifest's name in a backup folder. */
export const MANIFEST = 'backup.json';
/** The database in a backup folder: SQLite's file, or PostgreSQL's dump. */
export const SQLITE_COPY = 'leads.sqlite';
export const POSTGRES_DUMP = 'database.dump';
/** The photos and the server's secret in a backup folder, as they are in the data folder. */
export const PHOTOS_DIR = 'uploads';

/** What a backup holds, and when it was taken: the restore reads it first, and checks the folder by it. */
export interface Manifest {
  format: 1;
  /** when the backup began: an erasure from this moment on is applied again by a restore of it */
  startedAt: string;
  finishedAt: string;
  database: { kind: 'sqlite' | 'postgres'; file: string; counts: Counts };
  photos: { files: number; bytes: number };
  /** the server's secret file, when the data folder had one; FORM_SECRET in the environment is not copied */
  secret: string | null;
  formSecretFromEnvironment: boolean;
}

export function writeManifest(folder: string, manifest: Manifest): void {
  writeFileSync(join(folder, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
}

/** The manifest of a backup folder; an error in plain words when the folder is not a complete backup. */
export function readManifest(folder: string): Manifest {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(readFileSync(join(folder, MANIFEST), 'utf8')) as Manifest;
  } catch {
    throw new Error(`${folder} is not a backup: it has no readable ${MANIFEST} (a backup that was cut off writes none)`);
  }
  if (manifest.format !== 1 || !manifest.database || Number.isNaN(Date.parse(manifest.startedAt))) {
    throw new Error(`${join(folder, MANIFEST)} is not a manifest this version knows`);
  }
  return manifest;
}
