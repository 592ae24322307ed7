import { useState, type FormEvent } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import type { SignInAnswer, SignInRequest } from '../core/admin/contract.ts';
import type { RequestError } from './api.ts';
import { post } from './api.ts';
import { homeOf, useSession } from './session.tsx';
import { Field, LiveError, Notice, PageHeading } from './ui.tsx';

/** Only a path of these pages, never another site: where to go back to after signing in. */
const safeBack = (back: string | null) => (back && back.startsWith('/') && !back.startsWith('//') && !back.startsWith('/aanmelden') ? back : undefined);

export function SignIn() {
  const { me, setMe } = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const back = safeBack(params.get('terug'));
  if (me && !busy) return <Navigate to={back ?? homeOf(me.role)} replace />;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const request: SignInRequest = {
      email: String(data.get('email') ?? '').trim(),
      password: String(data.get('password') ?? ''),
      code: String(data.get('code') ?? '').replace(/\s+/g, ''),
    };
    setBusy(true);
    setError(undefined);
    try {
      const answer = await post<SignInAnswer>('/sign-in', request);
      setMe({ email: answer.email, role: answer.role, freshUntil: answer.freshUntil });
      void navigate(back ?? homeOf(answer.role), { replace: true, state: { usedRecoveryCode: answer.usedRecoveryCode } });
    } catch (caught) {
      setError((caught as RequestError).message);
      setBusy(false);
    }
  };

  return (
    <>
      <PageHeading title="Aanmelden">Aanmelden</PageHeading>
      {back ? <Notice kind="info">Meld u aan om verder te gaan waar u was.</Notice> : null}
      <LiveError message={error} />
      <form onSubmit={(e) => void submit(e)} noValidate={false}>
        <Field label="E-mailadres">{(p) => <input {...p} name="email" type="email" autoComplete="username" required />}</Field>
        <Field label="Wachtwoord">{(p) => <input {...p} name="password" type="password" autoComplete="current-password" required />}</Field>
        <Field label="Code" hint="De 6 cijfers uit uw authenticator-app, of een van uw herstelcodes.">
          {(p) => <input {...p} name="code" autoComplete="one-time-code" inputMode="text" required spellCheck={false} />}
        </Field>
        <button className="button" type="submit" disabled={busy}>
          {busy ? 'Bezig met aanmelden…' : 'Aanmelden'}
        </button>
      </form>
      <p className="muted">Nog geen account of kunt u niet meer aanmelden? Vraag een beheerder om een (nieuwe) uitnodigingslink.</p>
    </>
  );
}
