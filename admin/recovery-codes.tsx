import { useState } from 'react';
import styles from './invitation.module.css';
import { words } from './words.ts';

/** Saves a text as a file the browser downloads. */
export function download(name: string, text: string, type: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The ten recovery codes, shown once, to copy, print or download. */
export function RecoveryCodes({ codes, email }: { codes: string[]; email: string }) {
  const [note, setNote] = useState('');
  const text = words.recovery.file(email, codes.join('\n'));
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setNote(words.recovery.copied);
    } catch {
      setNote(words.recovery.copyFailed);
    }
  };
  return (
    <>
      <ol className={styles.codes} aria-label={words.recovery.list}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="actions no-print">
        <button className="button button-secondary" type="button" onClick={() => void copy()}>
          {words.recovery.copy}
        </button>
        <button className="button button-secondary" type="button" onClick={() => window.print()}>
          {words.recovery.print}
        </button>
        <button className="button button-secondary" type="button" onClick={() => download(words.recovery.fileName, text, 'text/plain;charset=utf-8')}>
          {words.recovery.download}
        </button>
      </div>
      <p role="status" className={styles.copyNote}>
        {note}
      </p>
    </>
  );
}
