import { createHash } from 'node:crypto';
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, realpathSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { parseJson } from '../../core/edit/json-edit.ts';
import { applyOps, OpError, type EditOp } from '../../core/edit/ops.ts';
import { CONFIG_FILE, CONTENT_DIR, isPageFile, isSiteFile } from '../../core/site/layout.ts';
import type { EditAnswer, SiteFile, StepAnswer, StepFile } from '../../core/studio/contract.ts';

export const hashOf = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16);

/** A path the studio refuses: a link, or a file or folder where the other is expected, or one outside the site. */
export class RefusedPathError extends Error {}

/** How often an edit is made again on a text another editor saved while it was made, before it is refused. */
const EDIT_ATTEMPTS = 5;

const isMissing = (error: unknown) => ['ENOENT', 'ENOTDIR'].includes((error as NodeJS.ErrnoException).code ?? '');

/**
 * The full path of `path` (relative to `root`, with /) when nothing on the way to it is a link: each folder from the
 * root down that is there is a real folder, the last part, when it is there, a real file (`file`) or folder, and the
 * real path of the deepest part that is there lies inside the root's real path. A part that is not there yet (a new
 * page, a new folder) ends the walk: what the studio makes there is inside the site.
 */
export function unlinkedPath(root: string, path: string, last: 'file' | 'folder' = 'file'): string {
  const parts = path.split('/');
  let at = root;
  let deepest = root;
  for (const [index, part] of parts.entries()) {
    at = join(at, part);
    let stat;
    try {
      stat = lstatSync(at);
    } catch (error) {
      if (isMissing(error)) break;
      throw error;
    }
    if (stat.isSymbolicLink()) throw new RefusedPathError(`${parts.slice(0, index + 1).join('/')} is a link; the studio does not follow links`);
    const folder = index < parts.length - 1 || last === 'folder';
    if (folder ? !stat.isDirectory() : !stat.isFile())
      throw new RefusedPathError(`${parts.slice(0, index + 1).join('/')} is not a ${folder ? 'folder' : 'file'}`);
    deepest = at;
  }
  const realRoot = realpathSync(root);
  const real = realpathSync(deepest);
  if (real !== realRoot && !real.startsWith(realRoot + sep)) throw new RefusedPathError(`${path} is outside the site`);
  return join(root, ...parts);
}

/** How many versions of one file the save log keeps: far more than two people save while one of them types. */
const VERSIONS_KEPT = 200;

/**
 * Who saved each version of each file through this studio (behind a sign-in), newest last, with the versions that came
 * from elsewhere (a change on disk, a publish taking in the remote's) in no one's name. In memory: the working copy
 * has one owner instance, which answers every write; a new owner starts with an empty log, and then replays as before.
 */
export class SaveLog {
  private readonly versions = new Map<string, { hash: string; by: string | null }[]>();

  /** A version of `path` now on disk: saved by `by`, or (null) found there, made outside the studio. */
  note(path: string, hash: string, by: string | null): void {
    const list = this.versions.get(path) ?? [];
    if (by === null && list.at(-1)?.hash === hash) return;
    list.push({ hash, by });
    this.versions.set(path, list.slice(-VERSIONS_KEPT));
  }

  /**
   * The other person who saved a version of `path` after `base`, up to `current` (the version there now), or
   * undefined: an edit by `by` made on `base` is replayed over their own saves and changes made outside, never over
   * another person's. A base older than the log reaches back to counts as older than every version in it.
   */
  otherSince(path: string, base: string, current: string, by: string): string | undefined {
    this.note(path, current, null);
    const list = this.versions.get(path)!;
    for (let i = list.length - 1; i >= 0 && list[i]!.hash !== base; i--) {
      const saver = list[i]!.by;
      if (saver !== null && saver !== by) return saver;
    }
    return undefined;
  }
}

export interface SiteFilesOptions {
  /** Lays out an edited text (Prettier, when the file was Prettier-clean before); the identity when absent. */
  format?: (text: string, path: string, before: string) => Promise<string>;
}

/**
 * The site's JSON files as the studio reads and writes them: site.config.json and content/**.json, nothing else.
 * Every write is an edit of the text on disk (never a rewrite from a model), made only when the text is the one
 * the studio last saw or the edits still apply to the new text, checked to parse, and atomic (a temporary file
 * renamed over the old one). It never follows a link: a linked folder or file under the site is neither listed, read
 * nor written, so no file outside the site is ever read or written.
 */
export class SiteFiles {
  /** who saved which version (only writes that name their person are noted: behind a sign-in) */
  readonly saves = new SaveLog();

  constructor(
    readonly root: string,
    private readonly options: SiteFilesOptions = {},
  ) {}

  /** Every site file, the config first, then content/ in path order; never a link, nor anything in a linked folder. */
  list(): string[] {
    const walk = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true })
        .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
        .flatMap((entry) => {
          // a link is neither a folder nor a file here (the entry is the link's own)
          const path = join(dir, entry.name);
          if (entry.isDirectory()) return walk(path);
          return entry.isFile() && entry.name.endsWith('.json') ? [relative(this.root, path).split(sep).join('/')] : [];
        });
    const content = join(this.root, CONTENT_DIR);
    return [...(this.unlinked(CONFIG_FILE) ? [CONFIG_FILE] : []), ...(this.unlinked(CONTENT_DIR, 'folder') && existsSync(content) ? walk(content) : [])].filter(
      isSiteFile,
    );
  }

  /** Whether a site file (or folder) is reached through no link (or is not there yet). */
  unlinked(path: string, last: 'file' | 'folder' = 'file'): boolean {
    try {
      unlinkedPath(this.root, path, last);
      return true;
    } catch (error) {
      if (error instanceof RefusedPathError) return false;
      throw error;
    }
  }

  private full(path: string): string {
    if (!isSiteFile(path)) throw new Error(`not a site file: ${path}`);
    return unlinkedPath(this.root, path);
  }

  read(path: string): SiteFile {
    const text = readFileSync(this.full(path), 'utf8');
    return { path, text, hash: hashOf(text) };
  }

  /** Puts `text` in place atomically (a temporary file renamed over the old one) when `still()` holds just before. */
  private place(path: string, text: string, still: (file: string) => boolean): SiteFile | undefined {
    const file = this.full(path);
    mkdirSync(dirname(file), { recursive: true });
    const temporary = `${file}.${process.pid}.studio-tmp`;
    writeFileSync(temporary, text);
    if (!still(file)) {
      rmSync(temporary, { force: true });
      return undefined;
    }
    renameSync(temporary, file);
    return { path, text, hash: hashOf(text) };
  }

  private write(path: string, text: string): SiteFile {
    return this.place(path, text, () => true)!;
  }

  /**
   * Writes over a file only while it still holds `over`, checked just before it is replaced: another editor's save
   * (or the file it emptied to save) that came while the text was made is never written over. Undefined then.
   */
  private writeOver(path: string, over: string, text: string): SiteFile | undefined {
    return this.place(path, text, (file) => readFileSync(file, 'utf8') === over);
  }

  /** A version `by` saved, noted in their name (nothing noted without a person: `npm run dev`). */
  private saved(file: SiteFile, by: string | undefined): SiteFile {
    if (by !== undefined) this.saves.note(file.path, file.hash, by);
    return file;
  }

  /**
   * Applies `ops` to the file. When the file changed on disk since `base` (an edit in another editor), the ops are
   * replayed on the new text; if one no longer applies, nothing is written and the result says which. With `by` (the
   * person writing, behind a sign-in) they are never replayed over a version another person saved since `base`.
   */
  async edit(path: string, base: string, ops: EditOp[], by?: string): Promise<EditAnswer> {
    for (let attempt = 1; ; attempt++) {
      const current = this.read(path);
      const overtaken = by !== undefined ? this.saves.otherSince(path, base, current.hash, by) : undefined;
      if (overtaken !== undefined)
        return {
          ok: false,
          reason: 'overtaken',
          savedBy: overtaken,
          message: `${overtaken} saved ${path} after the version this edit was made on`,
          file: current,
        };
      let next: string;
      try {
        next = applyOps(current.text, ops);
      } catch (error) {
        if (error instanceof OpError) return { ok: false, reason: 'conflict', message: error.message, failedOp: error.index, file: current };
        return { ok: false, reason: 'invalid', message: (error as Error).message, file: current };
      }
      // laid out while other work runs: another editor's save (or its emptied file) may come meanwhile
      if (this.options.format) next = await this.options.format(next, path, current.text);
      try {
        parseJson(next);
      } catch (error) {
        return { ok: false, reason: 'invalid', message: `the edit would leave ${path} unparseable: ${(error as Error).message}`, file: current };
      }
      const replayed = current.hash !== base;
      if (next === current.text) return { ok: true, file: current, changed: false, replayed };
      // written only over the text it was made from; else made again on the text there now (replayed on it)
      const written = this.writeOver(path, current.text, next);
      if (written) return { ok: true, file: this.saved(written, by), changed: true, replayed };
      if (attempt >= EDIT_ATTEMPTS)
        return { ok: false, reason: 'stale', message: `${path} kept changing on disk while this edit was made`, file: this.read(path) };
    }
  }

  /** Puts back an exact earlier text (undo, redo), only over the version it replaces: it never overwrites an unseen change. */
  restore(path: string, base: string, text: string, by?: string): EditAnswer {
    const current = this.read(path);
    if (current.hash !== base) return { ok: false, reason: 'stale', message: `${path} changed on disk since this edit`, file: current };
    try {
      parseJson(text);
    } catch (error) {
      return { ok: false, reason: 'invalid', message: (error as Error).message, file: current };
    }
    const written = this.writeOver(path, current.text, text);
    if (!written) return { ok: false, reason: 'stale', message: `${path} changed on disk since this edit`, file: this.read(path) };
    return { ok: true, file: this.saved(written, by), changed: text !== current.text, replayed: false };
  }

  /**
   * Puts back the exact texts of a step of several files (undo, redo of a page deleted or renamed), all or none: only
   * when every file is at the version the step replaces (a file not there counts as none), every text parses, and a
   * file only goes when it is a page. Files that come back are written first and a file goes last, so the site is
   * never seen with a route to a page that is not there.
   */
  restoreStep(step: StepFile[], by?: string): StepAnswer {
    const now = step.map(({ path }) => ({ path, file: this.readIfThere(path) }));
    const refuse = (reason: 'stale' | 'invalid', message: string): StepAnswer => ({ ok: false, reason, message, files: now });
    const stale = step.find((f, i) => (now[i]!.file?.hash ?? null) !== f.base);
    if (stale) return refuse('stale', `${stale.path} changed on disk since this edit`);
    for (const f of step) {
      if (f.text === null && !isPageFile(f.path)) return refuse('invalid', `${f.path} is not a page; only a page's file can go`);
      try {
        if (f.text !== null) parseJson(f.text);
      } catch (error) {
        return refuse('invalid', `${f.path}: ${(error as Error).message}`);
      }
    }
    const order = (f: StepFile) => (f.text === null ? 2 : f.base === null ? 0 : 1);
    // the answer holds the texts written, never the file read again: a change made just after by someone else is not
    // this step's, and an undo of it must not put back over that change
    const written = new Map<string, SiteFile | null>();
    for (const f of [...step].sort((a, b) => order(a) - order(b))) {
      if (f.text === null) rmSync(this.full(f.path));
      written.set(f.path, f.text === null ? null : this.saved(this.write(f.path, f.text), by));
    }
    return { ok: true, files: step.map(({ path }) => ({ path, file: written.get(path) ?? null })) };
  }

  /** The file, or null when it is not there. */
  readIfThere(path: string): SiteFile | null {
    try {
      return this.read(path);
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  /** A new file (a new page); refused when one is there. */
  create(path: string, text: string, by?: string): SiteFile {
    if (existsSync(this.full(path))) throw new Error(`${path} exists already`);
    parseJson(text);
    return this.saved(this.write(path, text), by);
  }
}
