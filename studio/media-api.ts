/** The media library's calls to the dev server (scripts/studio/media.ts); the shapes are the server's answers. */
export interface ImageUse {
  file: string;
  /** a page's title */
  title?: string;
  path: (string | number)[];
  /** where the alt text of the image object is, when the use is one */
  altPath?: (string | number)[];
  alt?: string;
  sized?: boolean;
  /** for a use in a collection: the pages that show that collection */
  shownOn?: { file: string; title?: string }[];
}

export interface MediaImage {
  src: string;
  width?: number;
  height?: number;
  bytes: number;
  uses: ImageUse[];
}

const BASE = '/__studio/api';

/** An upload the server refused (not an image, too big): its status says which kind. */
export class RefusedUpload extends Error {}

export const mediaApi = {
  list: async (): Promise<MediaImage[]> => {
    const response = await fetch(`${BASE}/media`);
    if (!response.ok) throw new Error(`${response.status} ${response.statusText}`);
    return ((await response.json()) as { images: MediaImage[] }).images;
  },
  /** Deleted, or refused with where the image is used. */
  remove: async (src: string): Promise<{ ok: true } | { ok: false; uses: ImageUse[] }> => {
    const response = await fetch(`${BASE}/media/delete`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ src }) });
    const body = (await response.json()) as { uses?: ImageUse[]; error?: string };
    if (response.status === 409) return { ok: false, uses: body.uses ?? [] };
    if (!response.ok) throw new Error(body.error ?? `${response.status} ${response.statusText}`);
    return { ok: true };
  },
  /**
   * A new image: the library's own stays when an undo leaves it unused; one put into a use (`library` false) goes
   * with the undo of that edit, as a field's upload does.
   */
  upload: async (file: File, library = true): Promise<{ src: string; width: number; height: number }> => {
    const response = await fetch(`${BASE}/image?${library ? 'library=1&' : ''}name=${encodeURIComponent(file.name)}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/octet-stream' },
      body: file,
    });
    const body = (await response.json()) as { src: string; width: number; height: number; error?: string };
    if (response.status === 400) throw new RefusedUpload(body.error);
    if (!response.ok) throw new Error(body.error ?? `${response.status} ${response.statusText}`);
    return body;
  },
};
