import { randomUUID } from 'node:crypto';
import { linkSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { IMAGE_DENSITY } from '../../core/images/srcset.ts';
import { slugify } from '../../core/site/resolve.ts';
import { MAX_UPLOAD_BYTES } from '../../core/images/uploads.ts';
import { IMAGES_DIR } from '../../core/site/layout.ts';
import type { UploadedImage } from '../../core/studio/contract.ts';
import { unlinkedPath } from './site-files.ts';

/** The widest file kept: twice the widest image the site shows (1200 CSS px) at the site's 2x density. */
export const MAX_WIDTH = 2400;
const FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'tiff', 'heif']);

export class ImageUploadError extends Error {}

/** The name a file gets in public/images/: its own name in lower case, never one the build's widths use. */
export function imageName(original: string): string {
  // `hero-400w` would be taken for a width of `hero`
  const base = slugify(original.replace(/\.[^.]*$/, '')).replace(/-\d+w$/, '');
  return base === '' ? 'image' : base.slice(0, 60).replace(/-+$/, '');
}

/**
 * Puts the written file in place under the first of `name.webp`, `name-2.webp`, ... that is free: a hard link
 * fails when the name exists (in any case, on a disk that ignores case), so no image is ever replaced, and the
 * file appears whole. A reserved name (an image the studio took away that a redo may ask back) is skipped too.
 */
function linkUnderFreeName(temporary: string, dir: string, name: string, reserved: (file: string) => boolean): string {
  for (let n = 1; ; n++) {
    const file = `${n === 1 ? name : `${name}-${n}`}.webp`;
    if (reserved(file)) continue;
    try {
      linkSync(temporary, join(dir, file));
      return file;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
}

/**
 * An uploaded image, as the site keeps its images: a WebP in public/images/ at the site's 2x density (the build
 * renders its smaller widths), turned upright, without its metadata (camera, place), at most 2400 px wide. The
 * file is new (never over another), written atomically, and never through a link; the answer gives the width and
 * height to declare.
 */
export async function saveImage(
  siteRoot: string,
  originalName: string,
  bytes: Buffer,
  reserved: (file: string) => boolean = () => false,
): Promise<UploadedImage> {
  if (bytes.length > MAX_UPLOAD_BYTES) throw new ImageUploadError(`The image is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB.`);
  let format: string | undefined;
  try {
    format = (await sharp(bytes).metadata()).format;
  } catch {
    format = undefined;
  }
  if (!format || !FORMATS.has(format)) throw new ImageUploadError(`${originalName} is not an image the studio can use (JPEG, PNG, WebP, GIF, AVIF).`);
  const { data, info } = await sharp(bytes, { limitInputPixels: 100_000_000 })
    .rotate()
    .resize({ width: MAX_WIDTH, withoutEnlargement: true })
    .webp({ quality: 82 })
    .toBuffer({ resolveWithObject: true });
  // never through a link: public/ or public/images/ linked elsewhere is refused
  const dir = unlinkedPath(siteRoot, IMAGES_DIR, 'folder');
  mkdirSync(dir, { recursive: true });
  const temporary = join(dir, `.upload-${process.pid}-${randomUUID()}.tmp`);
  writeFileSync(temporary, data, { flag: 'wx' });
  let file: string;
  try {
    file = linkUnderFreeName(temporary, dir, imageName(originalName), reserved);
  } finally {
    rmSync(temporary, { force: true });
  }
  return { src: `/images/${file}`, width: Math.round(info.width / IMAGE_DENSITY), height: Math.round(info.height / IMAGE_DENSITY) };
}
