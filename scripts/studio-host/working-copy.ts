import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** Where the server keeps its working copy of the site, in its data folder. */
export const WORKING_COPY_DIR = 'studio-site';

const git = (args: string[], cwd?: string) => execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();

/**
 * The server's own working copy of the site: a clone of `remote` (its `branch`) in the data folder, made at the
 * first start and used as it is at every later one (an editor's unpublished changes stay in it). A folder there that
 * is a clone of another remote is refused with a plain line: the server never edits a site it was not given.
 */
export function ownWorkingCopy(dataDir: string, remote: string, branch: string): { siteRoot: string; made: boolean } {
  const siteRoot = join(dataDir, WORKING_COPY_DIR);
  if (existsSync(join(siteRoot, '.git'))) {
    const origin = git(['remote', 'get-url', 'origin'], siteRoot);
    if (origin !== remote) throw new Error(`${siteRoot} is a copy of ${origin}, not of ${remote}: move it away, or set STUDIO_REMOTE to ${origin}`);
    return { siteRoot, made: false };
  }
  mkdirSync(dirname(siteRoot), { recursive: true });
  git(['clone', '--quiet', '--branch', branch, remote, siteRoot]);
  return { siteRoot, made: true };
}
