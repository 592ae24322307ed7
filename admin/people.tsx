import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { STAFF_ROLES, type InvitationLinkAnswer, type PeopleAnswer, type StaffRole } from '../core/admin/contract.ts';
import type { RequestError } from './api.ts';
import { get, post } from './api.ts';
import { StepUpCancelled, useStepUp } from './step-up.tsx';
import { useSession } from './session.tsx';
import { formatDateTime, ROLE_NAMES } from './texts.ts';
import { Field, LiveError, Notice, PageHeading } from './ui.tsx';
import styles from './lists.module.css';

type Person = PeopleAnswer['people'][number];

/** What a person's account stands at, in words. */
function stateOf(person: Person): { text: string; warn: boolean } {
  if (person.disabled) return { text: 'Geblokkeerd', warn: true };
  if (person.invitationPending) return { text: 'Uitnodiging open', warn: true };
  return { text: person.activeSessions > 0 ? 'Actief, nu aangemeld' : 'Actief', warn: false };
}

/** The link of an invitation, to copy and hand over. */
function LinkToHand({ link, email }: { link: InvitationLinkAnswer; email: string }) {
  const [copied, setCopied] = useState('');
  return (
    <div className="card" role="status">
      <p>
        <strong>Uitnodigingslink voor {email}</strong> (geldig tot {formatDateTime(link.expiresAt)}, werkt één keer). Geef deze link zelf aan de persoon,
        bijvoorbeeld via een chatbericht:
      </p>
      <code className={styles.link}>{link.link}</code>
      {link.mailed ? <p className="muted">De link is ook naar {email} gemaild.</p> : null}
      <div className="actions">
        <button
          type="button"
          className="button button-secondary button-small"
          onClick={() =>
            void navigator.clipboard.writeText(link.link).then(
              () => setCopied('Gekopieerd.'),
              () => setCopied('Kopiëren lukte niet: selecteer de link.'),
            )
          }
        >
          Link kopiëren
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
        Iemand uitnodigen
      </h2>
      <form className={styles.inviteForm} onSubmit={onSubmit}>
        <Field label="E-mailadres">{(p) => <input {...p} name="email" type="email" autoComplete="off" required />}</Field>
        <Field label="Rol">
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
            Uitnodigen
          </button>
        </div>
      </form>
      <p className="muted">Verkoop: leads. Redacteur: de inhoud van de site. Beheerder: alles, ook mensen en het logboek.</p>
    </section>
  );
}

export function People() {
  const withStepUp = useStepUp();
  const [people, setPeople] = useState<Person[]>();
  const [error, setError] = useState<string>();
  const [handed, setHanded] = useState<{ link: InvitationLinkAnswer; email: string }>();
  const load = useCallback(
    () =>
      get<PeopleAnswer>('/people').then(
        (a) => setPeople(a.people),
        (e: RequestError) => setError(e.message),
      ),
    [],
  );
  useEffect(() => void load(), [load]);

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
      const link = await post<InvitationLinkAnswer>('/people', { email, role: String(data.get('role')) });
      setHanded({ link, email });
      form.reset();
    });
  };
  const reset = (person: Person) =>
    window.confirm(`Nieuwe uitnodiging voor ${person.email}? Hun wachtwoord, authenticator en herstelcodes vervallen en ze worden overal afgemeld.`) &&
    act(async () => setHanded({ link: await post<InvitationLinkAnswer>(`/people/${person.id}/reset`), email: person.email }));

  return (
    <>
      <PageHeading title="Mensen">Mensen</PageHeading>
      <LiveError message={error} />
      <InviteForm onSubmit={(e) => void invite(e)} />
      {handed ? <LinkToHand {...handed} /> : null}
      <h2 className={styles.subheading}>Iedereen</h2>
      {people ? <PeopleList people={people} act={act} reset={reset} /> : <p className="muted">Laden…</p>}
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
  if (people.length === 0) return <Notice kind="info">Nog niemand.</Notice>;
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
              <p className={styles.meta}>
                {ROLE_NAMES[person.role]} · sinds {formatDateTime(person.createdAt)} · {person.recoveryCodes} herstelcodes over
              </p>
            </div>
            {person.email === me?.email ? (
              <span className="muted">Dit bent u: uw eigen rol of account verandert een andere beheerder.</span>
            ) : (
              <div className={styles.controls}>
                <label className="visually-hidden" htmlFor={`rol-${person.id}`}>
                  Rol van {person.email}
                </label>
                <select
                  id={`rol-${person.id}`}
                  value={person.role}
                  onChange={(e) => void act(() => post(`/people/${person.id}/role`, { role: e.target.value as StaffRole }))}
                >
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
                    (person.disabled || window.confirm(`${person.email} blokkeren? Ze worden overal afgemeld en kunnen niet meer aanmelden.`)) &&
                    void act(() => post(`/people/${person.id}/${person.disabled ? 'enable' : 'disable'}`))
                  }
                >
                  {person.disabled ? 'Toelaten' : 'Blokkeren'}
                  <span className="visually-hidden"> {person.email}</span>
                </button>
                <button type="button" className="button button-secondary button-small" onClick={() => void reset(person)}>
                  Nieuwe uitnodiging<span className="visually-hidden"> voor {person.email}</span>
                </button>
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
