import type { Image } from '../site/schema-types.ts';

/**
 * Responsive images, the naming half: pure, so the prerender and the browser write the same srcset (no hydration warning).
 * The build (scripts/build/responsive-images.ts) renders exactly the files named here, from this same list and naming.
 */

/** Widths (px) the build renders of every local WebP image, each only where the file is wider. */
export const SRCSET_WIDTHS: readonly number[] = [400, 800, 1200];

/** public/images holds WebP at twice the declared CSS width (scripts/cli/make-images.ts): that is the file's real width. */
export const IMAGE_DENSITY = 2;

// No spaces or commas: they would split a srcset candidate.
const LOCAL_WEBP = /^\/images\/[^\s,?#]+\.webp$/;

/** Whether the build renders smaller widths of this file: local WebP under /images only. */
export function isResponsive(src: string): boolean {
  return LOCAL_WEBP.test(src);
}

/** The generated widths of a file that is `intrinsic` px wide: never upscaled, never the same width again. */
export function variantWidths(intrinsic: number): number[] {
  return SRCSET_WIDTHS.filter((w) => w < intrinsic);
}

/** `/images/a.webp` at 400 px is `/images/a-400w.webp`. */
export function variantPath(src: string, width: number): string {
  return src.replace(/\.webp$/, `-${width}w.webp`);
}

/** The other way: `/images/a-400w.webp` is `/images/a.webp` at 400 px, for a width the engine names; else undefined. */
export function variantSource(path: string): { src: string; width: number } | undefined {
  const match = /^(\/images\/[^\s,?#]+)-(\d+)w\.webp$/.exec(path);
  const width = Number(match?.[2]);
  return match && SRCSET_WIDTHS.includes(width) ? { src: `${match[1]}.webp`, width } : undefined;
}

/** The srcset of an image, or undefined when the build renders no widths of it (external or not WebP). */
export function srcsetFor(image: Pick<Image, 'src' | 'width'>): string | undefined {
  if (!isResponsive(image.src)) return undefined;
  const intrinsic = image.width * IMAGE_DENSITY;
  return [...variantWidths(intrinsic).map((w) => `${variantPath(image.src, w)} ${w}w`), `${image.src} ${intrinsic}w`].join(', ');
}
