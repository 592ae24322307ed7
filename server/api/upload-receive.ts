import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';
import { sniffImage, type ImageKind } from './image-file.ts';
import { withinPace, type Pace } from './upload-pace.ts';

type Failure = { ok: false; status: 400 | 408 | 413 | 500 | 507; error: string };
export type Received = { ok: true; kind: ImageKind; size: number } | Failure;

/** How much a body may hold, and how fast it must come (see upload-pace.ts). */
export interface ReceiveLimits extends Pace {
  maxFile: number;
  maxBody: number;
}

const TOO_LARGE = 'File is over the size limit';
const NOT_A_PHOTO: Failure = { ok: false, status: 400, error: 'File type invalid (1)' };
const NO_IMAGE: Failure = { ok: false, status: 400, error: 'No image data was sent to the upload api' };

/** The first failure, kept; it aborts `signal`, which stops the reading, the parsing and the writing. */
interface Latch {
  fail: (status: Failure['status'], error: string) => void;
  failure: () => Failure | undefined;
  signal: AbortSignal;
  stopped: Promise<void>;
}

function latch(): Latch {
  let failure: Failure | undefined;
  const stop = new AbortController();
  const stopped = new Promise<void>((resolve) => stop.signal.addEventListener('abort', () => resolve(), { once: true }));
  const fail = (status: Failure['status'], error: string) => {
    failure ??= { ok: false, status, error };
    stop.abort();
  };
  return { fail, failure: () => failure, signal: stop.signal, stopped };
}

/**
 * Reads a multipart body as it arrives and writes its `image` file part to `path` (a new file, mode 0600). Nothing
 * is held in memory beyond the stream buffers: busboy parses the parts, the file is written chunk by chunk, and the
 * body is read only as fast as the disk takes it. It stops reading at the first sign of trouble: a file over
 * `maxFile` or a body over `maxBody` bytes (413), a file whose first bytes are not a PNG, JPEG or GIF, a broken
 * body or one the client stops sending (400), a body that stalls or trickles (408, see upload-pace.ts). On any
 * failure the caller removes `path`.
 */
export async function receiveImage(body: ReadableStream<Uint8Array> | null, contentType: string, path: string, limits: ReceiveLimits): Promise<Received> {
  if (!body) return NO_IMAGE;
  const parser = multipartParser(contentType, limits.maxFile);
  if (!parser) return { ok: false, status: 400, error: 'invalid multipart body' };
  const job = latch();
  let written: Promise<Written> | undefined;
  parser.on('file', (name: string, file: Readable) => {
    if (name !== 'image' || written) return void file.resume();
    file.on('limit', () => job.fail(413, TOO_LARGE));
    written = writeImage(file, path, job);
  });
  parser.on('error', () => job.fail(400, 'invalid multipart body'));

  const reader = body.getReader();
  await feedParser(reader, parser, limits, job);
  if (job.failure()) {
    void reader.cancel().catch(() => {});
    parser.destroy();
    // the write is torn down (the signal aborted it) before the caller removes the file, so none is made after that
    await written;
    return job.failure()!;
  }
  const file = await written;
  // a write that failed after the body was all read (a full disk)
  const late = job.failure();
  if (late) return late;
  if (!file) return NO_IMAGE;
  if (!file.kind) return NOT_A_PHOTO;
  return { ok: true, kind: file.kind, size: file.size };
}

function multipartParser(contentType: string, maxFile: number): busboy.Busboy | undefined {
  try {
    return busboy({
      headers: { 'content-type': contentType },
      limits: { files: 1, fileSize: maxFile, fields: 20, fieldSize: 64 * 1024, parts: 40, headerPairs: 20 },
    });
  } catch {
    return undefined;
  }
}

/** Gives the parser the body as fast as it takes it, within `maxBody` bytes and the pace; ends it when the body is all read. */
async function feedParser(reader: ReadableStreamDefaultReader<Uint8Array>, parser: busboy.Busboy, limits: ReceiveLimits, job: Latch): Promise<void> {
  const parsed = once(parser, 'close').catch(() => undefined);
  const read = withinPace(reader, limits, job.stopped);
  let total = 0;
  try {
    while (!job.failure()) {
      const next = await read();
      if (next === 'late') job.fail(408, 'The upload stalled or came too slowly; try again');
      if (!next || next === 'late' || next.done) break;
      total += next.value.byteLength;
      if (total > limits.maxBody) job.fail(413, TOO_LARGE);
      // while the parser (the disk) catches up, the client is not on the clock
      else if (!parser.write(next.value)) await Promise.race([once(parser, 'drain'), job.stopped, parsed]);
    }
    if (!job.failure()) {
      parser.end();
      await Promise.race([parsed, job.stopped]);
    }
  } catch {
    // the client went away, or its body broke off (a chunk missing, the request timed out)
    job.fail(400, 'the upload was cut off');
  }
}

type Written = { kind: ImageKind | undefined; size: number };

/** Writes the file part to `path`, checking its first bytes on the way; a file that is not a photo fails the job. */
async function writeImage(file: Readable, path: string, job: Latch): Promise<Written> {
  const sniffer = sniffingStream(() => job.fail(NOT_A_PHOTO.status, NOT_A_PHOTO.error));
  try {
    await pipeline(file, sniffer.stream, createWriteStream(path, { flags: 'wx', mode: 0o600 }), { signal: job.signal });
    return { kind: sniffer.kind(), size: sniffer.size() };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOSPC') job.fail(507, 'Not enough disk space for photos');
    else if (!job.signal.aborted) job.fail(500, 'the photo could not be stored');
    return { kind: undefined, size: 0 };
  }
}

/** Passes the bytes on, holding back the first until there are enough to tell what the file is; `notImage` when it is no photo. */
function sniffingStream(notImage: () => void): { stream: Transform; kind: () => ImageKind | undefined; size: () => number } {
  let head = Buffer.alloc(0);
  let kind: ImageKind | undefined;
  let size = 0;
  const decide = (callback: (error?: Error | null, data?: Buffer) => void) => {
    kind = sniffImage(head);
    if (kind) return callback(null, head);
    notImage();
    callback(new Error('not an image'));
  };
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (kind) return callback(null, chunk);
      head = Buffer.concat([head, chunk]);
      if (head.length < 8) return callback();
      decide(callback);
    },
    flush(callback) {
      if (kind || size === 0) return callback();
      decide(callback);
    },
  });
  return { stream, kind: () => kind, size: () => size };
}
