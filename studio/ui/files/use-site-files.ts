import { useCallback, useEffect, useRef, useState, type MutableRefObject } from 'react';
import type { EditOp } from '../../../core/edit/ops.ts';
import { EVENTS_API, type StudioEvent } from '../../../core/studio/contract.ts';
import { api, type EditAnswer, type SiteFile, type StudioState } from './api.ts';
import { pageClock } from '../preview/page-clock.ts';
import { readSettled } from './settled-read.ts';
import { useEditQueue, type Pending } from './use-edit-queue.ts';
import type { History, Step } from './history.ts';
import type { Status } from './status-texts.ts';
import { useHistory } from './use-history.ts';
import { pointerOf } from '../form/field-common.tsx';

export interface Conflict {
  path: string;
  ops: EditOp[];
  message: string;
}

/**
 * An edit refused because another person has the file now (`leased`: its lease is theirs) or saved it after the
 * version the edit was made on (`overtaken`): never written over their work. The texts it would have put stay here, for
 * the person to copy.
 */
export interface LostEdit {
  path: string;
  reason: 'leased' | 'overtaken';
  /** the other person's address */
  who: string;
  /** the texts typed, the last one of each field (by its JSON pointer) */
  texts: { at: string; text: string }[];
}

/** A refused edit's texts, added to those of the edits of the same file refused before it. */
function lostEdit(before: LostEdit | undefined, path: string, reason: LostEdit['reason'], who: string, ops: EditOp[]): LostEdit {
  const texts = new Map((before?.path === path ? before.texts : []).map(({ at, text }) => [at, text]));
  for (const op of ops) if (op.op === 'set' && typeof op.value === 'string') texts.set(pointerOf(op.path), op.value);
  return { path, reason, who, texts: [...texts].map(([at, text]) => ({ at, text })) };
}

/** A file changed on disk by someone else: its text before (as the studio held it) and now. */
export interface OutsideChange {
  path: string;
  before: string | undefined;
  after: string;
}

/** How soon the site's state is asked again when the studio's server did not answer. */
const STATE_RETRY_MS = 2_000;

/** What the studio's server says of the site beside its files, asked again a moment after each change. */
type Checks = Pick<StudioState, 'problems' | 'warnings' | 'routes' | 'assets'>;
const NO_CHECKS: Checks = { problems: [], warnings: [], routes: [], assets: [] };
const checksOf = ({ problems, warnings, routes, assets }: Checks): Checks => ({ problems, warnings, routes, assets });

/** The site's state, asked for until the studio's server answers (starting, or moving to another instance): never stuck on "loading". */
function useFirstLoad(loaded: (state: StudioState) => void) {
  useEffect(() => {
    let live = true;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const load = () =>
      api.state().then(
        (state) => live && loaded(state),
        () => {
          if (live) retry = setTimeout(() => void load(), STATE_RETRY_MS);
        },
      );
    void load();
    return () => {
      live = false;
      clearTimeout(retry);
    };
  }, [loaded]);
}

/** The site's state, loaded once, and its problems, routes and assets, asked again a moment after each change. */
function useSiteState() {
  const [state, setState] = useState<StudioState | undefined>();
  const [files, setFiles] = useState<Record<string, SiteFile>>({});
  const [checks, setChecks] = useState<Checks>(NO_CHECKS);
  const filesRef = useRef(files);
  const refreshTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useFirstLoad(
    useCallback((loaded: StudioState) => {
      setState(loaded);
      filesRef.current = Object.fromEntries(loaded.files.map((f) => [f.path, f]));
      setFiles(filesRef.current);
      setChecks(checksOf(loaded));
    }, []),
  );
  useEffect(() => () => clearTimeout(refreshTimer.current), []);
  /** the studio's copy of a file, in the ref (read by the queue at once) and in the state (rendered) */
  const put = useCallback((file: SiteFile) => {
    filesRef.current = { ...filesRef.current, [file.path]: file };
    setFiles((all) => ({ ...all, [file.path]: file }));
  }, []);
  /** a file that is gone (a page deleted, or its creation undone) leaves the studio's copy */
  const drop = useCallback((path: string) => {
    const { [path]: _gone, ...rest } = filesRef.current;
    filesRef.current = rest;
    setFiles(rest);
  }, []);
  const refreshProblems = useCallback(() => {
    clearTimeout(refreshTimer.current);
    refreshTimer.current = setTimeout(() => {
      api.problems().then(
        (answer) => setChecks(checksOf(answer)),
        // not answered: the list stays as it was until the next edit asks again
        () => undefined,
      );
    }, 150);
  }, []);
  return { state, files, filesRef, put, drop, ...checks, refreshProblems };
}

/**
 * Changes on disk by anyone else (an editor beside the studio): read once complete (a half-written save is read
 * again until it parses), and only while the studio has no edit of that file on its way (its answer brings the
 * new text, with the edit replayed on it).
 */
function useOutsideChanges(
  busy: (path: string) => boolean,
  filesRef: MutableRefObject<Record<string, SiteFile>>,
  take: (file: SiteFile) => void,
  onAsset: () => void,
) {
  /** files changed while an edit of them was on its way: read again once it is answered */
  const missed = useRef(new Set<string>());
  const check = useCallback(
    (path: string) => {
      const read = (): void => {
        // the studio's copy when the read began: an answer to its own edit that comes while the file is read is
        // newer than what the read may bring back (asked for before that edit was written, or answered after it)
        const held = filesRef.current[path];
        void readSettled(path).then(
          (file) => {
            if (busy(path)) missed.current.add(path);
            else if (filesRef.current[path] !== held) read();
            else if (held?.hash !== file.hash) take(file);
          },
          () => undefined,
        );
      };
      read();
    },
    [busy, filesRef, take],
  );
  useEffect(() => {
    const source = new EventSource(EVENTS_API);
    const again = new Map<string, ReturnType<typeof setTimeout>>();
    const seen = (path: string) => (busy(path) ? missed.current.add(path) : check(path));
    source.onmessage = (event) => {
      const { path, asset } = JSON.parse(event.data as string) as StudioEvent;
      if (asset !== undefined) return onAsset();
      if (path === undefined) return;
      seen(path);
      // the watcher can drop a second change of a file that follows the first closely (an editor's save right after the
      // studio's, or its write right after its truncate): the file is read once more a moment later
      clearTimeout(again.get(path));
      again.set(
        path,
        setTimeout(() => seen(path), 150),
      );
    };
    return () => {
      source.close();
      again.forEach((timer) => clearTimeout(timer));
    };
  }, [busy, check, onAsset]);
  /** after a file's edits are answered: a change announced meanwhile, when the answer did not bring it */
  return useCallback(
    (path: string) => {
      if (missed.current.delete(path)) check(path);
    },
    [check],
  );
}

/** What a step sends to undo or redo it: for each file, the text to put back over the version there now. */
const stepFiles = (step: Step, direction: 'undo' | 'redo') =>
  step.files.map((f) => {
    const [from, to] = direction === 'undo' ? [f.after, f.before] : [f.before, f.after];
    return { path: f.path, base: from?.hash ?? null, text: to?.text ?? null };
  });

interface StepParts {
  history: MutableRefObject<History>;
  settled: () => Promise<void>;
  site: Pick<ReturnType<typeof useSiteState>, 'put' | 'drop'>;
  /** after a step is done: when its answer came (pageClock), and the files it brought back (a deleted page) */
  done: (at: number, back: string[]) => void;
  say: (status: Status) => void;
  refused: () => void;
}

/**
 * Undo and redo by exact text, one after another (a second Ctrl+Z waits for the first to be on disk), each only
 * over the versions it replaces, a step of several files all or none (a page deleted comes back with its route).
 */
function useSteps({ history, settled, site, done, say, refused }: StepParts) {
  const { put, drop } = site;
  const stepping = useRef<Promise<void>>(Promise.resolve());
  const stepNow = useCallback(
    async (direction: 'undo' | 'redo') => {
      await settled();
      const h = history.current;
      const step = direction === 'undo' ? h.peekUndo() : h.peekRedo();
      if (!step) return;
      const sent = stepFiles(step, direction);
      const answer = await api.step(sent);
      for (const { path, file } of answer.files) {
        if (file) put(file);
        else drop(path);
      }
      if (!answer.ok) {
        say({ key: direction === 'undo' ? 'cannotUndo' : 'cannotRedo' });
        return refused();
      }
      const now = Object.fromEntries(answer.files.map(({ path, file }) => [path, file]));
      if (direction === 'undo') h.undid(now);
      else h.redid(now);
      say({ key: direction === 'undo' ? 'undone' : 'redone', files: step.files.map((f) => f.path) });
      done(
        pageClock(),
        sent.filter((f) => f.base === null && f.text !== null).map((f) => f.path),
      );
    },
    [done, drop, history, put, refused, say, settled],
  );
  return useCallback(
    (direction: 'undo' | 'redo') =>
      (stepping.current = stepping.current.then(() => stepNow(direction)).catch(() => say({ key: direction === 'undo' ? 'cannotUndo' : 'cannotRedo' }))),
    [say, stepNow],
  );
}

/**
 * Grows with each change of the site's files the studio knows of: the time (pageClock) the studio knew the change was
 * on disk (its answer came, or it read the file). A page asked for after it shows the change; one asked for before
 * may not, even when asked for after the edit was sent (the dev server writes it a moment later).
 */
function useRevision() {
  const [revision, setRevision] = useState(0);
  const bump = useCallback((at: number) => setRevision((r) => Math.max(r + 1, at)), []);
  return [revision, bump] as const;
}

interface ChangeParts {
  site: ReturnType<typeof useSiteState>;
  /** the undo history (a ref), and what follows each change of it */
  history: MutableRefObject<History>;
  historyChanged: () => void;
  bump: (at: number) => void;
  say: (status: Status) => void;
  setConflict: (conflict: Conflict) => void;
  /** an edit refused for another person's sake: its texts kept to copy */
  setLost: (lost: (before: LostEdit | undefined) => LostEdit) => void;
  onOutside?: (change: OutsideChange) => void;
}

/** How a new text of a file becomes the studio's: one someone else wrote, or the answer to the studio's own edits. */
function useChanges({ site, history, historyChanged, bump, say, setConflict, setLost, onOutside }: ChangeParts) {
  const { filesRef, put, refreshProblems } = site;
  const outside = useRef(onOutside);
  useEffect(() => {
    outside.current = onOutside;
  });
  /** A text someone else wrote becomes the studio's: the selection follows it (same render), then the file. */
  const take = useCallback(
    (file: SiteFile) => {
      outside.current?.({ path: file.path, before: filesRef.current[file.path]?.text, after: file.text });
      put(file);
      bump(pageClock());
      say({ key: 'reloaded', file: file.path });
      refreshProblems();
    },
    [bump, filesRef, put, refreshProblems, say],
  );
  /** The answer to one request of edits: the new text, an undo step, or the conflict to show. */
  const answered = useCallback(
    (path: string, before: SiteFile, next: Pending, ops: EditOp[], answer: EditAnswer) => {
      if (answer.ok && answer.replayed) outside.current?.({ path, before: before.text, after: answer.file.text });
      put(answer.file);
      // the file is on disk as the answer says from now on (written, or found so by the edit: another editor's)
      if (answer.file.hash !== before.hash) bump(pageClock());
      if (answer.ok) {
        if (answer.changed) history.current.record({ path, before, after: answer.file, key: next.key, at: Date.now() });
        if (answer.replayed) say({ key: 'replayed', file: path });
        refreshProblems();
      } else if (answer.reason === 'leased' || answer.reason === 'overtaken') {
        // not to be tried again over their work: the file shows theirs, and the person's texts are kept to copy
        const who = answer.reason === 'leased' ? answer.holder.email : answer.savedBy;
        setLost((before) => lostEdit(before, path, answer.reason, who, ops));
        say({ key: 'notSaved', file: path });
      } else {
        setConflict({ path, ops, message: answer.message });
        say({ key: 'notSaved', file: path });
      }
      historyChanged();
    },
    [bump, history, historyChanged, put, refreshProblems, say, setConflict, setLost],
  );
  const failed = useCallback((path: string, ops: EditOp[], error: Error) => setConflict({ path, ops, message: error.message }), [setConflict]);
  return { take, answered, failed };
}

interface WholeParts {
  site: ReturnType<typeof useSiteState>;
  history: MutableRefObject<History>;
  historyChanged: () => void;
  bump: (at: number) => void;
  settled: () => Promise<void>;
}

/**
 * A change of several files as one step of undo (a page renamed: its route and every link; a page deleted: its links,
 * its route and its file; a page added: its file and its route), and a page's file made or deleted, kept in that step.
 */
function useWholeSteps({ site, history, historyChanged, bump, settled }: WholeParts) {
  const { filesRef, put, drop, refreshProblems } = site;
  /** runs `work` (edits of several files, awaited) with every change it makes gathered into one step */
  const together = useCallback(
    async <T>(work: () => Promise<T>): Promise<T> => {
      // an edit typed before is a step of its own
      await settled();
      history.current.begin();
      try {
        return await work();
      } finally {
        history.current.end();
        historyChanged();
      }
    },
    [history, historyChanged, settled],
  );
  /** deletes a page's file at the version the studio holds; undone, it comes back byte for byte */
  const removePage = useCallback(
    async (path: string) => {
      const file = filesRef.current[path];
      await api.removePage(path, file?.hash ?? '');
      drop(path);
      if (file) history.current.record({ path, before: file, after: null, at: Date.now() });
      historyChanged();
      bump(pageClock());
      refreshProblems();
    },
    [bump, drop, filesRef, history, historyChanged, refreshProblems],
  );
  /** a new file (a new page): undone, it goes again (with its route, when made in the same step) */
  const create = useCallback(
    async (path: string, text: string) => {
      const file = await api.create(path, text);
      put(file);
      history.current.record({ path, before: null, after: file, at: Date.now() });
      historyChanged();
      return file;
    },
    [history, historyChanged, put],
  );
  return { together, create, removePage };
}

/** Undo and redo, and what follows each: the revision, the problems, the buttons, a page that came back opened. */
function useUndo(parts: WholeParts & { say: (status: Status) => void; onBack?: (path: string) => void }) {
  const { site, history, historyChanged, bump, settled, say, onBack } = parts;
  const back = useRef(onBack);
  useEffect(() => {
    back.current = onBack;
  });
  const { refreshProblems } = site;
  const stepped = useCallback(
    (at: number, came: string[]) => {
      bump(at);
      refreshProblems();
      historyChanged();
      for (const path of came) back.current?.(path);
    },
    [bump, historyChanged, refreshProblems],
  );
  return useSteps({ history, settled, site, done: stepped, say, refused: historyChanged });
}

/**
 * The site's files as the studio holds them, and every way they change: edits (queued per file, one request at a
 * time, each based on the version it last saw), undo and redo by exact text (kept over a reload; a page deleted or
 * renamed is one step), and changes made on disk by anyone else (reloaded when complete and nothing is pending;
 * pending edits are replayed on them by the server, and wait while the file is half-written). `onBack`: a file an
 * undo or redo brought back (a deleted page). A page added is one step too.
 */
export function useSiteFiles(say: (status: Status) => void, onOutside?: (change: OutsideChange) => void, onBack?: (path: string) => void) {
  const site = useSiteState();
  const { filesRef, refreshProblems } = site;
  const [conflict, setConflict] = useState<Conflict | undefined>();
  const [lost, setLost] = useState<LostEdit | undefined>();
  /** a page asked for before the revision's time is older than the files (the preview loads it again) */
  const [revision, bump] = useRevision();
  const { history, can, changed: historyChanged } = useHistory(site.state);
  const { take, answered, failed } = useChanges({ site, history, historyChanged, bump, say, setConflict, setLost, onOutside });
  // the queue reads the outside changes missed while it was busy, and those are watched only while it is not
  const caughtUp = useRef<(path: string) => void>(() => undefined);
  const drained = useCallback((path: string) => caughtUp.current(path), []);
  const { busy, edit, settled } = useEditQueue({ filesRef, answered, failed, drained });
  const catchUp = useOutsideChanges(busy, filesRef, take, refreshProblems);
  useEffect(() => {
    caughtUp.current = catchUp;
  }, [catchUp]);
  const whole = { site, history, historyChanged, bump, settled };
  const { together, create, removePage } = useWholeSteps(whole);
  const step = useUndo({ ...whole, say, onBack });

  return {
    state: site.state,
    revision,
    files: site.files,
    problems: site.problems,
    warnings: site.warnings,
    routes: site.routes,
    assets: site.assets,
    conflict,
    edit,
    create,
    together,
    removePage,
    settled,
    undo: () => step('undo'),
    redo: () => step('redo'),
    canUndo: can.undo,
    canRedo: can.redo,
    retryConflict: () => {
      if (!conflict) return;
      setConflict(undefined);
      // sent again as they were sent: together, all or none, one step of undo
      edit(conflict.path, conflict.ops);
    },
    dropConflict: () => setConflict(undefined),
    /** the edit last refused for another person's sake (behind the back office's sign-in), with its texts */
    lost,
    dropLost: () => setLost(undefined),
  };
}
