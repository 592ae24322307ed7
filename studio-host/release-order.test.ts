import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { git } from '../scripts/test-support/site-repo.ts';
import { ancestorIn, headOf, releaseOrder, type ReleaseMark } from './release-order.ts';

/**
 * The one ordering of the live site's versions, on a real git history: main has one, two, three; a commit taken back
 * after it went live (`dropped`, on top of one) is on no branch. A deploy's build names no commit, only its begin time.
 */
const repo = mkdtempSync(join(tmpdir(), 'release-order-'));
afterAll(() => rmSync(repo, { recursive: true, force: true }));
git(repo, 'init', '-q', '-b', 'main');
const commit = (text: string) => {
  writeFileSync(join(repo, 'home.json'), text);
  git(repo, 'add', 'home.json');
  git(repo, '-c', 'user.name=T', '-c', 'user.email=t@test', 'commit', '-qm', text);
  return git(repo, 'rev-parse', 'HEAD');
};
const one = commit('one');
const two = commit('two');
const three = commit('three');
git(repo, 'checkout', '-q', '--detach', one);
const dropped = commit('dropped');
git(repo, 'checkout', '-q', 'main');
const order = (candidate: ReleaseMark, live: ReleaseMark | undefined) => releaseOrder(candidate, live, ancestorIn(repo));
const at = (minute: number) => new Date(Date.UTC(2026, 11, 2, 12, minute)).toISOString();

it('orders commits of the branch as git does, whatever their times say', async () => {
  // a release recorded on another instance, whose clock is behind: still newer than the live commit before it
  expect(await order({ commit: three, at: at(1) }, { commit: two, at: at(5) })).toBe('newer');
  // the previous release, built again after a restart or finishing late: older, though its time is later
  expect(await order({ commit: one, at: at(9) }, { commit: two, at: at(5) })).toBe('older');
  expect(await order({ commit: two, at: at(9) }, { commit: two, at: at(5) })).toBe('same');
});

it('orders by time what git cannot order: a deploy, a commit on no branch, an unknown commit', async () => {
  const deploy = { at: at(10) };
  expect(await order({ commit: three, at: at(11) }, deploy)).toBe('newer');
  expect(await order({ commit: three, at: at(9) }, deploy)).toBe('older');
  expect(await order({ commit: three, at: at(10) }, deploy)).toBe('same');
  expect(await order({ commit: three, at: at(12) }, { commit: dropped, at: at(11) })).toBe('newer');
  expect(await order({ commit: two, at: at(10) }, { commit: dropped, at: at(11) })).toBe('older');
  expect(await order({ commit: 'f'.repeat(40), at: at(12) }, { commit: two, at: at(11) })).toBe('newer');
});

it('takes anything when nothing is live, and knows the working copy’s commit', async () => {
  expect(await order({ commit: one, at: at(0) }, undefined)).toBe('newer');
  expect(await headOf(repo)).toBe(three);
  expect(await headOf(tmpdir())).toBeUndefined();
});
