import type { IncomingMessage, ServerResponse } from 'node:http';
import { asOp, type EditOp } from '../../core/edit/ops.ts';
import { rebaseOps, removedTarget } from '../../core/edit/rebase.ts';
import { MAX_UPLOAD_BYTES } from '../../core/images/uploads.ts';
import { CONTENT_DIR, CONFIG_FILE, fileId, isPageFile, isSiteFile } from '../../core/site/layout.ts';
import type { DiffAnswer, EditAnswer, LeaseHolder, LeaseRefusal, ProblemsAnswer, StepAnswer, StepFile } from '../../core/studio/contract.ts';
import { queryOf, readBody, readBytes, send } from './http.ts';
import { ImageUploadError, saveImage } from './images.ts';
import type { MediaLibrary } from './media.ts';
import { removePage } from './remove-page.ts';
import { RefusedPathError } from './site-files.ts';
import { gitDiff, type StudioSite } from './site-state.ts';

/**
 * The studio's calls over the site's own files: its state, problems, one file, the diff against git; an edit, an exact
 * earlier text put back (undo), the texts of a step of several files put back, a new page, a page deleted, and an image uploaded into a field. Every path is checked
 * (site.config.json or a .json under content/, through no link) before anything is read or written.
 */
export interface SiteApiContext {
  site: StudioSite;
  media: MediaLibrary;
  /**
   * a site file the studio wrote (or deleted): the pages reload now, not when the watcher notices; `blockAdded`
   * when the edit put a new block in a page (the studio fetches its new render at once)
   */
  wrote: (path: string, blockAdded?: boolean) => void;
  /** behind a sign-in: who writes, and the leases that guard each file (none in `npm run dev`: anyone writes) */
  guard?: WriteGuard;
}

/**
 * A host's guard of the writes (studio-host/file-leases.ts, behind the back office): the person writing, and
 * whether another person holds a file's lease now.
 */
export interface WriteGuard {
  /** the person of the request being answered: the versions they save are noted in their name */
  who(): string | undefined;
  /** who holds `path` when it is another person (the request's tab names itself in a header), else undefined */
  holder(req: IncomingMessage, path: string): Promise<LeaseHolder | undefined>;
}

/** A write refused because another person holds the file: 409, naming them (the studio says it in the editor's words). */
const leased = (path: string, holder: LeaseHolder): LeaseRefusal => ({
  ok: false,
  reason: 'leased',
  path,
  holder,
  message: `${path} is open in ${holder.email}'s studio; only they change it now`,
});

/** The first of `paths` another person holds, refused; undefined when every one may be written. */
async function refusal(guard: WriteGuard | undefined, req: IncomingMessage, paths: string[]): Promise<LeaseRefusal | undefined> {
  for (const path of guard ? paths : []) {
    const holder = await guard!.holder(req, path);
    if (holder) return leased(path, holder);
  }
  return undefined;
}

/** An edit that puts a block in a page's list of blocks. */
export const addsBlock = (ops: EditOp[]) => ops.some((op) => op.op === 'insert' && op.path.length === 1 && op.path[0] === 'blocks');

/**
 * The route the studio's preview shows for a page's file (studio/ui/app.tsx: the last route naming the page), or
 * undefined for any other file.
 */
export function previewRoute(site: StudioSite, path: string): string | undefined {
  if (!isPageFile(path)) return undefined;
  const page = fileId(path);
  try {
    const config = JSON.parse(site.files.read(CONFIG_FILE).text) as { routes?: { path?: unknown; page?: unknown }[] };
    const route = (config.routes ?? []).findLast((r) => r.page === page)?.path;
    return typeof route === 'string' ? route : undefined;
  } catch {
    return undefined;
  }
}

type Body = Record<string, unknown>;
type Write = (res: ServerResponse, path: string, body: Body, by: string | undefined) => unknown;

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

function readers({ site }: SiteApiContext): Map<string, (req: IncomingMessage, res: ServerResponse) => unknown> {
  return new Map([
    ['state', (_req, res) => send(res, 200, site.state())],
    [
      'problems',
      (_req, res) =>
        send(res, 200, { problems: site.problems(), warnings: site.warnings(), routes: site.routes(), assets: site.assets() } satisfies ProblemsAnswer),
    ],
    [
      'file',
      (req, res) => {
        const path = queryOf(req).get('path') ?? '';
        if (!isSiteFile(path)) return send(res, 400, { error: 'not a site file' });
        try {
          return send(res, 200, site.seen(site.files.read(path)));
        } catch (error) {
          // a file deleted (a page the studio removed, or by hand) is not there any more
          if (isMissing(error)) return send(res, 404, { error: `${path} is not there` });
          throw error;
        }
      },
    ],
    ['diff', async (_req, res) => send(res, 200, ((await gitDiff(site.siteRoot)) ?? { diff: null, untracked: [] }) satisfies DiffAnswer)],
  ]);
}

/** edit: ops on the text the studio saw, moved onto the text now (items inserted meanwhile keep the edit on its item) */
const edit =
  ({ site, wrote }: SiteApiContext): Write =>
  async (res, path, body, by) => {
    const ops = Array.isArray(body.ops) ? body.ops.map(asOp) : [];
    if (ops.length === 0 || ops.some((op) => op === undefined) || typeof body.base !== 'string')
      return send(res, 400, { error: 'expected { path, base, ops }' });
    const current = site.files.read(path);
    // typed into an item another editor removed since: a conflict to show, not a value put on the item in its place
    const gone = removedTarget(site.texts.get(body.base), current.text, ops as EditOp[]);
    if (gone !== undefined)
      return send(res, 409, {
        ok: false,
        reason: 'conflict',
        message: `the item this edit was made in was removed meanwhile (edit ${gone + 1})`,
        failedOp: gone,
        file: site.seen(current),
      } satisfies EditAnswer);
    const moved = rebaseOps(site.texts.get(body.base), current.text, ops as EditOp[]);
    // behind a sign-in, never replayed over another person's save (`by`: the writer)
    const result = await site.files.edit(path, body.base, moved, by);
    send(res, result.ok ? 200 : 409, { ...result, file: site.seen(result.file) });
    if (result.ok && result.changed) wrote(path, addsBlock(moved));
  };

/** restore: an exact earlier text (undo, redo), only over the version it replaces */
const restore =
  ({ site, wrote }: SiteApiContext): Write =>
  (res, path, body, by) => {
    if (typeof body.base !== 'string' || typeof body.text !== 'string') return send(res, 400, { error: 'expected { path, base, text }' });
    const result = site.files.restore(path, body.base, body.text, by);
    send(res, result.ok ? 200 : 409, { ...result, file: site.seen(result.file) });
    if (result.ok) wrote(path);
  };

/** A step's files as sent: each a site file, with a text or null and a version or null; undefined when not so. */
function stepFiles(body: Body): StepFile[] | undefined {
  if (!Array.isArray(body.files) || body.files.length === 0) return undefined;
  const files = body.files as Partial<StepFile>[];
  const fits = (f: Partial<StepFile>) =>
    typeof f.path === 'string' && isSiteFile(f.path) && (typeof f.base === 'string' || f.base === null) && (typeof f.text === 'string' || f.text === null);
  return files.every(fits) && new Set(files.map((f) => f.path)).size === files.length ? (files as StepFile[]) : undefined;
}

/** step: the exact texts of a step of several files put back (undo, redo of a page deleted or renamed), all or none */
async function step({ site, wrote, guard }: SiteApiContext, req: IncomingMessage, res: ServerResponse, body: Body) {
  const files = stepFiles(body);
  if (!files) return send(res, 400, { error: 'expected { files: [{ path, base, text }] } with site files' });
  const refused = await refusal(
    guard,
    req,
    files.map((f) => f.path),
  );
  if (refused) {
    const now = files.map(({ path }) => ({ path, file: site.files.readIfThere(path) }));
    return send(res, 409, { ...refused, files: now.map(({ path, file }) => ({ path, file: file ? site.seen(file) : null })) });
  }
  const result: StepAnswer = site.files.restoreStep(files, guard?.who());
  const seen = result.files.map(({ path, file }) => ({ path, file: file ? site.seen(file) : null }));
  send(res, result.ok ? 200 : 409, { ...result, files: seen });
  if (result.ok) for (const { path } of files) wrote(path);
}

/** create: a new file (a new page); refused when one is there */
const create =
  ({ site, wrote }: SiteApiContext): Write =>
  (res, path, body, by) => {
    if (typeof body.text !== 'string') return send(res, 400, { error: 'expected { path, text }' });
    try {
      send(res, 201, site.seen(site.files.create(path, body.text, by)));
      wrote(path);
    } catch (error) {
      if (error instanceof RefusedPathError) throw error;
      send(res, 409, { error: (error as Error).message });
    }
  };

/** remove: a page's file, at the version the studio saw (its route and the links to it are edits of their own) */
const remove =
  ({ site, wrote }: SiteApiContext): Write =>
  (res, path, body) => {
    if (typeof body.base !== 'string') return send(res, 400, { error: 'expected { path, base }' });
    const result = removePage(site.files, path, body.base);
    if (result.ok) {
      send(res, 200, result);
      return wrote(path);
    }
    const status = { 'not-a-page': 400, missing: 404, stale: 409 }[result.reason];
    send(res, status, { ...result, error: result.message });
  };

/** image: the file's bytes as the body, its name in the query: a new WebP in public/images/ */
async function upload({ site, media }: SiteApiContext, req: IncomingMessage, res: ServerResponse) {
  const query = queryOf(req);
  try {
    const saved = await saveImage(site.siteRoot, query.get('name') ?? 'image', await readBytes(req, MAX_UPLOAD_BYTES + 1), media.reserved);
    site.assetsChanged();
    // the media library's own uploads stay until deleted; one into a field goes with its undo
    if (!query.has('library')) media.uploadedIntoField(saved.src);
    return send(res, 201, saved);
  } catch (error) {
    if (error instanceof ImageUploadError) return send(res, 400, { error: error.message });
    throw error;
  }
}

export function siteApi(context: SiteApiContext) {
  const gets = readers(context);
  const writes = new Map<string, Write>([
    ['edit', edit(context)],
    ['restore', restore(context)],
    ['create', create(context)],
    ['remove', remove(context)],
  ]);
  return async (req: IncomingMessage, res: ServerResponse, route: string) => {
    const read = req.method === 'GET' ? gets.get(route) : undefined;
    if (read) return read(req, res);
    if (req.method !== 'POST') return send(res, 405, { error: 'method not allowed' });
    if (route === 'image') return upload(context, req, res);
    const body = (await readBody(req)) as Body;
    if (route === 'step') return step(context, req, res, body);
    const path = typeof body.path === 'string' && isSiteFile(body.path) ? body.path : undefined;
    if (!path) return send(res, 400, { error: `path must be ${CONFIG_FILE} or a .json file under ${CONTENT_DIR}/` });
    const write = writes.get(route);
    if (!write) return send(res, 404, { error: 'no such studio call' });
    const refused = await refusal(context.guard, req, [path]);
    if (!refused) return write(res, path, body, context.guard?.who());
    // the file as it is now, where the call's answer has one (an edit's, an undo's): the studio shows what is there
    const file = context.site.files.readIfThere(path);
    return send(res, 409, { ...refused, error: refused.message, ...(file ? { file: context.site.seen(file) } : {}) });
  };
}
