import { useCallback, useState, useSyncExternalStore, type FormEvent } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { LEAD_STATUSES, type LeadAnswer, type LeadEraseAnswer, type LeadStatusName } from '../core/admin/contract.ts';
import type { RequestError } from './api.ts';
import { useAnswer } from './use-answer.ts';
import { useSession } from './session.tsx';
import { get, post } from './api.ts';
import { download } from './recovery-codes.tsx';
import { mailLink, telLink } from './contact-links.ts';
import { StepUpCancelled, useStepUp } from './step-up.tsx';
import { deliveryName, formatDate, formatDateTime, STATUS_NAMES } from './texts.ts';
import { Dialog, Field, LiveError, Notice, PageHeading } from './ui.tsx';
import styles from './lead.module.css';
import { words } from './words.ts';

type Lead = LeadAnswer['lead'];

export function LeadPage() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const { answer, error, setError, reload: load } = useAnswer(useCallback(() => get('/leads/:id', { params: { id } }), [id]));
  const lead = answer?.lead;
  const [note, setNote] = useState('');
  const [erased, setErased] = useState<LeadEraseAnswer>();
  const withStepUp = useStepUp();
  const back = `/leads${params.get('terug') ? `?${params.get('terug')}` : ''}`;

  const [retry, setRetry] = useState<() => void>();
  // a spam mark can be taken back from its confirmation
  const [undo, setUndo] = useState<() => void>();

  /**
   * A change, then the lead again; `done` is said in the status line. Whether it went through: what was typed for it
   * stays until it did. The server out of reach, it says so and offers to send it again (a session that ran out is
   * the sign-in dialog's: api.ts sends the change once signed in again).
   */
  const act: Act = async (action, done, reload = true, sent) => {
    setError(undefined);
    setRetry(undefined);
    setUndo(undefined);
    setNote('');
    try {
      await withStepUp(action);
      sent?.();
      if (reload) await load();
      setNote(done);
      return true;
    } catch (caught) {
      if (caught instanceof StepUpCancelled) return false;
      const refused = caught as RequestError;
      if (refused.code === 'network') {
        setError(words.lead.unreachable);
        setRetry(() => () => void act(action, done, reload, sent));
      } else if (refused.code === 'signed-out') setError(words.lead.signedOutKept);
      else setError(refused.message);
      return false;
    }
  };

  if (erased) return <Erased answer={erased} back={back} />;
  if (!lead)
    return (
      <>
        <PageHeading title={words.lead.title}>{words.lead.title}</PageHeading>
        <LiveError message={error} />
        {!error ? <p className="muted">{words.loading}</p> : null}
      </>
    );
  return (
    <>
      <p className={styles.back}>
        <Link to={back}>{words.lead.back}</Link>
      </p>
      <PageHeading title={lead.name || words.lead.title}>{lead.name || lead.email || words.lead.noName}</PageHeading>
      <p className={styles.meta}>
        {lead.formTitle}
        {words.lead.received(formatDateTime(lead.createdAt))}
        {lead.spam ? <span className={styles.spam}>{words.leads.spam}</span> : null}
        {lead.review ? <span className={styles.review}>{words.lead.review}</span> : null}
      </p>
      <LiveError message={error} />
      {retry ? (
        <p>
          <button type="button" className="button" onClick={retry}>
            {words.lead.retry}
          </button>
        </p>
      ) : null}
      <p role="status" className={note ? styles.done : styles.quiet}>
        {note}
        {note && undo ? (
          <>
            {' '}
            <button type="button" className="button button-secondary button-small" onClick={undo}>
              {words.lead.undo}
            </button>
          </>
        ) : null}
      </p>
      <LeadBody lead={lead} colleagues={answer.colleagues} act={act} onErased={setErased} offerUndo={(undo) => setUndo(() => undo)} />
    </>
  );
}

/** The width below which the lead is one column (lead.module.css's two columns begin at 900 px). */
const PHONE = '(max-width: 899px)';
const phoneNow = () => window.matchMedia(PHONE).matches;
const onWidth = (changed: () => void) => {
  const query = window.matchMedia(PHONE);
  query.addEventListener('change', changed);
  return () => query.removeEventListener('change', changed);
};

/**
 * The lead's cards. On a laptop the person and what they wrote beside the handling; on a phone, one column with the
 * work first: call or mail, the status, the notes, then the rest. In the page in that order, so the keyboard and a
 * screen reader meet them as they are seen.
 */
function LeadBody(props: LeadSideProps) {
  const { lead, act } = props;
  const phone = useSyncExternalStore(onWidth, phoneNow);
  if (phone)
    return (
      <div className={styles.main}>
        <Reach lead={lead} />
        <Handle lead={lead} act={act} offerUndo={props.offerUndo} />
        <Notes lead={lead} act={act} />
        <OtherLeads lead={lead} />
        <LeadFields lead={lead} />
        <FollowUp key={lead.id} lead={lead} colleagues={props.colleagues} act={act} />
        <MailState lead={lead} />
        <PersonData lead={lead} act={act} onErased={props.onErased} />
      </div>
    );
  return (
    <div className={styles.columns}>
      <div className={styles.main}>
        <Reach lead={lead} />
        <OtherLeads lead={lead} />
        <LeadFields lead={lead} />
        <Notes lead={lead} act={act} />
      </div>
      <aside className={styles.side} aria-label={words.lead.handle}>
        <Handle lead={lead} act={act} offerUndo={props.offerUndo} />
        <FollowUp key={lead.id} lead={lead} colleagues={props.colleagues} act={act} />
        <MailState lead={lead} />
        <PersonData lead={lead} act={act} onErased={props.onErased} />
      </aside>
    </div>
  );
}

/** Call or mail the person from here: the number as typed, dialled in international form; a mail begun for them. */
function Reach({ lead }: { lead: Lead }) {
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

function LeadFields({ lead }: { lead: Lead }) {
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

/** A change sent: `sent` is what follows once the server has it (the box emptied), after a retry too. */
type Act = (action: () => Promise<unknown>, done: string, reload?: boolean, sent?: () => void) => Promise<boolean>;

function Notes({ lead, act }: { lead: Lead; act: Act }) {
  const [body, setBody] = useState('');
  const add = async (event: FormEvent) => {
    event.preventDefault();
    if (!body.trim()) return;
    await act(
      () => post('/leads/:id/notes', { params: { id: lead.id }, body: { body } }),
      words.lead.noteSaved,
      true,
      () => setBody(''),
    );
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
function OtherLeads({ lead }: { lead: Lead }) {
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

/** One status for all the person's leads that are not spam: the confirmation beside the control. */
function PersonStatus({ lead, act }: { lead: Lead; act: Act }) {
  const [status, setStatus] = useState<LeadStatusName>(lead.status);
  const [said, setSaid] = useState('');
  if (!lead.person.others.some((o) => !o.spam)) return null;
  const apply = async (event: FormEvent) => {
    event.preventDefault();
    setSaid('');
    await act(async () => {
      const { changed } = await post('/leads/:id/person-status', { params: { id: lead.id }, body: { status } });
      setSaid(words.lead.personStatusChanged(changed, STATUS_NAMES[status]));
    }, '');
  };
  return (
    <form className={styles.personStatus} onSubmit={(e) => void apply(e)}>
      <Field label={words.lead.personStatus} hint={words.lead.personStatusHint}>
        {(p) => (
          <select {...p} value={status} onChange={(e) => setStatus(e.target.value as LeadStatusName)}>
            {LEAD_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_NAMES[s]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <button type="submit" className="button button-secondary">
        {words.lead.personStatusApply}
      </button>
      <p role="status" className={said ? styles.done : styles.quiet}>
        {said}
      </p>
    </form>
  );
}

/** Status and spam: what sales change most. */
function Handle({ lead, act, offerUndo }: { lead: Lead; act: Act; offerUndo: (undo: () => void) => void }) {
  // the status chosen stays in the box until the server has it
  const [chosen, setChosen] = useState<LeadStatusName>();
  const choose = async (status: LeadStatusName) => {
    setChosen(status);
    await act(
      () => post('/leads/:id/status', { params: { id: lead.id }, body: { status } }),
      words.lead.statusChanged(STATUS_NAMES[status]),
      true,
      () => setChosen(undefined),
    );
  };
  return (
    <section className="card">
      <h2 className={styles.h2}>{words.lead.handle}</h2>
      <Field label={words.leads.status}>
        {(p) => (
          <select {...p} value={chosen ?? lead.status} onChange={(e) => void choose(e.target.value as LeadStatusName)}>
            {LEAD_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_NAMES[s]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <button
        type="button"
        className="button button-secondary"
        onClick={() => {
          const spam = !lead.spam;
          const mark = (to: boolean) => post('/leads/:id/spam', { params: { id: lead.id }, body: { spam: to } });
          // marked spam by mistake, the confirmation takes it back
          const undo = () => void act(() => mark(false), words.lead.markedNotSpam);
          void act(() => mark(spam), spam ? words.lead.markedSpam : words.lead.markedNotSpam, true, spam ? () => offerUndo(undo) : undefined);
        }}
      >
        {lead.spam ? words.lead.markNotSpam : words.lead.markSpam}
      </button>
      <PersonStatus key={lead.id} lead={lead} act={act} />
    </section>
  );
}

/** Who follows the lead up, and the day to call back: the colleague at once, the day with its button. */
function FollowUp({ lead, colleagues, act }: { lead: Lead; colleagues: LeadAnswer['colleagues']; act: Act }) {
  const { me } = useSession();
  const [day, setDay] = useState(lead.callBackOn ?? '');
  const assign = (assignee: string) => {
    const email = colleagues.find((p) => p.id === assignee)?.email;
    const body = { assignee: assignee || null };
    void act(() => post('/leads/:id/assign', { params: { id: lead.id }, body }), email ? words.lead.assigned(email) : words.lead.unassigned);
  };
  const callBack = (on: string) =>
    void act(
      () => post('/leads/:id/call-back', { params: { id: lead.id }, body: { on: on || null } }),
      on ? words.lead.callBackSet(formatDate(`${on}T12:00:00Z`)) : words.lead.callBackCleared,
      true,
      () => setDay(on),
    );
  return (
    <section className="card" aria-labelledby="opvolgen">
      <h2 id="opvolgen" className={styles.h2}>
        {words.lead.followUp}
      </h2>
      <Field label={words.lead.assignee}>
        {(p) => (
          <select {...p} value={lead.assignedTo ?? ''} onChange={(e) => assign(e.target.value)}>
            <option value="">{words.lead.nobody}</option>
            {colleagues.map((c) => (
              <option key={c.id} value={c.id}>
                {c.email === me?.email ? words.lead.me(c.email) : c.email}
              </option>
            ))}
          </select>
        )}
      </Field>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          callBack(day);
        }}
      >
        <Field label={words.lead.callBackOn} hint={words.lead.callBackHint}>
          {(p) => <input {...p} type="date" value={day} onChange={(e) => setDay(e.target.value)} />}
        </Field>
        <div className="actions">
          <button type="submit" className="button button-secondary" disabled={day === (lead.callBackOn ?? '')}>
            {words.lead.saveCallBack}
          </button>
          {lead.callBackOn ? (
            <button type="button" className="button button-secondary" onClick={() => callBack('')}>
              {words.lead.callBackDone}
            </button>
          ) : null}
        </div>
      </form>
    </section>
  );
}

/** Where the lead's notification mail stands. */
function MailState({ lead }: { lead: Lead }) {
  return (
    <section className="card">
      <h2 className={styles.h2}>{words.lead.mail}</h2>
      <p className={styles.delivery}>{deliveryName(lead.delivery)}</p>
      {lead.deliveryDetail ? <p className="muted">{lead.deliveryDetail}</p> : null}
      {lead.mails.map((m) => (
        <p key={m.id} className="muted">
          {deliveryName(m.state)}
          {m.sentAt ? words.lead.sentAt(formatDateTime(m.sentAt)) : ''} · {words.lead.attempts(m.attempts)}
          {m.lastError ? ` · ${m.lastError}` : ''}
        </p>
      ))}
    </section>
  );
}

/** The confirmation before an erasure, naming what goes. */
function EraseDialog({ lead, open, onErase, onClose }: { lead: Lead; open: boolean; onErase: () => void; onClose: () => void }) {
  return (
    <Dialog open={open} title={words.lead.eraseTitle} onClose={onClose}>
      <p>{words.lead.eraseText(lead.email || lead.name)}</p>
      <div className="actions">
        <button type="button" className="button button-danger" onClick={onErase}>
          {words.lead.eraseYes}
        </button>
        <button type="button" className="button button-secondary" onClick={onClose}>
          {words.cancel}
        </button>
      </div>
    </Dialog>
  );
}

interface LeadSideProps {
  lead: Lead;
  colleagues: LeadAnswer['colleagues'];
  act: Act;
  onErased: (answer: LeadEraseAnswer) => void;
  offerUndo: (undo: () => void) => void;
}

/** Export and erase, for the whole person, and what the retention will do. */
function PersonData({ lead, act, onErased }: Pick<LeadSideProps, 'lead' | 'act' | 'onErased'>) {
  const [confirming, setConfirming] = useState(false);
  const exportLead = () =>
    act(
      async () => {
        const data = await post('/leads/:id/export', { params: { id: lead.id } });
        download(`lead-${lead.id}.json`, `${JSON.stringify(data, null, 2)}\n`, 'application/json');
      },
      words.lead.exported,
      false,
    );
  const erase = () =>
    act(async () => onErased(await post('/leads/:id/erase', { params: { id: lead.id } })), words.lead.erasedNote, false).then(() => setConfirming(false));
  return (
    <>
      <section className="card">
        <h2 className={styles.h2}>{words.lead.personData}</h2>
        <p>{words.lead.erasedOn(formatDate(lead.erasedOn))}</p>
        <p>{words.lead.perPerson(lead.email)}</p>
        <div className="actions">
          <button type="button" className="button button-secondary" onClick={() => void exportLead()}>
            {words.lead.export}
          </button>
          <button type="button" className="button button-danger" onClick={() => setConfirming(true)}>
            {words.lead.erase}
          </button>
        </div>
      </section>
      <EraseDialog lead={lead} open={confirming} onErase={() => void erase()} onClose={() => setConfirming(false)} />
    </>
  );
}

function Erased({ answer, back }: { answer: LeadEraseAnswer; back: string }) {
  const navigate = useNavigate();
  return (
    <>
      <PageHeading title={words.lead.erasedTitle}>{words.lead.erasedTitle}</PageHeading>
      <Notice kind="ok">{words.lead.erased(answer.leads, answer.photos, answer.mails)}</Notice>
      <button type="button" className="button" onClick={() => void navigate(back)}>
        {words.lead.backButton}
      </button>
    </>
  );
}
