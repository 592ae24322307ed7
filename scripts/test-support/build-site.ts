import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { paths } from '../../core/paths.ts';

export interface SiteBuild {
  /** the site's folder (SITE_ROOT) */
  siteRoot: string;
  /** where the build goes (SITE_OUT) */
  out: string;
  /** an earlier build to take unchanged pages from (SITE_PREVIOUS_OUT): an incremental build */
  previous?: string;
  /** more of the build's environment (BUILD_STATS, BUILD_WORKERS...) */
  env?: NodeJS.ProcessEnv;
}

/**
 * `scripts/build/build.ts` on a site, into a folder of its own, quietly; whatever the calling process's environment
 * says of builds (a previous build, incremental or not) is left out. Gives its exit status and what it printed.
 */
export function buildSite({ siteRoot, out, previous, env = {} }: SiteBuild): { status: number | null; output: string } {
  const own: NodeJS.ProcessEnv = { ...process.env, SITE_ROOT: siteRoot, SITE_OUT: out, BUILD_QUIET: '1', ...env };
  delete own.SITE_PREVIOUS_OUT;
  delete own.BUILD_INCREMENTAL;
  if (previous) own.SITE_PREVIOUS_OUT = previous;
  const run = spawnSync(process.execPath, ['--import', 'tsx', join(paths.root, 'scripts/build/build.ts')], { cwd: paths.root, env: own, encoding: 'utf8' });
  // the server entry's intermediate build is not part of the build
  rmSync(`${out}-ssr`, { recursive: true, force: true });
  return { status: run.status, output: run.stdout + run.stderr };
}
