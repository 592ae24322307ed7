import { readdirSync, statSync, watch, type FSWatcher } from 'node:fs';
import { join } from 'node:path';
import type { FileWatcher } from '../studio/server/events.ts';

/** Folders never watched: git's own, and what a checkout installs. */
const SKIPPED = new Set(['.git', 'node_modules']);

/**
 * The working copy's files as they change, for the studio's events: each change, addition or removal by its full
 * path. One watcher per folder, not Node's recursive watch: on Linux that one watches each file, and a file replaced
 * by a rename (as the studio writes: a temporary file renamed over the old one) is never reported again. A folder's
 * own watcher sees every name that changes in it; a folder made later is watched from then on.
 */
export function watchFolders(root: string): FileWatcher & { close(): void } {
  const listeners = new Set<(file: string) => void>();
  const watchers = new Map<string, FSWatcher>();
  const add = (dir: string) => {
    if (watchers.has(dir)) return;
    let watcher: FSWatcher;
    try {
      watcher = watch(dir, (_event, name) => {
        if (!name) return;
        const file = join(dir, name.toString());
        if (isFolder(file)) addTree(file);
        for (const listener of listeners) listener(file);
      });
    } catch {
      return; // gone before it could be watched
    }
    // a folder taken away: its watcher ends
    watcher.on('error', () => {
      watcher.close();
      watchers.delete(dir);
    });
    watchers.set(dir, watcher);
  };
  const addTree = (dir: string) => {
    add(dir);
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) if (entry.isDirectory() && !SKIPPED.has(entry.name)) addTree(join(dir, entry.name));
  };
  addTree(root);
  return {
    on: (_kind, listener) => listeners.add(listener),
    off: (_kind, listener) => listeners.delete(listener),
    close: () => {
      for (const watcher of watchers.values()) watcher.close();
      watchers.clear();
    },
  };
}

function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
