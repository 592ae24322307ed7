import { git, nulList } from './publish.ts';

/**
 * After a conflict (another editor published the same place meanwhile): their version taken in as the published one,
 * the editor's own kept as their unpublished change. HEAD moves to the remote's commit (`incoming`) with the work
 * tree as the editor left it (a soft reset, then the index made HEAD's), and each file their commits changed that the
 * editor did not touch takes their text. The studio then shows theirs (published) beside mine (the change): Publish
 * sends mine on top of theirs, Discard brings theirs in. Commits of this working copy the remote lacks (a publish
 * that could not be sent) stay in the work tree, as unpublished changes.
 */
export async function takeTheirsKeepMine(siteRoot: string, mine: string[], before: string, incoming: string): Promise<void> {
  const theirs = nulList(await git(siteRoot, ['diff', '--name-only', '--relative', '--no-renames', '-z', before, incoming]));
  await git(siteRoot, ['reset', '-q', '--soft', incoming]);
  await git(siteRoot, ['reset', '-q']);
  const keep = new Set(mine);
  const take = theirs.filter((path) => !keep.has(path));
  // a file they removed leaves the work tree too (restore takes a path the source lacks away)
  if (take.length > 0) await git(siteRoot, ['restore', `--source=${incoming}`, '--worktree', '--', ...take]);
}
