import type { MouseEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import type { LeadRow } from '../core/admin/contract.ts';
import { formatShort, STATUS_NAMES } from './texts.ts';
import styles from './leads.module.css';
import { words } from './words.ts';

function Marks({ lead }: { lead: LeadRow }) {
  return (
    <span className={styles.marks}>
      <span className={`${styles.status} ${styles[lead.status]}`}>{STATUS_NAMES[lead.status]}</span>
      {lead.spam ? <span className={`${styles.mark} ${styles.spam}`}>{words.leads.spam}</span> : null}
      {lead.review ? <span className={`${styles.mark} ${styles.review}`}>{words.leads.review}</span> : null}
      {lead.hasPhotos ? <span className={styles.mark}>{words.leads.photos}</span> : null}
      {lead.callBackOn ? <span className={styles.mark}>{words.leads.callBack(formatShort(`${lead.callBackOn}T12:00:00Z`))}</span> : null}
      {lead.sourceLabel ? (
        <span className={styles.mark}>
          <span className="visually-hidden">{words.source.title}: </span>
          {lead.sourceLabel}
        </span>
      ) : null}
    </span>
  );
}

/** A lead the person has not opened: said to screen readers before its name (the eye sees the row in bold). */
function Unread({ lead }: { lead: LeadRow }) {
  return lead.unread ? <span className="visually-hidden">{words.leads.unread}</span> : null;
}

interface LeadTableProps {
  rows: LeadRow[];
  formTitle: (id: string) => string;
  /** a lead is about to open */
  onOpen: (lead: LeadRow) => void;
}

/** Where a lead opens: its page, with the list's filters for the way back. */
function useLeadTarget() {
  const [params] = useSearchParams();
  const back = params.toString();
  return (lead: LeadRow) => ({ pathname: `/leads/${lead.id}`, search: back ? `?terug=${encodeURIComponent(back)}` : '' });
}

/** The leads as a table on a laptop and as cards on a phone (leads.module.css shows the one that fits). */
export function LeadTable(props: LeadTableProps) {
  return (
    <>
      <Rows {...props} />
      <Cards {...props} />
    </>
  );
}

function Rows({ rows, formTitle, onOpen }: LeadTableProps) {
  const to = useLeadTarget();
  const navigate = useNavigate();
  /**
   * A click anywhere on a table row opens its lead, as a click on its name does: a convenience for the mouse and the finger.
   * The name stays the link (the keyboard's and the screen reader's way in); a click on a link, a text being
   * selected, or a click with a key held (a new tab) is left to the browser.
   */
  const open = (lead: LeadRow) => (event: MouseEvent) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    if ((event.target as Element).closest('a, button, input, select, textarea')) return;
    if (window.getSelection()?.toString()) return;
    onOpen(lead);
    void navigate(to(lead));
  };
  return (
    <table className={styles.table} aria-label={words.leads.table}>
      <thead>
        <tr>
          <th scope="col">{words.leads.date}</th>
          <th scope="col">{words.leads.name}</th>
          <th scope="col">{words.leads.form}</th>
          <th scope="col">{words.leads.status}</th>
          <th scope="col">{words.leads.message}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((lead) => (
          <tr key={lead.id} className={lead.unread ? `${styles.row} ${styles.unread}` : styles.row} onClick={open(lead)}>
            <td className={styles.date}>{formatShort(lead.createdAt)}</td>
            <td>
              <Unread lead={lead} />
              <Link to={to(lead)} onClick={() => onOpen(lead)} className={styles.name} data-lead>
                {lead.name || lead.email || words.leads.noName}
              </Link>
              <span className={styles.sub}>{lead.email}</span>
            </td>
            <td>{formTitle(lead.form)}</td>
            <td>
              <Marks lead={lead} />
            </td>
            <td>
              <span className={styles.preview}>{lead.preview}</span>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Cards({ rows, formTitle, onOpen }: LeadTableProps) {
  const to = useLeadTarget();
  return (
    <ul className={styles.cards} aria-label={words.leads.table}>
      {rows.map((lead) => (
        <li key={lead.id} className={lead.unread ? `${styles.card} ${styles.unread}` : styles.card}>
          <Unread lead={lead} />
          {/* the name's link covers the whole card (leads.module.css): a tap anywhere on it opens the lead */}
          <Link to={to(lead)} onClick={() => onOpen(lead)} className={`${styles.name} ${styles.cardLink}`} data-lead>
            {lead.name || lead.email || words.leads.noName}
          </Link>
          <span className={styles.sub}>
            {formatShort(lead.createdAt)} · {formTitle(lead.form)}
          </span>
          <Marks lead={lead} />
          {lead.preview ? <span className={styles.preview}>{lead.preview}</span> : null}
        </li>
      ))}
    </ul>
  );
}
