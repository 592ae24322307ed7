import { join, sep } from 'node:path';
import type { Connect, Plugin, ViteDevServer } from 'vite';
import { STUDIO_PATH } from '../../core/studio/contract.ts';
import { PUBLIC_DIR } from '../../core/site/layout.ts';
import { isLoopback, listeningPort, ownOrigins, ownRequest } from './guard.ts';
import { DEV_PAGES_PLUGIN, type DevPagesApi } from './pages-plugin.ts';
import { SITE_PLUGIN, type SiteApi } from '../site-bundles/site-plugin.ts';
import { studioBundler } from '../../studio/server/bundle.ts';
import type { FileWatcher } from '../../studio/server/events.ts';
import { studioHandler, type StudioHandler } from '../../studio/server/handler.ts';
import { send } from '../../studio/server/http.ts';
import { PAGE_LINK_PATH } from '../../studio/server/page-link.ts';

export { STUDIO_PATH } from '../../core/studio/contract.ts';

interface StudioOptions {
  /** the project: where studio/ is */
  root: string;
  siteRoot: string;
  schemaDir: string;
}

/**
 * Everything under /__studio, for this computer only (the socket's far end is a loopback address, even when the dev
 * server listens on the network with --host) and only for requests addressed to this server (Host and Origin; for
 * the API, never a call another site's page made, and no write but the studio page's own: the studio's handler
 * refuses those, studio/server/request-guard.ts).
 */
function studioMiddleware(server: ViteDevServer, studio: StudioHandler): Connect.NextHandleFunction {
  return (req, res, next) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== STUDIO_PATH && !url.pathname.startsWith(`${STUDIO_PATH}/`)) return next();
    if (!isLoopback(req.socket.remoteAddress)) return send(res, 403, 'This studio answers only this computer.', 'text/plain');
    if (!ownRequest({ host: req.headers.host, origin: req.headers.origin }, listeningPort(server)))
      return send(res, 403, 'This studio answers only its own address.', 'text/plain');
    if (!studio.handle(req, res)) next();
  };
}

/**
 * The studio in `npm run dev`: /__studio is its page, /__studio/api/* its API over the site's own files. It exists
 * only in the dev server, answers only this computer and only requests addressed to this server, and writes only
 * the site's config and content files (never through a link), and new images in public/images/.
 */
export function studioPlugin({ root, siteRoot, schemaDir }: StudioOptions): Plugin {
  let siteApiOf: SiteApi | undefined;
  let pagesApiOf: DevPagesApi | undefined;
  // the watcher is Vite's, there once the server is configured (the studio's events are asked for after that)
  let watcher: FileWatcher | undefined;
  let server: ViteDevServer | undefined;
  const studio = studioHandler(
    { siteRoot, schemaDir },
    {
      watcher: {
        on: (kind, listener) => watcher?.on(kind, listener),
        off: (kind, listener) => watcher?.off(kind, listener),
      },
      bundle: studioBundler(root),
      // a write from a browser without Sec-Fetch-Site names one of the addresses the dev server listens on
      origins: () => (server ? ownOrigins(listeningPort(server)) : []),
      checks: () => siteApiOf,
      wrote: (file) => siteApiOf?.changed(file),
      warm: (route) => pagesApiOf?.warm(route),
      // a failure's details, under the reference its answer gives, in the dev server's own log
      log: (line) => (server ? server.config.logger.error(line, { timestamp: true }) : console.error(line)),
    },
  );
  return {
    name: 'studio',
    apply: 'serve',
    // every page of the dev server, its error page included, links to the studio
    transformIndexHtml: () => [{ tag: 'script', attrs: { type: 'module', src: PAGE_LINK_PATH }, injectTo: 'body' }],
    configResolved(config) {
      siteApiOf = config.plugins.find((plugin) => plugin.name === SITE_PLUGIN)?.api as SiteApi | undefined;
      pagesApiOf = config.plugins.find((plugin) => plugin.name === DEV_PAGES_PLUGIN)?.api as DevPagesApi | undefined;
    },
    configureServer(dev) {
      server = dev;
      watcher = dev.watcher;
      const publicDir = join(siteRoot, PUBLIC_DIR) + sep;
      const onPublic = (file: string) => {
        if (file.startsWith(publicDir)) studio.site.assetsChanged();
      };
      dev.watcher.on('add', onPublic);
      dev.watcher.on('unlink', onPublic);
      dev.httpServer?.once('listening', () => {
        const address = dev.httpServer?.address();
        if (typeof address === 'object' && address) dev.config.logger.info(`  ➜  Studio:  http://127.0.0.1:${address.port}${STUDIO_PATH}`);
      });
      dev.middlewares.use(studioMiddleware(dev, studio));
    },
  };
}
