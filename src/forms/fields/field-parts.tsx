import styles from '../form.module.css';

/** The ids that tie a control to its hint and error text (aria-describedby). */
export function describedBy(id: string, hint: string | undefined, error: string | undefined): string | undefined {
  return [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
}

export function RequiredMark({ required }: { required: boolean | undefined }) {
  return required ? (
    <span className={styles.required} aria-hidden="true">
      {' *'}
    </span>
  ) : null;
}

export function Hint({ id, text }: { id: string; text: string | undefined }) {
  return text ? (
    <p id={`${id}-hint`} className={styles.hint}>
      {text}
    </p>
  ) : null;
}

export function FieldError({ id, text }: { id: string; text: string | undefined }) {
  return text ? (
    <p id={`${id}-error`} className={styles.error}>
      <span className={styles.errorIcon} aria-hidden="true">
        !
      </span>
      {text}
    </p>
  ) : null;
}

export function widthClass(width: 'full' | 'half' | undefined): string {
  return width === 'half' ? `${styles.field} ${styles.half}` : `${styles.field}`;
}
