/**
 * Undo and redo over every kind of edit: each step holds the exact texts of the files it changed, before and after,
 * so undoing puts back the very bytes (byte-identical files), and is refused when any of them changed on disk since
 * (never over an unseen change). One step can span several files and a file that comes or goes: deleting a page (its
 * file, its route, the links moved away from it) or renaming one (the route and every link that followed) is one step.
 * Keystrokes in one field within a short time are one step.
 */
export interface FileText {
  text: string;
  hash: string;
}

/** One file's part of a step: its text before and after; null where the file was not there (a page deleted). */
export interface FileChange {
  path: string;
  before: FileText | null;
  after: FileText | null;
}

/** An edit of one file as it is recorded; edits with the same key in quick succession (typing in one field) merge. */
export interface Edit extends FileChange {
  key?: string;
  at: number;
}

export interface Step {
  files: FileChange[];
  key?: string;
  at: number;
}

/** The files as they are after a step was put back or done again, by path; null for a file that is not there. */
export type Now = Record<string, FileText | null>;

const MERGE_MS = 1500;

/** At most this many steps are kept across a reload (each holds two texts of each of its files). */
const KEPT = 100;

/** A step as saved before this shape (one file per step), or as saved now. */
type Saved = Step | (Edit & { files?: undefined });
const asStep = (saved: Saved): Step =>
  saved.files ? saved : { files: [{ path: saved.path, before: saved.before, after: saved.after }], key: saved.key, at: saved.at };

export class History {
  private undone: Step[] = [];
  private done: Step[] = [];
  /** the step being gathered (a delete or a rename of a page): its edits become one step at end() */
  private open: Step | undefined;

  /** The steps as text, to keep in the tab's storage over a reload. */
  save(): string {
    return JSON.stringify({ done: this.done.slice(-KEPT), undone: this.undone.slice(-KEPT) });
  }

  /**
   * The steps saved before a reload that still fit the files as they are now (`versions`, by path; a file not there
   * has none): from the top of each stack down, a step with a file of another version (changed since, by anyone)
   * ends it, with all below it.
   */
  static load(saved: string | null, versions: Record<string, string | undefined>): History {
    const history = new History();
    try {
      const { done, undone } = JSON.parse(saved ?? '{}') as { done?: Saved[]; undone?: Saved[] };
      history.done = fitting((done ?? []).map(asStep), versions, (f) => [f.after, f.before]);
      history.undone = fitting((undone ?? []).map(asStep), versions, (f) => [f.before, f.after]);
    } catch {
      // nothing kept, or not in this shape: a history of its own
    }
    return history;
  }

  /** Gathers the edits recorded until end() into one step (awaited edits of several files, a file deleted). */
  begin(): void {
    this.open = { files: [], at: Date.now() };
  }

  /** Ends the step begun: it is one step to undo, when anything changed. */
  end(): void {
    const step = this.open;
    this.open = undefined;
    if (step && step.files.length > 0) {
      this.done.push(step);
      this.undone = [];
    }
  }

  record(edit: Edit): void {
    const change: FileChange = { path: edit.path, before: edit.before, after: edit.after };
    if (this.open) return gather(this.open, change);
    const last = this.done[this.done.length - 1];
    const only = last?.files.length === 1 ? last.files[0] : undefined;
    if (
      last &&
      only &&
      edit.key &&
      last.key === edit.key &&
      only.path === edit.path &&
      only.after?.hash === edit.before?.hash &&
      edit.at - last.at < MERGE_MS
    ) {
      only.after = edit.after;
      last.at = edit.at;
    } else {
      this.done.push({ files: [change], key: edit.key, at: edit.at });
    }
    this.undone = [];
  }

  get canUndo(): boolean {
    return this.done.length > 0;
  }

  get canRedo(): boolean {
    return this.undone.length > 0;
  }

  /** The step to undo; call undid() once it is put back, or keep it (call nothing) when it could not be. */
  peekUndo(): Step | undefined {
    return this.done[this.done.length - 1];
  }

  undid(now: Now): void {
    const step = this.done.pop();
    if (step) this.undone.push({ ...step, files: step.files.map((f) => ({ ...f, before: now[f.path] ?? null })) });
  }

  peekRedo(): Step | undefined {
    return this.undone[this.undone.length - 1];
  }

  redid(now: Now): void {
    const step = this.undone.pop();
    if (step) this.done.push({ ...step, files: step.files.map((f) => ({ ...f, after: now[f.path] ?? null })), key: undefined });
  }
}

/** A file's edit into the step being gathered: a file edited twice keeps its first text before and its last after. */
function gather(step: Step, change: FileChange): void {
  const known = step.files.find((f) => f.path === change.path);
  if (known) known.after = change.after;
  else step.files.push(change);
}

/**
 * The bottom of a stack whose steps follow on each other and on the files now: for each file of a step, [its version
 * at the top, its version below] (a file not there has none).
 */
function fitting(stack: Step[], versions: Record<string, string | undefined>, ends: (change: FileChange) => [FileText | null, FileText | null]): Step[] {
  const expected = { ...versions };
  let from = stack.length;
  while (from > 0) {
    const step = stack[from - 1]!;
    if (!step.files.every((f) => expected[f.path] === ends(f)[0]?.hash)) break;
    for (const f of step.files) expected[f.path] = ends(f)[1]?.hash;
    from -= 1;
  }
  return stack.slice(from);
}
