import { rmSync } from 'node:fs';
import { CONTENT_DIRS, isPageFile } from '../../core/site/layout.ts';
import type { RemoveRefusal, SiteFile } from '../../core/studio/contract.ts';
import { unlinkedPath, type SiteFiles } from './site-files.ts';

/** Deleted, or why not: the wire's answer without its `error` (core/studio/contract.ts). */
export type RemoveResult = { ok: true } | RemoveRefusal;

const isMissing = (error: unknown) => ['ENOENT', 'ENOTDIR'].includes((error as NodeJS.ErrnoException).code ?? '');

/**
 * Deletes a page's file (the studio's "delete page"): only a page, reached through no link (a link anywhere on the way
 * throws RefusedPathError, as every read and write of the studio does), and only at the version the studio saw, so it
 * never takes away a change it did not show.
 */
export function removePage(files: SiteFiles, path: string, base: string): RemoveResult {
  if (!isPageFile(path)) return { ok: false, reason: 'not-a-page', message: `${path} is not a page of ${CONTENT_DIRS.page}/` };
  let current: SiteFile;
  try {
    current = files.read(path);
  } catch (error) {
    if (isMissing(error)) return { ok: false, reason: 'missing', message: `${path} is not there` };
    throw error;
  }
  if (current.hash !== base) return { ok: false, reason: 'stale', message: `${path} changed on disk since the studio read it`, file: current };
  rmSync(unlinkedPath(files.root, path));
  return { ok: true };
}
