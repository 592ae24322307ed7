import { useCallback, useRef, type MutableRefObject } from 'react';
import type { EditOp } from '../../../core/edit/ops.ts';
import { api, type EditAnswer, type SiteFile } from './api.ts';
import { pointerOf } from '../form/field-common.tsx';
import { parses, SETTLE_TRIES, sleep } from './settled-read.ts';

/** A file's edits waiting for the request before them: typing in one field (one `key`) is one undo step. */
export type Pending = { ops: EditOp[]; key?: string };

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

export interface EditQueueHandlers {
  filesRef: MutableRefObject<Record<string, SiteFile>>;
  /** the answer to one request of edits: the new text, an undo step, or a conflict */
  answered: (path: string, before: SiteFile, next: Pending, ops: EditOp[], answer: EditAnswer) => void;
  /** a request that got no answer (the dev server stopped) */
  failed: (path: string, ops: EditOp[], error: Error) => void;
  /** a file's edits are all answered */
  drained: (path: string) => void;
}

interface Request extends Omit<EditQueueHandlers, 'drained'> {
  path: string;
  next: Pending;
  /** how often it waited for a half-written file so far */
  waits: number;
  pending: Map<string, Pending>;
}

/**
 * One request of a file's queued edits, answered; true when the file was half-written (another editor saving) and
 * the edits were queued again, before the keys typed meanwhile, to be replayed on the whole text a moment later.
 */
async function sendOnce({ path, next, waits, pending, filesRef, answered, failed }: Request): Promise<boolean> {
  const before = filesRef.current[path]!;
  const ops = squash(next.ops);
  try {
    const answer = await api.edit(path, before.hash, ops);
    if (!answer.ok && !parses(answer.file.text) && waits < SETTLE_TRIES.length) {
      const later = pending.get(path);
      pending.set(path, { ops: [...next.ops, ...(later?.ops ?? [])], key: later && later.key !== next.key ? undefined : next.key });
      await sleep(SETTLE_TRIES[waits]!);
      return true;
    }
    answered(path, before, next, ops, answer);
  } catch (error) {
    failed(path, ops, error as Error);
  }
  return false;
}

/**
 * The edits of each file, queued and sent one request at a time, each based on the version the studio last saw;
 * while another editor's save is half-written, the edits wait for the whole text (the keys typed meanwhile after
 * them) and the server replays them on it.
 */
export function useEditQueue({ filesRef, answered, failed, drained }: EditQueueHandlers) {
  const pending = useRef(new Map<string, Pending>());
  const inFlight = useRef(new Set<string>());
  const idle = useRef<(() => void)[]>([]);
  const busy = useCallback((path: string) => pending.current.has(path) || inFlight.current.has(path), []);

  const send = useCallback(
    (path: string, next: Pending, waits: number) => sendOnce({ path, next, waits, pending: pending.current, filesRef, answered, failed }),
    [answered, failed, filesRef],
  );

  /** Sends a file's queued edits, one request at a time, until none are left. */
  const flush = useCallback(
    async (path: string): Promise<void> => {
      if (inFlight.current.has(path)) return;
      inFlight.current.add(path);
      // the waits for one half-written save: an edit answered ends them, and the next save may be waited for as long
      let waits = 0;
      for (let next = pending.current.get(path); next; next = pending.current.get(path)) {
        pending.current.delete(path);
        waits = (await send(path, next, waits)) ? waits + 1 : 0;
      }
      inFlight.current.delete(path);
      drained(path);
      if (inFlight.current.size === 0 && pending.current.size === 0) idle.current.splice(0).forEach((done) => done());
    },
    [drained, send],
  );

  /** One edit of one file, or several sent and written together (one undo step). */
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

  /** Resolves once every file's edits are answered. */
  const settled = useCallback(
    () => (inFlight.current.size === 0 && pending.current.size === 0 ? Promise.resolve() : new Promise<void>((done) => idle.current.push(done))),
    [],
  );
  return { busy, edit, settled };
}
