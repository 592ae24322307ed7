const MB = 1024 * 1024;

/** What bounds the photo endpoints; every field has a default (see UPLOAD_DEFAULTS). */
export interface UploadSettings {
  /** all stored photos together, in bytes (UPLOAD_QUOTA_MB) */
  quotaBytes: number;
  /** photos of one address that no lead uses yet, in bytes (UPLOAD_ADDRESS_QUOTA_MB) */
  addressQuotaBytes: number;
  /** uploads are refused while the disk has less free space than this, so the leads database never runs out (UPLOAD_DISK_RESERVE_MB) */
  diskReserveBytes: number;
  /** uploads received or re-encoded at once; more get 503 with Retry-After (UPLOADS_IN_FLIGHT). One address has one at a time (429). */
  inFlight: number;
  /** uploads per minute from all addresses together, beside the per-address limit (RATE_LIMIT_UPLOADS_TOTAL) */
  perMinute: number;
  /** photo downloads per minute per address (RATE_LIMIT_DOWNLOADS) */
  downloadsPerMinute: number;
  /** a download whose client takes nothing for this long is cut off (DOWNLOAD_TIMEOUT_MS) */
  sendTimeoutMs: number;
  /** an upload whose client sends nothing for this long is cut off with 408 (UPLOAD_IDLE_TIMEOUT_MS) */
  idleMs: number;
  /**
   * the least an upload body must average once its first `idleMs` are over, in bytes per second, so a byte now and
   * then does not hold a place either (UPLOAD_MIN_BYTES_PER_S); 408 when it falls behind
   */
  minBytesPerSecond: number;
  /** a re-encode that takes longer than this is stopped and refused (UPLOAD_DECODE_TIMEOUT_S; whole seconds, sharp's unit) */
  decodeTimeoutSeconds: number;
  /** the most scans a JPEG may have: each scan of a progressive JPEG is a pass of the decoder over every pixel */
  maxJpegScans: number;
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
  // a phone that loses its signal for a moment resumes within a few seconds; a client that sends nothing for 5 s
  // is more likely holding the place on purpose
  idleMs: 5_000,
  // 64 kbit/s, slower than any mobile network still in use: a 5 MB photo at that pace would not finish within
  // REQUEST_TIMEOUT_MS anyway, so the pace cuts off only a client that drips bytes, and sooner than the timeout would
  minBytesPerSecond: 8 * 1024,
  // a photo at maxPixels is decoded, turned and encoded well within this even on a small machine; more is a photo made to be slow
  decodeTimeoutSeconds: 10,
  // encoders write 1 scan (baseline) to about 10 (libjpeg's and mozjpeg's progressive scripts), so 100 leaves room
  // for any hand-made script. Each scan has the decoder go over every pixel again, so the work grows with scans x
  // pixels: a photo at maxPixels with 100 scans still re-encodes within decodeTimeoutSeconds, while a file made of
  // thousands of small scans (hostileJpeg, test-jpeg.ts) would hold the one encoder far longer
  maxJpegScans: 100,
  maxPixels: 40_000_000,
  maxRssBytes: 1024 * MB,
};

/** The given settings over the defaults; a setting left undefined (its variable unset) keeps its default. */
export function uploadSettings(given: Partial<UploadSettings> = {}): UploadSettings {
  const set = Object.entries(given).filter(([, value]) => value !== undefined);
  const settings: UploadSettings = { ...UPLOAD_DEFAULTS, ...(Object.fromEntries(set) as Partial<UploadSettings>) };
  // sharp counts its timeout in whole seconds, and 0 would mean none
  settings.decodeTimeoutSeconds = Math.max(1, Math.ceil(settings.decodeTimeoutSeconds));
  return settings;
}
