import { createReadStream, existsSync, realpathSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { hostname } from 'node:os';
import { extname, relative, resolve, sep } from 'node:path';
import { studioBundler } from '../../studio/server/bundle.ts';
import { studioHandler } from '../../studio/server/handler.ts';
import { publishLive, recoverWorkingCopy } from '../../studio/server/live-publish.ts';
import type { PublishRequest } from '../../studio/server/publish-api.ts';
import { inGit, pending, PublishError } from '../../studio/server/publish.ts';
import { siteLanguage } from '../../studio/server/document.ts';
import { STUDIO_PATH, type Published, type PushTarget } from '../../core/studio/contract.ts';
import { liveBuilder, liveBuildTime, recoverBuilds } from './live-builder.ts';
import { send } from '../../studio/server/http.ts';
import { cleanPath, isPagePath } from '../dev/page-paths.ts';
import { previewRenderer, type PreviewRenderer } from './preview-renderer.ts';
import { doorway, requestEditor, type StudioDoor } from './studio-door.ts';
import { clientLinks } from './client-links.ts';
import { scheduleApi, scheduleRunner } from './scheduled-publish.ts';
import { fileLeases } from './file-leases.ts';
import { watchFolders } from './watch-folders.ts';
import { releaseFollower } from './release-follower.ts';

/**
 * The studio's server without Vite: one origin with the studio (/__studio: its page and calls, the same handler as
 * in `npm run dev`) over a working copy of the site, and the site as the working copy would be published: each page
 * rendered by the live build's server entry from the files as they are now (preview-renderer.ts), and the live
 * build's own files (scripts, styles, images) beside them. Whom it lets in is its host's: it listens on this
 * computer only, for the back office to put it behind a sign-in.
 */
export interface StudioServerOptions {
  /** the project: where studio/ui is (its page's code is bundled from there) */
  root: string;
  /** the working copy: a git work tree of the site */
  siteRoot: string;
  schemaDir: string;
  /**
   * the live build: the link to it (`npm run build`'s dist/) or a build folder. Its server entry renders, its files
   * are served; with a link, Publish builds the working copy beside it and switches the link
   */
  build: string;
  /** where Publish sends the commits, and where other editors' commits come from (STUDIO_PUSH_REMOTE, _BRANCH) */
  target?: PushTarget & { branch: string };
  port?: number;
  /** what the server says (a stopped publish cleaned at the start) */
  log?: (line: string) => void;
  /** this server instance, as the scheduled publishes name who did one (host name and process, by default) */
  instance?: string;
  /** how often to look for a release published on another instance (1 s by default; 0: never) */
  releaseTickMs?: number;
  /** how often to look for a scheduled publish that is due (5 s by default) */
  scheduleTickMs?: number;
  /** the back office's sign-in in front of everything (server/studio-gate): absent, anyone who reaches the port edits */
  door?: StudioDoor;
}

export interface StudioServer {
  url: string;
  close(): Promise<void>;
}

const TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.mp3': 'audio/mpeg',
  '.txt': 'text/plain',
  '.xml': 'application/xml',
};

/** A file of the build (never a page, never a dot-file, never outside it), or false when it has none at that path. */
function serveBuildFile(build: string, pathname: string, res: ServerResponse): boolean {
  let path: string;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    return false;
  }
  const file = resolve(build, `.${path}`);
  const inside = relative(build, file);
  if (inside.startsWith('..') || inside.split(sep).some((part) => part.startsWith('.')) || file.endsWith('.html')) return false;
  if (!existsSync(file) || !statSync(file).isFile()) return false;
  res.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream', 'Cache-Control': 'no-store' });
  createReadStream(file).pipe(res);
  return true;
}

type BuildLive = (root?: string) => Promise<unknown>;

/** A publish's build and a release's build of this server, one after the other: they share the build folders' lock. */
function oneBuildAtATime(build: BuildLive): BuildLive {
  let last: Promise<unknown> = Promise.resolve();
  return (root) => {
    const next = last.then(
      () => build(root),
      () => build(root),
    );
    last = next.catch(() => undefined);
    return next;
  };
}

/**
 * Publish on this server: live-publish.ts, with the working copy built beside the live build and switched to. Behind
 * the back office's sign-in the commit is the person's who asked (the signed-in editor, or the one who planned a
 * scheduled publish), whatever name the form sent.
 */
function livePublish(options: StudioServerOptions, problems: () => number, makeLive: BuildLive, published?: (commit: string) => void) {
  return async (request: PublishRequest, who?: { email: string }): Promise<Published> => {
    const outcome = await publishLive({
      siteRoot: options.siteRoot,
      ...request,
      ...(who ? { author: { name: who.email, email: who.email } } : {}),
      ...(options.target ? { target: options.target } : {}),
      validate: () => (problems() > 0 ? `${problems()} problems` : undefined),
      makeLive: async () => void (await makeLive()),
    });
    if (outcome.ok && who) await options.door?.audit('site.published', who);
    // on the remote: every other instance builds it too
    if (outcome.ok && outcome.pushed) {
      published?.(outcome.commit);
      await options.door?.releases.record(outcome.commit, who?.email ?? request.author.name);
    }
    if (outcome.ok) return { commit: outcome.commit, ...(outcome.pushed && options.target ? { push: { ok: true, ...options.target } } : {}) };
    // live here, not sent: the studio offers to send it again
    if (outcome.reason === 'push-failed' && options.target && outcome.commit)
      return { commit: outcome.commit, push: { ok: false, ...options.target, reason: 'unreachable', detail: outcome.detail ?? '' } };
    const reason = outcome.reason === 'invalid' ? 'problems' : outcome.reason === 'push-failed' ? 'refused' : outcome.reason;
    throw new PublishError(reason, outcome.detail ?? `not published: ${outcome.reason}`, undefined, outcome.files);
  };
}

/** A scheduled publish: what is ready now, all of it, with the site's words for the version's message. */
function publishReady(siteRoot: string, publish: ReturnType<typeof livePublish>) {
  return async (who: { email: string }): Promise<string> => {
    const ready = await pending(siteRoot);
    if (ready.files.length === 0) return 'nothing';
    const dutch = siteLanguage(siteRoot).toLowerCase().startsWith('nl');
    const message = dutch ? 'Geplande publicatie' : 'Scheduled publish';
    return (await publish({ fingerprint: ready.fingerprint, message, author: { name: who.email } }, who)).commit;
  };
}

const failed = (res: ServerResponse) => (error: unknown) => send(res, 500, { error: (error as Error).message });

/**
 * The requests of a studio behind the back office's sign-in: a client's preview link opens without it, and so do the
 * live build's own files (the public site's scripts, styles and images, which a client's page needs); everything
 * else only through the door, as its editor.
 */
function behindDoor(door: StudioDoor, siteRoot: string, preview: PreviewRenderer, answer: (req: IncomingMessage, res: ServerResponse) => void) {
  const enter = doorway(door, siteRoot);
  const links = clientLinks(door, siteRoot, (route) => preview.render(cleanPath(route)));
  const schedules = scheduleApi(door);
  const leases = fileLeases(door);
  return (req: IncomingMessage, res: ServerResponse) => {
    const { pathname } = new URL(req.url ?? '/', 'http://localhost');
    if (links.isClientPage(pathname)) return void links.open(req, res, pathname).catch(failed(res));
    if (!isPagePath(pathname) && !pathname.startsWith(STUDIO_PATH)) return answer(req, res);
    enter(req, res, () => {
      const own = [links, schedules, leases].find((calls) => calls.answers(pathname))?.api;
      if (!own) return answer(req, res);
      // as the studio's own calls: never one another site's page (another port or sub-domain too) made the browser send
      if (['cross-site', 'same-site'].includes(String(req.headers['sec-fetch-site'])))
        return send(res, 403, { error: 'the studio answers only its own pages' });
      own(req, res, requestEditor.getStore()!, pathname).catch(failed(res));
    }).catch(failed(res));
  };
}

/** A page of the site as the working copy would publish it; one line when the files are not valid now (the studio says where). */
async function previewPage(preview: PreviewRenderer, res: ServerResponse, pathname: string) {
  try {
    const html = await preview.render(cleanPath(pathname));
    send(res, html === undefined ? 404 : 200, html ?? 'No page of the site is at this address.', html === undefined ? 'text/plain' : 'text/html');
  } catch (error) {
    send(res, 500, (error as Error).message, 'text/plain');
  }
}

/** Behind the back office, with a remote: the releases other instances publish, built here too (release-follower.ts). */
function followReleases(options: StudioServerOptions, buildLive: BuildLive) {
  if (!options.door || !options.target || options.releaseTickMs === 0) return undefined;
  return releaseFollower({
    door: options.door,
    siteRoot: options.siteRoot,
    remote: options.target.remote,
    buildLive,
    tickMs: options.releaseTickMs ?? 1_000,
    liveSince: () => liveBuildTime(options.build),
    ...(options.log ? { log: options.log } : {}),
  });
}

export async function startStudioServer(options: StudioServerOptions): Promise<StudioServer> {
  if (await inGit(options.siteRoot)) for (const line of await recoverWorkingCopy(options.siteRoot)) options.log?.(`studio: ${line}`);
  for (const line of recoverBuilds(options.build)) options.log?.(`studio: ${line}`);
  const preview = previewRenderer({ siteRoot: options.siteRoot, schemaDir: options.schemaDir, build: options.build });
  const watcher = watchFolders(options.siteRoot);
  let problems = () => 0;
  const buildLive = oneBuildAtATime(liveBuilder({ siteRoot: options.siteRoot, live: options.build }));
  const follower = followReleases(options, buildLive);
  const publish = livePublish(
    options,
    () => problems(),
    buildLive,
    (commit) => follower?.serves(commit),
  );
  const studio = studioHandler(
    { siteRoot: options.siteRoot, schemaDir: options.schemaDir },
    {
      watcher,
      bundle: studioBundler(options.root),
      publish: (request) => publish(request, requestEditor.getStore()),
      editor: () => requestEditor.getStore()?.email,
    },
  );
  problems = () => studio.site.problems().length;
  const runner =
    options.door &&
    scheduleRunner({
      door: options.door,
      instance: options.instance ?? `${hostname()}:${process.pid}`,
      tickMs: options.scheduleTickMs ?? 5_000,
      publish: publishReady(options.siteRoot, publish),
      ...(options.log ? { log: options.log } : {}),
    });
  const answer = (req: IncomingMessage, res: ServerResponse) => {
    const { pathname } = new URL(req.url ?? '/', 'http://localhost');
    if (studio.handle(req, res)) return;
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'method not allowed', 'text/plain');
    if (isPagePath(pathname)) return void previewPage(preview, res, pathname);
    // the live build now (a publish switches it)
    if (!serveBuildFile(realpathSync(options.build), pathname, res)) send(res, 404, 'not found', 'text/plain');
  };
  const server = createServer(options.door ? behindDoor(options.door, options.siteRoot, preview, answer) : answer);
  await new Promise<void>((done) => server.listen(options.port ?? 0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      await runner?.stop();
      follower?.stop();
      watcher.close();
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
      await preview.close();
    },
  };
}
