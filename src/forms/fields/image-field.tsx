import { useId } from 'react';
import { useDropzone } from 'react-dropzone';
import type { ImagesField } from '../../../core/site/schema-types.ts';
import type { PickedFile } from '../../../core/forms/form-types.ts';
import { fill } from '../../../core/text/fill.ts';
import styles from '../form.module.css';
import { Hint, widthClass } from './field-parts.tsx';
import { usePickedImages } from './use-picked-images.ts';
import { ImagePreviews, RefusedFiles, UploadProgress } from './image-parts.tsx';

interface ImageFieldProps {
  field: ImagesField;
  files: PickedFile[];
  onChange: (name: string, files: PickedFile[]) => void;
  /** Upload progress during a submit; shown only while strictly between 0 and 100. */
  progress: number;
  busy: boolean;
}

/**
 * Loaded lazily (react-dropzone is only needed where a form has an image field).
 * The drop area is not itself a tab stop: a real button opens the file chooser,
 * so keyboard and screen-reader users get a plain, named control.
 */
export default function ImageField({ field, files, onChange, progress, busy }: ImageFieldProps) {
  const id = useId();
  const { refused, full, onDrop, remove } = usePickedImages(field, files, onChange, id);

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

  const dragState = !isDragActive ? 'idle' : isDragReject || full ? 'reject' : isDragAccept ? 'accept' : 'active';
  const dragText = { idle: field.texts.prompt, active: field.texts.dragActive, accept: field.texts.dragAccept, reject: field.texts.dragReject }[dragState];
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
      <ImagePreviews files={files} texts={field.texts} busy={busy} onRemove={remove} />
      <RefusedFiles refused={refused} heading={field.texts.rejectedHeading} />
      {busy ? <UploadProgress id={id} percent={progress} text={field.texts.progress} /> : null}
    </div>
  );
}
