import { useEffect, useId, useRef, useState } from 'react';
import { useDropzone } from 'react-dropzone';
import type { EditOp } from '../../../core/edit/ops.ts';
import { kindOf } from '../../../core/site/layout.ts';
import type { ImageUse } from '../files/media-api.ts';
import type { MediaWords } from './media-texts.ts';
import { uploadOne } from './media-upload.tsx';

export type MediaEdit = (path: string, change: EditOp | EditOp[], key?: string) => void;
type Path = (string | number)[];
/** A use inside an image object: its alt text can be edited, and its picture replaced. */
export type ImageObjectUse = ImageUse & { altPath: Path };

export const pointer = (path: Path) => `/${path.join('/')}`;
/** The key of a use: its file and the pointer of its alt text. */
export const keyOfUse = (use: ImageUse) => `${use.file}#${pointer(use.altPath ?? use.path)}`;

/** Where a use is, for people: a page's or the site settings' name, or a list's and the pages that show it. */
export function whereOf(use: ImageUse, t: MediaWords): string {
  if (kindOf(use.file) !== 'collection') return t.nameOf(use.file);
  return t.collection(t.nameOf(use.file), [...new Set((use.shownOn ?? []).map((page) => t.nameOf(page.file)))]);
}

/** Where a use is, shown. */
export function Where({ use, t }: { use: ImageUse; t: MediaWords }) {
  return <span className="media-where">{whereOf(use, t)}</span>;
}

/** The alt text of one use, written as the person types (one undo step per field, as in the forms). */
function AltText({ use, t, edit, focus }: { use: ImageObjectUse; t: MediaWords; edit: MediaEdit; focus: boolean }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const stored = use.alt ?? '';
  const [draft, setDraft] = useState(stored);
  const [focused, setFocused] = useState(false);
  // the list is read again after each write: while the person types, their own text stays
  useEffect(() => {
    if (!focused) setDraft(stored);
  }, [stored, focused]);
  // a picture just replaced: its alt text (emptied with the replacement: the old one described the old picture) is the next thing to write
  useEffect(() => {
    if (!focus) return;
    setDraft('');
    input.current?.focus();
  }, [focus]);
  return (
    <div className="media-alt">
      <label htmlFor={id}>{t.alt}</label>
      <input
        id={id}
        ref={input}
        value={draft}
        onFocus={() => setFocused(true)}
        onBlur={() => setFocused(false)}
        onChange={(e) => {
          setDraft(e.target.value);
          edit(use.file, { op: 'set', path: use.altPath, value: e.target.value }, `set:${pointer(use.altPath)}`);
        }}
      />
    </div>
  );
}

interface UseProps {
  use: ImageObjectUse;
  t: MediaWords;
  edit: MediaEdit;
  focus: boolean;
  /** the use took a new picture: the panel says so and moves the keyboard to its alt text */
  replaced: (key: string, message: string) => void;
}

/**
 * One use of an image inside an image object: where it is, its alt text, and a new picture for it, chosen or
 * dropped on the use: its path and size are one edit (one undo step, and the undo takes the uploaded file away).
 */
export function ImageObjectUseRow({ use, t, edit, focus, replaced }: UseProps) {
  const [message, setMessage] = useState('');
  const replace = async (file: File | undefined) => {
    if (!file) return;
    setMessage(t.uploading(file.name));
    const { saved, text } = await uploadOne(file, t, false);
    if (!saved) return setMessage(text);
    const parent = use.path.slice(0, -1);
    const size: EditOp[] = use.sized
      ? [
          { op: 'set', path: [...parent, 'width'], value: saved.width },
          { op: 'set', path: [...parent, 'height'], value: saved.height },
        ]
      : [];
    // the old alt text described the old picture: it goes in the same step, and the keyboard goes to write the new one
    const alt: EditOp = { op: 'set', path: use.altPath, value: '' };
    edit(use.file, [{ op: 'set', path: use.path, value: saved.src }, ...size, alt], `upload:${pointer(use.path)}`);
    replaced(keyOfUse(use), t.replaced(file.name, whereOf(use, t)));
  };
  const { getRootProps, getInputProps, isDragActive, open } = useDropzone({
    onDrop: (files) => void replace(files[0]),
    noClick: true,
    noKeyboard: true,
    multiple: false,
  });
  const where = whereOf(use, t);
  return (
    <div {...getRootProps({ className: `media-use${isDragActive ? ' media-drop--active' : ''}` })}>
      <input {...getInputProps({ accept: 'image/jpeg,image/png,image/webp,image/gif,image/avif', 'aria-hidden': true })} />
      <Where use={use} t={t} />
      <AltText use={use} t={t} edit={edit} focus={focus} />
      <button type="button" className="media-replace" aria-label={t.replaceOn(where)} onClick={open}>
        {t.replace}
      </button>
      {message ? <p className="media-error">{message}</p> : null}
    </div>
  );
}
