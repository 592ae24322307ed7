import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';
import { sniffImage, type ImageKind } from './image-file.ts';

export type Received = { ok: true; kind: ImageKind; size: number } | { ok: false; status: 400 | 413 | 500 | 507; error: string };

const TOO_LARGE = 'File is over the size limit';

/**
 * Reads a multipart body as it arrives and writes its `image` file part to `path` (a new file, mode 0600). Nothing
 * is held in memory beyond the stream buffers: busboy parses the parts, the file is written chunk by chunk, and the
 * body is read only as fast as the disk takes it. It stops reading at the first sign of trouble: a file over
 * `maxFile` or a body over `maxBody` bytes (413), a file whose first bytes are not a PNG, JPEG or GIF, a broken
 * body or one the client stops sending (400). On any failure the caller removes `path`.
 */
export async function receiveImage(
  body: ReadableStream<Uint8Array> | null,
  contentType: string,
  path: string,
  limits: { maxFile: number; maxBody: number },
): Promise<Received> {
  if (!body) return { ok: false, status: 400, error: 'No image data was sent to the upload api' };
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': contentType },
      limits: { files: 1, fileSize: limits.maxFile, fields: 20, fieldSize: 64 * 1024, parts: 40, headerPairs: 20 },
    });
  } catch {
    return { ok: false, status: 400, error: 'invalid multipart body' };
  }

  let failure: Extract<Received, { ok: false }> | undefined;
  const stop = new AbortController();
  const stopped = new Promise<void>((resolve) => stop.signal.addEventListener('abort', () => resolve(), { once: true }));
  const fail = (status: 400 | 413 | 500 | 507, error: string) => {
    failure ??= { ok: false, status, error };
    stop.abort();
  };

  let written: Promise<{ kind: ImageKind | undefined; size: number }> | undefined;
  parser.on('file', (name: string, file: Readable) => {
    if (name !== 'image' || written) {
      file.resume();
      return;
    }
    file.on('limit', () => fail(413, TOO_LARGE));
    written = writeImage(file, path, stop.signal, () => fail(400, 'File type invalid (1)')).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOSPC') fail(507, 'Not enough disk space for photos');
      else if (!stop.signal.aborted) fail(500, 'the photo could not be stored');
      return { kind: undefined, size: 0 };
    });
  });
  parser.on('error', () => fail(400, 'invalid multipart body'));
  const parsed = once(parser, 'close').catch(() => undefined);

  const reader = body.getReader();
  let total = 0;
  try {
    while (!failure) {
      const next = await Promise.race([reader.read(), stopped.then(() => undefined)]);
      if (!next || next.done) break;
      total += next.value.byteLength;
      if (total > limits.maxBody) fail(413, TOO_LARGE);
      else if (!parser.write(next.value)) await Promise.race([once(parser, 'drain'), stopped, parsed]);
    }
    if (!failure) {
      parser.end();
      await Promise.race([parsed, stopped]);
    }
  } catch {
    // the client went away, or its body broke off (a chunk missing, the request timed out)
    fail(400, 'the upload was cut off');
  }
  if (failure) {
    void reader.cancel().catch(() => {});
    parser.destroy();
    // the write is torn down (the signal aborted it) before the caller removes the file, so none is made after that
    await written;
    return failure;
  }
  const file = await written;
  // a write that failed after the body was all read (a full disk)
  if (failure) return failure as Extract<Received, { ok: false }>;
  if (!file) return { ok: false, status: 400, error: 'No image data was sent to the upload api' };
  if (!file.kind) return { ok: false, status: 400, error: 'File type invalid (1)' };
  return { ok: true, kind: file.kind, size: file.size };
}

/** Writes the file part to `path`, checking its first bytes on the way; `notImage` is called (and writing stops) when they are not a photo. */
async function writeImage(file: Readable, path: string, signal: AbortSignal, notImage: () => void): Promise<{ kind: ImageKind | undefined; size: number }> {
  // the first bytes are held back until there are enough to tell what the file is
  let head = Buffer.alloc(0);
  let kind: ImageKind | undefined;
  let size = 0;
  const sniffer = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (kind) return callback(null, chunk);
      head = Buffer.concat([head, chunk]);
      if (head.length < 8) return callback();
      kind = sniffImage(head);
      if (kind) return callback(null, head);
      notImage();
      callback(new Error('not an image'));
    },
    flush(callback) {
      if (kind || size === 0) return callback();
      kind = sniffImage(head);
      if (kind) return callback(null, head);
      notImage();
      callback(new Error('not an image'));
    },
  });
  await pipeline(file, sniffer, createWriteStream(path, { flags: 'wx', mode: 0o600 }), { signal });
  return { kind, size };
}
