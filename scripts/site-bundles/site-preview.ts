import type { IncomingHttpHeaders } from 'node:http';
import type { Connect, HtmlTagDescriptor, Plugin, ViteDevServer } from 'vite';
import { paths } from '../../core/paths.ts';
import { STUDIO_PATH } from '../../core/studio/contract.ts';
import { send } from '../../studio/server/http.ts';
import { PAGE_LINK_PATH, pageLinkScript } from '../../studio/server/page-link.ts';
import { previewAgentBundler } from '../../studio/server/preview-agent.ts';
import { isPagePath } from './page-paths.ts';
import { escapeHtml } from '../lib/page-document.ts';
import { overlayDocument, overlayTextTag } from './overlay-document.ts';
import { inLanguage } from '../../core/text/language.ts';

/**
 * While the site's files are invalid, the dev server answers two audiences apart. The studio's preview (its frames,
 * and the renders it fetches) keeps the last valid render, with no developer overlay: staff see their page, and
 * the problem in plain words beside the field. A developer's own tab gets the problems in Vite's overlay.
 */

/** The custom HMR event that carries the problems to the pages: each decides whether it shows them. */
export const PROBLEMS_EVENT = 'site:problems';

/** The custom HMR event of a site file the studio wrote: each page reloads, unless it is one of the studio's previews. */
export const STUDIO_WRITE_EVENT = 'site:studio-write';

/** The module every dev page loads to show that event in Vite's overlay, served through Vite (import.meta.hot). */
const PROBLEMS_CLIENT_URL = '/@site-problems.js';
const PROBLEMS_CLIENT_ID = '\0site-problems.js';

/**
 * Whether a request comes from the studio: a page loaded in a frame of one of this server's own pages (the studio
 * is the only page that frames the site's pages, and a link followed in the frame stays a frame's), or a fetch the
 * studio's page made. The browser sets Sec-Fetch-* itself, so no page can claim it for another site.
 */
export function fromStudio(headers: IncomingHttpHeaders): boolean {
  if (headers['sec-fetch-site'] !== 'same-origin') return false;
  if (headers['sec-fetch-dest'] === 'iframe') return true;
  try {
    return new URL(headers.referer ?? '').pathname.startsWith(STUDIO_PATH);
  } catch {
    return false;
  }
}

/** The meta tag that carries the version of the site a developer's page shows (siteVersions in vite-plugin-site.ts). */
const VERSION_META = 'site-dev-version';

/**
 * Shows the site's problems in Vite's overlay on a page a developer opened, and reloads it after a write of the
 * studio's; a page in the studio's preview leaves both to the studio. Its own overlay replaces the one before, as
 * Vite's does. A change's reload that the server sent before the page's Vite client connected is lost: once it is
 * connected, the page asks for the version it would get now, and reloads when it shows another (once per pair, so
 * that no disagreement can reload it again and again).
 */
const problemsClient = (versionUrl: string) => `import { ErrorOverlay } from '/@vite/client';

// the studio's previews are sandboxed frames, of an opaque origin (studio/ui/preview/preview-frame.tsx): nothing else
// frames the dev server's pages, and such a page cannot read the address of the page that framed it
function inStudio() {
  return window.top !== window && self.origin === 'null';
}

function reloadIfStale() {
  const shown = document.querySelector('meta[name=${JSON.stringify(VERSION_META)}]')?.content;
  if (shown === undefined) return;
  fetch(${JSON.stringify(versionUrl)}, { cache: 'no-store' })
    .then((answer) => (answer.ok ? answer.text() : undefined))
    .then((now) => {
      const pair = shown + ' > ' + now;
      if (now === undefined || now === shown || sessionStorage.getItem(${JSON.stringify(VERSION_META)}) === pair) return;
      sessionStorage.setItem(${JSON.stringify(VERSION_META)}, pair);
      location.reload();
    })
    .catch(() => {});
}

if (import.meta.hot && !inStudio()) {
  import.meta.hot.on(${JSON.stringify(PROBLEMS_EVENT)}, (err) => {
    document.querySelectorAll('vite-error-overlay').forEach((overlay) => overlay.close());
    document.body.appendChild(new ErrorOverlay(err));
  });
  import.meta.hot.on(${JSON.stringify(STUDIO_WRITE_EVENT)}, () => location.reload());
  import.meta.hot.on('vite:ws:connect', reloadIfStale);
  reloadIfStale();
}
`;

export interface ProblemsClientOptions {
  /** the version of the site a page's HTML shows */
  versionOf(html: string): string;
  /** where a page asks for the version it would get now */
  versionUrl: string;
}

/** What a sandboxed preview asks for that it may read: a subresource of the page, never a fetch's answer nor a page. */
const SUBRESOURCES = new Set(['script', 'style', 'font', 'worker', 'sharedworker', 'json', 'image', 'audio', 'video', 'track', 'manifest']);

/**
 * The studio's previews are sandboxed frames of an opaque origin (studio/ui/preview/preview-frame.tsx): their module
 * scripts (Vite's client, the islands), their fonts and the like are asked for in CORS mode with `Origin: null`, and
 * would be refused without a header that lets such a page read the answer. A subresource asked for with that origin
 * gets it (never a fetch's answer, a page, or anything of the studio's: its calls keep refusing every page but its
 * own). The link to the studio, which every page loads, is answered here to such a page too: the studio's routes
 * refuse a request of another origin, and this script is the same for everyone.
 */
export function previewCors(): Connect.NextHandleFunction {
  return (req, res, next) => {
    const dest = String(req.headers['sec-fetch-dest']);
    if (req.headers.origin !== 'null' || (req.method !== 'GET' && req.method !== 'HEAD') || !SUBRESOURCES.has(dest)) return next();
    const { pathname } = new URL(req.url ?? '/', 'http://localhost');
    const studio = pathname === STUDIO_PATH || pathname.startsWith(`${STUDIO_PATH}/`);
    if (studio && pathname !== PAGE_LINK_PATH) return next();
    res.setHeader('Access-Control-Allow-Origin', '*');
    if (pathname === PAGE_LINK_PATH) return send(res, 200, pageLinkScript, 'text/javascript');
    next();
  };
}

/**
 * The module above, and a script tag for it in every page the dev server serves, with the page's version; first in
 * the page, the studio's agent, which does what the studio asks in its previews' pages (studio/server/preview-agent.ts)
 * and nothing in a page of its own tab. The sandboxed previews' subresources are let through (previewCors).
 */
export function problemsClientPlugin({ versionOf, versionUrl }: ProblemsClientOptions): Plugin {
  const agent = previewAgentBundler(paths.root);
  return {
    name: 'site-problems-client',
    apply: 'serve',
    resolveId: (id) => (id === PROBLEMS_CLIENT_URL ? PROBLEMS_CLIENT_ID : undefined),
    load: (id) => (id === PROBLEMS_CLIENT_ID ? problemsClient(versionUrl) : undefined),
    configureServer: (server) => void server.middlewares.use(previewCors()),
    async transformIndexHtml(html, { server }) {
      const tags: HtmlTagDescriptor[] = [
        { tag: 'meta', attrs: { name: VERSION_META, content: versionOf(html) }, injectTo: 'head' },
        { tag: 'script', attrs: { type: 'module', src: PROBLEMS_CLIENT_URL }, injectTo: 'head' },
      ];
      try {
        return [{ tag: 'script', children: await agent(), injectTo: 'head-prepend' }, ...tags];
      } catch (error) {
        // the page as it is: its preview shows it, but cannot follow the studio
        server?.config.logger.error(`the preview's agent did not build: ${(error as Error).message}`);
        return tags;
      }
    },
  };
}

/** The attribute that tells the problems page below from a render's error page. */
const PROBLEMS_MARKER = 'data-dev-error-problems';

/** Whether a page is the problems page below. */
export const isProblemsPage = (html: string) => html.includes(overlayTextTag(PROBLEMS_MARKER));

/** The problems as a page, with Vite's overlay over it (the file and line of each): what a developer's tab shows. */
const problemsDocument = (message: string) => overlayDocument({ message, stack: '', plugin: 'site-config' }, PROBLEMS_MARKER);

const WAITING: Record<'nl' | 'en', string> = {
  nl: 'Deze pagina verschijnt hier zodra de site geen problemen meer heeft.',
  en: 'This page shows here once the site has no problems left.',
};

/** What the preview shows when the site has not been valid once since the dev server started: no render to keep. */
function waitingDocument(lang: string): string {
  const text = inLanguage(lang, WAITING);
  return `<!doctype html>
<html lang="${escapeHtml(lang)}">
  <head>
    <meta charset="UTF-8" />
    <title>${escapeHtml(text)}</title>
  </head>
  <body style="font: 16px/1.5 system-ui, sans-serif; margin: 3rem">
    <p data-preview-waiting>${escapeHtml(text)}</p>
  </body>
</html>
`;
}

export interface PagesWhileInvalid {
  /** the problems of the files as they are now, as the terminal shows them; undefined when there are none */
  problems(): string | undefined;
  /** whether the site was valid once: its last valid render is what the studio sees */
  hasLastValid(): boolean;
  /** the site's language, for the waiting page */
  lang(): string;
}

/**
 * A page asked for while the files are invalid: the studio's goes on to be rendered from the last valid site (the
 * site's modules keep it), or waits for a first valid one; any other gets the problems and the overlay.
 */
export function pagesWhileInvalid(server: ViteDevServer, site: PagesWhileInvalid): Connect.NextHandleFunction {
  return (req, res, next) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !isPagePath(url.pathname)) return next();
    const problems = site.problems();
    if (problems === undefined) return next();
    const studio = fromStudio(req.headers);
    if (studio && site.hasLastValid()) return next();
    const html = studio ? waitingDocument(site.lang()) : problemsDocument(problems);
    server
      .transformIndexHtml(url.pathname + url.search, html, req.originalUrl)
      .then((page) => {
        res.statusCode = studio ? 503 : 500;
        res.setHeader('Content-Type', 'text/html; charset=utf-8');
        res.setHeader('Cache-Control', 'no-store');
        res.end(req.method === 'HEAD' ? undefined : page);
      })
      .catch(() => next());
  };
}
