import { realpathSync, statSync } from 'node:fs';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { isAbsolute, join, posix, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin, ViteDevServer } from 'vite';

/** Vite's own route that opens a file in the developer's editor (its error overlay and the studio link to it). */
export const OPEN_IN_EDITOR = '/__open-in-editor';

/** Whether a socket's far end is this computer: 127.0.0.0/8, ::1, or 127.x written as an IPv6-mapped address. */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.toLowerCase().replace(/^::ffff:/, '');
  return /^127(?:\.\d{1,3}){3}$/.test(v4) || address === '::1';
}

/** The port the dev server listens on (Vite may have taken the next free one). */
export function listeningPort(server: ViteDevServer): number {
  const address = server.httpServer?.address();
  return typeof address === 'object' && address ? address.port : (server.config.server.port ?? 5173);
}

const ownHosts = (port: number) => new Set([`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`]);

/** This dev server's own origins, as a page of it names them (its Origin): each of its loopback addresses. */
export const ownOrigins = (port: number): string[] => [...ownHosts(port)].map((host) => `http://${host}`);

/** Whether a URL (an Origin or a Referer) is one of this dev server's own addresses. */
function ownUrl(value: string, port: number): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' && ownHosts(port).has(url.host.toLowerCase());
  } catch {
    return false;
  }
}

/**
 * Whether a request is addressed to this dev server: its Host must be this server's own address (a page on another
 * site that resolves its name to 127.0.0.1, DNS rebinding, sends that name), and an Origin, when the browser sends
 * one, must be the same.
 */
export function ownRequest(headers: { host?: string; origin?: string }, port: number): boolean {
  if (!headers.host || !ownHosts(port).has(headers.host.toLowerCase())) return false;
  return headers.origin === undefined || ownUrl(headers.origin, port);
}

/**
 * Whether a browser sent this request from one of this server's own pages, or the person typed it: addressed to
 * this server (`ownRequest`), Sec-Fetch-Site `same-origin` or `none` (never `cross-site` or `same-site`), and an
 * Origin or Referer of its own. A browser that sends no Sec-Fetch-Site must send an Origin or a Referer of its own.
 */
export function sameOriginRequest(headers: IncomingHttpHeaders, port: number): boolean {
  if (!ownRequest({ host: headers.host, origin: headers.origin }, port)) return false;
  const { referer } = headers;
  if (referer !== undefined && !ownUrl(referer, port)) return false;
  const site = headers['sec-fetch-site'];
  if (site !== undefined) return site === 'same-origin' || site === 'none';
  return headers.origin !== undefined || referer !== undefined;
}

/** Whether `path` is `dir` or inside it. */
function within(dir: string, path: string): boolean {
  const d = dir.replace(/\/+$/, '');
  return path === d || path.startsWith(`${d}/`);
}

/** A path segment no request may name: git's folder, environment files. */
const SECRET_SEGMENT = /^(?:\.git|\.env(?:\..*)?)$/i;

export interface GuardOptions {
  /** the project: Vite's root, where a request's path points */
  root: string;
  /** folders whose files the dev server never serves or opens, wherever they are (the production server's data) */
  denied: string[];
}

/**
 * Whether a file path is one the dev server must never hand out: inside a denied folder, or in git's folder, or an
 * environment file.
 */
export function deniedFile(path: string, denied: string[]): boolean {
  // compared as a disk that ignores case would: refusing more, never less
  return denied.some((dir) => within(dir.toLowerCase(), path.toLowerCase())) || path.split('/').some((part) => SECRET_SEGMENT.test(part));
}

/**
 * The files a request's path can name, as each part of Vite reads it: the path as sent and decoded (once or more,
 * %2e, %2F), with backslashes as slashes and dot segments and doubled slashes resolved; under the root (its dot
 * segments taken as a URL's and as a file path's, which may climb above the root and come back), or after /@fs/
 * the absolute path, or after /@id/ a module id (relative to the root, or absolute).
 */
export function requestedFiles(url: string, root: string): string[] {
  let path = url.split(/[?#]/, 1)[0] ?? '';
  const spellings = [path];
  for (let i = 0; i < 4; i++) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      break;
    }
    if (decoded === path) break;
    spellings.push((path = decoded));
  }
  return spellings.flatMap((spelling) => {
    const slashed = spelling.replace(/\\/g, '/');
    const clean = posix.normalize(`/${slashed}`);
    // dot segments resolved below the root (a URL's), and from the root up (a file path's, as path.resolve does)
    const files = [join(root, clean), resolve(root, slashed.replace(/^\/+/, ''))];
    for (const prefix of ['/@fs/', '/@id/']) {
      if (!clean.toLowerCase().startsWith(prefix)) continue;
      const rest = clean.slice(prefix.length - 1);
      files.push(rest, join(root, rest));
    }
    return files.map((file) => file.split(sep).join('/'));
  });
}

/** Whether a request's path names, in any spelling, a file the dev server must never hand out. */
export function deniedRequest(url: string, { root, denied }: GuardOptions): boolean {
  return requestedFiles(url, root).some((file) => deniedFile(file, denied));
}

/**
 * The file an open-in-editor request names, as the editor will get it (its real path, with the line and column),
 * when it is a file inside one of `roots` (its real path: no link that leads out) and not a denied one.
 */
export function editorFile(spec: string | null, roots: string[], { root, denied }: GuardOptions): string | undefined {
  if (!spec) return undefined;
  const [, name = '', position = ''] = /^(.*?)(:\d+(?::\d+)?)?$/s.exec(spec) ?? [];
  let path: string;
  try {
    path = name.startsWith('file://') ? fileURLToPath(name) : resolve(root, name);
    path = realpathSync(path);
    if (!statSync(path).isFile()) return undefined;
  } catch {
    return undefined;
  }
  const realRoots = roots.flatMap((dir) => {
    try {
      return [realpathSync(dir)];
    } catch {
      return [];
    }
  });
  if (!isAbsolute(path) || !realRoots.some((dir) => within(dir, path)) || deniedFile(path, denied)) return undefined;
  return `${path}${position}`;
}

/** Whether a request's path is Vite's open-in-editor route as its router matches it (any case, a suffix after / or .). */
export function isEditorRoute(url: string): boolean {
  const pathname = (url.split(/[?#]/, 1)[0] ?? '').toLowerCase();
  return pathname === OPEN_IN_EDITOR || pathname.startsWith(`${OPEN_IN_EDITOR}/`) || pathname.startsWith(`${OPEN_IN_EDITOR}.`);
}

function refuse(res: ServerResponse, message: string) {
  res.statusCode = 403;
  res.setHeader('Content-Type', 'text/plain; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.end(message);
}

export interface DevGuardOptions extends GuardOptions {
  /** the folders whose files the editor link may open: the project's sources and the site's files */
  editable: string[];
}

/**
 * The dev server's first middleware: it refuses every request whose path, however it is spelled, names a file in
 * the production server's data folder (the leads database, the form secret, uploads), the built server, git's
 * folder or an environment file; Vite's own file checks (server.fs in vite.config.ts) come after it. It lets the
 * editor link open only a file of the project or the site, and only for a page of this server on this computer.
 */
export function devGuardPlugin({ editable, ...guard }: DevGuardOptions): Plugin {
  return {
    name: 'dev-guard',
    apply: 'serve',
    configureServer: {
      // before every other plugin's middleware and Vite's own
      order: 'pre',
      handler(server) {
        server.middlewares.use((req: IncomingMessage, res: ServerResponse, next: () => void) => {
          const url = req.url ?? '/';
          if (deniedRequest(url, guard)) return refuse(res, 'The dev server does not serve this folder.');
          if (!isEditorRoute(url)) return next();
          if (!isLoopback(req.socket.remoteAddress) || !sameOriginRequest(req.headers, listeningPort(server)))
            return refuse(res, 'The editor opens only from a page of this dev server on this computer.');
          const file = editorFile(new URL(url, 'http://localhost').searchParams.get('file'), editable, guard);
          if (!file) return refuse(res, 'The editor opens only a file of the project or the site.');
          // Vite's own middleware opens it, as checked here
          req.url = `${OPEN_IN_EDITOR}?file=${encodeURIComponent(file)}`;
          next();
        });
      },
    },
  };
}
