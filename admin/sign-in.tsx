import { useEffect, useState, type FormEvent } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import type { SignInAnswer, SignInRequest } from '../core/admin/contract.ts';
import type { RequestError } from './api.ts';
import { get, post } from './api.ts';
import { browserHasPasskeys, signInWithPasskey } from './passkeys.ts';
import { homeOf, landAfterSignIn, useSession } from './session.tsx';
import { Field, LiveError, Notice, PageHeading } from './ui.tsx';
import styles from './sign-in.module.css';
import { words } from './words.ts';

/** Only a path of these pages, never another site: where to go back to after signing in. */
const safeBack = (back: string | null) => (back && back.startsWith('/') && !back.startsWith('//') && !back.startsWith('/aanmelden') ? back : undefined);

/** Whether this browser and this back office's address allow passkeys (the address: a host name, not an IP address). */
function usePasskeysHere(): boolean {
  const [available, setAvailable] = useState(false);
  useEffect(() => {
    if (!browserHasPasskeys()) return;
    get('/passkeys/available').then(
      (a) => setAvailable(a.available),
      () => setAvailable(false),
    );
  }, []);
  return available;
}

/** Signing in with a passkey of this device, offered above the password form. */
function PasskeyOption({ busy, onClick }: { busy: boolean; onClick: () => void }) {
  return (
    <>
      <button className="button" type="button" disabled={busy} onClick={onClick}>
        {words.signIn.passkey}
      </button>
      <p className="muted">{words.signIn.orPassword}</p>
    </>
  );
}

export function SignIn() {
  const { me, setMe } = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [busy, setBusy] = useState(false);
  const back = safeBack(params.get('terug'));
  // "Afmelden" chosen: said, and no "carry on where you were"
  const signedOut = (useLocation().state as { signedOut?: boolean } | null)?.signedOut === true;
  if (me && !busy) return <Navigate to={back ?? homeOf(me.permissions)} replace />;

  const signedIn = (answer: SignInAnswer) => {
    setMe({ email: answer.email, role: answer.role, permissions: answer.permissions, freshUntil: answer.freshUntil });
    void landAfterSignIn(navigate, answer, { back, state: { usedRecoveryCode: answer.usedRecoveryCode } });
  };

  return (
    <>
      <PageHeading title={words.signIn.title}>{words.signIn.title}</PageHeading>
      {signedOut ? <Notice kind="ok">{words.signIn.signedOut}</Notice> : back ? <Notice kind="info">{words.signIn.back}</Notice> : null}
      <SignInForm onBusy={setBusy} onSignedIn={signedIn} />
      <p className="muted">{words.signIn.noAccount}</p>
    </>
  );
}

interface SignInFormProps {
  onSignedIn: (answer: SignInAnswer) => void;
  onBusy?: (busy: boolean) => void;
  /** the address filled in: the person signing in again over a screen */
  email?: string;
}

/** "This device stays signed in for 30 days": for a passkey as for a password, so before whichever comes first. */
function RememberDevice({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <div className={styles.remember}>
      <label>
        <input type="checkbox" name="remember" aria-describedby="remember-hint" checked={checked} onChange={(e) => onChange(e.target.checked)} />{' '}
        {words.signIn.remember}
      </label>
      <p id="remember-hint" className="muted">
        {words.signIn.rememberHint}
      </p>
    </div>
  );
}

/** The sign-in itself, a passkey or password and code: on the sign-in page, and in the dialog when a session ran out. */
export function SignInForm({ onSignedIn, onBusy, email }: SignInFormProps) {
  const [error, setError] = useState<string>();
  const [busy, setBusyHere] = useState(false);
  const [remember, setRemember] = useState(false);
  const passkeys = usePasskeysHere();
  const setBusy = (value: boolean) => {
    setBusyHere(value);
    onBusy?.(value);
  };
  const attempt = async (signIn: () => Promise<SignInAnswer>) => {
    setBusy(true);
    setError(undefined);
    try {
      onSignedIn(await signIn());
    } catch (caught) {
      setError((caught as RequestError).message);
      setBusy(false);
    }
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const request: SignInRequest = {
      email: String(data.get('email') ?? '').trim(),
      password: String(data.get('password') ?? ''),
      code: String(data.get('code') ?? '').replace(/\s+/g, ''),
      ...(remember ? { remember } : {}),
    };
    await attempt(() => post('/sign-in', { body: request }));
  };

  // one checkbox for both ways in, made once and shown before the first of them: the passkey's button where there
  // is one, else the form's button
  const keep = <RememberDevice checked={remember} onChange={setRemember} />;
  return (
    <>
      <LiveError message={error} />
      {passkeys ? (
        <>
          {keep}
          <PasskeyOption busy={busy} onClick={() => void attempt(() => signInWithPasskey(remember))} />
        </>
      ) : null}
      <form onSubmit={(e) => void submit(e)} noValidate={false}>
        <Field label={words.email}>{(p) => <input {...p} name="email" type="email" autoComplete="username" required defaultValue={email} />}</Field>
        <Field label={words.password}>{(p) => <input {...p} name="password" type="password" autoComplete="current-password" required />}</Field>
        <Field label={words.code} hint={words.signIn.codeHint}>
          {(p) => <input {...p} name="code" autoComplete="one-time-code" inputMode="text" required spellCheck={false} />}
        </Field>
        {passkeys ? null : keep}
        <button className="button" type="submit" disabled={busy}>
          {busy ? words.signIn.busy : words.signIn.button}
        </button>
      </form>
    </>
  );
}
