import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { EVENTS_API, STUDIO_API, STUDIO_PATH, type Published } from '../../core/studio/contract.ts';
import type { StudioBundle } from './bundle.ts';
import { siteLanguage, studioDocument } from './document.ts';
import { studioEvents, type FileWatcher } from './events.ts';
import { sendFailure, type FailureLog } from './failure.ts';
import { BadRequestError, readBody, send } from './http.ts';
import { ImageUploadError } from './images.ts';
import { MediaLibrary } from './media.ts';
import { PAGE_LINK_PATH, pageLinkScript } from './page-link.ts';
import { publishApi, type PublishRequest } from './publish-api.ts';
import { refuseForeignWrite } from './request-guard.ts';
import { previewRoute, siteApi, type WriteGuard } from './site-api.ts';
import { RefusedPathError } from './site-files.ts';
import { studioSite, type SiteChecks, type StudioSite } from './site-state.ts';

const API = `${STUDIO_API}/`;

/**
 * What a host of the studio (the dev server, the back office) hands it: what only the host knows or does. The
 * studio's page and calls are the same in every host.
 */
export interface StudioHost {
  /** the site's files changing on disk, whoever changes them */
  watcher: FileWatcher;
  /** the studio page's script and stylesheet */
  bundle: () => Promise<StudioBundle>;
  /**
   * the studio's own origins (`http://127.0.0.1:5173`): a write from a browser that does not say Sec-Fetch-Site must
   * name one as its Origin (request-guard.ts)
   */
  origins: () => readonly string[];
  /** the host's own validation of the site, kept up to date as files change (the dev server's), if it has one */
  checks?: () => SiteChecks | undefined;
  /** a site file the studio just wrote (atomically): the host's pages follow it now, not when its watcher says so */
  wrote?: (file: string) => void;
  /** a page the studio is about to ask for (a block added): the host may begin its render now */
  warm?: (route: string) => void;
  /** the person signed in for the request being answered, where the host has a sign-in (Publish names them) */
  editor?: () => string | undefined;
  /** the back office's address, where the studio is opened from one: the studio's bar links back to it */
  backOffice?: string;
  /** behind a sign-in: who writes, and the leases that guard each file's writes (site-api.ts) */
  writes?: WriteGuard;
  /** the host's own Publish (the live server's), instead of a commit and a push */
  publish?: (request: PublishRequest) => Promise<Published>;
  /** where a failure's details go, under the reference its answer gives (failure.ts): stderr by default */
  log?: FailureLog;
}

export interface StudioHandler {
  site: StudioSite;
  /**
   * Answers a request under /__studio: the page, its script and stylesheet, the script linking a page to the
   * studio, the events, and the API. False for any other path. Whom the host lets in is the host's: this answers
   * every request it is handed, except a call another site's page made the browser send, and a write that is not
   * its own page's (request-guard.ts).
   */
  handle(req: IncomingMessage, res: ServerResponse): boolean;
}

/** The API's calls, /__studio/api/<route>: publishing, the media library, and the site's files. */
function studioApi(site: StudioSite, host: StudioHost) {
  const media = new MediaLibrary(site.siteRoot, site.files);
  const publishing = publishApi({
    siteRoot: site.siteRoot,
    send,
    readBody,
    problemCount: () => site.problems().length,
    validate: site.validateFiles,
    ...(host.publish ? { publish: host.publish } : {}),
    ...(host.log ? { log: host.log } : {}),
  });
  const wrote = (path: string, blockAdded?: boolean) => {
    host.wrote?.(join(site.siteRoot, path));
    // the studio asks for the page's new render once it has its answer and has drawn the new block's form: the
    // render is under way by then
    const route = blockAdded ? previewRoute(site, path) : undefined;
    if (route) host.warm?.(route);
    // an image uploaded into a field that no file names any more (an undone upload) goes
    media.sweep();
  };
  const files = siteApi({ site, media, wrote, ...(host.writes ? { guard: host.writes } : {}) });
  return async (req: IncomingMessage, res: ServerResponse, route: string) => {
    if (route.startsWith('publish/')) return publishing(req, res, route.slice('publish/'.length));
    if (route === 'media' || route.startsWith('media/')) {
      const answer = await media.answer(req.method ?? 'GET', route, req.method === 'POST' ? await readBody(req) : undefined);
      return send(res, answer.status, answer.body);
    }
    return files(req, res, route);
  };
}

/** The studio's page, its script and stylesheet (bundled by the host), and the script that links each page to it. */
function servePage(req: IncomingMessage, pathname: string, res: ServerResponse, host: StudioHost, siteRoot: string): boolean {
  if (pathname === STUDIO_PATH || pathname === `${STUDIO_PATH}/`)
    send(res, 200, studioDocument(siteLanguage(siteRoot), host.editor?.(), host.backOffice), 'text/html');
  else if (pathname === PAGE_LINK_PATH) send(res, 200, pageLinkScript, 'text/javascript');
  else if (pathname === `${STUDIO_PATH}/app.js` || pathname === `${STUDIO_PATH}/app.css`) {
    const js = pathname.endsWith('.js');
    host
      .bundle()
      .then((made) => send(res, 200, js ? made.js : made.css, js ? 'text/javascript' : 'text/css'))
      .catch((error: unknown) => sendFailure(req, res, error, { siteRoot, kind: 'page', ...(host.log ? { log: host.log } : {}) }));
  } else return false;
  return true;
}

/** The studio over the site at `siteRoot`, in a host. */
export function studioHandler({ siteRoot, schemaDir }: { siteRoot: string; schemaDir: string }, host: StudioHost): StudioHandler {
  const site = studioSite({ siteRoot, schemaDir, siteApi: () => host.checks?.() });
  const api = studioApi(site, host);
  return {
    site,
    handle(req, res) {
      const url = new URL(req.url ?? '/', 'http://localhost');
      if (url.pathname !== STUDIO_PATH && !url.pathname.startsWith(`${STUDIO_PATH}/`)) return false;
      if (refuseForeignWrite(req, res, host.origins())) return true;
      if (servePage(req, url.pathname, res, host, siteRoot)) return true;
      if (!url.pathname.startsWith(API)) return false;
      // a page of another site that makes the browser call the API (an image, a form) is named by the browser
      const fetchSite = req.headers['sec-fetch-site'];
      if (fetchSite === 'cross-site' || fetchSite === 'same-site') {
        send(res, 403, { error: 'the studio answers only its own pages' });
        return true;
      }
      if (url.pathname === EVENTS_API) {
        studioEvents(host.watcher, res, site.siteRoot, site.files);
        return true;
      }
      api(req, res, url.pathname.slice(API.length)).catch((error: unknown) => {
        // a linked folder or file, or one outside the site: refused, never followed
        if (error instanceof RefusedPathError) return send(res, 403, { error: error.message });
        // a body that is no JSON, or too large
        if (error instanceof BadRequestError || error instanceof ImageUploadError) return send(res, 400, { error: error.message });
        // anything else is the server's: a sentence and a reference for the person, the details in the log
        sendFailure(req, res, error, { siteRoot, ...(host.log ? { log: host.log } : {}) });
      });
      return true;
    },
  };
}
