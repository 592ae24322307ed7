import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

/** How long after a watcher's last event for a file it is read (an editor's save may be reported half-done). */
const SETTLE_MS = 25;
/** Vite's watcher can drop a change that follows another closely: a file read is checked again this much later. */
const RECHECK_MS = 200;
/** How long the watcher's events for a write the studio reported itself are taken as that same write. */
const REPORTED_MS = 1000;

function hashOf(file: string): string {
  try {
    return createHash('sha1').update(readFileSync(file)).digest('base64');
  } catch {
    return 'gone';
  }
}

/**
 * The changes of the site's files, each handled once and whole: an editor's save is a truncate and then a write,
 * and the watcher may report only the first, so a file is read a moment after its last event and checked again a
 * while later; a write the studio reported itself (`written`) is handled at once, and the watcher's events for
 * that same text are not a second reload, while any other event is handled, as every outside edit is. `handle`
 * is told which: the studio's own writes reload its previews by the studio's own timing. `settled` says when the
 * changes the watcher reported are handled: a render asked for meanwhile (the studio reloads its preview as soon
 * as it hears of an outside save, from the same watcher) would show the files as they were.
 */
export function settledChanges(handle: (file: string, byStudio: boolean) => void) {
  const reported = new Map<string, { hash: string; until: number }>();
  const settling = new Map<string, ReturnType<typeof setTimeout>>();
  const waiting: (() => void)[] = [];
  /** a file whose text is still the studio's own write: its watcher's event changes nothing */
  const own = (file: string) => {
    const expected = reported.get(file);
    return expected !== undefined && Date.now() < expected.until && expected.hash === hashOf(file);
  };
  const unsettled = () => [...settling.keys()].some((file) => !own(file));
  const release = () => {
    if (!unsettled()) for (const resume of waiting.splice(0)) resume();
  };
  // a write that follows another closely may never be reported: the file is looked at again a while after each read
  const recheck = (file: string, read: string) => {
    setTimeout(() => {
      if (!settling.has(file) && hashOf(file) !== read) watched(file);
    }, RECHECK_MS).unref();
  };
  const settle = (file: string) => {
    settling.delete(file);
    const expected = reported.get(file);
    const read = hashOf(file);
    if (expected && Date.now() < expected.until && expected.hash === read) {
      // the studio's own write; an outside save right after it must still be seen
      recheck(file, read);
      release();
      return;
    }
    reported.delete(file);
    try {
      handle(file, false);
    } finally {
      recheck(file, read);
      release();
    }
  };
  const watched = (file: string) => {
    clearTimeout(settling.get(file));
    settling.set(
      file,
      setTimeout(() => settle(file), SETTLE_MS),
    );
  };
  const written = (file: string) => {
    reported.set(file, { hash: hashOf(file), until: Date.now() + REPORTED_MS });
    handle(file, true);
  };
  /** resolves once every change the watcher reported is handled (at once when none waits) */
  const settled = (): Promise<void> => (unsettled() ? new Promise((resume) => waiting.push(resume)) : Promise.resolve());
  return { watched, written, settled };
}
