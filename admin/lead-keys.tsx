import { useEffect, useState } from 'react';
import { Dialog } from './ui.tsx';
import styles from './leads.module.css';
import { words } from './words.ts';

/** The name links of the leads shown (the table on a laptop, the cards on a phone), in the list's order. */
const shownLeads = () => [...document.querySelectorAll<HTMLAnchorElement>('a[data-lead]')].filter((link) => link.offsetParent !== null);

/** Keys typed into a field, with a modifier, or under a dialog are the field's, the browser's or the dialog's. */
function isForTheList(event: KeyboardEvent) {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return false;
  const target = event.target as HTMLElement;
  if (target.closest('input, textarea, select, [contenteditable]')) return false;
  return !document.querySelector('dialog[open]');
}

/** j and k: the next or the previous lead takes the focus (the first or the last when none has it yet); Enter opens it, as on any link. */
function move(step: 1 | -1) {
  const links = shownLeads();
  if (links.length === 0) return;
  const at = links.indexOf(document.activeElement as HTMLAnchorElement);
  const next = at === -1 ? (step === 1 ? 0 : links.length - 1) : Math.min(links.length - 1, Math.max(0, at + step));
  const link = links[next]!;
  link.focus({ preventScroll: true });
  link.scrollIntoView({ block: 'nearest' });
}

/**
 * The list's keyboard shortcuts (issue 50), for the person who works the inbox from the keyboard: `/` to search,
 * `j`/`k` to move from lead to lead, Enter to open, `?` for this list of them, also behind a button for the mouse.
 */
export function ListKeys() {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!isForTheList(event)) return;
      if (event.key === '/') document.getElementById('zoek')?.focus();
      else if (event.key === 'j') move(1);
      else if (event.key === 'k') move(-1);
      else if (event.key === '?') setOpen(true);
      else return;
      event.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  return (
    <>
      <button type="button" className={`button button-secondary button-small ${styles.keysButton}`} onClick={() => setOpen(true)} aria-keyshortcuts="?">
        {words.leads.keys}
      </button>
      <Dialog open={open} title={words.leads.keys} onClose={() => setOpen(false)}>
        <dl className={styles.keys}>
          {words.leads.keyList.map(([key, what]) => (
            <div key={key}>
              <dt>
                <kbd>{key}</kbd>
              </dt>
              <dd>{what}</dd>
            </div>
          ))}
        </dl>
        <div className="actions">
          <button type="button" className="button" onClick={() => setOpen(false)}>
            {words.leads.keysClose}
          </button>
        </div>
      </Dialog>
    </>
  );
}
