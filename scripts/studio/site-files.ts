import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { mkdirSync } from 'node:fs';
import { parseJson } from '../../core/edit/json-edit.ts';
import { applyOps, OpError, type EditOp } from '../../core/edit/ops.ts';

/**
 * The site's JSON files as the studio reads and writes them: site.config.json and content/**.json, nothing else.
 * Every write is an edit of the text on disk (never a rewrite from a model), made only when the text is the one
 * the studio last saw or the edits still apply to the new text, checked to parse, and atomic (a temporary file
 * renamed over the old one).
 */
export interface SiteFile {
  /** relative to the site's root, with / */
  path: string;
  text: string;
  /** a hash of the text: the version an edit is based on */
  version: string;
}

export type EditResult =
  | { ok: true; file: SiteFile; changed: boolean; replayed: boolean }
  | { ok: false; reason: 'conflict'; message: string; failedOp: number; file: SiteFile }
  | { ok: false; reason: 'invalid' | 'stale'; message: string; file: SiteFile };

export const versionOf = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16);

/** A site file's relative path: the config, or a .json under content/ (no way out of the folder). */
export function isSiteFile(path: string): boolean {
  if (path.split('/').some((part) => part === '..' || part === '' || part.startsWith('.'))) return false;
  return path === 'site.config.json' || /^content\/[A-Za-z0-9_/-]+\.json$/.test(path);
}

export interface SiteFilesOptions {
  /** Lays out an edited text (Prettier, when the file was Prettier-clean before); the identity when absent. */
  format?: (text: string, path: string, before: string) => Promise<string>;
}

export class SiteFiles {
  constructor(
    readonly root: string,
    private readonly options: SiteFilesOptions = {},
  ) {}

  /** Every site file, the config first, then content/ in path order. */
  list(): string[] {
    const walk = (dir: string): string[] =>
      readdirSync(dir)
        .sort()
        .flatMap((name) => {
          const path = join(dir, name);
          if (statSync(path).isDirectory()) return walk(path);
          return name.endsWith('.json') ? [relative(this.root, path).split(sep).join('/')] : [];
        });
    const content = join(this.root, 'content');
    return ['site.config.json', ...(existsSync(content) ? walk(content) : [])].filter(isSiteFile);
  }

  private full(path: string): string {
    if (!isSiteFile(path)) throw new Error(`not a site file: ${path}`);
    return join(this.root, ...path.split('/'));
  }

  read(path: string): SiteFile {
    const text = readFileSync(this.full(path), 'utf8');
    return { path, text, version: versionOf(text) };
  }

  private write(path: string, text: string): SiteFile {
    const file = this.full(path);
    mkdirSync(dirname(file), { recursive: true });
    const temporary = `${file}.${process.pid}.studio-tmp`;
    writeFileSync(temporary, text);
    renameSync(temporary, file);
    return { path, text, version: versionOf(text) };
  }

  /**
   * Applies `ops` to the file. When the file changed on disk since `base` (an edit in another editor), the ops are
   * replayed on the new text; if one no longer applies, nothing is written and the result says which.
   */
  async edit(path: string, base: string, ops: EditOp[]): Promise<EditResult> {
    const current = this.read(path);
    let next: string;
    try {
      next = applyOps(current.text, ops);
    } catch (error) {
      if (error instanceof OpError) return { ok: false, reason: 'conflict', message: error.message, failedOp: error.index, file: current };
      return { ok: false, reason: 'invalid', message: (error as Error).message, file: current };
    }
    if (this.options.format) next = await this.options.format(next, path, current.text);
    try {
      parseJson(next);
    } catch (error) {
      return { ok: false, reason: 'invalid', message: `the edit would leave ${path} unparseable: ${(error as Error).message}`, file: current };
    }
    const replayed = current.version !== base;
    if (next === current.text) return { ok: true, file: current, changed: false, replayed };
    return { ok: true, file: this.write(path, next), changed: true, replayed };
  }

  /** Puts back an exact earlier text (undo, redo), only over the version it replaces: it never overwrites an unseen change. */
  restore(path: string, base: string, text: string): EditResult {
    const current = this.read(path);
    if (current.version !== base) return { ok: false, reason: 'stale', message: `${path} changed on disk since this edit`, file: current };
    try {
      parseJson(text);
    } catch (error) {
      return { ok: false, reason: 'invalid', message: (error as Error).message, file: current };
    }
    return { ok: true, file: this.write(path, text), changed: text !== current.text, replayed: false };
  }

  /** A new file (a new page); refused when one is there. */
  create(path: string, text: string): SiteFile {
    if (existsSync(this.full(path))) throw new Error(`${path} exists already`);
    parseJson(text);
    return this.write(path, text);
  }
}
