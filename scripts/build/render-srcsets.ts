/**
 * The srcset URLs of a page, found in its HTML. Apart from responsive-images.ts (which loads sharp) so that the
 * render workers collect them from each page they write without loading an image library each.
 */

// srcset (img, source) and imagesrcset (link rel=preload), in any case: React writes srcSet
const SRCSET = /\s(?:image)?srcset\s*=\s*"([^"]*)"/gi;

/** The candidates of one srcset value: URL and its width descriptor, if any. */
export function parseSrcset(value: string): { url: string; width?: number }[] {
  return value
    .split(',')
    .map((candidate) => candidate.trim().split(/\s+/))
    .filter(([url]) => url)
    .map(([url = '', descriptor]) => {
      const w = /^(\d+)w$/.exec(descriptor ?? '');
      return w ? { url, width: Number(w[1]) } : { url };
    });
}

const decodeEntities = (s: string) =>
  s
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'");

/** The srcset URLs pages name: "url width" -> the first page (relative, with /) that names it. */
export type SrcsetUses = Map<string, { width?: number; page: string }>;

/** Adds the local srcset URLs of one page's HTML to uses (a page that comes later never replaces the first). */
export function addSrcsetUses(html: string, page: string, uses: SrcsetUses): void {
  for (const m of html.matchAll(SRCSET)) {
    for (const c of parseSrcset(decodeEntities(m[1] ?? ''))) {
      // external URLs are someone else's files
      if (!c.url.startsWith('/') || c.url.startsWith('//')) continue;
      const key = `${c.url} ${c.width ?? ''}`;
      if (!uses.has(key)) uses.set(key, { width: c.width, page });
    }
  }
}
