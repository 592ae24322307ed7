import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import sharp from 'sharp';
import { SRCSET_WIDTHS, variantSource } from '../../core/images/srcset.ts';
import { IMAGES_DIR, PUBLIC_DIR } from '../../core/site/layout.ts';
import type { MediaAnswer, MediaDeleteAnswer, MediaImage } from '../../core/studio/contract.ts';
import { RefusedPathError, unlinkedPath, type SiteFiles } from './site-files.ts';
import { usesOf } from './media-uses.ts';

/**
 * The studio's media library over public/images/: every image with its size and where the site's files use it,
 * deletion of an image nothing uses, and the sweep that takes away an image uploaded into a field once an undo (or
 * any later write) leaves it unused. Paths never leave public/images/ and never pass a link.
 */

export type Answer = { status: number; body: unknown };

const IMAGE_FILE = /\.(webp|png|jpe?g|gif|avif|svg)$/i;
/** `/images/` and folders and a name of plain characters: no `..`, no hidden file, no query. */
const IMAGE_SRC = /^\/images\/(?:[A-Za-z0-9_-]+\/)*[A-Za-z0-9][A-Za-z0-9._-]*\.(?:webp|png|jpe?g|gif|avif|svg)$/i;

export const isImageSrc = (src: string) => IMAGE_SRC.test(src) && !src.includes('..');

export class MediaLibrary {
  /** pixel sizes by file, known while its size and time stay the same */
  private sizes = new Map<string, { key: string; width?: number; height?: number }>();
  /** images uploaded into a field in this session, and whether a file has named them since */
  private fieldUploads = new Map<string, boolean>();
  /** images the sweep took away, kept so a redo that names one again puts it back */
  private swept = new Map<string, Buffer>();

  constructor(
    readonly siteRoot: string,
    private readonly files: SiteFiles,
  ) {}

  /** The full path of an image of public/images/, through no link; throws RefusedPathError otherwise. */
  private full(src: string): string {
    if (!isImageSrc(src)) throw new RefusedPathError(`${src} is not an image of public/images/`);
    return unlinkedPath(this.siteRoot, `${PUBLIC_DIR}${src}`);
  }

  private imageFiles(): string[] {
    let dir: string;
    try {
      dir = unlinkedPath(this.siteRoot, IMAGES_DIR, 'folder');
      // a link inside is neither a file nor a folder here: readdir's entries are the links' own
      const srcs = readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile() && !entry.name.startsWith('.') && IMAGE_FILE.test(entry.name))
        .map((entry) => `/images/${relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/')}`)
        .filter(isImageSrc);
      // a width the build makes (`a-400w.webp` beside `a.webp`, left by a run of the image script) is no image of its own
      const all = new Set(srcs);
      return srcs.filter((src) => !all.has(variantSource(src)?.src ?? '')).sort();
    } catch (error) {
      if (error instanceof RefusedPathError || (error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
  }

  private async size(src: string, full: string, key: string) {
    const known = this.sizes.get(src);
    if (known?.key === key) return known;
    let meta: { width?: number; height?: number } = {};
    try {
      meta = await sharp(full).metadata();
    } catch {
      // a broken file is listed without its size
    }
    const size = { key, width: meta.width, height: meta.height };
    this.sizes.set(src, size);
    return size;
  }

  async list(): Promise<MediaImage[]> {
    const uses = usesOf(this.files);
    return Promise.all(
      this.imageFiles().map(async (src) => {
        const full = join(this.siteRoot, PUBLIC_DIR, ...src.split('/'));
        const stat = statSync(full);
        const { width, height } = await this.size(src, full, `${stat.size}:${stat.mtimeMs}`);
        return { src, width, height, bytes: stat.size, uses: uses.get(src) ?? [] };
      }),
    );
  }

  /** Deletes an image no site file names; one that is named stays, and the answer says where. */
  remove(src: string): Answer {
    const full = this.full(src);
    const uses = usesOf(this.files).get(src) ?? [];
    if (uses.length > 0) return { status: 409, body: { error: 'in use', uses } satisfies MediaDeleteAnswer };
    try {
      rmSync(full);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { status: 404, body: { error: 'no such image' } };
      throw error;
    }
    this.sizes.delete(src);
    return { status: 200, body: { removed: src } satisfies MediaDeleteAnswer };
  }

  /** An image uploaded into a field: once a file has named it and none does any more, the sweep takes it away. */
  uploadedIntoField(src: string): void {
    this.fieldUploads.set(src, false);
    this.swept.delete(src);
  }

  /** Whether a new upload may take this name: not one a redo may still ask back. */
  reserved = (file: string): boolean => this.swept.has(`/images/${file}`);

  /**
   * After each write: an image uploaded into a field that no file names any more (its upload was undone, or the
   * field took another) is taken away, and one taken away that a file names again (a redo) is put back.
   */
  sweep(): void {
    if (this.fieldUploads.size === 0 && this.swept.size === 0) return;
    const texts = this.files.list().map((path) => this.files.read(path).text);
    // a plain search of the texts: anything that looks like a use keeps the file (a file that does not parse too)
    const named = (src: string) => {
      const pattern = new RegExp(`${src.replace(/\.webp$/, '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:-(?:${SRCSET_WIDTHS.join('|')})w)?\\.webp`);
      return texts.some((text) => text.includes(src) || pattern.test(text));
    };
    for (const [src, seen] of this.fieldUploads) {
      if (named(src)) this.fieldUploads.set(src, true);
      else if (seen) this.take(src);
    }
    for (const [src, bytes] of this.swept) if (named(src)) this.putBack(src, bytes);
  }

  private take(src: string) {
    try {
      const full = this.full(src);
      this.swept.set(src, readFileSync(full));
      rmSync(full);
    } catch (error) {
      if (!(error instanceof RefusedPathError) && (error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    this.fieldUploads.delete(src);
  }

  private putBack(src: string, bytes: Buffer) {
    this.swept.delete(src);
    try {
      // never over a file: a name taken meanwhile keeps its own image
      writeFileSync(this.full(src), bytes, { flag: 'wx' });
      this.fieldUploads.set(src, true);
    } catch (error) {
      if (!(error instanceof RefusedPathError) && (error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }

  /** The studio's calls under /__studio/api/media: the list, and deleting one image. */
  async answer(method: string, route: string, body: unknown): Promise<Answer> {
    if (method === 'GET' && route === 'media') return { status: 200, body: { images: await this.list() } satisfies MediaAnswer };
    if (method === 'POST' && route === 'media/delete') {
      const src = (body as { src?: unknown } | undefined)?.src;
      if (typeof src !== 'string' || !isImageSrc(src)) return { status: 400, body: { error: 'expected { src } of an image in /images/' } };
      return this.remove(src);
    }
    return { status: 404, body: { error: 'no such media call' } };
  }
}
