import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { watchFolders } from './watch-folders.ts';

const made: (() => void)[] = [];
afterEach(() => made.splice(0).forEach((undo) => undo()));

function watched() {
  const root = mkdtempSync(join(tmpdir(), 'watch-folders-'));
  mkdirSync(join(root, 'content/pages'), { recursive: true });
  mkdirSync(join(root, '.git'));
  const seen: string[] = [];
  const watcher = watchFolders(root);
  watcher.on('change', (file) => seen.push(file.slice(root.length + 1)));
  made.push(() => {
    watcher.close();
    rmSync(root, { recursive: true, force: true });
  });
  return { root, seen };
}

/** A write as the studio makes it: a temporary file renamed over the old one. */
/** how long a change is given to be heard: generous, for a loaded machine */
const HEARD = { timeout: 30_000 };

const replace = (file: string, text: string) => {
  writeFileSync(`${file}.tmp`, text);
  renameSync(`${file}.tmp`, file);
};

it('reports a file each time it is replaced by a rename, not only the first', async () => {
  const { root, seen } = watched();
  const page = join(root, 'content/pages/contact.json');
  for (const text of ['{"a":1}', '{"a":2}', '{"a":3}']) {
    const before = seen.filter((path) => path === 'content/pages/contact.json').length;
    replace(page, text);
    await expect.poll(() => seen.filter((path) => path === 'content/pages/contact.json').length, HEARD).toBeGreaterThan(before);
  }
}, 120_000);

it('watches a folder made later, and never git’s own', async () => {
  const { root, seen } = watched();
  mkdirSync(join(root, 'content/collections'));
  await expect.poll(() => seen, HEARD).toContain('content/collections');
  replace(join(root, 'content/collections/towns.json'), '[]');
  await expect.poll(() => seen, HEARD).toContain('content/collections/towns.json');
  writeFileSync(join(root, '.git/index'), 'x');
  replace(join(root, 'content/pages/home.json'), '{}');
  await expect.poll(() => seen, HEARD).toContain('content/pages/home.json');
  expect(seen.some((path) => path.startsWith('.git'))).toBe(false);
}, 120_000);
