import { kindOf } from '../../../core/site/layout.ts';
import type { PendingFile } from '../../../core/studio/contract.ts';
import type { PublishTexts } from './publish-texts.ts';

/** A site file that differs from the last published version, as studio/server/publish.ts lists it. */
export type { PendingFile } from '../../../core/studio/contract.ts';

/** One changed value: where (the keys down to it, and the same in words) and what it was and is. */
export interface FieldChange {
  field: (string | number)[];
  /** where it is, in the labels a person sees on the way to its field: ["Blok 1 (Openingsblok)", "Kop"] */
  place: string[];
  kind: 'changed' | 'added' | 'removed';
  before?: string;
  after?: string;
}

/** A changed file in words: its name as staff know it ("Home", "Veelgestelde vragen") and what changed in it. */
export interface FileChange {
  path: string;
  status: PendingFile['status'];
  kind: 'page' | 'settings' | 'collection' | 'form' | 'image' | 'file';
  name: string;
  fields: FieldChange[];
}

/**
 * How the studio says a file and a place in it: the name of a site file (the page at / is "Home", a list by its
 * kind) and the labels on the way to a value, with a list's items by their own text. The studio gives its catalogs'
 * words (studio/ui/form/names.ts, through change-words.ts); without them a file is named by its file name and a place by its keys.
 */
export interface ChangeWords {
  name: (path: string) => string;
  place: (path: string, data: unknown, field: (string | number)[]) => string[];
}

type Json = unknown;
type Path = (string | number)[];
const isObject = (v: Json): v is Record<string, Json> => typeof v === 'object' && v !== null && !Array.isArray(v);
const MAX_TEXT = 80;
const shorten = (text: string) => (text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text);

/** The words of a studio that has no catalogs at hand: file names and keys. */
export const plainWords: ChangeWords = {
  name: (path) => path.replace(/^.*\//, '').replace(/\.json$/, ''),
  place: (_path, _data, field) => field.map((key) => (typeof key === 'number' ? String(key + 1) : key)),
};

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

const same = (a: Json, b: Json) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Two lists' differences: the items equal at the start and at the end are left out, so one item added or removed
 * anywhere is that item (not every item after it changed); what is left is compared item by item.
 */
function walkList(before: Json[], after: Json[], path: Path, out: Omit<FieldChange, 'place'>[]): void {
  let start = 0;
  while (start < before.length && start < after.length && same(before[start], after[start])) start++;
  let end = 0;
  while (end < before.length - start && end < after.length - start && same(before[before.length - 1 - end], after[after.length - 1 - end])) end++;
  const old = before.length - start - end;
  const now = after.length - start - end;
  for (let i = 0; i < Math.max(old, now); i++) {
    if (i >= now) out.push({ field: [...path, start + i], kind: 'removed', before: summary(before[start + i]) });
    else if (i >= old) out.push({ field: [...path, start + i], kind: 'added', after: summary(after[start + i]) });
    else walk(before[start + i], after[start + i], [...path, start + i], out);
  }
}

/** Every leaf that differs between two JSON values, by index in lists and by key in objects. */
function walk(before: Json, after: Json, path: Path, out: Omit<FieldChange, 'place'>[]): void {
  if (Array.isArray(before) && Array.isArray(after)) walkList(before, after, path, out);
  else if (isObject(before) && isObject(after)) {
    for (const key of new Set([...Object.keys(after), ...Object.keys(before)])) {
      if (key === '$schema') continue;
      if (!(key in after)) out.push({ field: [...path, key], kind: 'removed', before: summary(before[key]) });
      else if (!(key in before)) out.push({ field: [...path, key], kind: 'added', after: summary(after[key]) });
      else walk(before[key], after[key], [...path, key], out);
    }
  } else if (!same(before, after)) {
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

function changeKind(path: string): FileChange['kind'] {
  const kind = kindOf(path);
  if (kind) return kind === 'config' ? 'settings' : kind;
  return /\.(webp|png|jpe?g|gif|svg|avif)$/i.test(path) ? 'image' : 'file';
}

/** What changed in a file, in the terms of the site: its name, and each place by its labels, with old and new text. */
export function describeFile(file: PendingFile, words: ChangeWords = plainWords): FileChange {
  const kind = changeKind(file.path);
  const before = parse(file.before);
  const after = parse(file.after);
  // an image (or another file of public/) is known by its own name ("team.webp"), never by its folder
  const name = kind === 'image' || kind === 'file' ? file.path.replace(/^.*\//, '') : words.name(file.path);
  const fields: Omit<FieldChange, 'place'>[] = [];
  if (file.status === 'changed' && before !== undefined && after !== undefined) walk(before, after, [], fields);
  // a place is named in the version that has it: an item added in the new one, one removed in the old one
  const place = (change: Omit<FieldChange, 'place'>) => words.place(file.path, change.kind === 'removed' ? before : after, change.field);
  return { path: file.path, status: file.status, kind, name, fields: fields.map((change) => ({ ...change, place: place(change) })) };
}

/** Where a change is, in words: "Blok 1 (Openingsblok) › Kop", "Vraag: Wat kost het?". */
export const placeOf = (change: FieldChange): string => change.place.join(' › ');

/** The value a change added or removed, unless its place already says it (an item named by its own text). */
export function shownValue(change: FieldChange): string | undefined {
  const value = change.kind === 'added' ? change.after : change.before;
  const last = change.place[change.place.length - 1] ?? '';
  return value && last.endsWith(value.length > 60 ? value.slice(0, 59) + '…' : value) ? undefined : value;
}

/** One change in a line: "Blok 1 (Openingsblok) › Kop: Welkom → Hallo", "Vraag: Wat kost het? (toegevoegd)". */
export function changeLine(change: FieldChange, texts: PublishTexts): string {
  if (change.kind === 'changed') return `${placeOf(change)}: ${change.before || texts.empty} → ${change.after || texts.empty}`;
  const value = shownValue(change);
  return `${placeOf(change)} (${change.kind === 'added' ? texts.added : texts.removed})${value === undefined ? '' : `: ${value || texts.empty}`}`;
}

/** What happened to a whole file (a new page, a removed image), or undefined when it was changed. */
export function fileStatusText(file: FileChange, texts: PublishTexts): string | undefined {
  if (file.status === 'changed') return undefined;
  const added = file.status === 'added';
  if (file.kind === 'page') return added ? texts.newPage : texts.pageRemoved;
  if (file.kind === 'image') return added ? texts.newImage : texts.imageRemoved;
  return added ? texts.newFile : texts.fileRemoved;
}

/** A place's last step in a word or two, for a commit's subject: "Vraag: Wat kost het?" → "Vraag", "Omschrijving (alt-tekst)" → "Omschrijving". */
const shortWhat = (label: string) =>
  label
    .replace(/:.*$/, '')
    .replace(/\s*\(.*\)$/, '')
    .replace(/\s+\d+$/, '');

const IMAGE_PARTS = new Set(['src', 'alt', 'width', 'height']);

/** The few words of a commit's subject for one file: "Home (Kop, Inleiding toegevoegd)", "nieuwe pagina Over ons". */
function subjectPart(file: FileChange, texts: PublishTexts): string {
  const status = fileStatusText(file, texts);
  if (status) return `${status} ${file.kind === 'image' ? file.name.replace(/\.[a-z0-9]+$/i, '') : file.name}`;
  const words = file.fields.map((f) => {
    // an image's file, alt text and size are the image, in a subject: "Afbeelding", not its parts
    const whole =
      IMAGE_PARTS.has(String(f.field[f.field.length - 1])) && f.place.length >= 2 && f.place.length === f.field.length - (file.kind === 'page' ? 1 : 0);
    const what = shortWhat(f.place[f.place.length - (whole ? 2 : 1)] ?? '');
    return f.kind === 'changed' ? what : `${what} ${f.kind === 'added' ? texts.added : texts.removed}`;
  });
  const unique = [...new Set(words.filter((w) => w.trim() !== ''))];
  return unique.length === 0 ? file.name : `${file.name} (${unique.slice(0, 3).join(', ')}${unique.length > 3 ? ', …' : ''})`;
}

const SUBJECT_MAX = 100;

/** "Inhoud bijgewerkt: Home (Kop), Veelgestelde vragen (Vraag toegevoegd)": as many files as fit, then how many more. */
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
    return file.fields.slice(0, 20).map((f) => `- ${file.name}, ${changeLine(f, texts)}`);
  });
  return `${subject}\n\n${lines.join('\n')}`;
}
