import type { PublishTexts } from './publish-texts.ts';

/** A site file that differs from the last published version, as scripts/studio/publish.ts lists it. */
export interface PendingFile {
  path: string;
  status: 'added' | 'changed' | 'removed';
  before?: string;
  after?: string;
}

/** One changed value: where (a block of a page, then the keys down to it) and what it was and is. */
export interface FieldChange {
  block?: { index: number; type: string };
  field: (string | number)[];
  kind: 'changed' | 'added' | 'removed';
  before?: string;
  after?: string;
}

/** A changed file in words: its name (a page's title, the file's name) and what changed in it. */
export interface FileChange {
  path: string;
  status: PendingFile['status'];
  kind: 'page' | 'settings' | 'collection' | 'form' | 'image' | 'file';
  name: string;
  fields: FieldChange[];
}

type Json = unknown;
const isObject = (v: Json): v is Record<string, Json> => typeof v === 'object' && v !== null && !Array.isArray(v);
const MAX_TEXT = 80;
const shorten = (text: string) => (text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text);

/** A value in a few words: a text as it is, an object or list by its first text. */
function summary(value: Json): string {
  if (typeof value === 'string') return shorten(value);
  if (typeof value !== 'object' || value === null) return String(value);
  for (const child of Object.values(value)) {
    const text = summary(child);
    if (text !== '' && (typeof child === 'string' || typeof child === 'object')) return text;
  }
  return '';
}

/** Every leaf that differs between two JSON values, by index in lists and by key in objects. */
function walk(before: Json, after: Json, path: (string | number)[], out: Omit<FieldChange, 'block'>[]): void {
  if (Array.isArray(before) && Array.isArray(after)) {
    for (let i = 0; i < Math.max(before.length, after.length); i++) {
      if (i >= after.length) out.push({ field: [...path, i], kind: 'removed', before: summary(before[i]) });
      else if (i >= before.length) out.push({ field: [...path, i], kind: 'added', after: summary(after[i]) });
      else walk(before[i], after[i], [...path, i], out);
    }
  } else if (isObject(before) && isObject(after)) {
    for (const key of new Set([...Object.keys(after), ...Object.keys(before)])) {
      if (key === '$schema') continue;
      if (!(key in after)) out.push({ field: [...path, key], kind: 'removed', before: summary(before[key]) });
      else if (!(key in before)) out.push({ field: [...path, key], kind: 'added', after: summary(after[key]) });
      else walk(before[key], after[key], [...path, key], out);
    }
  } else if (JSON.stringify(before) !== JSON.stringify(after)) {
    out.push({ field: path, kind: 'changed', before: summary(before), after: summary(after) });
  }
}

function parse(text: string | undefined): Json {
  try {
    return text === undefined ? undefined : (JSON.parse(text) as Json);
  } catch {
    return undefined;
  }
}

const fileName = (path: string) => path.replace(/^.*\//, '').replace(/\.json$/, '');

function kindOf(path: string): FileChange['kind'] {
  if (path === 'site.config.json') return 'settings';
  if (path.startsWith('content/pages/')) return 'page';
  if (path.startsWith('content/collections/')) return 'collection';
  if (path.startsWith('content/forms/')) return 'form';
  return /\.(webp|png|jpe?g|gif|svg|avif)$/i.test(path) ? 'image' : 'file';
}

/** A page's changes by block: `blocks/2/heading` is block 3's heading. */
function inBlocks(change: Omit<FieldChange, 'block'>, before: Json, after: Json): FieldChange {
  const [first, index, ...rest] = change.field;
  if (first !== 'blocks' || typeof index !== 'number') return change;
  const blockOf = (data: Json) => (isObject(data) && Array.isArray(data.blocks) ? (data.blocks[index] as Json) : undefined);
  const block = blockOf(after) ?? blockOf(before);
  const type = isObject(block) && typeof block.type === 'string' ? block.type : '';
  return { ...change, block: { index, type }, field: rest };
}

/** What changed in a file, in the terms of the site: page and block, field, old and new text. */
export function describeFile(file: PendingFile, texts: PublishTexts): FileChange {
  const kind = kindOf(file.path);
  const before = parse(file.before);
  const after = parse(file.after);
  const title = [after, before].map((d) => (isObject(d) && typeof d.title === 'string' ? d.title : undefined)).find(Boolean);
  const name = kind === 'settings' ? texts.settings : kind === 'page' ? (title ?? fileName(file.path)) : fileName(file.path);
  const fields: Omit<FieldChange, 'block'>[] = [];
  if (file.status === 'changed' && before !== undefined && after !== undefined) walk(before, after, [], fields);
  return { path: file.path, status: file.status, kind, name, fields: kind === 'page' ? fields.map((f) => inBlocks(f, before, after)) : fields };
}

/** Where a change is, in words: "blok 1 (hero) › headline", "items › 3 › question". */
export function placeOf(change: FieldChange, texts: PublishTexts): string {
  const keys = change.field.map((key) => (typeof key === 'number' ? String(key + 1) : key));
  return [change.block ? texts.block(change.block.index + 1, change.block.type) : undefined, ...keys].filter(Boolean).join(' › ');
}

/** What happened to a whole file (a new page, a removed image), or undefined when it was changed. */
export function fileStatusText(file: FileChange, texts: PublishTexts): string | undefined {
  if (file.status === 'changed') return undefined;
  const added = file.status === 'added';
  if (file.kind === 'page') return added ? texts.newPage : texts.pageRemoved;
  if (file.kind === 'image') return added ? texts.newImage : texts.imageRemoved;
  return added ? texts.newFile : texts.fileRemoved;
}

/** The few words of a commit's subject for one file: "Home (headline, intro)", "nieuwe pagina Over ons". */
function subjectPart(file: FileChange, texts: PublishTexts): string {
  const status = fileStatusText(file, texts);
  if (status) return `${status} ${file.kind === 'image' ? fileName(file.path.replace(/\.[a-z]+$/i, '')) : file.name}`;
  const words = file.fields.map((f) => {
    const key = [...f.field].reverse().find((k) => typeof k === 'string') ?? (f.block ? f.block.type : '');
    return f.kind === 'changed' ? key : `${key} ${f.kind === 'added' ? texts.added : texts.removed}`;
  });
  const unique = [...new Set(words)];
  return unique.length === 0 ? file.name : `${file.name} (${unique.slice(0, 3).join(', ')}${unique.length > 3 ? ', …' : ''})`;
}

const SUBJECT_MAX = 100;

/** "Inhoud bijgewerkt: Home (headline), faq (items toegevoegd)": as many files as fit, then how many more. */
function subjectOf(parts: string[], texts: PublishTexts): string {
  let subject = `${texts.commitSubject}: ${parts[0] ?? ''}`;
  for (const [index, part] of parts.entries()) {
    if (index === 0) continue;
    if (subject.length + part.length + 2 > SUBJECT_MAX) return `${subject}, ${texts.more(parts.length - index)}`;
    subject += `, ${part}`;
  }
  return subject;
}

/** The commit message: a short subject naming what changed, and a line per change beneath it. */
export function commitMessage(files: FileChange[], texts: PublishTexts): string {
  const subject = subjectOf(
    files.map((f) => subjectPart(f, texts)),
    texts,
  );
  const lines = files.flatMap((file) => {
    const status = fileStatusText(file, texts);
    if (status) return [`- ${file.name}: ${status}`];
    return file.fields.slice(0, 20).map((f) => `- ${file.name}, ${placeOf(f, texts)}: ${f.before ?? texts.empty} → ${f.after ?? texts.empty}`);
  });
  return `${subject}\n\n${lines.join('\n')}`;
}
