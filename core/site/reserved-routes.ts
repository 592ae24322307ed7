/**
 * The addresses a page can never have: those the build writes files of its own at, those the production server
 * answers itself (server/app.ts, tested against its routes in server/reserved-routes.test.ts), and those the
 * development server and the studio keep (scripts/dev/reserved-routes.test.ts). A page there would replace the home page
 * or the not-found page, or never show: the validator refuses it (core/validate/rules/reserved-routes.ts), and so
 * does the studio's "change address" dialog.
 */
export interface ReservedRoute {
  /**
   * The address as a glob: `*` stands for any characters but `/`; a leading `/**` for any folders (none too). The
   * validator's messages show it as it is written here.
   */
  path: string;
  /** the addresses below it are reserved too: `/api` holds `/api/forms/contact` */
  below: boolean;
  /** whose it is, in plain English, for the validator's message ("the server's health check"); no parentheses */
  owner: string;
}

/** Most particular first: the first that holds an address names its owner. */
export const RESERVED_ROUTES: readonly ReservedRoute[] = [
  // files the build writes beside the pages (scripts/build/prerender.ts, scripts/lib/page-document.ts fileFor)
  { path: '/index', below: false, owner: 'the home page, which the build writes as index.html' },
  { path: '/404', below: false, owner: 'the not-found page, which the build writes as 404.html' },
  { path: '/sitemap*.xml', below: false, owner: 'the sitemap' },
  { path: '/robots.txt', below: false, owner: 'robots.txt, which tells search engines what to read' },
  { path: '/assets', below: true, owner: "the site's scripts and styles" },
  { path: '/_headers', below: false, owner: "the host's settings" },
  { path: '/_redirects', below: false, owner: "the host's settings" },
  // the production server's own answers (server/app.ts, core/forms/api-paths.ts)
  { path: '/api', below: true, owner: "the server's forms and mail" },
  { path: '/3', below: true, owner: "the photo host's upload address" },
  { path: '/uploads', below: true, owner: 'the uploaded photos' },
  { path: '/healthz', below: false, owner: "the server's health check" },
  // the development server and the studio (scripts/dev/studio-plugin.ts, scripts/dev/guard.ts, scripts/site-bundles/page-paths.ts)
  { path: '/__studio', below: true, owner: 'the studio' },
  { path: '/__*', below: true, owner: "the development server's own addresses" },
  { path: '/@*', below: true, owner: "the development server's own addresses" },
  { path: '/src/*', below: true, owner: "the development server's source files" },
  { path: '/node_modules/*', below: true, owner: "the development server's source files" },
  // the general rules behind some of the above, for what they do not name
  { path: '/**/index', below: false, owner: "a folder's page, which the build writes as index.html" },
  { path: '/**/.*', below: true, owner: 'hidden files, which the server never shows' },
  { path: '/**/*.*', below: false, owner: "files: an address with an extension, such as .xml or .html, is a file's" },
];

const escape = (text: string) => text.replace(/[.+?^${}()|[\]\\]/g, '\\$&');

function matcher({ path, below }: ReservedRoute): RegExp {
  // "/**/x": x at any depth, found from the end (a start anchor and "any folders" cost a backtrack on every address)
  const anywhere = path.startsWith('/**/');
  const body = escape(anywhere ? path.slice(3) : path).replace(/\*/g, '[^/]*');
  return new RegExp(`${anywhere ? '' : '^'}${body}${below ? '(?:/.*)?' : ''}$`);
}

const MATCHERS = RESERVED_ROUTES.map((route) => ({ route, test: matcher(route) }));
/**
 * One test for all of them: every page of a landing matrix, which can run to 100,000 pages, is checked once, so the
 * routes are one regular expression (one pass over an address, not one per route), and "/**" addresses have no start
 * anchor (which would cost a backtrack on every address).
 */
const ANY = new RegExp(MATCHERS.map((m) => `(?:${m.test.source})`).join('|'));

const PLAIN = /^(?:\/[a-z0-9-]+)+$|^\/$/;

/**
 * An address as the server finds its file: one case (a page file `Index.html` is `index.html` on a disk that ignores
 * case), percent-escapes decoded (the server decodes them before it routes), no trailing slash (`/api/` is `/api`).
 */
export function normalRoute(path: string): string {
  // the usual route (lower-case letters, digits, hyphens) is already as the server finds it
  if (PLAIN.test(path)) return path;
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // a malformed escape stays as written: no file or route of the server has one either
  }
  return decoded
    .toLowerCase()
    .replace(/\/{2,}/g, '/')
    .replace(/(.)\/+$/, '$1');
}

/** The reserved address that holds `path` (a route such as `/healthz` or `/api/x`), or undefined for a free one. */
export function reservedRoute(path: string): ReservedRoute | undefined {
  const normal = normalRoute(path);
  if (!ANY.test(normal)) return undefined;
  return MATCHERS.find((m) => m.test.test(normal))?.route;
}

/**
 * The reserved address a path is under, when it is another than the path itself: `/api` for `/api/x`, nothing for
 * `/api` or for a general rule such as any folder's index (its owner's words say it).
 */
export function reservedUnder(path: string, route: ReservedRoute): string | undefined {
  return normalRoute(path) === route.path || route.path.includes('**') ? undefined : route.path;
}
