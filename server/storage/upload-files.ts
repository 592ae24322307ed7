import { join } from 'node:path';
import type { Upload } from './types.ts';

/**
 * The photos' names: the file each is stored as in the uploads folder of the data folder (one instance on SQLite;
 * on PostgreSQL the bytes are in the database, photo-store.ts), and the links a lead keeps. The one place that
 * knows those names.
 */

/** A stored photo's file name: the upload id (random, URL-safe) and the extension of what it was stored as. */
export const UPLOAD_NAME = /^([A-Za-z0-9_-]{16,40})\.(png|jpg|gif)$/;

/** Where the photos are: the server's uploads folder in the data folder. */
export const uploadsDirOf = (dataDir: string) => join(dataDir, 'uploads');

/** The file a photo's row is stored as. */
export const uploadFileName = (upload: Pick<Upload, 'id' | 'ext'>) => `${upload.id}.${upload.ext}`;

/** The upload id a lead's photo link names (`.../uploads/<id>.<ext>`), or undefined for a link to elsewhere. */
export function uploadIdOfLink(link: string): string | undefined {
  return UPLOAD_NAME.exec(link.split('/').pop() ?? '')?.[1];
}
