import { createReadStream } from 'node:fs';
import { open, rename, rm, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import type { Storage, Upload } from './types.ts';
import { uploadFileName } from './upload-files.ts';
import { PHOTO_CHUNK_BYTES } from './shared-tables.ts';

/** A stored photo opened for reading: its length, then its bytes a chunk at a time. */
export interface OpenedPhoto {
  size: number;
  /** the next chunk; undefined at the end */
  read: () => Promise<Uint8Array | undefined>;
  close: () => Promise<void>;
}

type Named = Pick<Upload, 'id' | 'ext'>;

/**
 * Where the photos' bytes live, chosen by the storage's kind: files in the data folder for one instance on SQLite
 * (as always), the database for instances sharing PostgreSQL, where every instance reads what any of them took.
 * The uploads' rows are the Storage's either way; this is the one place that knows where their bytes are.
 */
export interface PhotoStore {
  readonly where: 'files' | 'database';
  /** Keeps the finished file at `path` (in the uploads folder's tmp/) as the photo and adds its row; the link may be handed out after. */
  keep: (upload: Upload, path: string) => Promise<void>;
  /** The photo's bytes; undefined when none are kept (removed meanwhile). */
  open: (upload: Named) => Promise<OpenedPhoto | undefined>;
  /** Removes the bytes of photos whose rows were just deleted; gone already is fine. */
  removeBytes: (photos: Named[]) => Promise<void>;
}

export function photoStore(storage: Storage, uploadsDir: string): PhotoStore {
  return storage.kind === 'postgres' ? databasePhotos(storage, uploadsDir) : filePhotos(storage, uploadsDir);
}

/** Files in the uploads folder, one per photo named by its row (upload-files.ts). */
export function filePhotos(storage: Storage, uploadsDir: string): PhotoStore {
  return {
    where: 'files',
    async keep(upload, path) {
      // the link is handed out only once the photo is safely on disk
      await syncFile(path);
      await rename(path, join(uploadsDir, uploadFileName(upload)));
      await storage.addUpload(upload);
    },
    open: (upload) => openFile(join(uploadsDir, uploadFileName(upload))),
    async removeBytes(photos) {
      for (const photo of photos) await rm(join(uploadsDir, uploadFileName(photo)), { force: true });
    },
  };
}

/**
 * PostgreSQL's `upload_chunks` (0014): written chunk by chunk from the file with the row, in one transaction, read
 * a chunk at a time, and deleted with the row (on delete cascade) by whatever deletes it. A photo taken before
 * 0014 is still a file on the disk of the instance that took it: it is read and removed there as before.
 */
export function databasePhotos(storage: Storage, uploadsDir: string): PhotoStore {
  const files = filePhotos(storage, uploadsDir);
  return {
    where: 'database',
    keep: (upload, path) => storage.addUploadBytes(upload, fileChunks(path)),
    async open(upload) {
      const stored = await storage.uploadBytesSize(upload.id);
      if (!stored) return files.open(upload);
      let seq = 0;
      return {
        size: stored.size,
        read: async () => (seq < stored.chunks ? ((await storage.uploadChunk(upload.id, seq++)) ?? gone()) : undefined),
        close: async () => {},
      };
    },
    // the chunks went with the rows; a photo from before 0014 has its file here
    removeBytes: (photos) => files.removeBytes(photos),
  };
}

/** The file's bytes, PHOTO_CHUNK_BYTES at a time; opened only when the first is asked for, so its failure is the reader's. */
async function* fileChunks(path: string): AsyncIterable<Uint8Array> {
  yield* createReadStream(path, { highWaterMark: PHOTO_CHUNK_BYTES }) as AsyncIterable<Buffer>;
}

/** A photo removed while it was being read: the answer is cut off rather than ended as if it were whole. */
function gone(): never {
  throw new Error('the photo was removed while it was being read');
}

async function syncFile(path: string): Promise<void> {
  const handle = await open(path, 'r+');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** The file opened for reading 64 kB at a time, with its size; undefined when it is not there. */
async function openFile(path: string): Promise<OpenedPhoto | undefined> {
  let handle: FileHandle;
  try {
    handle = await open(path, 'r');
  } catch {
    return undefined;
  }
  let size: number;
  try {
    size = (await handle.stat()).size;
  } catch (error) {
    await handle.close();
    throw error;
  }
  return {
    size,
    read: async () => {
      const chunk = new Uint8Array(64 * 1024);
      const { bytesRead } = await handle.read(chunk, 0, chunk.length, null);
      return bytesRead === 0 ? undefined : chunk.subarray(0, bytesRead);
    },
    close: () => handle.close().catch(() => {}),
  };
}

/** The opened photo as a web stream, a chunk read each time the consumer asks for one, closed at its end or cancel. */
export function photoReadable(photo: OpenedPhoto): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const chunk = await photo.read();
          if (chunk) return controller.enqueue(chunk);
          await photo.close();
          controller.close();
        } catch (error) {
          await photo.close();
          controller.error(error);
        }
      },
      cancel: () => photo.close(),
    },
    { highWaterMark: 0 },
  );
}
