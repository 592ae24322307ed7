import { existsSync, readdirSync, statSync } from 'node:fs';
import { basename, join, sep } from 'node:path';

/** A folder or a file the watcher watches, and whether a change of a file's text counts or only its coming and going. */
export interface WatchedPath {
  path: string;
  changes: boolean;
}

/** What the repair needs of the watcher: its events, to listen to and to send (Vite's chokidar is an EventEmitter). */
export interface Watcher {
  on(event: 'add' | 'change' | 'unlink', listener: (file: string) => void): unknown;
  emit(event: 'add' | 'change' | 'unlink', file: string): unknown;
}

type Event = 'add' | 'change' | 'unlink';

/** A file's state as far as a watcher reports it: its size, modification time and inode ('' where only its presence counts). */
function stampOf(file: string, changes: boolean): string | undefined {
  try {
    if (!changes) return existsSync(file) ? '' : undefined;
    const stat = statSync(file);
    return stat.isFile() ? `${stat.size} ${stat.mtimeMs} ${stat.ino}` : undefined;
  } catch {
    return undefined;
  }
}

/** Every file (not a hidden one: the studio's writes in progress) under the watched paths, with its stamp. */
function snapshot(paths: WatchedPath[]): Map<string, string> {
  const files = new Map<string, string>();
  for (const { path, changes } of paths) {
    let names: string[];
    try {
      names = statSync(path).isDirectory()
        ? readdirSync(path, { recursive: true, withFileTypes: true })
            .filter((entry) => entry.isFile())
            .map((entry) => join(entry.parentPath, entry.name))
        : [path];
    } catch {
      continue;
    }
    for (const file of names) {
      if (basename(file).startsWith('.')) continue;
      const stamp = stampOf(file, changes);
      if (stamp !== undefined) files.set(file, stamp);
    }
  }
  return files;
}

/**
 * The site's files as the watcher reported them, checked against the disk: an event the watcher never sent (it
 * drops some under load, or after git replaced a file it watched) is sent now, to every listener, as the watcher's
 * own. `check` runs before each render and every `intervalMs`, so a missed change shows at the next render and, on an
 * open page, within that interval. An event the watcher sends after all is then a second one, as the watcher's own
 * double events are.
 */
export function watchRepair(watcher: Watcher, paths: WatchedPath[]) {
  const watchedPathOf = (file: string) => paths.find(({ path }) => file === path || file.startsWith(path + sep));
  let known = snapshot(paths);
  for (const event of ['add', 'change', 'unlink'] as const)
    watcher.on(event, (file) => {
      const watched = watchedPathOf(file);
      if (!watched || basename(file).startsWith('.')) return;
      const stamp = stampOf(file, watched.changes);
      if (stamp === undefined) known.delete(file);
      else known.set(file, stamp);
    });
  /** sends the events the disk shows were missed; returns how many */
  const check = (): number => {
    const now = snapshot(paths);
    const missed: [Event, string][] = [];
    for (const [file, stamp] of now) {
      const was = known.get(file);
      if (was === undefined) missed.push(['add', file]);
      else if (was !== stamp) missed.push(['change', file]);
    }
    for (const file of known.keys()) if (!now.has(file)) missed.push(['unlink', file]);
    known = now;
    for (const [event, file] of missed) watcher.emit(event, file);
    return missed.length;
  };
  return {
    check,
    /** checks every `intervalMs` until stopped */
    every(intervalMs: number): () => void {
      const timer = setInterval(check, intervalMs);
      timer.unref();
      return () => clearInterval(timer);
    },
  };
}
