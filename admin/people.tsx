import { useCallback, useState, type FormEvent } from 'react';
import { STAFF_ROLES, type InvitationLinkAnswer, type PeopleAnswer, type StaffRole } from '../core/admin/contract.ts';
import type { RequestError } from './api.ts';
import { useAnswer } from './use-answer.ts';
import { get, post } from './api.ts';
import { StepUpCancelled, useStepUp } from './step-up.tsx';
import { useSession } from './session.tsx';
import { formatDateTime, ROLE_NAMES } from './texts.ts';
import { Field, LiveError, Notice, PageHeading } from './ui.tsx';
import styles from './lists.module.css';
import { words } from './words.ts';

type Person = PeopleAnswer['people'][number];

/** What a person's account stands at, in words. */
function stateOf(person: Person): { text: string; warn: boolean } {
  if (person.disabled) return { text: words.people.blocked, warn: true };
  if (person.invitationPending) return { text: words.people.invitationOpen, warn: true };
  return { text: person.activeSessions > 0 ? words.people.activeNow : words.people.active, warn: false };
}

/** The link of an invitation, to copy and hand over. */
function LinkToHand({ link, email }: { link: InvitationLinkAnswer; email: string }) {
  const [copied, setCopied] = useState('');
  return (
    <div className="card" role="status">
      <p>
        <strong>{words.people.linkFor(email)}</strong>
        {words.people.linkValid(formatDateTime(link.expiresAt))}
      </p>
      <code className={styles.link}>{link.link}</code>
      {link.mailed ? <p className="muted">{words.people.linkMailed(email)}</p> : null}
      <div className="actions">
        <button
          type="button"
          className="button button-secondary button-small"
          onClick={() =>
            void navigator.clipboard.writeText(link.link).then(
              () => setCopied(words.people.copied),
              () => setCopied(words.people.copyFailed),
            )
          }
        >
          {words.people.copyLink}
        </button>
        <span className="muted">{copied}</span>
      </div>
    </div>
  );
}

/** An e-mail address and a role: the new account's invitation link is shown to hand over. */
function InviteForm({ onSubmit }: { onSubmit: (event: FormEvent<HTMLFormElement>) => void }) {
  return (
    <section aria-labelledby="uitnodigen" className="card">
      <h2 id="uitnodigen" className={styles.cardHeading}>
        {words.people.invite}
      </h2>
      <form className={styles.inviteForm} onSubmit={onSubmit}>
        <Field label={words.email}>{(p) => <input {...p} name="email" type="email" autoComplete="off" required />}</Field>
        <Field label={words.people.role}>
          {(p) => (
            <select {...p} name="role" defaultValue="sales">
              {STAFF_ROLES.map((role) => (
                <option key={role} value={role}>
                  {ROLE_NAMES[role]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <div className={styles.controls}>
          <button className="button" type="submit">
            {words.people.inviteButton}
          </button>
        </div>
      </form>
      <p className="muted">{words.people.rolesExplained}</p>
    </section>
  );
}

export function People() {
  const withStepUp = useStepUp();
  const { answer, error, setError, reload: load } = useAnswer(useCallback(() => get('/people'), []));
  const people = answer?.people;
  const [handed, setHanded] = useState<{ link: InvitationLinkAnswer; email: string }>();

  /** A change that needs a fresh sign-in: the step-up dialog when asked, then the list again. */
  const act = async (action: () => Promise<unknown>) => {
    setError(undefined);
    try {
      await withStepUp(action);
      await load();
      return true;
    } catch (caught) {
      if (!(caught instanceof StepUpCancelled)) setError((caught as RequestError).message);
      return false;
    }
  };
  const invite = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const email = String(data.get('email') ?? '').trim();
    setHanded(undefined);
    await act(async () => {
      const link = await post('/people', { body: { email, role: String(data.get('role')) } });
      setHanded({ link, email });
      form.reset();
    });
  };
  const reset = (person: Person) =>
    window.confirm(words.people.confirmReset(person.email)) &&
    act(async () => setHanded({ link: await post('/people/:id/reset', { params: { id: person.id } }), email: person.email }));

  return (
    <>
      <PageHeading title={words.people.heading}>{words.people.heading}</PageHeading>
      <LiveError message={error} onRetry={people ? undefined : () => void load()} />
      <InviteForm onSubmit={(e) => void invite(e)} />
      {handed ? <LinkToHand {...handed} /> : null}
      <h2 className={styles.subheading}>{words.people.everyone}</h2>
      {people ? <PeopleList people={people} act={act} reset={reset} /> : <p className="muted">{words.loading}</p>}
    </>
  );
}

interface ListProps {
  people: Person[];
  act: (action: () => Promise<unknown>) => Promise<boolean>;
  reset: (person: Person) => unknown;
}

function PeopleList({ people, act, reset }: ListProps) {
  const { me } = useSession();
  // asked first, as it signs the colleague out; cancelled, the list shows the role as it was
  const changeRole = (person: Person, role: StaffRole) =>
    window.confirm(words.people.confirmRole(person.email, ROLE_NAMES[role])) &&
    act(() => post('/people/:id/role', { params: { id: person.id }, body: { role } }));
  if (people.length === 0) return <Notice kind="info">{words.people.nobody}</Notice>;
  return (
    <ul className={styles.list}>
      {people.map((person) => {
        const state = stateOf(person);
        return (
          <li key={person.id} className={`card ${styles.item}`}>
            <div>
              <p className={styles.title}>
                {person.email} <span className={`${styles.badge} ${state.warn ? styles.badgeWarn : ''}`}>{state.text}</span>
              </p>
              <p className={styles.meta}>{words.people.meta(ROLE_NAMES[person.role], formatDateTime(person.createdAt), person.recoveryCodes)}</p>
            </div>
            {person.email === me?.email ? (
              <span className="muted">{words.people.yourself}</span>
            ) : (
              <div className={styles.controls}>
                <label className="visually-hidden" htmlFor={`rol-${person.id}`}>
                  {words.people.roleOf(person.email)}
                </label>
                <select id={`rol-${person.id}`} value={person.role} onChange={(e) => void changeRole(person, e.target.value as StaffRole)}>
                  {STAFF_ROLES.map((role) => (
                    <option key={role} value={role}>
                      {ROLE_NAMES[role]}
                    </option>
                  ))}
                </select>
                <button
                  type="button"
                  className="button button-secondary button-small"
                  onClick={() =>
                    (person.disabled || window.confirm(words.people.confirmBlock(person.email))) &&
                    void act(() => post(person.disabled ? '/people/:id/enable' : '/people/:id/disable', { params: { id: person.id } }))
                  }
                >
                  {person.disabled ? words.people.allow : words.people.block}
                  <span className="visually-hidden"> {person.email}</span>
                </button>
                <button type="button" className="button button-secondary button-small" onClick={() => void reset(person)}>
                  {words.people.newInvitation}
                  <span className="visually-hidden">{words.people.newInvitationFor(person.email)}</span>
                </button>
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
