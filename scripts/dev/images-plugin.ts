import { statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import type { Connect, Plugin } from 'vite';
import sharp from 'sharp';
import { variantSource, variantWidths } from '../../core/images/srcset.ts';
import { variantImage } from '../site-bundles/image-variants.ts';

/** The image files of public/ that the studio adds, replaces and deletes while the dev server serves them. */
const IMAGE_TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
};

/**
 * public/'s images served read whole, before Vite's static files: a file deleted between Vite's look and its read
 * (the studio's Media deleting it, a test's reset of the site) ended the dev server with an unhandled stream error;
 * here it is a 404 like any missing file.
 */
function publicImages(publicDir: string): Connect.NextHandleFunction {
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
    } catch {
      return next();
    }
    const type = IMAGE_TYPES[extname(pathname).toLowerCase()];
    if (!type || pathname.split('/').some((part) => part === '..' || part.startsWith('.'))) return next();
    readFile(join(publicDir, pathname)).then(
      (body) => {
        res.setHeader('Content-Type', type);
        res.setHeader('Cache-Control', 'no-cache');
        res.end(req.method === 'HEAD' ? undefined : body);
      },
      () => next(),
    );
  };
}

/**
 * The widths of each image that the pages' srcset names, in the dev server: the build renders them into dist/
 * (scripts/build/responsive-images.ts), and public/ has only the full-size files. Rendered on the first request
 * with the build's own settings (scripts/site-bundles/image-variants.ts), then kept until the source file changes.
 */
export function devImagesPlugin({ publicDir }: { publicDir: string }): Plugin {
  const made = new Map<string, { version: string; body: Buffer }>();
  const render = async (source: string, width: number, pathname: string): Promise<Buffer | undefined> => {
    let version: string;
    try {
      const stat = statSync(source);
      version = `${stat.mtimeMs}:${stat.size}`;
    } catch {
      return undefined;
    }
    const kept = made.get(pathname);
    if (kept?.version === version) return kept.body;
    // as in the build: only widths below the file's own
    const { width: intrinsic } = await sharp(source).metadata();
    if (!variantWidths(intrinsic ?? 0).includes(width)) return undefined;
    const body = await (await variantImage(source, width)).toBuffer();
    made.set(pathname, { version, body });
    return body;
  };
  return {
    name: 'dev-images',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const pathname = new URL(req.url ?? '/', 'http://localhost').pathname;
        let variant: ReturnType<typeof variantSource>;
        try {
          variant = variantSource(decodeURIComponent(pathname));
        } catch {
          variant = undefined;
        }
        if (!variant || variant.src.split('/').includes('..')) return next();
        if (req.method !== 'GET' && req.method !== 'HEAD') return next();
        render(join(publicDir, variant.src), variant.width, pathname)
          .then((body) => {
            // a file of that name in public/ is served as it is
            if (!body) return next();
            res.setHeader('Content-Type', 'image/webp');
            res.setHeader('Cache-Control', 'no-cache');
            res.end(req.method === 'HEAD' ? undefined : body);
          })
          .catch(next);
      });
      server.middlewares.use(publicImages(publicDir));
    },
  };
}
