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

export class History {
  private undone: Change[] = [];
  private done: Change[] = [];

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
