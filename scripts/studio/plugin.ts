import { execFile } from 'node:child_process';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import { existsSync, readdirSync } from 'node:fs';
import { basename, join, relative, sep } from 'node:path';
import type { Plugin, ViteDevServer } from 'vite';
import { asOp } from '../../core/edit/ops.ts';
import { parseJson } from '../../core/edit/json-edit.ts';
import { RecentTexts, rebaseOps } from '../../core/edit/rebase.ts';
import { loadSchemaSet, type SchemaSet } from '../../core/validate/schemas.ts';
import { validateSite } from '../../core/validate/validate.ts';
import { expandLanding } from '../../core/site/resolve.ts';
import type { SiteConfig } from '../../core/site/schema-types.ts';
import { isSiteFile, RefusedPathError, SiteFiles, unlinkedPath } from './site-files.ts';
import { prettierLayout } from './layout.ts';
import { studioDocument } from './document.ts';
import { PAGE_LINK_PATH, pageLinkScript } from './page-link.ts';
import { SITE_PLUGIN, type SiteApi } from '../vite-plugin-site.ts';
import { studioBundler } from './bundle.ts';
import { ImageUploadError, saveImage } from './images.ts';
import { publishApi } from './publish-api.ts';
import { MediaLibrary } from './media.ts';
import { isLoopback, listeningPort, ownRequest } from '../dev-guard.ts';
import { MAX_UPLOAD_BYTES } from '../../core/images/uploads.ts';

const run = promisify(execFile);
export const STUDIO_PATH = '/__studio';
const API = `${STUDIO_PATH}/api/`;
const BODY_LIMIT = 2 * 1024 * 1024;

function readBytes(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        reject(new ImageUploadError(`The request is larger than ${Math.round(limit / 1024 / 1024)} MB.`));
        req.destroy();
      } else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

async function readBody(req: IncomingMessage): Promise<unknown> {
  const bytes = await readBytes(req, BODY_LIMIT);
  try {
    return JSON.parse(bytes.toString('utf8')) as unknown;
  } catch {
    throw new Error('expected a JSON body');
  }
}

function send(res: ServerResponse, status: number, body: unknown, type = 'application/json') {
  // an error after the answer went out (while the pages reload) has nobody left to answer
  if (res.headersSent) return;
  res.statusCode = status;
  res.setHeader('Content-Type', `${type}; charset=utf-8`);
  res.setHeader('Cache-Control', 'no-store');
  res.end(type === 'application/json' ? JSON.stringify(body) : String(body));
}

/** The routes the site has now: its route table and its landing matrix, from the config as it is on disk. */
function routesOf(configText: string): string[] {
  try {
    const site = JSON.parse(configText) as SiteConfig;
    return [...site.routes.map((r) => r.path), ...expandLanding(site.landing).map((l) => l.path)];
  } catch {
    return [];
  }
}

/** The files under public/ a field can name (images, sounds), as the site links them; each field keeps those its pattern takes. */
function assetsOf(siteRoot: string): string[] {
  // a linked public/ is not listed (links inside it are not files here either)
  let dir: string;
  try {
    dir = unlinkedPath(siteRoot, 'public', 'folder');
  } catch (error) {
    if (error instanceof RefusedPathError) return [];
    throw error;
  }
  return existsSync(dir)
    ? readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile() && !entry.name.startsWith('.'))
        .map((entry) => `/${relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/')}`)
        .sort()
    : [];
}

/** What `git diff` says of the site's files, or undefined when the site is not in a git work tree. */
async function gitDiff(siteRoot: string): Promise<{ diff: string; untracked: string[] } | undefined> {
  try {
    await run('git', ['-C', siteRoot, 'rev-parse', '--is-inside-work-tree']);
  } catch {
    return undefined;
  }
  const paths = ['site.config.json', 'content'];
  const [{ stdout: diff }, { stdout: status }] = await Promise.all([
    run('git', ['-C', siteRoot, 'diff', '--no-color', '--no-ext-diff', '--relative', '--', ...paths], { maxBuffer: 16 * 1024 * 1024 }),
    run('git', ['-C', siteRoot, 'status', '--porcelain', '--untracked-files=all', '--', ...paths]),
  ]);
  const untracked = status
    .split('\n')
    .filter((line) => line.startsWith('?? '))
    .map((line) => line.slice(3));
  return { diff, untracked };
}

interface StudioOptions {
  /** the project: where studio/ is */
  root: string;
  siteRoot: string;
  schemaDir: string;
}

/**
 * The studio in `npm run dev`: /__studio is its page, /__studio/api/* its API over the site's own files. It
 * exists only in the dev server, answers only this computer (the socket's far end is a loopback address, even when
 * the dev server listens on the network with --host) and only requests addressed to this server (Host and Origin;
 * for the API, never a call another site's page made), and writes only the site's config and content files (never
 * through a link), and new images in public/images/.
 */
export function studioPlugin({ root, siteRoot, schemaDir }: StudioOptions): Plugin {
  const bundle = studioBundler(root);
  const files = new SiteFiles(siteRoot, { format: prettierLayout(siteRoot) });
  // the texts the studio was sent, by version: an edit based on one is moved onto the text now (items another
  // editor inserted meanwhile keep the edit on the item it was typed into)
  const texts = new RecentTexts();
  const seen = <T extends { version: string; text: string }>(file: T): T => {
    texts.remember(file.version, file.text);
    return file;
  };
  // loaded on the studio's first call: the plugin is in every Vite config (build, tests), the studio in dev only
  let schemas: SchemaSet | undefined;
  const schemaSet = () => (schemas ??= loadSchemaSet(schemaDir));
  // the site plugin's validation, the one its pages use (validated once per change), when it is there
  let site: SiteApi | undefined;
  const problems = () => (site?.validation() ?? validateSite({ roots: [siteRoot], schemaDir, schemas: schemaSet() })).problems;
  // the files of public/, listed again only after one was added or removed (the problems call comes after each edit)
  let assets: string[] | undefined;
  const assetList = () => (assets ??= assetsOf(siteRoot));
  /** A file the studio wrote: the pages reload now, not when the watcher notices. */
  const media = new MediaLibrary(siteRoot, files);
  const publishing = publishApi({ siteRoot, send, readBody, problemCount: () => problems().length });
  const wrote = (path: string) => {
    site?.changed(join(siteRoot, path));
    // an image uploaded into a field that no file names any more (an undone upload) goes
    media.sweep();
  };

  const state = () => {
    const list = files.list().map((path) => {
      const file = seen(files.read(path));
      let parseError: string | undefined;
      try {
        parseJson(file.text);
      } catch (error) {
        parseError = (error as Error).message;
      }
      return { ...file, parseError };
    });
    const config = list.find((f) => f.path === 'site.config.json');
    return {
      files: list,
      problems: problems(),
      routes: config ? routesOf(config.text) : [],
      assets: assetList(),
      schemas: Object.fromEntries(schemaSet().byPath),
      siteRoot,
    };
  };

  async function api(req: IncomingMessage, res: ServerResponse, route: string) {
    if (req.method === 'GET' && route === 'state') return send(res, 200, state());
    if (req.method === 'GET' && route === 'problems')
      return send(res, 200, { problems: problems(), routes: routesOf(files.read('site.config.json').text), assets: assetList() });
    if (req.method === 'GET' && route.startsWith('file')) {
      const path = new URL(req.url ?? '', 'http://localhost').searchParams.get('path') ?? '';
      return isSiteFile(path) ? send(res, 200, seen(files.read(path))) : send(res, 400, { error: 'not a site file' });
    }
    if (route.startsWith('publish/')) return publishing(req, res, route.slice('publish/'.length));
    if (req.method === 'GET' && route === 'diff') return send(res, 200, (await gitDiff(siteRoot)) ?? { diff: null, untracked: [] });
    if (route === 'media' || route.startsWith('media/')) {
      const answer = await media.answer(req.method ?? 'GET', route, req.method === 'POST' ? await readBody(req) : undefined);
      return send(res, answer.status, answer.body);
    }
    if (req.method !== 'POST') return send(res, 405, { error: 'method not allowed' });
    if (route.startsWith('image')) {
      // the file's bytes as the body, its name in the query: a new WebP in public/images/
      const query = new URL(req.url ?? '', 'http://localhost').searchParams;
      try {
        const saved = await saveImage(siteRoot, query.get('name') ?? 'image', await readBytes(req, MAX_UPLOAD_BYTES + 1), media.reserved);
        assets = undefined;
        // the media library's own uploads stay until deleted; one into a field goes with its undo
        if (!query.has('library')) media.uploadedIntoField(saved.src);
        return send(res, 201, saved);
      } catch (error) {
        if (error instanceof ImageUploadError) return send(res, 400, { error: error.message });
        throw error;
      }
    }
    const body = (await readBody(req)) as Record<string, unknown>;
    const path = typeof body.path === 'string' && isSiteFile(body.path) ? body.path : undefined;
    if (!path) return send(res, 400, { error: 'path must be site.config.json or a .json file under content/' });
    if (route === 'edit') {
      const ops = Array.isArray(body.ops) ? body.ops.map(asOp) : [];
      if (ops.length === 0 || ops.some((op) => op === undefined) || typeof body.base !== 'string')
        return send(res, 400, { error: 'expected { path, base, ops }' });
      const moved = rebaseOps(texts.get(body.base), files.read(path).text, ops as NonNullable<(typeof ops)[number]>[]);
      const result = await files.edit(path, body.base, moved);
      send(res, result.ok ? 200 : 409, { ...result, file: seen(result.file) });
      if (result.ok && result.changed) wrote(path);
      return;
    }
    if (route === 'restore') {
      if (typeof body.base !== 'string' || typeof body.text !== 'string') return send(res, 400, { error: 'expected { path, base, text }' });
      const result = files.restore(path, body.base, body.text);
      send(res, result.ok ? 200 : 409, { ...result, file: seen(result.file) });
      if (result.ok) wrote(path);
      return;
    }
    if (route === 'create') {
      if (typeof body.text !== 'string') return send(res, 400, { error: 'expected { path, text }' });
      try {
        send(res, 201, seen(files.create(path, body.text)));
        wrote(path);
        return;
      } catch (error) {
        if (error instanceof RefusedPathError) throw error;
        return send(res, 409, { error: (error as Error).message });
      }
    }
    return send(res, 404, { error: 'no such studio call' });
  }

  /** Server-sent events: the path of each site file that changed on disk, whoever changed it, and of each file of public/. */
  function events(server: ViteDevServer, res: ServerResponse) {
    res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store', Connection: 'keep-alive' });
    res.write('retry: 1000\n\n');
    const onChange = (file: string) => {
      const path = relative(siteRoot, file).split(sep).join('/');
      if (isSiteFile(path)) {
        if (files.unlinked(path)) res.write(`data: ${JSON.stringify({ path })}\n\n`);
      }
      // a file added to public/ or taken away: the list of files and the "not found" problems change
      else if (path.startsWith('public/') && !basename(path).startsWith('.')) res.write(`data: ${JSON.stringify({ asset: path.slice('public'.length) })}\n\n`);
    };
    server.watcher.on('change', onChange);
    server.watcher.on('add', onChange);
    server.watcher.on('unlink', onChange);
    res.on('close', () => {
      server.watcher.off('change', onChange);
      server.watcher.off('add', onChange);
      server.watcher.off('unlink', onChange);
    });
  }

  return {
    name: 'studio',
    apply: 'serve',
    // every page of the dev server, its error page included, links to the studio
    transformIndexHtml: () => [{ tag: 'script', attrs: { type: 'module', src: PAGE_LINK_PATH }, injectTo: 'body' }],
    configResolved(config) {
      site = config.plugins.find((plugin) => plugin.name === SITE_PLUGIN)?.api as SiteApi | undefined;
    },
    configureServer(server) {
      const publicDir = join(siteRoot, 'public') + sep;
      const onPublic = (file: string) => {
        if (file.startsWith(publicDir)) assets = undefined;
      };
      server.watcher.on('add', onPublic);
      server.watcher.on('unlink', onPublic);
      server.httpServer?.once('listening', () => {
        const address = server.httpServer?.address();
        if (typeof address === 'object' && address) server.config.logger.info(`  ➜  Studio:  http://127.0.0.1:${address.port}${STUDIO_PATH}`);
      });
      server.middlewares.use((req, res, next) => {
        const url = new URL(req.url ?? '/', 'http://localhost');
        if (url.pathname !== STUDIO_PATH && !url.pathname.startsWith(`${STUDIO_PATH}/`)) return next();
        if (!isLoopback(req.socket.remoteAddress)) return send(res, 403, 'This studio answers only this computer.', 'text/plain');
        if (!ownRequest({ host: req.headers.host, origin: req.headers.origin }, listeningPort(server)))
          return send(res, 403, 'This studio answers only its own address.', 'text/plain');
        if (url.pathname === STUDIO_PATH || url.pathname === `${STUDIO_PATH}/`) return send(res, 200, studioDocument(), 'text/html');
        if (url.pathname === PAGE_LINK_PATH) return send(res, 200, pageLinkScript, 'text/javascript');
        if (url.pathname === `${STUDIO_PATH}/app.js` || url.pathname === `${STUDIO_PATH}/app.css`) {
          const js = url.pathname.endsWith('.js');
          bundle()
            .then((made) => send(res, 200, js ? made.js : made.css, js ? 'text/javascript' : 'text/css'))
            .catch((error: unknown) => send(res, 500, `the studio's code did not build: ${(error as Error).message}`, 'text/plain'));
          return;
        }
        if (url.pathname.startsWith(API)) {
          // a page of another site that makes the browser call the API (an image, a form) is named by the browser
          const site = req.headers['sec-fetch-site'];
          if (site === 'cross-site' || site === 'same-site') return send(res, 403, { error: 'the studio answers only its own pages' });
          if (url.pathname === `${API}events`) return events(server, res);
          api(req, res, url.pathname.slice(API.length)).catch((error: unknown) =>
            // a linked folder or file, or one outside the site: refused, never followed
            send(res, error instanceof RefusedPathError ? 403 : 500, { error: (error as Error).message }),
          );
          return;
        }
        next();
      });
    },
  };
}
