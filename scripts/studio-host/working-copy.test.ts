import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { ownWorkingCopy } from './working-copy.ts';

const work = mkdtempSync(join(tmpdir(), 'working-copy-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const env = { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1' };
const git = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, env, encoding: 'utf8' }).trim();

it('clones the site into the data folder at the first start, and keeps an editor’s changes at the next', () => {
  const seed = join(work, 'seed');
  execFileSync('git', ['init', '-q', '-b', 'main', seed], { env });
  writeFileSync(join(seed, 'site.config.json'), '{"lang":"nl"}\n');
  git(seed, 'add', '-A');
  git(seed, '-c', 'user.name=Seed', '-c', 'user.email=seed@test', 'commit', '-qm', 'site');
  const remote = join(work, 'remote.git');
  execFileSync('git', ['clone', '-q', '--bare', seed, remote], { env });
  const data = join(work, 'data');
  const first = ownWorkingCopy(data, remote, 'main');
  expect(first).toEqual({ siteRoot: join(data, 'studio-site'), made: true });
  expect(readFileSync(join(first.siteRoot, 'site.config.json'), 'utf8')).toBe('{"lang":"nl"}\n');
  writeFileSync(join(first.siteRoot, 'site.config.json'), '{"lang":"en"}\n');
  expect(ownWorkingCopy(data, remote, 'main')).toEqual({ siteRoot: first.siteRoot, made: false });
  expect(readFileSync(join(first.siteRoot, 'site.config.json'), 'utf8')).toBe('{"lang":"en"}\n');
  // a copy of another site there is never taken for this one
  expect(() => ownWorkingCopy(data, join(work, 'another.git'), 'main')).toThrow(/is a copy of .*remote\.git, not of .*another\.git/);
});
