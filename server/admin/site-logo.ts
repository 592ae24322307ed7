import { readFile, realpath, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import type { MiddlewareHandler } from 'hono';
import { SITE_LOGO_PATH } from '../../core/admin/contract.ts';
import { LOGO_CSP } from './admin-headers.ts';

/** The live build's folder and its logo's path in it (the server site's `logo`), or undefined when the site has none. */
export type LiveLogo = () => { root: string; path: string } | undefined;

/** The kinds of image a logo may be (the schema's `imagePath`), with the type each is sent as. */
const LOGO_TYPES: Record<string, string> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
};

/**
 * The logo's file, or undefined when there is none to serve: a path of an image kind, with no dot-folder or file
 * (`.server/`), that stays inside the build's folder once normalized and once its links are followed. The path
 * comes from the build's site file, which the config's author wrote: `/../../etc/x.png` is refused, not read.
 */
export async function logoFile(logo: ReturnType<LiveLogo>): Promise<{ file: string; type: string } | undefined> {
  if (!logo) return undefined;
  const type = LOGO_TYPES[extname(logo.path).toLowerCase()];
  if (!type || !logo.path.startsWith('/') || logo.path.includes('\0') || logo.path.split(/[/\\]/).some((part) => part.startsWith('.'))) return undefined;
  try {
    const root = await realpath(logo.root);
    const inside = (file: string) => file.startsWith(root.endsWith(sep) ? root : root + sep);
    const named = normalize(join(root, logo.path));
    if (!inside(named)) return undefined;
    const file = await realpath(named);
    if (!inside(file) || !(await stat(file)).isFile()) return undefined;
    return { file, type };
  } catch {
    return undefined;
  }
}

/**
 * GET /site-logo: the live site's logo, from the back office's own origin, for its header. Only that one path, only
 * the file the live build names (logoFile); 404 without one. An svg is a document that could run script when opened
 * by itself: it goes out as an image with a policy of its own (LOGO_CSP: no script, no fetch, not framed) and nosniff.
 */
export function siteLogo(logo: LiveLogo): MiddlewareHandler {
  return async (c, next) => {
    if ((c.req.method !== 'GET' && c.req.method !== 'HEAD') || c.req.path !== SITE_LOGO_PATH) return next();
    const found = await logoFile(logo());
    // not the page's router's either: an image that is not there is a 404, never the page's HTML
    if (!found) return c.notFound();
    const headers = { 'Content-Type': found.type, 'Content-Security-Policy': LOGO_CSP, 'X-Content-Type-Options': 'nosniff' };
    if (c.req.method === 'HEAD') return c.body(null, 200, headers);
    return c.body(await readFile(found.file), 200, headers);
  };
}
