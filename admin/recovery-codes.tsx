import { useState } from 'react';
import styles from './invitation.module.css';

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
  const text = `Herstelcodes backoffice voor ${email}\nElke code werkt één keer.\n\n${codes.join('\n')}\n`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setNote('De codes staan op het klembord.');
    } catch {
      setNote('Kopiëren lukte niet: selecteer de codes en kopieer ze zelf, of download ze.');
    }
  };
  return (
    <>
      <ol className={styles.codes} aria-label="Herstelcodes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="actions no-print">
        <button className="button button-secondary" type="button" onClick={() => void copy()}>
          Kopiëren
        </button>
        <button className="button button-secondary" type="button" onClick={() => window.print()}>
          Afdrukken
        </button>
        <button className="button button-secondary" type="button" onClick={() => download('herstelcodes-backoffice.txt', text, 'text/plain;charset=utf-8')}>
          Downloaden
        </button>
      </div>
      <p role="status" className={styles.copyNote}>
        {note}
      </p>
    </>
  );
}
