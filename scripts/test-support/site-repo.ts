import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { paths } from '../../core/paths.ts';

/** git with no user or system configuration: the tests run as on a fresh machine. */
export const gitEnv = { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1' };

/** A git command in `dir`, its output trimmed. */
export const git = (dir: string, ...args: string[]) => execFileSync('git', ['-C', dir, ...args], { encoding: 'utf8', env: gitEnv }).trim();

/**
 * A site in git as a server's studio finds it: a fixture's files (the content landing fixture's unless another of
 * tests/fixtures is named) committed in `<work>/site` on `main`, with a bare remote `<work>/remote.git` (its `origin`)
 * that has the commit.
 */
export function siteRepo(work: string, fixture = 'content-landing'): { site: string; remote: string } {
  const site = join(work, 'site');
  const remote = join(work, 'remote.git');
  mkdirSync(site);
  for (const name of ['site.config.json', 'content', 'public'])
    cpSync(join(paths.root, 'tests/fixtures', fixture, name), join(site, name), { recursive: true });
  git(site, 'init', '-q', '-b', 'main');
  git(site, 'add', '-A');
  git(site, '-c', 'user.name=Seed', '-c', 'user.email=seed@test', 'commit', '-qm', 'site');
  execFileSync('git', ['init', '-q', '--bare', '-b', 'main', remote], { env: gitEnv });
  git(site, 'remote', 'add', 'origin', remote);
  git(site, 'push', '-q', 'origin', 'main');
  return { site, remote };
}
