import { useCallback, useEffect, useRef, useState } from 'react';
import type { EditOp } from '../core/edit/ops.ts';
import { api, type Problem, type SiteFile, type StudioState } from './api.ts';
import { History } from './history.ts';
import { pointerOf } from './schema-form.tsx';

export interface Conflict {
  path: string;
  ops: EditOp[];
  message: string;
}

/** Two set ops on one path in a row: only the last one counts. */
function squash(ops: EditOp[]): EditOp[] {
  const out: EditOp[] = [];
  for (const op of ops) {
    const last = out[out.length - 1];
    if (last && last.op === 'set' && op.op === 'set' && pointerOf(last.path) === pointerOf(op.path)) out[out.length - 1] = op;
    else out.push(op);
  }
  return out;
}

/**
 * The site's files as the studio holds them, and every way they change: edits (queued per file, one request at a
 * time, each based on the version it last saw), undo and redo by exact text, and changes made on disk by anyone
 * else (reloaded at once when nothing is pending; pending edits are replayed on them by the server).
 */
export function useSiteFiles(say: (message: string) => void) {
  const [state, setState] = useState<StudioState | undefined>();
  const [files, setFiles] = useState<Record<string, SiteFile>>({});
  const [problems, setProblems] = useState<Problem[]>([]);
  const [routes, setRoutes] = useState<string[]>([]);
  const [assets, setAssets] = useState<string[]>([]);
  const [conflict, setConflict] = useState<Conflict | undefined>();
  const [can, setCan] = useState({ undo: false, redo: false });
  /** counts the changes of the site's files on disk that the studio knows of */
  const [revision, setRevision] = useState(0);
  const filesRef = useRef(files);
  useEffect(() => {
    filesRef.current = files;
  }, [files]);
  const pending = useRef(new Map<string, { ops: EditOp[]; key?: string }>());
  const inFlight = useRef(new Set<string>());
  const idle = useRef<(() => void)[]>([]);
  const history = useRef(new History());
  const refreshTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const put = useCallback((file: SiteFile) => setFiles((all) => ({ ...all, [file.path]: file })), []);
  const refreshProblems = useCallback(() => {
    clearTimeout(refreshTimer.current);
    refreshTimer.current = setTimeout(() => {
      void api.problems().then((answer) => {
        setProblems(answer.problems);
        setRoutes(answer.routes);
        setAssets(answer.assets);
      });
    }, 150);
  }, []);

  useEffect(() => {
    void api.state().then((loaded) => {
      setState(loaded);
      setFiles(Object.fromEntries(loaded.files.map((f) => [f.path, f])));
      setProblems(loaded.problems);
      setRoutes(loaded.routes);
      setAssets(loaded.assets);
    });
  }, []);

  /** Sends a file's queued edits, one request at a time, until none are left. */
  const flush = useCallback(
    async (path: string): Promise<void> => {
      if (inFlight.current.has(path)) return;
      inFlight.current.add(path);
      for (let next = pending.current.get(path); next; next = pending.current.get(path)) {
        pending.current.delete(path);
        const before = filesRef.current[path]!;
        const ops = squash(next.ops);
        try {
          const answer = await api.edit(path, before.version, ops);
          filesRef.current = { ...filesRef.current, [path]: answer.file };
          put(answer.file);
          if (answer.ok) {
            if (answer.changed) {
              history.current.record({ path, before, after: answer.file, key: next.key, at: Date.now() });
              setRevision((r) => r + 1);
            }
            if (answer.replayed) say(`${path} had changed on disk; your edit was applied to the new text.`);
            refreshProblems();
          } else {
            setConflict({ path, ops, message: answer.message });
            say(`${path}: ${answer.message}`);
          }
        } catch (error) {
          setConflict({ path, ops, message: (error as Error).message });
        }
        setCan({ undo: history.current.canUndo, redo: history.current.canRedo });
      }
      inFlight.current.delete(path);
      if (inFlight.current.size === 0 && pending.current.size === 0) idle.current.splice(0).forEach((done) => done());
    },
    [put, refreshProblems, say],
  );

  /**
   * One edit of one file, or several sent and written together (one undo step); typing in one field (the same
   * `key`) becomes one undo step too.
   */
  const edit = useCallback(
    (path: string, change: EditOp | EditOp[], key?: string) => {
      const ops = Array.isArray(change) ? change : [change];
      const queued = pending.current.get(path);
      if (queued) {
        queued.ops.push(...ops);
        if (queued.key !== key) queued.key = undefined;
      } else pending.current.set(path, { ops, key });
      void flush(path);
    },
    [flush],
  );

  const settled = useCallback(
    () => (inFlight.current.size === 0 && pending.current.size === 0 ? Promise.resolve() : new Promise<void>((done) => idle.current.push(done))),
    [],
  );

  const stepping = useRef<Promise<void>>(Promise.resolve());
  const stepNow = useCallback(
    async (direction: 'undo' | 'redo') => {
      await settled();
      const h = history.current;
      const change = direction === 'undo' ? h.peekUndo() : h.peekRedo();
      if (!change) return;
      const [from, to] = direction === 'undo' ? [change.after, change.before] : [change.before, change.after];
      const answer = await api.restore(change.path, from.version, to.text);
      if (answer.ok) {
        filesRef.current = { ...filesRef.current, [change.path]: answer.file };
        put(answer.file);
        if (direction === 'undo') h.undid(answer.file);
        else h.redid(answer.file);
        setRevision((r) => r + 1);
        say(`${direction === 'undo' ? 'Undone' : 'Redone'}: ${change.path}`);
        refreshProblems();
      } else {
        put(answer.file);
        say(`Cannot ${direction}: ${answer.message}. The file was reloaded.`);
      }
      setCan({ undo: history.current.canUndo, redo: history.current.canRedo });
    },
    [put, refreshProblems, say, settled],
  );
  /** Undo and redo one after another: a second Ctrl+Z waits for the first to be on disk. */
  const step = useCallback((direction: 'undo' | 'redo') => (stepping.current = stepping.current.then(() => stepNow(direction))), [stepNow]);

  const create = useCallback(
    async (path: string, text: string) => {
      const file = await api.create(path, text);
      filesRef.current = { ...filesRef.current, [path]: file };
      put(file);
      return file;
    },
    [put],
  );

  // changes on disk by anyone else (an editor beside the studio)
  useEffect(() => {
    const source = new EventSource('/__studio/api/events');
    source.onmessage = (event) => {
      const { path, asset } = JSON.parse(event.data as string) as { path?: string; asset?: string };
      if (asset !== undefined) return refreshProblems();
      if (path === undefined || pending.current.has(path) || inFlight.current.has(path)) return;
      void api.file(path).then(
        (file) => {
          if (filesRef.current[path]?.version === file.version) return;
          filesRef.current = { ...filesRef.current, [path]: file };
          put(file);
          setRevision((r) => r + 1);
          say(`${path} changed on disk and was reloaded.`);
          refreshProblems();
        },
        () => undefined,
      );
    };
    return () => source.close();
  }, [put, refreshProblems, say]);

  return {
    state,
    revision,
    files,
    problems,
    routes,
    assets,
    conflict,
    edit,
    create,
    settled,
    undo: () => step('undo'),
    redo: () => step('redo'),
    canUndo: can.undo,
    canRedo: can.redo,
    retryConflict: () => {
      if (!conflict) return;
      setConflict(undefined);
      for (const op of conflict.ops) edit(conflict.path, op);
    },
    dropConflict: () => setConflict(undefined),
  };
}
