import type { EditOp } from '../../../core/edit/ops.ts';
import type { Located, Schema, SchemaFiles } from './schema.ts';

/** What every field of a form shares: where it is, its problems, and how it edits the file. */
export type Path = (string | number)[];

/** Problems of the open file by JSON pointer ('/blocks/0/headline'). */
export type FieldProblems = Map<string, string[]>;

export interface FormContext {
  files: SchemaFiles;
  /** the site's language (its config's `lang`): the studio speaks it, and new items are filled in it */
  lang: string;
  /** every route of the site (pages and landing pages), for link fields */
  routes: string[];
  /** every site file by its path (content/forms/contact.json, ...): a new item can name a form or collection that exists */
  paths: string[];
  problems: FieldProblems;
  /** the files under public/ (images, sounds), for fields that name one */
  assets: string[];
  /** keeps a picked file as a new image in public/images/ */
  upload: (file: File) => Promise<{ src: string; width: number; height: number }>;
  /** edits with the same key in quick succession are one undo step; several ops given together are always one */
  edit: (op: EditOp | EditOp[], key?: string) => void;
  /** a value that follows another one (the call link follows the phone number): its field is not shown */
  hidden?: (pointer: string) => boolean;
  /** a line the studio says under a field besides its help (what follows it, how to type it) */
  note?: (pointer: string) => string | undefined;
  /** focuses the field of a value (by its JSON pointer) once it is shown; a new item's text selected, to type over */
  focus?: (pointer: string, how?: 'near' | 'new') => void;
}

export const pointerOf = (path: Path) => (path.length === 0 ? '' : `/${path.map((p) => String(p).replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`);

export interface FieldProps {
  ctx: FormContext;
  located: Located;
  value: unknown;
  path: Path;
  label: string;
  required?: boolean;
  /** the field's one-line help, under its label */
  help?: string;
  /** the keys beside this one in its object (an image's src has width and height beside it) */
  siblings?: string[];
  /** the (resolved) schema of the object that holds this value: a list's items are named from it ("Vraag 3") */
  holder?: Schema;
  /** a group shown without its own frame and title (the block form has a heading of its own) */
  bare?: boolean;
}

/** The ids an input is described by (its help, its problems), as aria-describedby takes them. */
export const describedBy = (...ids: (string | false | undefined)[]): string | undefined => ids.filter(Boolean).join(' ') || undefined;

/** A field's help and the studio's own note on it, one line each under its label. */
export function Help({ ctx, path, help, id }: { ctx: FormContext; path: Path; help?: string; id: string }) {
  const note = ctx.note?.(pointerOf(path));
  if (!help && !note) return null;
  return (
    <p className="field-hint" id={id}>
      {[help, note].filter(Boolean).join(' ')}
    </p>
  );
}

/** Whether a field has help or a note to show (so its input names the line in aria-describedby). */
export const hasHelp = (ctx: FormContext, path: Path, help?: string): boolean => Boolean(help || ctx.note?.(pointerOf(path)));

export function Messages({ ctx, path, id }: { ctx: FormContext; path: Path; id: string }) {
  const messages = ctx.problems.get(pointerOf(path));
  if (!messages?.length) return null;
  return (
    <ul className="field-problems" id={id}>
      {messages.map((m) => (
        <li key={m}>{m}</li>
      ))}
    </ul>
  );
}
