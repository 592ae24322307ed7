/**
 * Undo and redo over every kind of edit: each entry holds a file's exact text before and after, so undoing puts
 * back the very bytes (a byte-identical file), and is refused when the file changed on disk since (never over an
 * unseen change). Keystrokes in one field within a short time are one entry.
 */
export interface Version {
  text: string;
  version: string;
}

export interface Change {
  path: string;
  before: Version;
  after: Version;
  /** edits with the same key in quick succession (typing in one field) are merged into one entry */
  key?: string;
  at: number;
}

const MERGE_MS = 1500;

/** At most this many steps are kept across a reload (each holds two texts of a file). */
const KEPT = 100;

export class History {
  private undone: Change[] = [];
  private done: Change[] = [];

  /** The steps as text, to keep in the tab's storage over a reload. */
  save(): string {
    return JSON.stringify({ done: this.done.slice(-KEPT), undone: this.undone.slice(-KEPT) });
  }

  /**
   * The steps saved before a reload that still fit the files as they are now (`versions`, by path): from the top of
   * each stack down, a step whose file has another version (changed since, by anyone) ends it, with all below it.
   */
  static load(saved: string | null, versions: Record<string, string | undefined>): History {
    const history = new History();
    try {
      const { done, undone } = JSON.parse(saved ?? '{}') as { done?: Change[]; undone?: Change[] };
      history.done = fitting(done ?? [], versions, (c) => [c.after.version, c.before.version]);
      history.undone = fitting(undone ?? [], versions, (c) => [c.before.version, c.after.version]);
    } catch {
      // nothing kept, or not in this shape: a history of its own
    }
    return history;
  }

  record(change: Change): void {
    const last = this.done[this.done.length - 1];
    if (
      last &&
      change.key &&
      last.key === change.key &&
      last.path === change.path &&
      last.after.version === change.before.version &&
      change.at - last.at < MERGE_MS
    ) {
      last.after = change.after;
      last.at = change.at;
    } else {
      this.done.push(change);
    }
    this.undone = [];
  }

  get canUndo(): boolean {
    return this.done.length > 0;
  }

  get canRedo(): boolean {
    return this.undone.length > 0;
  }

  /** The change to undo; call undid() once it is put back, or keep() when it could not be. */
  peekUndo(): Change | undefined {
    return this.done[this.done.length - 1];
  }

  undid(now: Version): void {
    const change = this.done.pop();
    if (change) this.undone.push({ ...change, before: now });
  }

  peekRedo(): Change | undefined {
    return this.undone[this.undone.length - 1];
  }

  redid(now: Version): void {
    const change = this.undone.pop();
    if (change) this.done.push({ ...change, after: now, key: undefined });
  }
}

/** The bottom of a stack whose steps follow on each other and on the files now: [version at the top, version below]. */
function fitting(stack: Change[], versions: Record<string, string | undefined>, ends: (change: Change) => [string, string]): Change[] {
  const expected = { ...versions };
  let from = stack.length;
  while (from > 0) {
    const change = stack[from - 1]!;
    const [top, below] = ends(change);
    if (expected[change.path] !== top) break;
    expected[change.path] = below;
    from -= 1;
  }
  return stack.slice(from);
}
