import type Sharp from 'sharp';

/**
 * How a width of an image is made, for the build (scripts/build/responsive-images.ts, which writes them into dist/)
 * and the dev server (scripts/dev/images-plugin.ts, which answers them on request) alike: the same bytes in both.
 * Which widths there are, and their names, is core/images/srcset.ts.
 */

/** The WebP quality of every width. */
export const VARIANT_QUALITY = 80;

let sharpModule: Promise<{ default: typeof Sharp }> | undefined;
/** sharp, loaded on first use (loading its native library takes time): a build whose images are all taken from the previous one never needs it. */
export const loadSharp = async () => (await (sharpModule ??= import('sharp'))).default;

/** One width of a WebP file, as the build writes it and the dev server answers it. */
export const variantImage = async (file: string, width: number) => (await loadSharp())(file).resize({ width }).webp({ quality: VARIANT_QUALITY });
