import { useEffect, useId, useRef, useState } from 'react';
import { useDropzone, type FileRejection } from 'react-dropzone';
import type { ImagesField } from '../../../core/site/schema-types.ts';
import type { PickedFile } from '../../../core/forms/form-types.ts';
import { fill } from '../../../core/text/fill.ts';
import styles from '../form.module.css';
import { Hint, widthClass } from './field-parts.tsx';
import { rejectionMessage } from './image-rejections.ts';

interface ImageFieldProps {
  field: ImagesField;
  files: PickedFile[];
  onChange: (name: string, files: PickedFile[]) => void;
  /** Upload progress during a submit; shown only while strictly between 0 and 100. */
  progress: number;
  busy: boolean;
}

interface Refused {
  name: string;
  messages: string[];
}

/**
 * Loaded lazily (react-dropzone is only needed where a form has an image field).
 * The drop area is not itself a tab stop: a real button opens the file chooser,
 * so keyboard and screen-reader users get a plain, named control.
 */
export default function ImageField({ field, files, onChange, progress, busy }: ImageFieldProps) {
  const id = useId();
  const nextId = useRef(0);
  const [refused, setRefused] = useState<Refused[]>([]);
  const remaining = field.maxFiles - files.length;

  // Revoke the preview of every file that left the list (removed, form cleared) and all of them on unmount.
  const shown = useRef<PickedFile[]>([]);
  useEffect(() => {
    for (const old of shown.current) if (!files.includes(old)) URL.revokeObjectURL(old.previewUrl);
    shown.current = files;
  }, [files]);
  useEffect(() => () => shown.current.forEach((p) => URL.revokeObjectURL(p.previewUrl)), []);

  const onDrop = (accepted: File[], rejections: FileRejection[]) => {
    // maxFiles counts over all drops, so the surplus is decided here rather than per drop by the library.
    const room = Math.max(0, remaining);
    const kept = accepted.slice(0, room).map((file) => ({ id: `${id}-${nextId.current++}`, file, previewUrl: URL.createObjectURL(file) }));
    const surplus = accepted.slice(room).map((file) => ({ name: file.name, messages: [field.errors.tooMany] }));
    const refusedNow = rejections.map((r) => ({ name: r.file.name, messages: r.errors.map((e) => rejectionMessage(field, String(e.code), e.message)) }));
    setRefused([...refusedNow, ...surplus]);
    if (kept.length > 0) onChange(field.name, [...files, ...kept]);
  };

  const { getRootProps, getInputProps, open, isDragActive, isDragAccept, isDragReject } = useDropzone({
    accept: field.accept as Record<string, string[]>,
    maxSize: field.maxSize,
    minSize: field.minSize,
    multiple: true,
    noClick: true,
    noKeyboard: true,
    disabled: busy,
    onDrop,
  });

  const full = remaining <= 0;
  const dragState = !isDragActive ? 'idle' : isDragReject || full ? 'reject' : isDragAccept ? 'accept' : 'active';
  const dragText = { idle: field.texts.prompt, active: field.texts.dragActive, accept: field.texts.dragAccept, reject: field.texts.dragReject }[dragState];
  const remove = (picked: PickedFile) =>
    onChange(
      field.name,
      files.filter((f) => f !== picked),
    );
  const showProgress = busy && progress > 0 && progress < 100;
  // The button is where keyboard and screen-reader users meet the field: it carries the allowed types and sizes too.
  const describedBy = [field.hint ? `${id}-hint` : '', `${id}-count`].filter(Boolean).join(' ');

  return (
    <div className={widthClass(field.width)} role="group" aria-labelledby={`${id}-label`} data-field={field.name}>
      <p id={`${id}-label`} className={styles.label}>
        {field.label}
      </p>
      <Hint id={id} text={field.hint} />
      <div {...getRootProps({ className: styles.dropzone, 'data-drag': dragState } as Record<string, unknown>)}>
        <input {...getInputProps()} />
        <svg className={styles.dropIcon} viewBox="0 0 24 24" width="32" height="32" aria-hidden="true">
          <path
            d="M12 16V4m0 0-4 4m4-4 4 4M4 16v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-2"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        {/* Not a live region: announcing every drag state would be noise; the rejection list below is announced. */}
        <p className={styles.dropText}>{full && dragState === 'idle' ? field.texts.full : dragText}</p>
        <button type="button" className="btn btn--secondary btn--sm" onClick={open} disabled={busy || full} aria-describedby={describedBy}>
          {field.texts.button}
        </button>
        <p id={`${id}-count`} className={styles.count}>
          {fill(field.texts.count, { count: files.length, max: field.maxFiles })}
        </p>
      </div>
      {files.length > 0 ? (
        <ul className={styles.previews}>
          {files.map((picked) => (
            <li key={picked.id} className={styles.preview}>
              <img src={picked.previewUrl} alt={fill(field.texts.previewAlt, { name: picked.file.name })} width={112} height={112} />
              <span className={styles.previewName}>{picked.file.name}</span>
              <button
                type="button"
                className={styles.remove}
                onClick={() => remove(picked)}
                disabled={busy}
                aria-label={fill(field.texts.remove, { name: picked.file.name })}
              >
                <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
                  <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
                </svg>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div aria-live="polite" className={styles.refusedRegion}>
        {refused.length > 0 ? (
          <div className={styles.refused} data-testid="upload-rejections">
            <p className={styles.refusedHeading}>{field.texts.rejectedHeading}</p>
            <ul>
              {refused.map((r, i) => (
                <li key={`${r.name}-${i}`}>
                  <span className={styles.refusedName}>{r.name}</span>: {r.messages.join(' ')}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
      {showProgress ? (
        <div className={styles.progress}>
          <progress max={100} value={Math.round(progress)} aria-labelledby={`${id}-progress-text`} />
          <p id={`${id}-progress-text`} className={styles.progressText} role="status">
            {fill(field.texts.progress, { percent: Math.round(progress) })}
          </p>
        </div>
      ) : null}
    </div>
  );
}
