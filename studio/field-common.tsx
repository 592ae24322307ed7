import type { EditOp } from '../core/edit/ops.ts';
import type { Located, SchemaFiles } from './schema.ts';

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
}

export const pointerOf = (path: Path) => (path.length === 0 ? '' : `/${path.map((p) => String(p).replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`);

export interface FieldProps {
  ctx: FormContext;
  located: Located;
  value: unknown;
  path: Path;
  label: string;
  required?: boolean;
  /** the keys beside this one in its object (an image's src has width and height beside it) */
  siblings?: string[];
}

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
