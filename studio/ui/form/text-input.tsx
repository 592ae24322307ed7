import { useEffect, useId, useRef, useState } from 'react';
import type { EditOp } from '../../../core/edit/ops.ts';
import { MAX_UPLOAD_BYTES } from '../../../core/images/uploads.ts';
import { typeOf, type Schema } from './schema.ts';
import { describedBy, hasHelp, Help, Messages, pointerOf, type FieldProps } from './field-common.tsx';
import { RefusedUpload } from '../files/media-api.ts';
import { studioTexts } from '../texts.ts';
import './upload.css';

/**
 * A file picked for an image field becomes a new image in public/images/ (WebP at 2x, its widths made by the
 * build); the field takes its path, and the width and height beside it, when there are, its size: one undo step.
 */
function ImageUpload({ ctx, path, siblings }: Pick<FieldProps, 'ctx' | 'path' | 'siblings'>) {
  const id = useId();
  const t = studioTexts(ctx.lang);
  const [status, setStatus] = useState('');
  const pick = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > MAX_UPLOAD_BYTES) {
      setStatus(t.tooBig(file.name, MAX_UPLOAD_BYTES / 1024 / 1024));
      return;
    }
    setStatus(t.uploading(file.name));
    try {
      const saved = await ctx.upload(file);
      const parent = path.slice(0, -1);
      const size: EditOp[] =
        siblings?.includes('width') && siblings.includes('height')
          ? [
              { op: 'set', path: [...parent, 'width'], value: saved.width },
              { op: 'set', path: [...parent, 'height'], value: saved.height },
            ]
          : [];
      ctx.edit([{ op: 'set', path, value: saved.src }, ...size], `upload:${pointerOf(path)}`);
      setStatus(t.uploaded(saved.src, saved.width, saved.height));
    } catch (error) {
      // the server refuses a file it cannot read as an image; anything else is said as it came
      setStatus(error instanceof RefusedUpload ? t.notImage(file.name) : t.uploadFailed(file.name, (error as Error).message));
    }
  };
  return (
    <div className="upload">
      {/* the browser's own file button speaks the browser's language: it is hidden, and its label is the button */}
      <label htmlFor={id} className="upload-button">
        <input
          id={id}
          className="upload-input"
          type="file"
          accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
          onChange={(e) => {
            void pick(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
        {t.uploadImage}
      </label>
      <p role="status" className="field-hint">
        {status}
      </p>
    </div>
  );
}

/** A schema's pattern as a RegExp, or undefined when it is not one JavaScript reads (then every file is offered). */
function patternOf(source: string): RegExp | undefined {
  try {
    return new RegExp(source);
  } catch {
    return undefined;
  }
}

/**
 * The text a field shows. While the person types it is their draft, so the server's answers never move the caret;
 * the file's value replaces it only when it is not the echo of a value the field sent itself (an undo, another
 * editor, another tab), even while the field has the focus: the field always shows what its next key will change.
 */
function useDraft(text: string, same: (sent: string, stored: string) => boolean) {
  const [draft, setDraft] = useState(text);
  /** the values this field sent whose echo has not come back yet, oldest first */
  const sent = useRef<string[]>([]);
  useEffect(() => {
    const echo = sent.current.findIndex((value) => same(value, text));
    if (echo >= 0) {
      sent.current.splice(0, echo + 1);
      return;
    }
    sent.current = [];
    setDraft(text);
    // `same` compares by the field's kind, which does not change while it is shown
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text]);
  const type = (next: string) => {
    sent.current.push(next);
    setDraft(next);
  };
  return [draft, type] as const;
}

const isLong = (schema: Schema, text: string) => (schema.maxLength ?? 0) > 160 || text.length > 80 || text.includes('\n');

/**
 * A one-line input or a textarea, by the schema and the text: chosen again only while nobody types in it, so the
 * element (and the focus and the caret in it) never changes under the person's keys.
 */
function useMultiline(schema: Schema, draft: string, focused: boolean): boolean {
  const [multiline, setMultiline] = useState(() => isLong(schema, draft));
  useEffect(() => {
    if (!focused) setMultiline(isLong(schema, draft));
  }, [schema, draft, focused]);
  return multiline;
}

/** The files a field of assets can name (by its pattern), and whether it takes an upload (the WebP one becomes). */
function assetChoices(ctx: FieldProps['ctx'], schema: Schema) {
  if (schema['x-asset'] === undefined) return undefined;
  const pattern = typeof schema.pattern === 'string' ? patternOf(schema.pattern) : undefined;
  return { assets: ctx.assets.filter((src) => !pattern || pattern.test(src)), takesImages: !pattern || pattern.test('/images/upload.webp') };
}

/** The files offered as the field is typed in, and the upload button where it takes images. */
function AssetChoices({
  id,
  choices,
  ctx,
  path,
  siblings,
}: Pick<FieldProps, 'ctx' | 'path' | 'siblings'> & { id: string; choices: ReturnType<typeof assetChoices> }) {
  if (!choices) return null;
  return (
    <>
      <datalist id={id}>
        {choices.assets.map((src) => (
          <option key={src} value={src} />
        ))}
      </datalist>
      {choices.takesImages ? <ImageUpload ctx={ctx} path={path} siblings={siblings} /> : null}
    </>
  );
}

/**
 * What a key and leaving the field write: the text (a number for a number field), kept in its place when emptied
 * ("": what is typed next is a one-line change); an optional field the person emptied and left is taken out of the
 * file, as if never filled in (a field found empty is left as it is).
 */
function useTextWrites(props: FieldProps, numeric: boolean, draft: string, setDraft: (text: string) => void, setFocused: (focused: boolean) => void) {
  const { ctx, value, path, required } = props;
  const key = path[path.length - 1];
  /** whether the person emptied the field since it took the focus */
  const emptied = useRef(false);
  const commit = (next: string) => {
    emptied.current = next === '';
    setDraft(next);
    ctx.edit({ op: 'set', path, value: !numeric ? next : next !== '' ? Number(next) : required ? 0 : '' });
  };
  const leave = () => {
    setFocused(false);
    if (emptied.current && draft === '' && value !== undefined && !required && typeof key === 'string') {
      emptied.current = false;
      ctx.edit({ op: 'removeKey', path: path.slice(0, -1), key });
    }
  };
  return { commit, leave };
}

/** A text or number field: one line or a textarea by its length, its files offered and an upload where it names images. */
export function TextInput(props: FieldProps) {
  const { ctx, located, value, path, label, help, required, siblings } = props;
  const id = useId();
  const text = typeof value === 'string' ? value : value === undefined ? '' : String(value);
  const { schema } = located;
  const numeric = typeOf(schema) === 'number';
  const [draft, setDraft] = useDraft(text, numeric ? (a, b) => String(Number(a)) === b || a === b : (a, b) => a === b);
  const [focused, setFocused] = useState(false);
  const multiline = useMultiline(schema, draft, focused) && !numeric;
  const { commit, leave } = useTextWrites(props, numeric, draft, setDraft, setFocused);
  const problemId = `${id}-problems`;
  const invalid = (ctx.problems.get(pointerOf(path))?.length ?? 0) > 0;
  const choices = assetChoices(ctx, schema);
  const list = choices ? `${id}-files` : undefined;
  const helpId = `${id}-help`;
  const common = {
    id,
    value: draft,
    'data-pointer': pointerOf(path),
    'aria-invalid': invalid || undefined,
    'aria-describedby': describedBy(hasHelp(ctx, path, help) && helpId, invalid && problemId),
    onFocus: () => setFocused(true),
    onBlur: leave,
  };
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      <Help ctx={ctx} path={path} help={help} id={helpId} />
      {multiline ? (
        <textarea {...common} rows={Math.min(8, Math.max(3, Math.ceil(draft.length / 70)))} onChange={(e) => commit(e.target.value)} />
      ) : (
        <input {...common} type={numeric ? 'number' : 'text'} list={list} onChange={(e) => commit(e.target.value)} />
      )}
      {list ? <AssetChoices id={list} choices={choices} ctx={ctx} path={path} siblings={siblings} /> : null}
      <Messages ctx={ctx} path={path} id={problemId} />
    </div>
  );
}
