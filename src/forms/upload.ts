import type { ImageHostSettings } from './mail-settings.ts';
import { DEFAULT_TIMEOUT_MS, fetchWithin, type Fetch } from './timeout.ts';

/** A chosen file after the upload: `link` is the host's address, absent when the host refused it. */
export interface UploadedPhoto {
  file: File;
  link?: string;
}

export function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('could not read file'));
    reader.readAsDataURL(file);
  });
}

export interface UploadOptions {
  timeoutMs?: number;
  fetch?: Fetch;
}

type HostAnswer = { ok: boolean; body: { success?: unknown; data?: { link?: unknown } } };

/** One file to the image host (Imgur API v3 shape); undefined when anything is off, so the caller can fall back. */
async function uploadOne(file: File, host: ImageHostSettings, options: UploadOptions): Promise<string | undefined> {
  if (!host.clientId || !host.baseUrl) return undefined;
  try {
    const body = new FormData();
    body.append('image', file);
    const init = { method: 'POST', headers: { Authorization: `Client-ID ${host.clientId}` }, body };
    const read = async (r: Response): Promise<HostAnswer> => ({ ok: r.ok, body: (await r.json()) as HostAnswer['body'] });
    const { ok, body: answer } = await fetchWithin(options.fetch ?? fetch, options.timeoutMs ?? DEFAULT_TIMEOUT_MS, `${host.baseUrl}/3/image`, init, read);
    if (ok && answer.success === true && typeof answer.data?.link === 'string') return answer.data.link;
  } catch {
    // network failure, timeout or a body that is not JSON: the caller may still embed the picture
  }
  return undefined;
}

/**
 * Uploads one at a time (the host rate-limits parallel uploads) and reports
 * done/total*100 after each file. Whether a refused file travels as a data URL
 * is decided later, against the mail's size budget (see photos.ts).
 */
export async function uploadImages(
  files: File[],
  host: ImageHostSettings,
  onProgress: (percent: number) => void,
  options: UploadOptions = {},
): Promise<UploadedPhoto[]> {
  const photos: UploadedPhoto[] = [];
  for (const [index, file] of files.entries()) {
    const link = await uploadOne(file, host, options);
    photos.push(link === undefined ? { file } : { file, link });
    onProgress(((index + 1) / files.length) * 100);
  }
  return photos;
}
