import { createHash } from 'node:crypto';
import type { Connect, EnvironmentModuleNode, Plugin, ViteDevServer } from 'vite';
import { SITE_PLUGIN, type SiteApi } from '../site-bundles/site-plugin.ts';
import { cleanPath, isPagePath } from '../site-bundles/page-paths.ts';
import { overlayDocument } from '../site-bundles/overlay-document.ts';
import { ISLANDS_ENTRY, notFoundDocument, renderedDocument, type ClientAssets, type ServerEntry } from '../lib/page-document.ts';

/** The module that renders the pages, the same one the build compiles for the prerender. */
const SERVER_ENTRY = '/src/entry-server.tsx';
/** The site-wide stylesheet and the theme (served by the site plugin): first, as in the build's one stylesheet. */
const FIRST_STYLESHEETS = ['src/styles/global.css', '@site-theme.css'];
const CSS = /\.css(?:$|\?)/;

/** Every stylesheet the rendered pages imported (the SSR module graph after a render), as paths for <link>. */
function stylesheets(server: ViteDevServer): string[] {
  const graph = server.environments.ssr.moduleGraph;
  const seen = new Set<EnvironmentModuleNode>();
  const found: string[] = [];
  const visit = (mod: EnvironmentModuleNode | undefined) => {
    if (!mod || seen.has(mod)) return;
    seen.add(mod);
    if (mod.id && !mod.id.startsWith('\0') && CSS.test(mod.id) && mod.url.startsWith('/')) found.push(mod.url.slice(1));
    for (const imported of mod.importedModules) visit(imported);
  };
  for (const mod of graph.urlToModuleMap.values()) if (mod.url === SERVER_ENTRY) visit(mod);
  return [...new Set([...FIRST_STYLESHEETS, ...found])];
}

/** The pages' stylesheets in one response, named by the hash of its text: a reload takes it from the browser's cache. */
const STYLES_PATH = '/@site-styles.css';
/** The theme is served apart by the site plugin (no module); each other stylesheet is a module of Vite's. */
const SEPARATE = new Set(['@site-theme.css']);

/**
 * The stylesheets a page links, as the build has them (one file, cached): the theme, then every module's CSS as
 * Vite transforms it (CSS modules with the class names the render used), in one text named by its hash. A page
 * reloaded after an edit then waits for no stylesheet, where one per module would each be asked again; a change of
 * any of them is a new hash in the next page (the SSR graph's update reloads the page).
 */
function combinedStyles(server: ViteDevServer) {
  const made = new Map<string, string>();
  return {
    async links(css: string[]): Promise<string[]> {
      const modules = css.filter((href) => !SEPARATE.has(href));
      const parts = await Promise.all(
        modules.map(async (href) => {
          const result = await server.environments.client.transformRequest(`/${href}?direct`);
          return `/* ${href} */\n${result?.code ?? ''}`;
        }),
      );
      const text = parts.join('\n');
      const hash = createHash('sha1').update(text).digest('hex').slice(0, 12);
      // the last few versions: a page still open may ask for the one it was rendered with
      made.set(hash, text);
      if (made.size > 8) made.delete(made.keys().next().value!);
      return [...css.filter((href) => SEPARATE.has(href)), `${STYLES_PATH.slice(1)}?v=${hash}`];
    },
    serve(hash: string): string | undefined {
      return made.get(hash);
    },
  };
}

/** A page's answer: its status and its whole document. */
interface PageAnswer {
  status: number;
  html: string;
}

/**
 * Each page's document, rendered once per version of what renders it: the entry module and the pages' data. After a
 * saved edit the studio's two previews reload the page and the studio fetches it too, at the same moment: on one
 * thread, three renders of the same page take three times as long as one. A change of the source invalidates the
 * entry's module graph, and the next request loads a new entry module: a new object, so a new set of documents (the
 * old set goes with the old module); a change of the site's files is a new version of the pages' data (the site
 * plugin's pagesData), the entry staying loaded.
 */
export function renderedDocuments() {
  const byEntry = new WeakMap<object, { data: unknown; pages: Map<string, Promise<PageAnswer>> }>();
  return {
    of(entry: object, data: unknown, url: string, render: () => Promise<PageAnswer>): Promise<PageAnswer> {
      let made = byEntry.get(entry);
      if (!made || made.data !== data) byEntry.set(entry, (made = { data, pages: new Map() }));
      const { pages } = made;
      let page = pages.get(url);
      if (!page) {
        page = render();
        pages.set(url, page);
        // a failed render is not kept: the next request tries again
        page.catch(() => pages.delete(url));
      }
      return page;
    },
  };
}

/**
 * A page as the build writes it (or the not-found page), rendered by the entry as Vite has it now, before Vite's
 * transforms of a page's HTML (its client script).
 */
async function pageAnswer(devServer: ViteDevServer, entry: ServerEntry, styles: ReturnType<typeof combinedStyles>, url: URL): Promise<PageAnswer> {
  const path = cleanPath(url.pathname);
  const known = entry.routePaths().includes(path);
  // the page is rendered first: the stylesheets are those its modules imported
  const rendered = known ? await entry.render(path) : undefined;
  const assets: ClientAssets = { css: await styles.links(stylesheets(devServer)), runtime: ISLANDS_ENTRY };
  const html = rendered ? renderedDocument(entry, rendered, assets) : notFoundDocument(entry.model.site, assets, entry.inlineScripts);
  return { status: known ? 200 : 404, html };
}

/**
 * A page asked for: its URL, the URL as the request gave it (the path Vite's HTML transforms see), and whether it
 * is the page as rendered only (`rendered`), without Vite's transforms: what the studio asks for to take a new
 * render's blocks from (the previews, reloaded, get the whole page).
 */
interface PageRequest {
  url: URL;
  originalUrl?: string;
  rendered?: boolean;
}

/** The header of the studio's request for a page as rendered only (see PageRequest; studio/ui/preview/preview-changes.ts sends it). */
const RENDERED_ONLY_HEADER = 'x-studio-rendered-only';

/**
 * A page's answer, rendered once per version of its modules (`documents`), never while the site's modules change
 * (`rendering`); the page as rendered is kept apart, and is there before Vite's transforms of it are done (5 to 20
 * ms of an edit's render).
 */
function pageRenderer(
  devServer: ViteDevServer,
  styles: ReturnType<typeof combinedStyles>,
  documents: ReturnType<typeof renderedDocuments>,
  site: Pick<SiteApi, 'rendering' | 'pagesData'>,
) {
  return ({ url, originalUrl, rendered }: PageRequest): Promise<PageAnswer> =>
    site.rendering(async () => {
      const entry = (await devServer.ssrLoadModule(SERVER_ENTRY)) as ServerEntry;
      const data = site.pagesData();
      const key = url.pathname + url.search;
      const page = () => documents.of(entry, data, `rendered ${key}`, () => pageAnswer(devServer, entry, styles, url));
      if (rendered) return page();
      return documents.of(entry, data, key, async () => {
        const { status, html } = await page();
        return { status, html: await devServer.transformIndexHtml(key, html, originalUrl) };
      });
    });
}

/** Every page path answered with its rendered document (one render per version of its modules), or the error page. */
function pageMiddleware(devServer: ViteDevServer, answer: (page: PageRequest) => Promise<PageAnswer>): Connect.NextHandleFunction {
  return (req, res, next) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !isPagePath(url.pathname)) return next();
    const send = (status: number, html: string) => {
      res.statusCode = status;
      res.setHeader('Content-Type', 'text/html; charset=utf-8');
      res.setHeader('Cache-Control', 'no-store');
      res.end(req.method === 'HEAD' ? undefined : html);
    };
    const page = { url, originalUrl: req.originalUrl, rendered: req.headers[RENDERED_ONLY_HEADER] === '1' };
    answer(page)
      .then((got) => send(got.status, got.html))
      .catch(async (error: unknown) => {
        const err = error instanceof Error ? error : new Error(String(error));
        devServer.ssrFixStacktrace(err);
        devServer.config.logger.error(err.message, { timestamp: true, error: err });
        try {
          send(500, await devServer.transformIndexHtml(url.pathname, overlayDocument({ message: err.message, stack: err.stack ?? '' })));
        } catch (inner) {
          next(inner);
        }
      });
  };
}

export const DEV_PAGES_PLUGIN = 'dev-pages';

/** What the dev server's pages offer the studio's side. */
export interface DevPagesApi {
  /**
   * Renders a page now, in the background, as the studio is about to ask for it (a block added: the studio takes
   * the new render's block): its request then finds the render under way, not yet begun.
   */
  warm(path: string): void;
}

/**
 * The dev server answers every page with the document the build writes: src/entry-server.tsx renders it
 * (through Vite, so an edit of the source shows on the next load) into the same HTML, with the same islands
 * and inline scripts; only the islands' runtime and the stylesheets are Vite's sources instead of hashed files.
 * A change of a module that renders pages reloads the page; the site plugin reloads it after a config edit.
 */
export function devPagesPlugin(): Plugin<DevPagesApi> {
  let server: ViteDevServer | undefined;
  // renders never overlap a change of the site's modules (render-gate.ts); without the site plugin, nothing to wait
  // for and no data but the modules'
  let site: Pick<SiteApi, 'rendering' | 'pagesData'> = { rendering: (render) => render(), pagesData: () => undefined };
  let answer: ((page: PageRequest) => Promise<PageAnswer>) | undefined;
  return {
    name: DEV_PAGES_PLUGIN,
    apply: 'serve',
    api: {
      warm(path) {
        const url = new URL(path, 'http://localhost');
        // a failed render is not kept (renderedDocuments): the studio's own request shows its error
        if (isPagePath(url.pathname)) answer?.({ url, rendered: true }).catch(() => undefined);
      },
    },
    // no index.html and no SPA fallback: the pages come from the middleware below. The islands' entry is where
    // the browser's dependencies are found before the first page asks for them (no reload to optimize them then).
    config: () => ({ appType: 'custom', optimizeDeps: { entries: [ISLANDS_ENTRY] } }),
    configResolved(config) {
      const api = config.plugins.find((plugin) => plugin.name === SITE_PLUGIN)?.api as SiteApi | undefined;
      if (api) site = api;
    },
    configureServer(devServer) {
      server = devServer;
      const styles = combinedStyles(devServer);
      const documents = renderedDocuments();
      devServer.middlewares.use(STYLES_PATH, (req, res) => {
        const text = styles.serve(new URL(req.url ?? '/', 'http://localhost').searchParams.get('v') ?? '');
        res.statusCode = text === undefined ? 404 : 200;
        res.setHeader('Content-Type', 'text/css; charset=utf-8');
        res.setHeader('Cache-Control', text === undefined ? 'no-store' : 'max-age=31536000, immutable');
        res.end(text ?? '');
      });
      answer = pageRenderer(devServer, styles, documents, site);
      devServer.middlewares.use(pageMiddleware(devServer, answer));
    },
    hotUpdate({ modules }) {
      // the pages' HTML comes from the server-side modules: a change there needs a new document
      if (this.environment.name === 'ssr' && modules.length > 0) server?.ws.send({ type: 'full-reload' });
      // the pages link their stylesheets as one file: a changed stylesheet is a new document with its new hash
      if (this.environment.name === 'client' && modules.some((mod) => mod.id && CSS.test(mod.id))) {
        server?.ws.send({ type: 'full-reload' });
        return [];
      }
      return undefined;
    },
  };
}
