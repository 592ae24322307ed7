import { UPLOAD_NAME } from '../storage/upload-files.ts';

// declared with the photos' files; named here too for server/admin/lead-view.ts until it imports storage's
export { UPLOAD_NAME };

/** The link the upload answer hands out: always on our own origin (PUBLIC_URL or the site's URL), never the request's Host. */
export function uploadLink(origin: string, id: string, ext: string): string {
  return `${new URL(origin).origin}/uploads/${id}.${ext}`;
}

/**
 * The upload id when `link` is one of ours: exactly `<origin>/uploads/<id>.<ext>` for one of `origins`, with no
 * user, query or fragment. Anything else (another host, a look-alike path, a link that does not parse) is undefined.
 */
export function ownUploadId(link: string, origins: string[]): string | undefined {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return undefined;
  }
  if (url.username || url.password || url.search || url.hash || link.includes('?') || link.includes('#')) return undefined;
  const ours = origins.flatMap((origin) => {
    try {
      return [new URL(origin).origin];
    } catch {
      return [];
    }
  });
  if (!ours.includes(url.origin)) return undefined;
  const match = /^\/uploads\/([^/]+)$/.exec(url.pathname);
  const name = match && UPLOAD_NAME.exec(match[1]!);
  // the URL parser resolves dot segments and percent-encodings; the link itself must already be the plain form
  if (!name || `${url.origin}${url.pathname}` !== link) return undefined;
  return name[1];
}

/**
 * Whether `link` is an https link on one of `origins` exactly (the outside image host's origins, as the site's
 * Content-Security-Policy lets pages show them: i.imgur.com), with no user part. No domain is guessed from a host
 * name, so a public suffix (co.uk, github.io) never lets in other people's sites.
 */
export function onOrigins(link: string, origins: string[]): boolean {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return false;
  }
  return url.protocol === 'https:' && !url.username && !url.password && origins.includes(url.origin);
}
