import { findNodeAtLocation, parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';

/**
 * Minimal, formatting-preserving edits of a JSON file's text: a changed value rewrites only that value's bytes,
 * a moved array item moves its own text, an inserted one follows its neighbours' layout (one line or several),
 * the file's indent and its line endings. Keys no schema knows, key order, spacing and the trailing newline stay
 * as they were. Every function takes the text and returns new text; none writes a file. A result that would not
 * parse is refused with JsonEditError, and so is text that does not parse to begin with.
 *
 * jsonc-parser reads the text (offsets of every node); the edits are made here rather than with its `modify`,
 * which re-formats the whole parent of an inserted or removed member.
 */

export class JsonEditError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'JsonEditError';
  }
}

export type Path = (string | number)[];

export interface Formatting {
  /** one level of indent: spaces or a tab */
  unit: string;
  eol: '\n' | '\r\n';
}

/** The file's own indent unit and line ending, for the text the edits insert. */
export function formattingOf(text: string): Formatting {
  const eol = /\r\n/.test(text) ? '\r\n' : '\n';
  const first = /^([ \t]+)\S/m.exec(text)?.[1] ?? '  ';
  return { unit: first.startsWith('\t') ? '\t' : first, eol };
}

/** The parsed tree of the text; JsonEditError when it is not JSON. */
export function parseJson(text: string): Node {
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { allowTrailingComma: false, disallowComments: true });
  if (!root || errors.length > 0) {
    const first = errors[0];
    throw new JsonEditError(`not valid JSON${first ? `: ${printParseErrorCode(first.error)} at offset ${first.offset}` : ''}`);
  }
  return root;
}

const where = (path: Path) => `/${path.join('/')}`;
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const end = (node: Node) => node.offset + node.length;
const valueOf = (text: string, node: Node) => JSON.parse(text.slice(node.offset, end(node))) as unknown;

/** The whitespace that starts the line `offset` is on. */
function lineIndent(text: string, offset: number): string {
  const start = text.lastIndexOf('\n', offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(start))![0];
}

/** A value on one line, spaced as Prettier prints JSON: { "a": 1, "b": [1, 2] }. */
function inline(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(inline).join(', ')}]`;
  if (isObject(value)) {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    return entries.length === 0 ? '{}' : `{ ${entries.map(([k, v]) => `${JSON.stringify(k)}: ${inline(v)}`).join(', ')} }`;
  }
  return JSON.stringify(value);
}

/** A value over several lines, its inner lines indented from `indent`. */
function block(value: unknown, indent: string, format: Formatting): string {
  return JSON.stringify(value, null, format.unit)
    .split('\n')
    .join(format.eol + indent);
}

/** A value laid out like `like` (one line or several), for a place whose line starts with `indent`. */
function serialise(value: unknown, like: string | undefined, indent: string, format: Formatting): string {
  const multiline = like === undefined ? true : /\n/.test(like);
  return multiline ? block(value, indent, format) : inline(value);
}

function replace(text: string, from: number, to: number, insert: string): string {
  const next = text.slice(0, from) + insert + text.slice(to);
  parseJson(next);
  return next;
}

function nodeAt(text: string, path: Path): Node | undefined {
  return findNodeAtLocation(parseJson(text), path);
}

function containerAt(text: string, path: Path, type: 'array' | 'object'): Node {
  const node = nodeAt(text, path);
  if (!node || node.type !== type) throw new JsonEditError(`no ${type} at ${where(path)}`);
  return node;
}

/**
 * Puts `member` (an array item's text, or `"key": value`) into `container` before child `index` (children.length
 * appends), with the separator and line break its neighbours have.
 */
function insertMember(text: string, container: Node, index: number, member: (indent: string, like: string | undefined) => string): string {
  const children = container.children ?? [];
  const format = formattingOf(text);
  const open = text.slice(container.offset, end(container));
  if (children.length === 0) {
    // an empty container: on one line as {} or [] were, or opened onto a line of its own
    const indent = lineIndent(text, container.offset);
    if (!/\n/.test(open)) return replace(text, container.offset + 1, end(container) - 1, member(indent, ''));
    const inner = indent + format.unit;
    return replace(text, container.offset + 1, end(container) - 1, `${format.eol}${inner}${member(inner, undefined)}${format.eol}${indent}`);
  }
  const neighbour = children[Math.min(index, children.length - 1)]!;
  const like = text.slice(neighbour.offset, end(neighbour));
  const multiline = /\n/.test(open.slice(0, children[0]!.offset - container.offset));
  const indent = multiline ? lineIndent(text, children[0]!.offset) : lineIndent(text, container.offset);
  const separator = multiline ? `,${format.eol}${indent}` : ', ';
  const item = member(indent, like);
  if (index >= children.length) return replace(text, end(children[children.length - 1]!), end(children[children.length - 1]!), `${separator}${item}`);
  return replace(text, children[index]!.offset, children[index]!.offset, `${item}${separator}`);
}

/** Takes child `index` out of `container` with one separator, so the rest keeps its layout. */
function removeMember(text: string, container: Node, index: number): string {
  const children = container.children ?? [];
  const child = children[index]!;
  // the last member: the container is left empty, [] or {}
  if (children.length === 1) return replace(text, container.offset + 1, end(container) - 1, '');
  if (index === 0) return replace(text, child.offset, children[1]!.offset, '');
  return replace(text, end(children[index - 1]!), end(child), '');
}

/**
 * Sets the value at `path` (its parent must exist), changing as few bytes as it can: objects and arrays are
 * compared member by member and only the leaves that differ are written, one edit at a time on the text so far.
 * Keys the new value lacks (or gives as undefined) are removed; keys it adds are appended in its order.
 */
export function setValue(text: string, path: Path, value: unknown): string {
  const node = nodeAt(text, path);
  if (!node) {
    if (value === undefined) return text;
    const key = path[path.length - 1];
    const parent = path.length > 0 ? nodeAt(text, path.slice(0, -1)) : undefined;
    if (parent?.type === 'object' && typeof key === 'string') {
      return insertMember(
        text,
        parent,
        parent.children?.length ?? 0,
        (indent, like) => `${JSON.stringify(key)}: ${serialise(value, like, indent, formattingOf(text))}`,
      );
    }
    if (parent?.type === 'array' && typeof key === 'number') return insertItem(text, path.slice(0, -1), key, value);
    throw new JsonEditError(`no value at ${where(path.slice(0, -1))} to set ${String(key)} in`);
  }
  if (value === undefined) {
    if (path.length === 0) throw new JsonEditError('cannot remove the whole document');
    const key = path[path.length - 1]!;
    return typeof key === 'number' ? removeItem(text, path.slice(0, -1), key) : removeKey(text, path.slice(0, -1), key);
  }
  const old = valueOf(text, node);
  if (same(old, value)) return text;
  if (isObject(old) && isObject(value)) {
    let next = text;
    for (const key of Object.keys(old)) if (!(key in value) || value[key] === undefined) next = removeKey(next, path, key);
    for (const [key, child] of Object.entries(value)) if (child !== undefined) next = setValue(next, [...path, key], child);
    return next;
  }
  if (Array.isArray(old) && Array.isArray(value)) {
    let next = text;
    // trailing items first, so the indices of the ones before stay valid
    for (let i = old.length - 1; i >= value.length; i--) next = removeItem(next, path, i);
    for (let i = 0; i < value.length; i++) next = i < old.length ? setValue(next, [...path, i], value[i]) : insertItem(next, path, i, value[i]);
    return next;
  }
  const current = text.slice(node.offset, end(node));
  return replace(text, node.offset, end(node), serialise(value, current, lineIndent(text, node.offset), formattingOf(text)));
}

/** Removes `key` from the object at `path`, with its separator; nothing when it is not there. */
export function removeKey(text: string, path: Path, key: string): string {
  const container = containerAt(text, path, 'object');
  const index = (container.children ?? []).findIndex((p) => p.children?.[0]?.value === key);
  return index < 0 ? text : removeMember(text, container, index);
}

/** Inserts `value` into the array at `path` before `index` (its length appends), laid out like its neighbours. */
export function insertItem(text: string, path: Path, index: number, value: unknown): string {
  const container = containerAt(text, path, 'array');
  const length = container.children?.length ?? 0;
  if (!Number.isInteger(index) || index < 0 || index > length) throw new JsonEditError(`index ${index} is outside 0..${length} of ${where(path)}`);
  return insertMember(text, container, index, (indent, like) => serialise(value, like, indent, formattingOf(text)));
}

/** Removes the item at `index` of the array at `path`, with its separator. */
export function removeItem(text: string, path: Path, index: number): string {
  const container = containerAt(text, path, 'array');
  const length = container.children?.length ?? 0;
  if (!Number.isInteger(index) || index < 0 || index >= length) throw new JsonEditError(`no item ${index} in ${where(path)}`);
  return removeMember(text, container, index);
}

/**
 * Moves the array item at `from` to `to` by moving the raw text of the items between them: each keeps its own
 * formatting, the separators stay where they are, and only the moved items' lines change.
 */
export function moveItem(text: string, path: Path, from: number, to: number): string {
  const items = containerAt(text, path, 'array').children ?? [];
  if (![from, to].every((i) => Number.isInteger(i) && i >= 0 && i < items.length))
    throw new JsonEditError(`cannot move item ${from} to ${to} of ${items.length}`);
  if (from === to) return text;
  const slices = items.map((item) => text.slice(item.offset, end(item)));
  const order = slices.map((_, i) => i);
  const [moved] = order.splice(from, 1);
  order.splice(to, 0, moved!);
  const low = Math.min(from, to);
  const high = Math.max(from, to);
  let result = text.slice(0, items[low]!.offset);
  for (let slot = low; slot <= high; slot++) {
    result += slices[order[slot]!]! + (slot < high ? text.slice(end(items[slot]!), items[slot + 1]!.offset) : '');
  }
  result += text.slice(end(items[high]!));
  parseJson(result);
  return result;
}
