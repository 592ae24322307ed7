import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import type { AcceptInvitationAnswer, AcceptInvitationRequest, InvitationAnswer } from '../core/admin/contract.ts';
import type { RequestError } from './api.ts';
import { get, post } from './api.ts';
import { landAfterSignIn, useSession } from './session.tsx';
import { formatDateTime, ROLE_NAMES } from './texts.ts';
import { Field, LiveError, Notice, PageHeading } from './ui.tsx';
import { RecoveryCodes } from './recovery-codes.tsx';
import { AccountPasskeys } from './account-passkeys.tsx';
import { qrDataUrl, TotpKey } from './totp-key.tsx';
import styles from './invitation.module.css';
import { words } from './words.ts';

type Loaded = { state: 'loading' } | { state: 'gone'; message: string } | { state: 'open'; invitation: InvitationAnswer; qr: string };

export function Invitation() {
  const { token = '' } = useParams();
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [accepted, setAccepted] = useState<AcceptInvitationAnswer>();
  useEffect(() => {
    let live = true;
    get('/invitations/:token', { params: { token } })
      .then(async (invitation) => {
        const qr = await qrDataUrl(invitation.totp.uri);
        if (live) setLoaded({ state: 'open', invitation, qr });
      })
      .catch((error: RequestError) => live && setLoaded({ state: 'gone', message: error.message }));
    return () => {
      live = false;
    };
  }, [token]);

  if (accepted) return <Accepted answer={accepted} />;
  if (loaded.state === 'loading') return <p className="muted">{words.invitation.loading}</p>;
  if (loaded.state === 'gone')
    return (
      <>
        <PageHeading title={words.invitation.goneTitle}>{words.invitation.gone}</PageHeading>
        <Notice>{loaded.message}</Notice>
        <p>{words.invitation.goneText}</p>
      </>
    );
  return <AcceptForm token={token} invitation={loaded.invitation} qr={loaded.qr} onAccepted={setAccepted} />;
}

interface AcceptProps {
  token: string;
  invitation: InvitationAnswer;
  qr: string;
  onAccepted: (answer: AcceptInvitationAnswer) => void;
}

function AcceptForm({ token, invitation, qr, onAccepted }: AcceptProps) {
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const request: AcceptInvitationRequest = {
      password: String(data.get('password') ?? ''),
      code: String(data.get('code') ?? '').replace(/\s+/g, ''),
    };
    setBusy(true);
    setError(undefined);
    try {
      onAccepted(await post('/invitations/:token', { params: { token }, body: request }));
    } catch (caught) {
      setError((caught as RequestError).message);
      setBusy(false);
    }
  };
  return (
    <>
      <PageHeading title={words.invitation.title}>{words.invitation.welcome}</PageHeading>
      <p>{words.invitation.intro(invitation.email, ROLE_NAMES[invitation.role], formatDateTime(invitation.expiresAt))}</p>
      <form onSubmit={(e) => void submit(e)}>
        <h2 className={styles.step}>{words.invitation.step1}</h2>
        <input type="email" name="username" autoComplete="username" value={invitation.email} readOnly hidden />
        <Field label={words.invitation.newPassword} hint={words.invitation.newPasswordHint}>
          {(p) => <input {...p} name="password" type="password" autoComplete="new-password" required minLength={8} maxLength={128} />}
        </Field>
        <AuthenticatorStep invitation={invitation} qr={qr} />
        <h2 className={styles.step}>{words.invitation.step3}</h2>
        <Field label={words.invitation.codeLabel} hint={words.invitation.codeHint}>
          {(p) => <input {...p} name="code" inputMode="numeric" autoComplete="one-time-code" pattern="[0-9 ]*" required className={styles.code} />}
        </Field>
        <LiveError message={error} />
        <button className="button" type="submit" disabled={busy}>
          {busy ? words.busy : words.invitation.submit}
        </button>
      </form>
    </>
  );
}

/** Step 2: the authenticator's secret as a QR code, and as text in groups of four for typing. */
function AuthenticatorStep({ invitation, qr }: { invitation: InvitationAnswer; qr: string }) {
  return (
    <>
      <h2 className={styles.step}>{words.invitation.step2}</h2>
      <p>{words.invitation.step2Text}</p>
      <TotpKey secret={invitation.totp.secret} uri={invitation.totp.uri} qr={qr} alt={words.invitation.qrAlt(invitation.email)} />
    </>
  );
}

function Accepted({ answer }: { answer: AcceptInvitationAnswer }) {
  const { setMe } = useSession();
  const navigate = useNavigate();
  return (
    <>
      <PageHeading title={words.recovery.title}>{words.recovery.heading}</PageHeading>
      <Notice kind="ok">{words.recovery.ready}</Notice>
      <p>{words.recovery.text()}</p>
      <RecoveryCodes codes={answer.recoveryCodes} email={answer.email} />
      {/* the second way in, set up now while the device is at hand: shown only where passkeys work */}
      <div className="no-print">
        <AccountPasskeys optional />
      </div>
      <div className={`actions no-print ${styles.next}`}>
        <button
          className="button"
          type="button"
          onClick={() => {
            setMe({ email: answer.email, role: answer.role, permissions: answer.permissions });
            void landAfterSignIn(navigate, answer);
          }}
        >
          {words.recovery.saved}
        </button>
      </div>
    </>
  );
}
