import { useState, type FormEvent, type SelectHTMLAttributes } from 'react';
import { LEAD_STATUSES, type LeadAnswer, type LeadStatusName } from '../core/admin/contract.ts';
import { post } from './api.ts';
import { Said, type Act } from './lead-act.tsx';
import type { Lead } from './lead-cards.tsx';
import { useSession } from './session.tsx';
import { formatDate, STATUS_NAMES } from './texts.ts';
import { Field } from './ui.tsx';
import styles from './lead.module.css';
import { words } from './words.ts';

/** A choice of the lead statuses, by their names. */
function StatusSelect({
  value,
  onChoose,
  ...field
}: { value: LeadStatusName; onChoose: (status: LeadStatusName) => void } & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <select {...field} value={value} onChange={(e) => onChoose(e.target.value as LeadStatusName)}>
      {LEAD_STATUSES.map((s) => (
        <option key={s} value={s}>
          {STATUS_NAMES[s]}
        </option>
      ))}
    </select>
  );
}

/** Status and spam: what sales change most. */
export function Handle({ lead, act }: { lead: Lead; act: Act }) {
  // the status chosen stays in the box until the server has it
  const [chosen, setChosen] = useState<LeadStatusName>();
  const choose = async (status: LeadStatusName) => {
    setChosen(status);
    await act('handle', () => post('/leads/:id/status', { params: { id: lead.id }, body: { status } }), words.lead.statusChanged(STATUS_NAMES[status]), {
      sent: () => setChosen(undefined),
    });
  };
  const mark = (spam: boolean) => post('/leads/:id/spam', { params: { id: lead.id }, body: { spam } });
  const toggleSpam = () => {
    if (lead.spam) return void act('handle', () => mark(false), words.lead.markedNotSpam);
    // marked spam by mistake, the confirmation takes it back
    const undo = () => void act('handle', () => mark(false), words.lead.markedNotSpam);
    void act('handle', () => mark(true), words.lead.markedSpam, { undo });
  };
  return (
    <section className="card">
      <h2 className={styles.h2}>{words.lead.handle}</h2>
      <Field label={words.leads.status}>{(p) => <StatusSelect {...p} value={chosen ?? lead.status} onChoose={(s) => void choose(s)} />}</Field>
      <button type="button" className="button button-secondary" onClick={toggleSpam}>
        {lead.spam ? words.lead.markNotSpam : words.lead.markSpam}
      </button>
      <Said where="handle" />
      <PersonStatus key={lead.id} lead={lead} act={act} />
    </section>
  );
}

/** One status for all the person's leads that are not spam: the confirmation beside the control. */
function PersonStatus({ lead, act }: { lead: Lead; act: Act }) {
  const [status, setStatus] = useState<LeadStatusName>(lead.status);
  if (!lead.person.others.some((o) => !o.spam)) return null;
  const apply = async (event: FormEvent) => {
    event.preventDefault();
    await act(
      'person-status',
      () => post('/leads/:id/person-status', { params: { id: lead.id }, body: { status } }),
      ({ changed }) => words.lead.personStatusChanged(changed, STATUS_NAMES[status]),
    );
  };
  return (
    <form className={styles.personStatus} onSubmit={(e) => void apply(e)}>
      <Field label={words.lead.personStatus} hint={words.lead.personStatusHint}>
        {(p) => <StatusSelect {...p} value={status} onChoose={setStatus} />}
      </Field>
      <button type="submit" className="button button-secondary">
        {words.lead.personStatusApply}
      </button>
      <Said where="person-status" />
    </form>
  );
}

/** Who follows the lead up, and the day to call back: the colleague at once, the day with its button. */
export function FollowUp({ lead, colleagues, act }: { lead: Lead; colleagues: LeadAnswer['colleagues']; act: Act }) {
  const { me } = useSession();
  const [day, setDay] = useState(lead.callBackOn ?? '');
  const assign = (assignee: string) => {
    const email = colleagues.find((p) => p.id === assignee)?.email;
    const body = { assignee: assignee || null };
    void act('follow-up', () => post('/leads/:id/assign', { params: { id: lead.id }, body }), email ? words.lead.assigned(email) : words.lead.unassigned);
  };
  const callBack = (on: string) =>
    void act(
      'follow-up',
      () => post('/leads/:id/call-back', { params: { id: lead.id }, body: { on: on || null } }),
      on ? words.lead.callBackSet(formatDate(`${on}T12:00:00Z`)) : words.lead.callBackCleared,
      { sent: () => setDay(on) },
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
      <Said where="follow-up" />
    </section>
  );
}
