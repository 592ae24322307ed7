import { useCallback, useState, type FormEvent } from 'react';
import type { PasskeysAnswer } from '../core/admin/contract.ts';
import type { RequestError } from './api.ts';
import { useAnswer } from './use-answer.ts';
import { get, post } from './api.ts';
import { addPasskey, browserHasPasskeys } from './passkeys.ts';
import { StepUpCancelled, useStepUp } from './step-up.tsx';
import { formatDateTime } from './texts.ts';
import { Field, LiveError } from './ui.tsx';
import styles from './lists.module.css';
import { words } from './words.ts';

type Passkey = PasskeysAnswer['passkeys'][number];

/** The passkeys of the account: each with its name, when it was added and last used, and a way to remove it. */
function PasskeyList({ passkeys, onRemove, busy }: { passkeys: Passkey[]; onRemove: (passkey: Passkey) => void; busy: boolean }) {
  if (passkeys.length === 0) return null;
  return (
    <ul className={styles.list}>
      {passkeys.map((p) => (
        <li key={p.id} className={`card ${styles.item}`}>
          <div>
            <p className={styles.title}>{p.name ?? words.passkeys.fallbackName}</p>
            <p className={styles.meta}>
              {words.passkeys.added(formatDateTime(p.createdAt))} ·{' '}
              {p.lastUsedAt ? words.passkeys.lastUsed(formatDateTime(p.lastUsedAt)) : words.passkeys.notUsed}
            </p>
          </div>
          <button
            className="button button-secondary button-small"
            type="button"
            disabled={busy}
            onClick={() => onRemove(p)}
            aria-label={words.passkeys.removeLabel(p.name ?? words.passkeys.fallbackName)}
          >
            {words.passkeys.remove}
          </button>
        </li>
      ))}
    </ul>
  );
}

/**
 * The account's passkeys as the server has them, and `act`: a change behind a fresh sign-in (adding or removing is
 * a change of the ways in), said when done, the list asked again after it. Whether it went through is returned.
 */
function usePasskeys() {
  const withStepUp = useStepUp();
  const { answer, error, setError, reload: load } = useAnswer(useCallback(() => get('/passkeys'), []));
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const act = async (change: () => Promise<unknown>, done: string): Promise<boolean> => {
    setBusy(true);
    setError(undefined);
    setNote('');
    try {
      await withStepUp(change);
      setNote(done);
      await load();
      return true;
    } catch (caught) {
      if (!(caught instanceof StepUpCancelled)) setError((caught as RequestError).message);
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { answer, error, note, busy, act };
}

/**
 * One's passkeys, and adding one of this device: after that, signing in takes the device's own lock (PIN, face or
 * finger) and nothing else. Adding or removing one asks for a fresh sign-in, as every change of the ways in does.
 */
export function AccountPasskeys({ optional = false }: { optional?: boolean }) {
  const { answer, error, note, busy, act } = usePasskeys();
  if (!answer?.available || !browserHasPasskeys()) return null;

  const add = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const name = String(new FormData(form).get('name') ?? '').trim() || words.passkeys.fallbackName;
    if (await act(() => addPasskey(name), words.passkeys.addedNote(name))) form.reset();
  };
  const remove = async (passkey: Passkey) => {
    const name = passkey.name ?? words.passkeys.fallbackName;
    if (!window.confirm(words.passkeys.confirmRemove(name))) return;
    await act(() => post('/passkeys/:id/remove', { params: { id: passkey.id } }), words.passkeys.removedNote(name));
  };

  return (
    <section aria-labelledby="passkeys-heading">
      <h2 id="passkeys-heading" className={styles.subheading}>
        {words.passkeys.heading}
      </h2>
      <p className="muted">{words.passkeys.intro}</p>
      <LiveError message={error} />
      <p role="status" className="muted">
        {note}
      </p>
      <PasskeyList passkeys={answer.passkeys} onRemove={(p) => void remove(p)} busy={busy} />
      <form onSubmit={(e) => void add(e)}>
        <Field label={words.passkeys.nameLabel} hint={words.passkeys.nameHint}>
          {(p) => <input {...p} name="name" maxLength={80} autoComplete="off" />}
        </Field>
        {/* beside the invitation's own next step, adding one is the second choice, not the first */}
        <button className={optional ? 'button button-secondary' : 'button'} type="submit" disabled={busy}>
          {busy ? words.busy : words.passkeys.add}
        </button>
      </form>
    </section>
  );
}
