import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { open, rename, rm, statfs, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import type { ServerResponse } from 'node:http';
import { Hono, type Context } from 'hono';
import { limited, type ApiContext } from './context.ts';
import { rateKey } from './client-address.ts';
import { rateLimiter } from './rate-limit.ts';
import { receiveImage } from './upload-receive.ts';
import { reencodePhoto, taskQueue } from './photo-encode.ts';
import { UPLOAD_NAME, uploadLink } from './upload-links.ts';
import { TMP_DIR } from './upload-sweep.ts';

const DEFAULT_MAX = 5 * 1024 * 1024;
const MULTIPART_OVERHEAD = 64 * 1024;
const MB = 1024 * 1024;

/** What bounds the photo endpoints; every field has a default (see UPLOAD_DEFAULTS). */
export interface UploadSettings {
  /** all stored photos together, in bytes (UPLOAD_QUOTA_MB) */
  quotaBytes: number;
  /** photos of one address that no lead uses yet, in bytes (UPLOAD_ADDRESS_QUOTA_MB) */
  addressQuotaBytes: number;
  /** uploads are refused while the disk has less free space than this, so the leads database never runs out (UPLOAD_DISK_RESERVE_MB) */
  diskReserveBytes: number;
  /** uploads received or re-encoded at once; more get 503 with Retry-After (UPLOADS_IN_FLIGHT) */
  inFlight: number;
  /** uploads per minute from all addresses together, beside the per-address limit (RATE_LIMIT_UPLOADS_TOTAL) */
  perMinute: number;
  /** photo downloads per minute per address (RATE_LIMIT_DOWNLOADS) */
  downloadsPerMinute: number;
  /** a download whose client takes nothing for this long is cut off (DOWNLOAD_TIMEOUT_MS) */
  sendTimeoutMs: number;
  /** the most pixels a photo may have (it is decoded whole to be re-encoded) */
  maxPixels: number;
  /** uploads get 503 while the process's resident memory is above this */
  maxRssBytes: number;
}

export const UPLOAD_DEFAULTS: UploadSettings = {
  quotaBytes: 2048 * MB,
  addressQuotaBytes: 50 * MB,
  diskReserveBytes: 512 * MB,
  inFlight: 4,
  perMinute: 120,
  downloadsPerMinute: 120,
  sendTimeoutMs: 15_000,
  maxPixels: 40_000_000,
  maxRssBytes: 1024 * MB,
};

type Status = 400 | 403 | 413 | 415 | 429 | 500 | 503 | 507;

/** Imgur's error shape, so the browser's fallback reads it like the real host's. */
const failure = (c: Context, status: Status, error: string, headers: Record<string, string> = {}) =>
  c.json({ data: { error }, success: false, status }, status, { 'Cache-Control': 'no-store', ...headers });

/** One re-encode at a time: a 40 MP photo is about 160 MB of pixels while it is turned and encoded. */
const encodeQueue = taskQueue(1);

/**
 * Imgur-compatible `POST /3/image` (multipart field `image`) and the photos at stable URLs under /uploads/. Files
 * live in the data folder, outside dist/. An upload is streamed to a temporary file (never held in memory), then
 * re-encoded by sharp, so only the picture is kept: no EXIF or GPS, nothing appended. The uploads in flight, the
 * uploads per minute, the bytes per address and in all, and the disk's free space are bounded.
 */
export function localImagesApi(api: ApiContext, options: { publicOrigin?: string; settings?: Partial<UploadSettings> } = {}): Hono {
  const app = new Hono();
  // a setting left undefined (its variable unset) keeps its default
  const given = Object.entries(options.settings ?? {}).filter(([, value]) => value !== undefined);
  const settings: UploadSettings = { ...UPLOAD_DEFAULTS, ...(Object.fromEntries(given) as Partial<UploadSettings>) };
  const sizes = Object.values(api.site.forms).flatMap((f) => f.fields.flatMap((field) => (field.type === 'images' ? [field.maxSize] : [])));
  const maxSize = sizes.length > 0 ? Math.max(...sizes) : DEFAULT_MAX;
  const maxBody = maxSize + MULTIPART_OVERHEAD;
  // links point at our own origin whatever Host the request names
  const linkOrigin = new URL(options.publicOrigin ?? api.site.siteUrl).origin;
  const tmpDir = join(api.uploadsDir, TMP_DIR);
  mkdirSync(tmpDir, { recursive: true, mode: 0o700 });
  const everyone = rateLimiter({ limit: settings.perMinute, windowMs: 60_000, maxClients: 1 });
  const downloads = rateLimiter({ limit: settings.downloadsPerMinute, windowMs: 60_000 });
  let inFlight = 0;
  /** bytes promised to uploads under way, in all and per address: a quota counts them before they are stored */
  let reservedTotal = 0;
  const reserved = new Map<string, number>();

  app.post('/3/image', async (c) => {
    if (!/^Client-ID \S+/.test(c.req.header('authorization') ?? '')) return failure(c, 403, 'Authentication required');
    const ip = api.clientIp(c);
    const tooMany = limited(c, api.limits.uploads, ip);
    if (tooMany) return tooMany;
    const contentType = c.req.header('content-type') ?? '';
    if (!contentType.toLowerCase().startsWith('multipart/form-data')) return failure(c, 415, 'expected multipart/form-data');
    const declared = Number(c.req.header('content-length') ?? Number.NaN);
    if (declared > maxBody) return failure(c, 413, 'File is over the size limit', { Connection: 'close' });
    if (inFlight >= settings.inFlight || process.memoryUsage.rss() > settings.maxRssBytes) {
      return failure(c, 503, 'The server is busy with other uploads; try again in a moment', { 'Retry-After': '2' });
    }
    // the budget of all addresses together counts only uploads that pass the cheap checks and find a free place
    const wait = everyone.hit('all');
    if (wait !== undefined) return failure(c, 429, 'Too many uploads right now; try again in a minute', { 'Retry-After': String(wait) });

    const key = rateKey(ip);
    const reserve = Number.isFinite(declared) && declared >= 0 ? declared : maxBody;
    inFlight++;
    reservedTotal += reserve;
    reserved.set(key, (reserved.get(key) ?? 0) + reserve);
    const id = randomBytes(12).toString('base64url');
    const received = join(tmpDir, `${id}.upload`);
    const encoded = join(tmpDir, `${id}.encoded`);
    try {
      const [mine, all, disk] = await Promise.all([api.storage.unattachedUploadBytes(key), api.storage.totalUploadBytes(), statfs(api.uploadsDir)]);
      if (mine + reserved.get(key)! > settings.addressQuotaBytes) {
        return failure(c, 429, 'Upload quota reached: photos from your address wait for a form to use them; try again later', {
          'Retry-After': '3600',
          Connection: 'close',
        });
      }
      if (all + reservedTotal > settings.quotaBytes) return failure(c, 507, 'The photo storage is full', { Connection: 'close' });
      if (disk.bavail * disk.bsize - reservedTotal < settings.diskReserveBytes) {
        return failure(c, 507, 'Not enough disk space for photos', { Connection: 'close' });
      }

      const got = await receiveImage(c.req.raw.body, contentType, received, { maxFile: maxSize, maxBody });
      if (!got.ok) return failure(c, got.status, got.error, { Connection: 'close' });
      const photo = await encodeQueue(() => reencodePhoto(received, encoded, got.kind, settings.maxPixels));
      if (!photo.ok) return failure(c, 400, photo.error);
      // the link is handed out only once the photo is safely on disk
      await syncFile(encoded);
      await rename(encoded, join(api.uploadsDir, `${id}.${photo.kind.ext}`));
      const { width, height, size, kind } = photo;
      await api.storage.addUpload({ id, type: kind.type, ext: kind.ext, size, width, height, createdAt: new Date().toISOString(), ip: key, leadId: null });
      const link = uploadLink(linkOrigin, id, kind.ext);
      return c.json({ data: { id, link, type: kind.type, width, height, size }, success: true, status: 200 });
    } finally {
      inFlight--;
      reservedTotal -= reserve;
      const left = reserved.get(key)! - reserve;
      if (left > 0) reserved.set(key, left);
      else reserved.delete(key);
      await Promise.all([rm(received, { force: true }), rm(encoded, { force: true })]);
    }
  });

  app.get('/uploads/:name', async (c) => {
    const tooMany = limited(c, downloads, api.clientIp(c));
    if (tooMany) return tooMany;
    const match = UPLOAD_NAME.exec(c.req.param('name'));
    const upload = match ? await api.storage.getUpload(match[1]!) : undefined;
    const notFound = () => c.text('Not found', 404, { 'Cache-Control': 'no-store' });
    if (!match || !upload || upload.ext !== match[2]) return notFound();
    let handle: FileHandle;
    try {
      handle = await open(join(api.uploadsDir, `${upload.id}.${upload.ext}`), 'r');
    } catch {
      return notFound();
    }
    let size: number;
    try {
      size = (await handle.stat()).size;
    } catch (error) {
      await handle.close();
      throw error;
    }
    const headers = {
      'Content-Type': upload.type,
      'Content-Length': String(size),
      'Cache-Control': 'public, max-age=31536000, immutable',
      'Content-Disposition': 'inline',
    };
    if (c.req.method === 'HEAD') {
      await handle.close();
      return c.body(null, 200, headers);
    }
    // under Node: a client that takes nothing for sendTimeoutMs is cut off with a reset, so the kernel also drops
    // what is still queued for it instead of keeping it behind a FIN
    const socket = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing?.socket;
    const cutOff = () => socket && !socket.destroyed && socket.resetAndDestroy();
    return c.body(fileStream(handle, settings.sendTimeoutMs, cutOff), 200, headers);
  });

  return app;
}

async function syncFile(path: string): Promise<void> {
  const handle = await open(path, 'r+');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * The file as a web stream read 64 kB at a time, only when the consumer asks: @hono/node-server asks for the next
 * chunk once the socket has taken the last one ('drain'), so a client that does not read holds one chunk, not the
 * file. When no chunk has been asked for in `idleMs`, `cutOff` ends the connection and the stream is closed.
 */
function fileStream(handle: FileHandle, idleMs: number, cutOff: () => void): ReadableStream<Uint8Array> {
  let closed = false;
  let lastAsked = Date.now();
  let watchdog: NodeJS.Timeout | undefined;
  const close = async () => {
    if (closed) return;
    closed = true;
    clearInterval(watchdog);
    await handle.close().catch(() => {});
  };
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        watchdog = setInterval(
          () => {
            if (Date.now() - lastAsked < idleMs) return;
            cutOff();
            void close();
            controller.error(new Error('the client stopped reading'));
          },
          Math.max(50, Math.min(1000, idleMs / 4)),
        );
        watchdog.unref();
      },
      async pull(controller) {
        lastAsked = Date.now();
        try {
          const chunk = new Uint8Array(64 * 1024);
          const { bytesRead } = await handle.read(chunk, 0, chunk.length, null);
          if (closed) return;
          if (bytesRead === 0) {
            await close();
            controller.close();
          } else controller.enqueue(chunk.subarray(0, bytesRead));
        } catch (error) {
          await close();
          controller.error(error);
        }
      },
      cancel: close,
    },
    { highWaterMark: 0 },
  );
}
