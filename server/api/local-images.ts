import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { rm, statfs } from 'node:fs/promises';
import { join } from 'node:path';
import { Hono, type Context } from 'hono';
import { limited, type ApiContext } from './context.ts';
import { rateKey } from './client-address.ts';
import { rateLimiter, type RateLimiter } from './rate-limit.ts';
import { receiveImage } from './upload-receive.ts';
import { reencodePhoto, taskQueue } from './photo-encode.ts';
import { countJpegScans } from './jpeg-scans.ts';
import { uploadPlaces, type Place } from './upload-places.ts';
import { uploadSettings, type UploadSettings } from './upload-settings.ts';
import { serveUpload } from './upload-download.ts';
import { uploadLink } from './upload-links.ts';
import { TMP_DIR } from './upload-sweep.ts';
import { siteWideWait } from './site-budget.ts';
import { photoStore, type PhotoStore } from '../storage/photo-store.ts';

// createApp takes the settings by this name
export type { UploadSettings } from './upload-settings.ts';

const DEFAULT_MAX = 5 * 1024 * 1024;
const MULTIPART_OVERHEAD = 64 * 1024;

type Status = 400 | 403 | 408 | 413 | 415 | 429 | 500 | 503 | 507;

/** Imgur's error shape, so the browser's fallback reads it like the real host's. */
const failure = (c: Context, status: Status, error: string, headers: Record<string, string> = {}) =>
  c.json({ data: { error }, success: false, status }, status, { 'Cache-Control': 'no-store', ...headers });

/** One re-encode at a time: a photo is held as uncompressed pixels (up to maxPixels, several bytes each) while it is turned and encoded. */
const encodeQueue = taskQueue(1);

/** What one upload endpoint knows, worked out once when the app starts. */
interface Host {
  api: ApiContext;
  settings: UploadSettings;
  /** the largest photo a form takes, and the largest body that can carry it */
  maxFile: number;
  maxBody: number;
  /** links point at our own origin whatever Host the request names */
  linkOrigin: string;
  tmpDir: string;
  /** the budget of uploads per minute of all addresses together (and all instances: site-budget.ts) */
  everyone: RateLimiter;
  /** where the photos' bytes are kept: files, or the database (photo-store.ts) */
  photos: PhotoStore;
  places: ReturnType<typeof uploadPlaces>;
}

/**
 * Imgur-compatible `POST /3/image` (multipart field `image`) and the photos at stable URLs under /uploads/. Photos
 * live outside dist/: in the data folder of one instance on SQLite, in the database that instances on PostgreSQL
 * share (photo-store.ts). An upload is streamed to a temporary file (never held in memory), then
 * re-encoded by sharp, so only the picture is kept: no EXIF or GPS, nothing appended. The uploads in flight (in all
 * and per address), the pace of their bodies, the scans of a JPEG and the time of a re-encode, the uploads per
 * minute, the bytes per address and in all, and the disk's free space are bounded.
 */
export function localImagesApi(api: ApiContext, options: { publicOrigin?: string; settings?: Partial<UploadSettings> } = {}): Hono {
  const settings = uploadSettings(options.settings);
  const sizes = Object.values(api.site.forms).flatMap((f) => f.fields.flatMap((field) => (field.type === 'images' ? [field.maxSize] : [])));
  const maxFile = sizes.length > 0 ? Math.max(...sizes) : DEFAULT_MAX;
  const tmpDir = join(api.uploadsDir, TMP_DIR);
  mkdirSync(tmpDir, { recursive: true, mode: 0o700 });
  const host: Host = {
    api,
    settings,
    maxFile,
    maxBody: maxFile + MULTIPART_OVERHEAD,
    linkOrigin: new URL(options.publicOrigin ?? api.site.siteUrl).origin,
    tmpDir,
    everyone: rateLimiter({ limit: settings.perMinute, windowMs: 60_000, maxClients: 1 }),
    places: uploadPlaces(settings.inFlight),
    photos: photoStore(api.storage, api.uploadsDir),
  };
  const app = new Hono();
  app.post('/3/image', (c) => postImage(c, host));
  app.get('/uploads/:name', serveUpload(api, host.photos, rateLimiter({ limit: settings.downloadsPerMinute, windowMs: 60_000 }), settings.sendTimeoutMs));
  return app;
}

async function postImage(c: Context, host: Host): Promise<Response> {
  const ip = host.api.clientIp(c);
  const refused = refusedAtTheDoor(c, host, ip) ?? (await overSiteBudget(c, host));
  if (refused) return refused;
  const key = rateKey(ip);
  const declared = Number(c.req.header('content-length') ?? Number.NaN);
  const reserve = Number.isFinite(declared) && declared >= 0 ? declared : host.maxBody;
  const place = host.places.take(key, reserve);
  const id = randomBytes(12).toString('base64url');
  const received = join(host.tmpDir, `${id}.upload`);
  const encoded = join(host.tmpDir, `${id}.encoded`);
  try {
    return (await overQuota(c, host, key, reserve, place)) ?? (await storePhoto(c, host, { id, key, received, encoded }));
  } finally {
    place.release();
    await Promise.all([rm(received, { force: true }), rm(encoded, { force: true })]);
  }
}

/** The refusals that cost nothing: no Client-ID, over the address's rate, not multipart, declared too large, no place free. */
function refusedAtTheDoor(c: Context, host: Host, ip: string): Response | undefined {
  if (!/^Client-ID \S+/.test(c.req.header('authorization') ?? '')) return failure(c, 403, 'Authentication required');
  const tooMany = limited(c, host.api.limits.uploads, ip);
  if (tooMany) return tooMany;
  if (!(c.req.header('content-type') ?? '').toLowerCase().startsWith('multipart/form-data')) return failure(c, 415, 'expected multipart/form-data');
  if (Number(c.req.header('content-length') ?? Number.NaN) > host.maxBody) return failure(c, 413, 'File is over the size limit', { Connection: 'close' });
  const place = host.places.refusal(rateKey(ip));
  if (place === 'busy' || process.memoryUsage.rss() > host.settings.maxRssBytes) {
    return failure(c, 503, 'The server is busy with other uploads; try again in a moment', { 'Retry-After': '2' });
  }
  // an upload takes a few seconds at most, and the site's form sends its photos one after another
  if (place === 'address') return failure(c, 429, 'Another upload from your address is under way; try again when it is done', { 'Retry-After': '5' });
  return undefined;
}

/** The budget of all addresses together: it counts only uploads that pass the cheap checks and find a free place. */
async function overSiteBudget(c: Context, host: Host): Promise<Response | undefined> {
  const wait = await siteWideWait(host.api.storage, 'uploads-total', host.everyone);
  if (wait !== undefined) return failure(c, 429, 'Too many uploads right now; try again in a minute', { 'Retry-After': String(wait) });
  return undefined;
}

/** 429 when the address's photos no lead uses would pass its quota, 507 when all photos or the disk would be full. */
async function overQuota(c: Context, host: Host, key: string, reserve: number, place: Place): Promise<Response | undefined> {
  const { api, settings } = host;
  const [mine, all, disk] = await Promise.all([api.storage.unattachedUploadBytes(key), api.storage.totalUploadBytes(), statfs(api.uploadsDir)]);
  if (mine + reserve > settings.addressQuotaBytes) {
    return failure(c, 429, 'Upload quota reached: photos from your address wait for a form to use them; try again later', {
      'Retry-After': '3600',
      Connection: 'close',
    });
  }
  if (all + place.reservedTotal() > settings.quotaBytes) return failure(c, 507, 'The photo storage is full', { Connection: 'close' });
  if (disk.bavail * disk.bsize - place.reservedTotal() < settings.diskReserveBytes) {
    return failure(c, 507, 'Not enough disk space for photos', { Connection: 'close' });
  }
  return undefined;
}

/** Receives the photo, checks its scans, re-encodes it and stores it with its row; the link is the answer. */
async function storePhoto(c: Context, host: Host, job: { id: string; key: string; received: string; encoded: string }): Promise<Response> {
  const { settings } = host;
  const { id, received, encoded } = job;
  const limits = { maxFile: host.maxFile, maxBody: host.maxBody, idleMs: settings.idleMs, minBytesPerSecond: settings.minBytesPerSecond };
  const got = await receiveImage(c.req.raw.body, c.req.header('content-type') ?? '', received, limits);
  if (!got.ok) return failure(c, got.status, got.error, { Connection: 'close' });
  // counted before the decoder sees it: libjpeg cannot be stopped halfway through its scans
  if (got.kind.ext === 'jpg' && (await countJpegScans(received, settings.maxJpegScans)) > settings.maxJpegScans) {
    return failure(c, 400, `The photo has more than ${settings.maxJpegScans} progressive scans; save it again as an ordinary JPEG`);
  }
  const photo = await encodeQueue(() =>
    reencodePhoto(received, encoded, got.kind, { maxPixels: settings.maxPixels, timeoutSeconds: settings.decodeTimeoutSeconds }),
  );
  if (!photo.ok) return failure(c, 400, photo.error);
  const { width, height, size, kind } = photo;
  // the link is handed out only once the photo and its row are safely stored (on disk, or in the database)
  await host.photos.keep({ id, type: kind.type, ext: kind.ext, size, width, height, createdAt: new Date().toISOString(), ip: job.key, leadId: null }, encoded);
  const link = uploadLink(host.linkOrigin, id, kind.ext);
  return c.json({ data: { id, link, type: kind.type, width, height, size }, success: true, status: 200 });
}
