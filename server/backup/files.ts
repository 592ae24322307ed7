import { existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { copyFile } from 'node:fs/promises';
import { join } from 'node:path';

/** A folder's entries; none when it is not there. Throws when the path is there but is not a folder. */
export function entriesOf(folder: string): string[] {
  if (!existsSync(folder)) return [];
  if (!statSync(folder).isDirectory()) throw new Error(`${folder} is not a folder`);
  return readdirSync(folder);
}

/** Makes the folder (and those above it) for this user only, as the server makes its data folder. */
export function makePrivate(folder: string): void {
  mkdirSync(folder, { recursive: true, mode: 0o700 });
}

/**
 * Copies the files of one folder (not the folders in it: the uploads' tmp/ holds only what is being received)
 * into another; a file removed meanwhile (the sweep, an erasure) is left out. Gives how many and their bytes.
 */
export async function copyFiles(from: string, to: string): Promise<{ files: number; bytes: number }> {
  makePrivate(to);
  let files = 0;
  let bytes = 0;
  for (const entry of existsSync(from) ? readdirSync(from, { withFileTypes: true }) : []) {
    if (!entry.isFile()) continue;
    try {
      await copyFile(join(from, entry.name), join(to, entry.name));
      bytes += statSync(join(to, entry.name)).size;
      files++;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  return { files, bytes };
}

/** A count and a word, the word plural unless the count is one. */
export const plural = (n: number, word: string, words = `${word}s`) => `${n} ${n === 1 ? word : words}`;

/** Bytes for a person: 1.2 MB, 340 kB, 12 bytes. */
export function size(bytes: number): string {
  if (bytes >= 1_000_000) return `${(bytes / 1_000_000).toFixed(1)} MB`;
  if (bytes >= 1_000) return `${Math.round(bytes / 1_000)} kB`;
  return plural(bytes, 'byte');
}
