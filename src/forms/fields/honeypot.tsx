import { useId } from 'react';
import styles from '../form.module.css';

/**
 * A field people never see or reach (off-screen, out of the tab order, hidden
 * from assistive technology) but form-filling bots do: a value in it marks the
 * lead as spam on the server. The label only keeps checkers quiet; nobody reads it.
 */
export function Honeypot({ name }: { name: string }) {
  const id = useId();
  return (
    <div className={styles.trap} aria-hidden="true">
      <label htmlFor={id}>{name}</label>
      <input id={id} type="text" name={name} tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}

/** The honeypot's name: one bots like to fill, unless the form has a real field of that name. */
export function honeypotName(fieldNames: string[]): string {
  return fieldNames.includes('website') ? 'website_url' : 'website';
}
