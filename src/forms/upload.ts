import type { ImageHostSettings } from './mail-settings.ts';

export function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('could not read file'));
    reader.readAsDataURL(file);
  });
}

/** One file to the image host (Imgur API v3 shape); undefined when anything is off, so the caller can fall back. */
async function uploadOne(file: File, host: ImageHostSettings): Promise<string | undefined> {
  if (!host.clientId || !host.baseUrl) return undefined;
  try {
    const body = new FormData();
    body.append('image', file);
    const response = await fetch(`${host.baseUrl}/3/image`, { method: 'POST', headers: { Authorization: `Client-ID ${host.clientId}` }, body });
    const answer = (await response.json()) as { success?: unknown; data?: { link?: unknown } };
    if (response.ok && answer.success === true && typeof answer.data?.link === 'string') return answer.data.link;
  } catch {
    // network failure or a body that is not JSON: the data URL below still gets the picture across
  }
  return undefined;
}

/**
 * Uploads one at a time (the host rate-limits parallel uploads) and reports
 * done/total*100 after each file. A file the host refuses travels as a data URL.
 */
export async function uploadImages(files: File[], host: ImageHostSettings, onProgress: (percent: number) => void): Promise<string[]> {
  const links: string[] = [];
  for (const [index, file] of files.entries()) {
    links.push((await uploadOne(file, host)) ?? (await readAsDataUrl(file)));
    onProgress(((index + 1) / files.length) * 100);
  }
  return links;
}
