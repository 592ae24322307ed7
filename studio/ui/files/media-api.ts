import {
  STUDIO_API,
  type ErrorAnswer,
  type ImageUse,
  type MediaAnswer,
  type MediaDeleteAnswer,
  type MediaDeleteRequest,
  type MediaImage,
  type UploadedImage,
} from '../../../core/studio/contract.ts';
import { failureOf, postJson, writeHeaders } from './call.ts';

/** The media library's calls to the dev server (studio/server/media.ts); the shapes are the wire's (core/studio/contract.ts). */
export type { ImageUse, MediaImage } from '../../../core/studio/contract.ts';

/** An upload the server refused (not an image, too big): its status says which kind. */
export class RefusedUpload extends Error {}

export const mediaApi = {
  list: async (): Promise<MediaImage[]> => {
    const response = await fetch(`${STUDIO_API}/media`);
    if (!response.ok) throw await failureOf(response);
    return ((await response.json()) as MediaAnswer).images;
  },
  /** Deleted, or refused with where the image is used. */
  remove: async (src: string): Promise<{ ok: true } | { ok: false; uses: ImageUse[] }> => {
    const request: MediaDeleteRequest = { src };
    const response = await postJson(`${STUDIO_API}/media/delete`, request);
    const body = (await response.json()) as Partial<MediaDeleteAnswer & ErrorAnswer & { uses: ImageUse[] }>;
    if (response.status === 409) return { ok: false, uses: body.uses ?? [] };
    if (!response.ok) throw new Error(body.error ?? `${response.status} ${response.statusText}`);
    return { ok: true };
  },
  /**
   * A new image: the library's own stays when an undo leaves it unused; one put into a use (`library` false) goes
   * with the undo of that edit, as a field's upload does.
   */
  upload: async (file: File, library = true): Promise<UploadedImage> => {
    const response = await fetch(`${STUDIO_API}/image?${library ? 'library=1&' : ''}name=${encodeURIComponent(file.name)}`, {
      method: 'POST',
      headers: writeHeaders('application/octet-stream'),
      body: file,
    });
    const body = (await response.json()) as UploadedImage & Partial<ErrorAnswer>;
    if (response.status === 400) throw new RefusedUpload(body.error);
    if (!response.ok) throw new Error(body.error ?? `${response.status} ${response.statusText}`);
    return body;
  },
};
