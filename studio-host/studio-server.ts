import { createReadStream, existsSync, realpathSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { hostname } from 'node:os';
import { extname, relative, resolve, sep } from 'node:path';
import { studioBundler } from '../studio/server/bundle.ts';
import { studioHandler } from '../studio/server/handler.ts';
import { publishLive, recoverWorkingCopy } from '../studio/server/live-publish.ts';
import type { PublishRequest } from '../studio/server/publish-api.ts';
import { inGit, pending, PublishError } from '../studio/server/publish.ts';
import { siteLanguage } from '../studio/server/document.ts';
import { STUDIO_PATH, type Published, type PushTarget } from '../core/studio/contract.ts';
import { liveBuilder, liveRelease, recoverBuilds } from './live-builder.ts';
import { ancestorIn, releaseOrder, type ReleaseMark } from './release-order.ts';
import { send } from '../studio/server/http.ts';
import { refuseForeignWrite } from '../studio/server/request-guard.ts';
import { sendFailure, type FailureKind } from '../studio/server/failure.ts';
import { cleanPath, isPagePath } from '../scripts/site-bundles/page-paths.ts';
import { previewRenderer, type PreviewRenderer } from './preview-renderer.ts';
import { previewAgentBundler, withPreviewAgent } from '../studio/server/preview-agent.ts';
import { doorway, requestEditor, type StudioDoor } from './studio-door.ts';
import { clientLinks } from './client-links.ts';
import { scheduleApi, scheduleRunner } from './scheduled-publish.ts';
import { fileLeases, writeGuard } from './file-leases.ts';
import { watchFolders } from './watch-folders.ts';
import { releaseFollower } from './release-follower.ts';
import { servedByOwner } from './forward.ts';
import { catchUpWithRemote } from './working-copy.ts';
import { OWNER_LEASE_MS, OWNER_TICK_MS, workingCopyOwnership, type WorkingCopyOwnership } from './working-copy-owner.ts';
import { inLanguage } from '../core/text/language.ts';

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
  /** where it listens: 127.0.0.1 by default; an address of a private network when other instances forward to it */
  host?: string;
  /**
   * where the other instances reach this one to forward the studio's requests while it owns the working copy
   * (STUDIO_INTERNAL_URL): its own address by default (http://127.0.0.1:<its port>), which serves instances on the
   * same machine
   */
  internalUrl?: string;
  /** what the server says (a stopped publish cleaned at the start) */
  log?: (line: string) => void;
  /** this server instance, as the scheduled publishes name who did one (host name and process, by default) */
  instance?: string;
  /** how often to look for a release published on another instance (1 s by default; 0: never) */
  releaseTickMs?: number;
  /** how often to look for a scheduled publish that is due (5 s by default) */
  scheduleTickMs?: number;
  /** how long the working copy stays this instance's after its last renewal (OWNER_LEASE_MS by default) */
  ownerLeaseMs?: number;
  /** how often the owner renews, and the others look whether the working copy is free (OWNER_TICK_MS, at most a quarter of the lease) */
  ownerTickMs?: number;
  /** the back office's sign-in in front of everything (gate/studio-gate.ts): absent, anyone who reaches the port edits */
  door?: StudioDoor;
  /**
   * the studio's own origin, where editors open it (STUDIO_ORIGIN, the address the back office sends them to): a
   * write from a browser that does not say Sec-Fetch-Site must name it as its Origin. Its own address by default
   */
  origin?: string;
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
  // readable by the preview's sandboxed pages (an opaque origin: their module scripts and fonts are asked for in
  // CORS mode); they are the public site's own files
  res.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream', 'Cache-Control': 'no-store', 'Access-Control-Allow-Origin': '*' });
  // a file a new build takes away between the look and the read: the answer ends short, the server goes on
  createReadStream(file)
    .on('error', () => res.destroy())
    .pipe(res);
  return true;
}

/**
 * A build of the working copy (or of `root`, `release`'s files) made live when it is newer than the live build; with
 * `go`, only when it resolves true (live-builder.ts).
 */
type BuildLive = (root?: string, go?: Promise<boolean>, release?: ReleaseMark) => Promise<{ live: boolean }>;

/** This server instance as the database names it: its host name and process, unless told. */
const instanceOf = (options: StudioServerOptions) => options.instance ?? `${hostname()}:${process.pid}`;

/**
 * A publish's build, a release's build and the warm builder's first build of this server, one after the other: they
 * share the build folders' lock.
 */
function oneAtATime() {
  let last: Promise<unknown> = Promise.resolve();
  return <T>(task: () => Promise<T>): Promise<T> => {
    const next = last.then(task, task);
    last = next.catch(() => undefined);
    return next;
  };
}

/**
 * Publish on this server: live-publish.ts, with the working copy built beside the live build and switched to. Behind
 * the back office's sign-in the commit is the person's who asked (the signed-in editor, or the one who planned a
 * scheduled publish), whatever name the form sent.
 */
function livePublish(
  options: StudioServerOptions,
  problems: () => number,
  makeLive: BuildLive,
  published: (commit: string) => void,
  stillOwner: () => Promise<boolean>,
) {
  return async (request: PublishRequest, who?: { email: string }): Promise<Published> => {
    // an instance that stalled past its lease (another took the working copy over) never publishes from it
    if (!(await stillOwner())) throw new PublishError('moved', 'this server instance no longer owns the working copy');
    const began = performance.now();
    const outcome = await publishLive({
      siteRoot: options.siteRoot,
      ...request,
      ...(who ? { author: { name: who.email, email: who.email } } : {}),
      ...(options.target ? { target: options.target } : {}),
      // behind the back office the working copy is this instance's only while it owns it: its lock names it
      ...(options.door ? { ownedBy: instanceOf(options) } : {}),
      validate: () => (problems() > 0 ? `${problems()} problems` : undefined),
      makeLive: async () => void (await makeLive()),
      buildEarly: async (go) => void (await makeLive(undefined, go)),
    });
    if (outcome.ok && who) await options.door?.audit('site.published', who);
    if (outcome.ok)
      await options.door
        ?.recordPublish?.(who?.email ?? request.author.name, Math.round(performance.now() - began) / 1000)
        .catch((error: unknown) => options.log?.(`the System screen will not show this publish: ${(error as Error).message}`));
    // on the remote: every other instance builds it too
    if (outcome.ok && outcome.pushed) {
      published(outcome.commit);
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
    const message = inLanguage(siteLanguage(siteRoot), { nl: 'Geplande publicatie', en: 'Scheduled publish' });
    return (await publish({ fingerprint: ready.fingerprint, message, author: { name: who.email } }, who)).commit;
  };
}

/** A failure of this server, answered 500 in the site's words with a reference; its details in the log (studio/server/failure.ts). */
type Failed = (req: IncomingMessage, res: ServerResponse, kind?: FailureKind) => (error: unknown) => void;

const failureOf =
  (options: StudioServerOptions): Failed =>
  (req, res, kind = 'call') =>
  (error) =>
    void sendFailure(req, res, error, { siteRoot: options.siteRoot, kind, ...(options.log ? { log: options.log } : {}) });

/** Who answers a request of the studio: this instance (`serveHere`), the instance that owns the working copy, or nobody yet. */
type OwnerGate = (req: IncomingMessage, res: ServerResponse, serveHere: () => void) => void;

/**
 * The requests of a studio behind the back office's sign-in: a client's preview link opens without it, and so do the
 * live build's own files (the public site's scripts, styles and images, which a client's page needs); everything
 * else only through the door, as its editor. What shows the working copy (the studio, its preview, a client's link)
 * is answered by the instance that owns it (`here`); the live build's files by every instance, each serving the
 * same release.
 */
function behindDoor(
  door: StudioDoor,
  siteRoot: string,
  preview: PreviewRenderer,
  answer: (req: IncomingMessage, res: ServerResponse) => void,
  here: OwnerGate,
  failed: Failed,
) {
  const enter = doorway(door, siteRoot);
  const links = clientLinks(door, siteRoot, (route) => preview.render(cleanPath(route)));
  const schedules = scheduleApi(door);
  const leases = fileLeases(door);
  return (req: IncomingMessage, res: ServerResponse) => {
    const { pathname } = new URL(req.url ?? '/', 'http://localhost');
    if (links.isClientPage(pathname)) return here(req, res, () => void links.open(req, res, pathname).catch(failed(req, res, 'preview')));
    if (!isPagePath(pathname) && !pathname.startsWith(STUDIO_PATH)) return answer(req, res);
    // signed in here first, though the owner asks again: nobody without a session reaches the owner through this one
    enter(req, res, () =>
      here(req, res, () => {
        const own = [links, schedules, leases].find((calls) => calls.answers(pathname))?.api;
        if (!own) return answer(req, res);
        // as the studio's own calls: never one another site's page (another port or sub-domain too) made the browser send
        if (['cross-site', 'same-site'].includes(String(req.headers['sec-fetch-site'])))
          return send(res, 403, { error: 'the studio answers only its own pages' });
        own(req, res, requestEditor.getStore()!, pathname).catch(failed(req, res));
      }),
    ).catch(failed(req, res));
  };
}

/**
 * A page of the site as the working copy would publish it; one line when the files are not valid now (the studio says
 * where). A preview's frame gets it with the studio's agent first in its head (studio/server/preview-agent.ts);
 * anything else (the studio's own fetch of a render) the page alone.
 */
async function previewPage(
  preview: PreviewRenderer,
  agent: () => Promise<string>,
  req: IncomingMessage,
  res: ServerResponse,
  pathname: string,
  failed: (error: unknown) => void,
) {
  try {
    const page = await preview.render(cleanPath(pathname));
    const html = page !== undefined && req.headers['sec-fetch-dest'] === 'iframe' ? withPreviewAgent(page, await agent()) : page;
    send(res, html === undefined ? 404 : 200, html ?? 'No page of the site is at this address.', html === undefined ? 'text/plain' : 'text/html');
  } catch (error) {
    failed(error);
  }
}

/** Behind the back office, with a remote: the releases other instances publish, built here too (release-follower.ts). */
function followReleases(options: StudioServerOptions, buildLive: BuildLive) {
  if (!options.door || !options.target || options.releaseTickMs === 0) return undefined;
  return releaseFollower({
    door: options.door,
    siteRoot: options.siteRoot,
    remote: options.target.remote,
    buildLive: (root, release) => buildLive(root, undefined, release),
    tickMs: options.releaseTickMs ?? 1_000,
    order: (release) => releaseOrder(release, liveRelease(options.build), ancestorIn(options.siteRoot)),
    ...(options.log ? { log: options.log } : {}),
  });
}

/** How long the working copy stays an instance's, and how often its owner renews it and the others look. */
function ownerTimes(options: StudioServerOptions) {
  const leaseMs = options.ownerLeaseMs ?? OWNER_LEASE_MS;
  return { leaseMs, tickMs: options.ownerTickMs ?? Math.min(OWNER_TICK_MS, leaseMs / 4) };
}

/** How often one editor's changes are noted in the back office's activity log: once for a spell of editing, not per key. */
const CHANGE_NOTE_MS = 10 * 60_000;

/**
 * Behind the back office: a change written by the studio is noted in the activity log in its editor's name, at most
 * once in CHANGE_NOTE_MS for each editor (what changed is in the commit Publish makes in their name).
 */
function changeNotes(door: StudioDoor | undefined): () => void {
  const noted = new Map<string, number>();
  return () => {
    const editor = requestEditor.getStore();
    if (!door || !editor || Date.now() - (noted.get(editor.email) ?? -Infinity) < CHANGE_NOTE_MS) return;
    noted.set(editor.email, Date.now());
    door.audit('site.changed', editor).catch(() => noted.delete(editor.email));
  };
}

/** Publish, and the publishes under way on this instance: a take-over of the working copy waits for them to end. */
function counted(publish: ReturnType<typeof livePublish>) {
  const running = new Set<Promise<unknown>>();
  return {
    publish: (request: PublishRequest, who?: { email: string }) => {
      const run = publish(request, who);
      running.add(run);
      const done = () => void running.delete(run);
      run.then(done, done);
      return run;
    },
    ended: async () => void (await Promise.allSettled([...running])),
  };
}

type CountedPublish = ReturnType<typeof counted>['publish'];

/**
 * Behind the back office: the working copy is one instance's at a time (working-copy-owner.ts). The instance that gets
 * it makes it ready first: what a stopped publish left is undone as at a start (a lock of the instance that had it is
 * a dead one's), then the remote's newest published version is taken in, its own unpublished changes on top.
 */
function ownershipOf(options: StudioServerOptions, publishesEnded: () => Promise<void>) {
  if (!options.door) return undefined;
  const instance = instanceOf(options);
  const say = (line: string) => options.log?.(`studio: ${line}`);
  return workingCopyOwnership({
    owner: options.door.owner,
    instance,
    ...ownerTimes(options),
    ...(options.log ? { log: options.log } : {}),
    takeOver: async () => {
      if (!(await inGit(options.siteRoot))) return;
      // a publish of this process begun before it lost the working copy ends first: its lock is no dead one's
      await publishesEnded();
      for (const line of await recoverWorkingCopy(options.siteRoot, { ownedBy: instance })) say(line);
      if (options.target) for (const line of await catchUpWithRemote(options.siteRoot, options.target)) say(line);
    },
  });
}

/** Behind the back office: the publishes planned for later, done by the instance that owns the working copy (it has the edits). */
function scheduledPublishes(options: StudioServerOptions, publish: ReturnType<typeof livePublish>, ownership?: WorkingCopyOwnership) {
  if (!options.door) return undefined;
  return scheduleRunner({
    door: options.door,
    instance: instanceOf(options),
    tickMs: options.scheduleTickMs ?? 5_000,
    publish: publishReady(options.siteRoot, publish),
    ...(ownership ? { when: ownership.serves } : {}),
    ...(options.log ? { log: options.log } : {}),
  });
}

/** Whoever asks: the studio, a page of the preview as the working copy would publish it, or a file of the live build. */
function answerOf(options: StudioServerOptions, studio: ReturnType<typeof studioHandler>, preview: PreviewRenderer) {
  const agent = previewAgentBundler(options.root);
  return (req: IncomingMessage, res: ServerResponse) => {
    const { pathname } = new URL(req.url ?? '/', 'http://localhost');
    if (studio.handle(req, res)) return;
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'method not allowed', 'text/plain');
    if (isPagePath(pathname)) return void previewPage(preview, agent, req, res, pathname, failureOf(options)(req, res, 'preview'));
    // the live build now (a publish switches it)
    if (!serveBuildFile(realpathSync(options.build), pathname, res)) send(res, 404, 'not found', 'text/plain');
  };
}

/** Listens where told (127.0.0.1 by default), and gives its address: on this machine's loopback when it listens on every address. */
async function listen(server: Server, options: StudioServerOptions): Promise<string> {
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((done) => server.listen(options.port ?? 0, host, done));
  const reachable = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  return `http://${reachable}:${(server.address() as AddressInfo).port}`;
}

/**
 * This server's builds, one after the other: a publish's, a release's, and its warm builder's first build (its
 * workers made ready at the start, so the first Publish is built as quickly as the next ones) and renewals.
 */
function liveBuilds(options: StudioServerOptions): { buildLive: BuildLive; closeBuilds: () => Promise<void> } {
  const liveBuild = liveBuilder({ siteRoot: options.siteRoot, live: options.build });
  const inTurn = oneAtATime();
  void inTurn(() => liveBuild.prime()).then((seconds) => {
    if (seconds !== undefined) options.log?.(`studio: the build's workers are ready (a build of every page took ${seconds.toFixed(2)} s)`);
  });
  const buildLive: BuildLive = async (root, go, release) => {
    try {
      return await inTurn(() => liveBuild(root, go, release));
    } finally {
      // next in turn, and not in the next Publish's time: workers that have had their builds started afresh
      void inTurn(() => liveBuild.renew());
    }
  };
  return { buildLive, closeBuilds: () => inTurn(() => liveBuild.close()) };
}

/** The studio's page and calls (studio/server): Publish in the signed-in editor's name, and behind the back office its door's guards. */
function studioFor(options: StudioServerOptions, watcher: ReturnType<typeof watchFolders>, publish: CountedPublish, origins: string[]) {
  return studioHandler(
    { siteRoot: options.siteRoot, schemaDir: options.schemaDir },
    {
      watcher,
      bundle: studioBundler(options.root),
      origins: () => origins,
      ...(options.log ? { log: options.log } : {}),
      publish: (request) => publish(request, requestEditor.getStore()),
      editor: () => requestEditor.getStore()?.email,
      ...(options.door ? { backOffice: options.door.backOffice } : {}),
      wrote: changeNotes(options.door),
      // behind the back office: a file's lease guards its writes
      ...(options.door ? { writes: writeGuard(options.door) } : {}),
    },
  );
}

/** What answers a request: the studio itself, or behind the back office its door first, then the instance that owns the working copy. */
function servingOf(
  options: StudioServerOptions,
  ownership: ReturnType<typeof ownershipOf>,
  preview: ReturnType<typeof previewRenderer>,
  answer: ReturnType<typeof answerOf>,
): ReturnType<typeof answerOf> {
  if (!options.door || !ownership) return answer;
  const retryAfterS = Math.max(1, Math.ceil(ownerTimes(options).tickMs / 1000));
  const byOwner = servedByOwner(ownership, options.siteRoot, instanceOf(options), retryAfterS);
  return behindDoor(options.door, options.siteRoot, preview, answer, byOwner, failureOf(options));
}

export async function startStudioServer(options: StudioServerOptions): Promise<StudioServer> {
  // behind the back office the working copy is made ready when this instance gets it, not at its start: another may own it
  if (!options.door && (await inGit(options.siteRoot))) for (const line of await recoverWorkingCopy(options.siteRoot)) options.log?.(`studio: ${line}`);
  for (const line of recoverBuilds(options.build)) options.log?.(`studio: ${line}`);
  const preview = previewRenderer({ siteRoot: options.siteRoot, schemaDir: options.schemaDir, build: options.build });
  const watcher = watchFolders(options.siteRoot);
  let problems = () => 0;
  const { buildLive, closeBuilds } = liveBuilds(options);
  const follower = followReleases(options, buildLive);
  const serves = (commit: string) => follower?.serves(commit);
  // bound once the ownership is made (it waits for the publishes under way when it is taken over)
  let stillOwner = () => Promise.resolve(true);
  const { publish, ended } = counted(
    livePublish(
      options,
      () => problems(),
      buildLive,
      serves,
      () => stillOwner(),
    ),
  );
  // the studio's own origin: configured, or its address once it listens
  const origins: string[] = [];
  const studio = studioFor(options, watcher, publish, origins);
  problems = () => studio.site.problems().length;
  const ownership = ownershipOf(options, ended);
  if (ownership) stillOwner = () => ownership.confirm();
  const runner = scheduledPublishes(options, publish, ownership);
  const answer = answerOf(options, studio, preview);
  const serve = servingOf(options, ownership, preview, answer);
  // no write but the studio page's own, whatever it is to (its calls, client links, schedules, leases): request-guard.ts
  const server = createServer((req, res) => {
    if (!refuseForeignWrite(req, res, origins)) serve(req, res);
  });
  const url = await listen(server, options);
  origins.push(options.origin?.replace(/\/+$/, '') ?? url);
  await ownership?.start(options.internalUrl ?? url);
  return {
    url,
    async close() {
      await runner?.stop();
      follower?.stop();
      watcher.close();
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
      await preview.close();
      await closeBuilds();
      // last: the working copy is let go once nothing of this instance works in it any more
      await ownership?.stop();
    },
  };
}
