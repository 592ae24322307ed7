import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import type { MiddlewareHandler } from 'hono';
import { SITE_LOGO_META, SITE_LOGO_PATH, SITE_NAME_META } from '../../core/admin/contract.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
};

/** A file of `dir` for a request path, or undefined when there is none (or the path leaves the folder). */
async function fileOf(dir: string, path: string): Promise<string | undefined> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return undefined;
  }
  const file = normalize(join(dir, decoded));
  if (!file.startsWith(dir.endsWith(sep) ? dir : dir + sep)) return undefined;
  try {
    return (await stat(file)).isFile() ? file : undefined;
  } catch {
    return undefined;
  }
}

/** A page's `<html lang>` set to the site's language, which the screens read to speak it. */
export function withLanguage(html: string, lang: string): string {
  const safe = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/.test(lang) ? lang : 'en';
  return html.replace(/<html\b[^>]*>/i, `<html lang="${safe}">`);
}

/** A page with the site's name in a meta tag, which the header shows: whose back office this is. */
export function withSiteName(html: string, name: string | undefined): string {
  if (!name) return html;
  const content = name.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return html.replace(/<\/head>/i, `<meta name="${SITE_NAME_META}" content="${content}" />\n  </head>`);
}

/** A page with the address of the site's logo in a meta tag, beside the name, when the live build has one to serve (site-logo.ts). */
export function withSiteLogo(html: string, present: boolean): string {
  if (!present) return html;
  return html.replace(/<\/head>/i, `<meta name="${SITE_LOGO_META}" content="${SITE_LOGO_PATH}" />\n  </head>`);
}

/**
 * The back office's pages (built from admin/ into dist-admin/): its files as they are, and index.html for every
 * other path that is not the API, where the page's router takes over (/aanmelden, /leads/<id>, /uitnodiging/<token>).
 * Hashed files under assets/ are kept by the browser for a year; everything else is asked again. A page goes out
 * in the language of the live site (`lang`), so the staff read the back office in the site's language, with its name
 * and, when it has one (`hasLogo`), its logo.
 */
export function adminPages(
  dir: string,
  lang: () => string = () => 'en',
  siteName: () => string | undefined = () => undefined,
  hasLogo: () => Promise<boolean> = () => Promise.resolve(false),
): MiddlewareHandler {
  return async (c, next) => {
    if ((c.req.method !== 'GET' && c.req.method !== 'HEAD') || c.req.path.startsWith('/api/')) return next();
    const file = (await fileOf(dir, c.req.path)) ?? (extname(c.req.path) === '' ? await fileOf(dir, '/index.html') : undefined);
    if (!file) return next();
    const headers: Record<string, string> = { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' };
    if (c.req.path.startsWith('/assets/')) headers['Cache-Control'] = 'public, max-age=31536000, immutable';
    if (c.req.method === 'HEAD') return c.body(null, 200, headers);
    if (extname(file) === '.html') {
      const page = withSiteName(withLanguage(await readFile(file, 'utf8'), lang()), siteName());
      return c.body(withSiteLogo(page, await hasLogo()), 200, headers);
    }
    return c.body(await readFile(file), 200, headers);
  };
}
