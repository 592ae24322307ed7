import { useCallback, useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { ChangePasswordRequest, ConfirmAuthenticatorRequest, FactorsAnswer } from '../core/admin/contract.ts';
import type { RequestError } from './api.ts';
import { useAnswer } from './use-answer.ts';
import { get, post } from './api.ts';
import { RecoveryCodes } from './recovery-codes.tsx';
import { useSession } from './session.tsx';
import { StepUpCancelled, useStepUp } from './step-up.tsx';
import { formatDateTime } from './texts.ts';
import { qrDataUrl, TotpKey } from './totp-key.tsx';
import { Dialog, Field, LiveError, Notice } from './ui.tsx';
import lists from './lists.module.css';
import code from './invitation.module.css';
import styles from './account.module.css';
import { words } from './words.ts';

/**
 * A change of one's own ways in: behind a fresh sign-in (the step-up dialog when the last is over 10 minutes old),
 * its refusal said in the section, its result returned (undefined when refused or the step-up was cancelled).
 */
function useChange() {
  const withStepUp = useStepUp();
  const [error, setError] = useState<string>();
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const run = async <T,>(change: () => Promise<T>): Promise<T | undefined> => {
    setBusy(true);
    setError(undefined);
    setNote('');
    try {
      return await withStepUp(change);
    } catch (caught) {
      if (!(caught instanceof StepUpCancelled)) setError((caught as RequestError).message);
      return undefined;
    } finally {
      setBusy(false);
    }
  };
  return { error, setError, note, setNote, busy, run };
}

/** Focus to `ref`'s element when `when` turns true: the next thing to do, or back to the button that opened a panel. */
function useFocusWhen<T extends HTMLElement>(when: boolean) {
  const ref = useRef<T>(null);
  const was = useRef(when);
  useEffect(() => {
    if (when && !was.current) ref.current?.focus();
    was.current = when;
  }, [when]);
  return ref;
}

function Section({ id, title, children, className }: { id: string; title: string; children: ReactNode; className?: string }) {
  return (
    <section aria-labelledby={id} className={`${styles.section} ${className ?? ''}`}>
      <h2 id={id} className={lists.subheading}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The calm line under a section's heading: what was done, for assistive technology too. */
const Note = ({ text }: { text: string }) => (
  <p role="status" className={text ? styles.done : styles.quiet}>
    {text}
  </p>
);

/** A new password: the current one and the new one, the policy's refusal in words; the other devices are signed out. */
function PasswordSection({ summary, onChanged }: { summary?: FactorsAnswer; onChanged: () => void }) {
  const { me } = useSession();
  const { error, setError, note, setNote, busy, run } = useChange();
  const [open, setOpen] = useState(false);
  const first = useFocusWhen<HTMLInputElement>(open);
  const opener = useFocusWhen<HTMLButtonElement>(!open);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const request: ChangePasswordRequest = { currentPassword: String(data.get('current') ?? ''), newPassword: String(data.get('new') ?? '') };
    const answer = await run(() => post('/account/password', { body: request }));
    if (!answer) return;
    setOpen(false);
    setNote(words.factors.passwordDone(answer.sessionsEnded));
    onChanged();
  };
  return (
    <Section id="password-heading" title={words.factors.passwordHeading}>
      {summary?.passwordChangedAt ? <p className={styles.state}>{words.factors.passwordChangedAt(formatDateTime(summary.passwordChangedAt))}</p> : null}
      <Note text={note} />
      {open ? (
        <form className={`card ${styles.panel}`} onSubmit={(e) => void submit(e)}>
          <p className={styles.lead}>{words.factors.passwordSignsOut}</p>
          <input type="email" name="username" autoComplete="username" value={me?.email ?? ''} readOnly hidden />
          <Field label={words.factors.currentPassword}>
            {(p) => <input {...p} ref={first} name="current" type="password" autoComplete="current-password" required />}
          </Field>
          <Field label={words.factors.newPassword} hint={words.invitation.newPasswordHint}>
            {(p) => <input {...p} name="new" type="password" autoComplete="new-password" required minLength={8} maxLength={128} />}
          </Field>
          <LiveError message={error} />
          <SubmitOrCancel
            busy={busy}
            submit={words.factors.savePassword}
            onCancel={() => {
              setError(undefined);
              setOpen(false);
            }}
          />
        </form>
      ) : (
        <>
          <p className={styles.lead}>{words.factors.passwordIntro}</p>
          <button ref={opener} className="button button-secondary" type="button" onClick={() => setOpen(true)}>
            {words.factors.changePassword}
          </button>
        </>
      )}
    </Section>
  );
}

type Move = { secret: string; uri: string; qr: string };

/**
 * The authenticator to a new phone: the server makes the new secret and keeps it waiting; a code of the new app
 * confirms it, and only then does the old one stop. Cancelling leaves the old one as it is.
 */
function AuthenticatorSection({ summary, onMoved }: { summary?: FactorsAnswer; onMoved: () => void }) {
  const { me } = useSession();
  const { error, setError, note, setNote, busy, run } = useChange();
  const [move, setMove] = useState<Move>();
  const step = useFocusWhen<HTMLHeadingElement>(move !== undefined);
  const opener = useFocusWhen<HTMLButtonElement>(move === undefined);
  const start = async () => {
    const started = await run(async () => {
      const answer = await post('/account/authenticator');
      return { secret: answer.secret, uri: answer.uri, qr: await qrDataUrl(answer.uri) };
    });
    if (started) setMove(started);
  };
  const confirm = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const request: ConfirmAuthenticatorRequest = { code: String(new FormData(event.currentTarget).get('code') ?? '').replace(/\s+/g, '') };
    if (!(await run(() => post('/account/authenticator/confirm', { body: request })))) return;
    setMove(undefined);
    setNote(words.factors.moveDone);
    onMoved();
  };
  return (
    <Section id="authenticator-heading" title={words.factors.authenticatorHeading}>
      {summary?.totpSince ? <p className={styles.state}>{words.factors.authenticatorSince(formatDateTime(summary.totpSince))}</p> : null}
      <Note text={note} />
      {move ? (
        <div className={`card ${styles.panel}`}>
          <h3 ref={step} tabIndex={-1} className={`${code.step} ${styles.stepHeading}`}>
            {words.factors.moveStep1}
          </h3>
          <p>{words.factors.moveStep1Text}</p>
          <TotpKey secret={move.secret} uri={move.uri} qr={move.qr} alt={words.invitation.qrAlt(me?.email ?? '')} />
          <form onSubmit={(e) => void confirm(e)}>
            <h3 className={code.step}>{words.factors.moveStep2}</h3>
            <Field label={words.factors.moveCodeLabel} hint={words.factors.moveCodeHint}>
              {(p) => <input {...p} name="code" inputMode="numeric" autoComplete="one-time-code" pattern="[0-9 ]*" required className={code.code} />}
            </Field>
            <LiveError message={error} />
            <SubmitOrCancel
              busy={busy}
              submit={words.factors.confirmMove}
              onCancel={() => {
                setError(undefined);
                setMove(undefined);
              }}
            />
          </form>
        </div>
      ) : (
        <>
          <p className={styles.lead}>{words.factors.authenticatorIntro}</p>
          <LiveError message={error} />
          <button ref={opener} className="button button-secondary" type="button" disabled={busy} onClick={() => void start()}>
            {busy ? words.busy : words.factors.move}
          </button>
        </>
      )}
    </Section>
  );
}

/** New recovery codes after a confirmation: shown once, in place, the old ones gone at that moment. */
function RecoveryCodesSection({ summary, onRenewed }: { summary?: FactorsAnswer; onRenewed: () => void }) {
  const { me } = useSession();
  const { error, note, setNote, busy, run } = useChange();
  const [confirming, setConfirming] = useState(false);
  const [codes, setCodes] = useState<string[]>();
  const shown = useFocusWhen<HTMLHeadingElement>(codes !== undefined);
  const opener = useFocusWhen<HTMLButtonElement>(codes === undefined);
  const renew = async () => {
    setConfirming(false);
    const answer = await run(() => post('/account/recovery-codes'));
    if (!answer) return;
    setCodes(answer.recoveryCodes);
    onRenewed();
  };
  return (
    <Section id="recovery-heading" title={words.factors.recoveryHeading} className={codes ? styles.printOnly : undefined}>
      {!codes && summary ? <p className={styles.state}>{words.factors.recoveryLeft(summary.recoveryCodesLeft)}</p> : null}
      <Note text={note} />
      {codes ? (
        <div className={`card ${styles.panel}`}>
          <h3 ref={shown} tabIndex={-1} className={`${code.step} ${styles.stepHeading}`}>
            {words.factors.renewedHeading}
          </h3>
          <Notice kind="ok">{words.factors.renewed}</Notice>
          <p>{words.factors.renewedText()}</p>
          <RecoveryCodes codes={codes} email={me?.email ?? ''} />
          <button
            className="button no-print"
            type="button"
            onClick={() => {
              setCodes(undefined);
              setNote(words.factors.renewedNote);
            }}
          >
            {words.factors.renewedSaved}
          </button>
        </div>
      ) : (
        <>
          <p className={styles.lead}>{words.factors.recoveryIntro}</p>
          <LiveError message={error} />
          <button ref={opener} className="button button-secondary" type="button" disabled={busy} onClick={() => setConfirming(true)}>
            {busy ? words.busy : words.factors.renew}
          </button>
        </>
      )}
      <Dialog open={confirming} title={words.factors.renewTitle} onClose={() => setConfirming(false)}>
        <p>{words.factors.renewText}</p>
        <div className="actions">
          <button type="button" className="button" onClick={() => void renew()}>
            {words.factors.renewYes}
          </button>
          <button type="button" className="button button-secondary" onClick={() => setConfirming(false)}>
            {words.cancel}
          </button>
        </div>
      </Dialog>
    </Section>
  );
}

/**
 * One's own password, authenticator app and recovery codes on the account page: what they are, and changing each
 * without an administrator. `onSessionsChanged`: a new password signed the other devices out.
 */
/** A form's two buttons: its action (disabled while it runs) and Cancel, which closes the form. */
function SubmitOrCancel({ busy, submit, onCancel }: { busy: boolean; submit: string; onCancel: () => void }) {
  return (
    <div className="actions">
      <button className="button" type="submit" disabled={busy}>
        {busy ? words.busy : submit}
      </button>
      <button className="button button-secondary" type="button" onClick={onCancel}>
        {words.cancel}
      </button>
    </div>
  );
}

export function AccountFactors({ onSessionsChanged }: { onSessionsChanged: () => void }) {
  // a summary that could not be had leaves the sections without their dates and counts, as before it came
  const { answer: summary, reload: load } = useAnswer(useCallback(() => get('/account/factors'), []));
  return (
    <>
      <PasswordSection
        summary={summary}
        onChanged={() => {
          void load();
          onSessionsChanged();
        }}
      />
      <AuthenticatorSection summary={summary} onMoved={() => void load()} />
      <RecoveryCodesSection summary={summary} onRenewed={() => void load()} />
    </>
  );
}
