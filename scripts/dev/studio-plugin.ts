import type { IncomingMessage, ServerResponse } from 'node:http';
import { join, sep } from 'node:path';
import type { Connect, Plugin, ViteDevServer } from 'vite';
import { EVENTS_API, STUDIO_API, STUDIO_PATH } from '../../core/studio/contract.ts';
import { PUBLIC_DIR } from '../../core/site/layout.ts';
import { isLoopback, listeningPort, ownRequest } from './guard.ts';
import { DEV_PAGES_PLUGIN, type DevPagesApi } from './pages-plugin.ts';
import { SITE_PLUGIN, type SiteApi } from './site-plugin.ts';
import { studioBundler } from '../../studio/server/bundle.ts';
import { siteLanguage, studioDocument } from '../../studio/server/document.ts';
import { studioEvents } from '../../studio/server/events.ts';
import { readBody, send } from '../../studio/server/http.ts';
import { MediaLibrary } from '../../studio/server/media.ts';
import { PAGE_LINK_PATH, pageLinkScript } from '../../studio/server/page-link.ts';
import { publishApi } from '../../studio/server/publish-api.ts';
import { previewRoute, siteApi } from '../../studio/server/site-api.ts';
import { RefusedPathError } from '../../studio/server/site-files.ts';
import { studioSite, type StudioSite } from '../../studio/server/site-state.ts';

export { STUDIO_PATH } from '../../core/studio/contract.ts';
const API = `${STUDIO_API}/`;

interface StudioOptions {
  /** the project: where studio/ is */
  root: string;
  siteRoot: string;
  schemaDir: string;
}

/** The API's calls, /__studio/api/<route>: publishing, the media library, and the site's files. */
function studioApi(site: StudioSite, siteApiOf: () => SiteApi | undefined, pagesApiOf: () => DevPagesApi | undefined) {
  const media = new MediaLibrary(site.siteRoot, site.files);
  const publishing = publishApi({ siteRoot: site.siteRoot, send, readBody, problemCount: () => site.problems().length, validate: site.validateFiles });
  const wrote = (path: string, blockAdded?: boolean) => {
    siteApiOf()?.changed(join(site.siteRoot, path));
    // the studio asks for the page's new render once it has its answer and has drawn the new block's form: the
    // render is under way by then
    const route = blockAdded ? previewRoute(site, path) : undefined;
    if (route) pagesApiOf()?.warm(route);
    // an image uploaded into a field that no file names any more (an undone upload) goes
    media.sweep();
  };
  const files = siteApi({ site, media, wrote });
  return async (req: IncomingMessage, res: ServerResponse, route: string) => {
    if (route.startsWith('publish/')) return publishing(req, res, route.slice('publish/'.length));
    if (route === 'media' || route.startsWith('media/')) {
      const answer = await media.answer(req.method ?? 'GET', route, req.method === 'POST' ? await readBody(req) : undefined);
      return send(res, answer.status, answer.body);
    }
    return files(req, res, route);
  };
}

/** The studio's page, its script and stylesheet (bundled on demand), and the script that links each page to it. */
function servePage(pathname: string, res: ServerResponse, bundle: ReturnType<typeof studioBundler>, siteRoot: string): boolean {
  if (pathname === STUDIO_PATH || pathname === `${STUDIO_PATH}/`) send(res, 200, studioDocument(siteLanguage(siteRoot)), 'text/html');
  else if (pathname === PAGE_LINK_PATH) send(res, 200, pageLinkScript, 'text/javascript');
  else if (pathname === `${STUDIO_PATH}/app.js` || pathname === `${STUDIO_PATH}/app.css`) {
    const js = pathname.endsWith('.js');
    bundle()
      .then((made) => send(res, 200, js ? made.js : made.css, js ? 'text/javascript' : 'text/css'))
      .catch((error: unknown) => send(res, 500, `the studio's code did not build: ${(error as Error).message}`, 'text/plain'));
  } else return false;
  return true;
}

/**
 * Everything under /__studio, for this computer only (the socket's far end is a loopback address, even when the dev
 * server listens on the network with --host) and only for requests addressed to this server (Host and Origin; for
 * the API, never a call another site's page made).
 */
function studioMiddleware(server: ViteDevServer, site: StudioSite, api: ReturnType<typeof studioApi>, bundle: ReturnType<typeof studioBundler>) {
  const handle: Connect.NextHandleFunction = (req, res, next) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== STUDIO_PATH && !url.pathname.startsWith(`${STUDIO_PATH}/`)) return next();
    if (!isLoopback(req.socket.remoteAddress)) return send(res, 403, 'This studio answers only this computer.', 'text/plain');
    if (!ownRequest({ host: req.headers.host, origin: req.headers.origin }, listeningPort(server)))
      return send(res, 403, 'This studio answers only its own address.', 'text/plain');
    if (servePage(url.pathname, res, bundle, site.siteRoot)) return;
    if (!url.pathname.startsWith(API)) return next();
    // a page of another site that makes the browser call the API (an image, a form) is named by the browser
    const fetchSite = req.headers['sec-fetch-site'];
    if (fetchSite === 'cross-site' || fetchSite === 'same-site') return send(res, 403, { error: 'the studio answers only its own pages' });
    if (url.pathname === EVENTS_API) return studioEvents(server.watcher, res, site.siteRoot, site.files);
    api(req, res, url.pathname.slice(API.length)).catch((error: unknown) =>
      // a linked folder or file, or one outside the site: refused, never followed
      send(res, error instanceof RefusedPathError ? 403 : 500, { error: (error as Error).message }),
    );
  };
  return handle;
}

/**
 * The studio in `npm run dev`: /__studio is its page, /__studio/api/* its API over the site's own files. It exists
 * only in the dev server, answers only this computer and only requests addressed to this server, and writes only
 * the site's config and content files (never through a link), and new images in public/images/.
 */
export function studioPlugin({ root, siteRoot, schemaDir }: StudioOptions): Plugin {
  let siteApiOf: SiteApi | undefined;
  let pagesApiOf: DevPagesApi | undefined;
  const site = studioSite({ siteRoot, schemaDir, siteApi: () => siteApiOf });
  return {
    name: 'studio',
    apply: 'serve',
    // every page of the dev server, its error page included, links to the studio
    transformIndexHtml: () => [{ tag: 'script', attrs: { type: 'module', src: PAGE_LINK_PATH }, injectTo: 'body' }],
    configResolved(config) {
      siteApiOf = config.plugins.find((plugin) => plugin.name === SITE_PLUGIN)?.api as SiteApi | undefined;
      pagesApiOf = config.plugins.find((plugin) => plugin.name === DEV_PAGES_PLUGIN)?.api as DevPagesApi | undefined;
    },
    configureServer(server) {
      const publicDir = join(siteRoot, PUBLIC_DIR) + sep;
      const onPublic = (file: string) => {
        if (file.startsWith(publicDir)) site.assetsChanged();
      };
      server.watcher.on('add', onPublic);
      server.watcher.on('unlink', onPublic);
      server.httpServer?.once('listening', () => {
        const address = server.httpServer?.address();
        if (typeof address === 'object' && address) server.config.logger.info(`  ➜  Studio:  http://127.0.0.1:${address.port}${STUDIO_PATH}`);
      });
      server.middlewares.use(
        studioMiddleware(
          server,
          site,
          studioApi(
            site,
            () => siteApiOf,
            () => pagesApiOf,
          ),
          studioBundler(root),
        ),
      );
    },
  };
}
