import sharp from 'sharp';
import type { ImageKind } from './image-file.ts';

// decoded pixels are never kept for a later photo, and libvips's own threads are enough for one photo at a time
sharp.cache(false);

/** Runs at most `concurrency` tasks at once; the others wait their turn in order. */
export function taskQueue(concurrency: number): <T>(task: () => Promise<T>) => Promise<T> {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async (task) => {
    if (active < concurrency) active++;
    // a finishing task hands its place straight to the next, so `active` stays as it is
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else active--;
    }
  };
}

export type Encoded = { ok: true; kind: ImageKind; width: number; height: number; size: number } | { ok: false; error: string };

const FORMATS = { 'image/png': 'png', 'image/jpeg': 'jpeg', 'image/gif': 'gif' } as const;

/**
 * Decodes the photo in `input` and writes a fresh encoding of its pixels to `output`: turned upright by its EXIF
 * orientation, with no metadata (EXIF, GPS, XMP, comments) and nothing that is not the picture (a script or a zip
 * behind the image data of a polyglot). JPEG stays JPEG, PNG stays PNG; a GIF becomes a PNG of its first frame.
 * What sharp cannot decode, what has more than `maxPixels`, and what takes longer than `timeoutSeconds` is refused.
 * libvips looks at the clock between its own steps, so a decoder step that is slow in itself (the scans of a
 * progressive JPEG) ends before the refusal: the caller bounds those before (see jpeg-scans.ts).
 */
export async function reencodePhoto(
  input: string,
  output: string,
  sniffed: ImageKind,
  { maxPixels, timeoutSeconds }: { maxPixels: number; timeoutSeconds: number },
): Promise<Encoded> {
  const meta = await sharp(input, { limitInputPixels: maxPixels, failOn: 'error' })
    .metadata()
    .catch(() => undefined);
  if (!meta) return { ok: false, error: 'File type invalid (1)' };
  if (meta.format !== FORMATS[sniffed.type]) return { ok: false, error: 'File type invalid (1)' };
  if (!meta.width || !meta.height || meta.width * meta.height > maxPixels) return { ok: false, error: 'Image is too large (pixels)' };
  // the first frame only: an animation's frames would multiply the pixels held at once. A palette image (a GIF,
  // an 8-bit PNG) keeps a palette, or its PNG would be several times the size of what was sent
  const image = sharp(input, { limitInputPixels: maxPixels, failOn: 'error', animated: false, sequentialRead: true })
    .timeout({ seconds: timeoutSeconds })
    .rotate();
  const kind: ImageKind = sniffed.ext === 'jpg' ? sniffed : { type: 'image/png', ext: 'png' };
  try {
    const info = await (kind.ext === 'jpg' ? image.jpeg({ quality: 90 }) : image.png({ palette: meta.isPalette || sniffed.ext === 'gif' })).toFile(output);
    return { ok: true, kind, width: info.width, height: info.height, size: info.size };
  } catch (error) {
    // sharp's own words for a pipeline it stopped: "timeout: 12% complete"
    if (error instanceof Error && error.message.startsWith('timeout'))
      return { ok: false, error: 'The photo takes too long to decode; send a smaller or plainer one' };
    return { ok: false, error: 'File type invalid (1)' };
  }
}
