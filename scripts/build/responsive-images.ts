import { existsSync } from 'node:fs';
import { link, open, readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { performance } from 'node:perf_hooks';
import { SRCSET_WIDTHS, variantPath, variantWidths } from '../../core/images/srcset.ts';
import { addSrcsetUses, type SrcsetUses } from './render-srcsets.ts';
import { derivedKey, type DerivedCache } from './derived-cache.ts';
import { loadSharp, VARIANT_QUALITY, variantImage } from '../site-bundles/image-variants.ts';

export { parseSrcset } from './render-srcsets.ts';

/**
 * Responsive images, the build half: renders the widths that src/ui/srcset.ts names, then proves that every srcset
 * of the built pages points at a file that exists (a missing width would be a broken image on some screens only).
 */

async function filesEndingWith(dir: string, suffix: string): Promise<string[]> {
  if (!existsSync(dir)) return [];
  const names = await readdir(dir, { recursive: true });
  return names.filter((name) => name.endsWith(suffix)).map((name) => join(dir, name));
}

/**
 * The width in pixels a WebP file's header gives (its VP8X, VP8L or VP8 chunk), or undefined when `head` (the
 * file's first 30 bytes) is not a WebP file's: what the srcset check needs, without loading sharp.
 */
export function webpWidth(head: Buffer): number | undefined {
  if (head.length < 30 || head.toString('latin1', 0, 4) !== 'RIFF' || head.toString('latin1', 8, 12) !== 'WEBP') return undefined;
  const chunk = head.toString('latin1', 12, 16);
  // the extended format: the canvas width minus one, 24 bits
  if (chunk === 'VP8X') return 1 + head.readUIntLE(24, 3);
  // lossless: after the signature byte 0x2f, the width minus one in 14 bits
  if (chunk === 'VP8L' && head[20] === 0x2f) return 1 + (head.readUInt16LE(21) & 0x3fff);
  // lossy: after the frame tag and the start code 9d 01 2a, the width in 14 bits
  if (chunk === 'VP8 ' && head[23] === 0x9d && head[24] === 0x01 && head[25] === 0x2a) return head.readUInt16LE(26) & 0x3fff;
  return undefined;
}

/** A file's width in pixels: from its header when it is WebP, else as sharp reads it. */
async function widthOf(file: string): Promise<number | undefined> {
  const handle = await open(file);
  const head = Buffer.alloc(30);
  try {
    await handle.read(head, 0, 30, 0);
  } finally {
    await handle.close();
  }
  return webpWidth(head) ?? (await (await loadSharp())(file).metadata()).width;
}

/**
 * Every `.webp` under `imagesDir` gets `<name>-<w>w.webp` for each engine width below its real width. With the
 * previous build's images folder (same engine), a source that is the same bytes there takes its widths from it as
 * hard links instead of being resized again.
 */
export async function generateResponsiveImages(
  imagesDir: string,
  previousImagesDir?: string,
  cache?: DerivedCache,
): Promise<{ sources: number; files: number; ms: number }> {
  const started = performance.now();
  // a width from an earlier run is not a source of its own
  const files = await filesEndingWith(imagesDir, '.webp');
  const variants = new Set(files.flatMap((file) => SRCSET_WIDTHS.map((w) => variantPath(file, w))));
  const sources = files.filter((file) => !variants.has(file));
  const written = await Promise.all(
    sources.map(async (file) => {
      const linked = previousImagesDir ? await linkedWidths(file, join(previousImagesDir, relative(imagesDir, file))) : undefined;
      if (linked !== undefined) return linked;
      const widths = variantWidths((await widthOf(file)) ?? 0);
      if (!cache) await Promise.all(widths.map(async (w) => (await variantImage(file, w)).toFile(variantPath(file, w))));
      else await keptWidths(file, widths, cache);
      return widths.length;
    }),
  );
  return { sources: sources.length, files: written.reduce((a, b) => a + b, 0), ms: Math.round(performance.now() - started) };
}

/** A source's widths from the cache (derived-cache.ts), made by sharp where no build made them before. */
async function keptWidths(file: string, widths: number[], cache: DerivedCache): Promise<void> {
  const source = await readFile(file);
  const sharp = await loadSharp();
  const tools = JSON.stringify(sharp.versions);
  await Promise.all(
    widths.map(async (w) => {
      const bytes = await cache.get(derivedKey('webp', String(w), String(VARIANT_QUALITY), tools, source), async () =>
        (await variantImage(file, w)).toBuffer(),
      );
      await writeFile(variantPath(file, w), bytes);
    }),
  );
}

/** The widths of the same source in the previous build, linked beside `file`; undefined when the source differs. */
async function linkedWidths(file: string, before: string): Promise<number | undefined> {
  if (!existsSync(before)) return undefined;
  const [now, then] = await Promise.all([readFile(file), readFile(before)]);
  if (!now.equals(then)) return undefined;
  const widths = SRCSET_WIDTHS.filter((w) => existsSync(variantPath(before, w)));
  for (const w of widths) await link(variantPath(before, w), variantPath(file, w));
  return widths.length;
}

export interface SrcsetReport {
  pages: number;
  urls: number;
  /** a srcset URL with no file in the build: fails the build */
  missing: string[];
  /** a `w` descriptor that is not the file's real width: the browser picks a wrong size, so it is only a warning */
  mismatched: string[];
}

/** Checks every local srcset URL of every built page against the files in `dist`. */
export async function checkSrcsets(dist: string): Promise<SrcsetReport> {
  const pages = await filesEndingWith(dist, '.html');
  const uses: SrcsetUses = new Map();
  for (const page of pages) addSrcsetUses(await readFile(page, 'utf8'), relative(dist, page).split(sep).join('/'), uses);
  return checkSrcsetUses(dist, uses, pages.length);
}

/** Checks srcset URLs collected from the pages (by the prerender, as it wrote them) against the files in `dist`. */
export async function checkSrcsetUses(dist: string, uses: SrcsetUses, pages: number): Promise<SrcsetReport> {
  const missing: string[] = [];
  const mismatched: string[] = [];
  await Promise.all(
    [...uses].map(async ([key, { width, page }]) => {
      const url = key.slice(0, key.lastIndexOf(' '));
      const file = join(dist, decodeURIComponent(url.replace(/[?#].*$/, '')));
      if (!existsSync(file)) {
        missing.push(`${page}: srcset names ${url}, which is not in the build`);
        return;
      }
      if (width === undefined || !/\.(?:webp|png|jpe?g|avif|gif)$/i.test(file)) return;
      const real = await widthOf(file);
      if (real !== width) mismatched.push(`${page}: srcset says ${url} is ${width}w, the file is ${real} px wide`);
    }),
  );
  return { pages, urls: uses.size, missing: missing.sort(), mismatched: mismatched.sort() };
}

/**
 * The build step: render the widths (or wait for a rendering started earlier, beside the other build
 * steps), then fail with every broken srcset URL listed.
 */
export async function buildResponsiveImages(
  dist: string,
  started?: ReturnType<typeof generateResponsiveImages>,
  collected?: { uses: SrcsetUses; pages: number },
): Promise<void> {
  const made = await (started ?? generateResponsiveImages(join(dist, 'images')));
  // the prerender collects the URLs as it writes the pages: reading every page back would cost time that grows with the site
  const report = collected ? await checkSrcsetUses(dist, collected.uses, collected.pages) : await checkSrcsets(dist);
  for (const line of report.mismatched) console.warn(`warning: ${line}`);
  if (report.missing.length) {
    const hint =
      'The markup names the widths of SRCSET_WIDTHS (src/ui/srcset.ts) below twice the width declared in the config; the build renders ' +
      'those below the real width of the file. A missing width means the file in public/images is not at 2x (see scripts/cli/make-images.ts).';
    throw new Error(`${report.missing.length} srcset URL(s) have no file:\n  ${report.missing.join('\n  ')}\n${hint}`);
  }
  console.log(
    `responsive images: ${made.files} widths (${SRCSET_WIDTHS.join('/')} px) of ${made.sources} WebP files in ${made.ms} ms; ` +
      `${report.urls} srcset URLs on ${report.pages} pages all exist`,
  );
}
