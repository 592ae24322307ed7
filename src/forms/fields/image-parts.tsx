import type { ImagesField } from '../../../core/site/schema-types.ts';
import type { PickedFile } from '../../../core/forms/form-types.ts';
import { fill } from '../../../core/text/fill.ts';
import type { Refused } from './use-picked-images.ts';
import styles from '../form.module.css';

type Texts = ImagesField['texts'];

/** The picked images as thumbnails, each with its name and a named remove button. */
export function ImagePreviews({ files, texts, busy, onRemove }: { files: PickedFile[]; texts: Texts; busy: boolean; onRemove: (picked: PickedFile) => void }) {
  if (files.length === 0) return null;
  return (
    <ul className={styles.previews}>
      {files.map((picked) => (
        <li key={picked.id} className={styles.preview}>
          <img src={picked.previewUrl} alt={fill(texts.previewAlt, { name: picked.file.name })} width={112} height={112} />
          <span className={styles.previewName}>{picked.file.name}</span>
          <button
            type="button"
            className={styles.remove}
            onClick={() => onRemove(picked)}
            disabled={busy}
            aria-label={fill(texts.remove, { name: picked.file.name })}
          >
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
              <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
            </svg>
          </button>
        </li>
      ))}
    </ul>
  );
}

/** The files the last drop refused, with the reasons; a polite live region, so the list is announced. */
export function RefusedFiles({ refused, heading }: { refused: Refused[]; heading: string }) {
  return (
    <div aria-live="polite" className={styles.refusedRegion}>
      {refused.length > 0 ? (
        <div className={styles.refused} data-testid="upload-rejections">
          <p className={styles.refusedHeading}>{heading}</p>
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
  );
}

/** Upload progress during a send, shown only while strictly between 0 and 100. */
export function UploadProgress({ id, percent, text }: { id: string; percent: number; text: string }) {
  if (!(percent > 0 && percent < 100)) return null;
  return (
    <div className={styles.progress}>
      <progress max={100} value={Math.round(percent)} aria-labelledby={`${id}-progress-text`} />
      <p id={`${id}-progress-text`} className={styles.progressText} role="status">
        {fill(text, { percent: Math.round(percent) })}
      </p>
    </div>
  );
}
