import { useEffect, useId, useRef, type ReactNode } from 'react';
import styles from './ui.module.css';
import { words } from './words.ts';

/** The screen's heading: the document's title follows it, and focus moves to it when the screen opens. */
export function PageHeading({ children, title }: { children: ReactNode; title: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = words.pageTitle(title);
    ref.current?.focus();
  }, [title]);
  return (
    <h1 ref={ref} tabIndex={-1} className={styles.heading}>
      {children}
    </h1>
  );
}

/** A message that assistive technology reads out when it appears: an error (alert) or a calm note (status). */
export function Notice({ kind = 'error', children }: { kind?: 'error' | 'ok' | 'info'; children: ReactNode }) {
  if (!children) return null;
  return (
    <div role={kind === 'error' ? 'alert' : 'status'} className={`${styles.notice} ${styles[kind]}`}>
      {children}
    </div>
  );
}

/**
 * Keeps an always-present live region, so that a message put into it later is announced; with `onRetry` (what the
 * screen shows could not be loaded), a way on: the button that asks again.
 */
export function LiveError({ message, onRetry }: { message: string | undefined; onRetry?: (() => void) | undefined }) {
  return (
    <div role="alert" className={message ? `${styles.notice} ${styles.error}` : styles.empty}>
      {message}
      {message && onRetry ? (
        <button type="button" className={`button button-secondary button-small ${styles.retry}`} onClick={onRetry}>
          {words.tryAgain}
        </button>
      ) : null}
    </div>
  );
}

interface FieldProps {
  label: string;
  hint?: ReactNode;
  children: (props: { id: string; 'aria-describedby'?: string }) => ReactNode;
}

/** A label, the control, and a hint under it tied to the control. */
export function Field({ label, hint, children }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {children({ id, 'aria-describedby': hint ? hintId : undefined })}
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** A modal dialog (the browser's own: focus stays inside, Escape closes it). */
export function Dialog({ open, title, onClose, children }: { open: boolean; title: string; onClose: () => void; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog ref={ref} className={styles.dialog} aria-labelledby={titleId} onClose={onClose}>
      {open ? (
        <>
          <h2 id={titleId} className={styles.dialogTitle}>
            {title}
          </h2>
          {children}
        </>
      ) : null}
    </dialog>
  );
}

export { styles as ui };
