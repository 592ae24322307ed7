import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { LeadAnswer } from '../core/admin/contract.ts';
import { post } from './api.ts';
import { mailLink, telLink } from './contact-links.ts';
import { Said, type Act } from './lead-act.tsx';
import { formatDate, formatDateTime, STATUS_NAMES } from './texts.ts';
import { Field } from './ui.tsx';
import styles from './lead.module.css';
import { words } from './words.ts';

/** The lead's cards that show the person and what they sent; the notes too. */
export type Lead = LeadAnswer['lead'];

/** Call or mail the person from here: the number as typed, dialled in international form; a mail begun for them. */
export function Reach({ lead }: { lead: Lead }) {
  const tel = lead.phone ? telLink(lead.phone) : undefined;
  if (!tel && !lead.email) return null;
  return (
    <section aria-labelledby="contact" className="card">
      <h2 id="contact" className={styles.h2}>
        {words.lead.reach}
      </h2>
      <ul className={styles.reach}>
        {tel ? (
          <li>
            <a href={tel} className="button button-secondary">
              {words.lead.call(lead.phone)}
            </a>
          </li>
        ) : null}
        {lead.email ? (
          <li>
            <a href={mailLink(lead.email, lead.formTitle, words.lead.greeting(lead.name))} className="button button-secondary">
              {words.lead.mailTo(lead.email)}
            </a>
          </li>
        ) : null}
      </ul>
    </section>
  );
}

export function LeadFields({ lead }: { lead: Lead }) {
  return (
    <section aria-labelledby="ingevuld" className="card">
      <h2 id="ingevuld" className={styles.h2}>
        {words.lead.filledIn}
      </h2>
      <dl className={styles.fields}>
        {lead.fields.map((field) => (
          <div key={field.name}>
            <dt>{field.label}</dt>
            <dd>{field.value || <span className="muted">{words.lead.empty}</span>}</dd>
          </div>
        ))}
      </dl>
      {lead.photos.length > 0 ? (
        <>
          <h3 className={styles.h3}>{words.lead.photos}</h3>
          <ul className={styles.photos}>
            {lead.photos.map((photo) => (
              <li key={photo.url}>
                <a href={photo.url} target="_blank" rel="noreferrer">
                  <img src={photo.url} alt={words.lead.photoAlt(photo.name, lead.name)} loading="lazy" width={160} height={120} />
                </a>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

export function Notes({ lead, act }: { lead: Lead; act: Act }) {
  const [body, setBody] = useState('');
  const add = async (event: FormEvent) => {
    event.preventDefault();
    if (!body.trim()) return;
    await act('notes', () => post('/leads/:id/notes', { params: { id: lead.id }, body: { body } }), words.lead.noteSaved, { sent: () => setBody('') });
  };
  return (
    <section aria-labelledby="notities" className="card">
      <h2 id="notities" className={styles.h2}>
        {words.lead.notes}
      </h2>
      <Timeline lead={lead} />
      <form onSubmit={(e) => void add(e)}>
        <Field label={words.lead.newNote} hint={words.lead.noteHint}>
          {(p) => <textarea {...p} value={body} onChange={(e) => setBody(e.target.value)} maxLength={5000} />}
        </Field>
        <button type="submit" className="button button-secondary" disabled={!body.trim()}>
          {words.lead.addNote}
        </button>
        <Said where="notes" />
      </form>
    </section>
  );
}

/** Where a lead opens, keeping the way back to the list. */
function useLeadLink() {
  const [params] = useSearchParams();
  const back = params.get('terug');
  return (id: string) => ({ pathname: `/leads/${id}`, search: back ? `?terug=${encodeURIComponent(back)}` : '' });
}

/** The notes of all the person's leads, newest first: each of another lead links to it. */
function Timeline({ lead }: { lead: Lead }) {
  const linkTo = useLeadLink();
  const { timeline, others } = lead.person;
  if (timeline.length === 0) return <p className="muted">{words.lead.noNotes}</p>;
  return (
    <ul className={styles.notes}>
      {timeline.map((n) => {
        const other = others.find((o) => o.id === n.leadId);
        return (
          <li key={n.id}>
            <p className={styles.noteBody}>{n.body}</p>
            <p className={styles.noteMeta}>
              {n.author ?? words.lead.unknownAuthor} · {formatDateTime(n.createdAt)} ·{' '}
              {other ? <Link to={linkTo(other.id)}>{words.lead.noteOn(other.formTitle, formatDate(other.createdAt))}</Link> : words.lead.noteHere}
            </p>
          </li>
        );
      })}
    </ul>
  );
}

/** The person's other leads, newest first, each a link to it. */
export function OtherLeads({ lead }: { lead: Lead }) {
  const linkTo = useLeadLink();
  if (lead.person.others.length === 0) return null;
  return (
    <section aria-labelledby="andere-leads" className="card">
      <h2 id="andere-leads" className={styles.h2}>
        {words.lead.otherLeads}
      </h2>
      <p className="muted">{words.lead.otherLeadsHint}</p>
      <ul className={styles.others}>
        {lead.person.others.map((o) => (
          <li key={o.id}>
            <Link to={linkTo(o.id)}>{words.lead.otherLead(o.formTitle, formatDate(o.createdAt))}</Link> · {STATUS_NAMES[o.status]}
            {o.spam ? <span className={styles.spam}>{words.leads.spam}</span> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Where the lead's notification mail stands, in one plain sentence; what the mail server said, folded away for whoever looks after it. */
export function MailState({ lead }: { lead: Lead }) {
  const last = lead.mails.at(-1);
  const sentAt = last?.sentAt ? formatDateTime(last.sentAt) : undefined;
  const details = [lead.deliveryDetail, ...lead.mails.map((m) => m.lastError)].filter((line): line is string => Boolean(line));
  return (
    <section className="card">
      <h2 className={styles.h2}>{words.lead.mail}</h2>
      <p className={styles.delivery}>{words.lead.mailSaid(lead.delivery, sentAt, last?.attempts ?? 0)}</p>
      {details.length > 0 ? (
        <details className="muted">
          <summary>{words.lead.mailDetails}</summary>
          {details.map((line, i) => (
            <p key={i}>{line}</p>
          ))}
        </details>
      ) : null}
    </section>
  );
}
