import { insertItem, JsonEditError, moveItem, removeItem, removeKey, setValue, type Path } from './json-edit.ts';

/** One edit of a JSON file, as the studio sends it: a path into the document, never the file's whole text. */
export type EditOp =
  | { op: 'set'; path: Path; value: unknown }
  | { op: 'removeKey'; path: Path; key: string }
  | { op: 'insert'; path: Path; index: number; value: unknown }
  | { op: 'remove'; path: Path; index: number }
  | { op: 'move'; path: Path; from: number; to: number };

export class OpError extends JsonEditError {
  constructor(
    readonly index: number,
    override readonly cause: unknown,
  ) {
    super(`edit ${index + 1} cannot apply: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'OpError';
  }
}

export function applyOp(text: string, op: EditOp): string {
  switch (op.op) {
    case 'set':
      return setValue(text, op.path, op.value);
    case 'removeKey':
      return removeKey(text, op.path, op.key);
    case 'insert':
      return insertItem(text, op.path, op.index, op.value);
    case 'remove':
      return removeItem(text, op.path, op.index);
    case 'move':
      return moveItem(text, op.path, op.from, op.to);
  }
}

/** The ops one after another on the text so far; OpError names the first that cannot apply. */
export function applyOps(text: string, ops: EditOp[]): string {
  return ops.reduce((next, op, index) => {
    try {
      return applyOp(next, op);
    } catch (error) {
      throw new OpError(index, error);
    }
  }, text);
}

const isPath = (v: unknown): v is Path => Array.isArray(v) && v.every((k) => typeof k === 'string' || (typeof k === 'number' && Number.isInteger(k)));
const isIndex = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;

/** An op from the wire, checked; undefined when it is not one. */
export function asOp(v: unknown): EditOp | undefined {
  if (typeof v !== 'object' || v === null) return undefined;
  const o = v as Record<string, unknown>;
  if (!isPath(o.path)) return undefined;
  if (o.op === 'set' && 'value' in o) return { op: 'set', path: o.path, value: o.value };
  if (o.op === 'removeKey' && typeof o.key === 'string') return { op: 'removeKey', path: o.path, key: o.key };
  if (o.op === 'insert' && isIndex(o.index) && 'value' in o) return { op: 'insert', path: o.path, index: o.index, value: o.value };
  if (o.op === 'remove' && isIndex(o.index)) return { op: 'remove', path: o.path, index: o.index };
  if (o.op === 'move' && isIndex(o.from) && isIndex(o.to)) return { op: 'move', path: o.path, from: o.from, to: o.to };
  return undefined;
}
