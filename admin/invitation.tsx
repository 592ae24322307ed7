import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import QRCode from 'qrcode';
import type { AcceptInvitationAnswer, AcceptInvitationRequest, InvitationAnswer } from '../core/admin/contract.ts';
import type { RequestError } from './api.ts';
import { get, post } from './api.ts';
import { homeOf, useSession } from './session.tsx';
import { formatDateTime, ROLE_NAMES } from './texts.ts';
import { Field, LiveError, Notice, PageHeading } from './ui.tsx';
import { RecoveryCodes } from './recovery-codes.tsx';
import { AccountPasskeys } from './account-passkeys.tsx';
import styles from './invitation.module.css';

/** The secret in groups of four, as people type it from the screen. */
export const groupsOfFour = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

type Loaded = { state: 'loading' } | { state: 'gone'; message: string } | { state: 'open'; invitation: InvitationAnswer; qr: string };

export function Invitation() {
  const { token = '' } = useParams();
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [accepted, setAccepted] = useState<AcceptInvitationAnswer>();
  useEffect(() => {
    let live = true;
    get<InvitationAnswer>(`/invitations/${encodeURIComponent(token)}`)
      .then(async (invitation) => {
        const svg = await QRCode.toString(invitation.totp.uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
        if (live) setLoaded({ state: 'open', invitation, qr: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` });
      })
      .catch((error: RequestError) => live && setLoaded({ state: 'gone', message: error.message }));
    return () => {
      live = false;
    };
  }, [token]);

  if (accepted) return <Accepted answer={accepted} />;
  if (loaded.state === 'loading') return <p className="muted">Uitnodiging ophalen…</p>;
  if (loaded.state === 'gone')
    return (
      <>
        <PageHeading title="Uitnodiging werkt niet">Deze uitnodiging werkt niet</PageHeading>
        <Notice>{loaded.message}</Notice>
        <p>Vraag een beheerder om een nieuwe uitnodigingslink. Een link is 72 uur geldig en werkt maar één keer.</p>
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
      totpSecret: invitation.totp.secret,
      code: String(data.get('code') ?? '').replace(/\s+/g, ''),
    };
    setBusy(true);
    setError(undefined);
    try {
      onAccepted(await post<AcceptInvitationAnswer>(`/invitations/${encodeURIComponent(token)}`, request));
    } catch (caught) {
      setError((caught as RequestError).message);
      setBusy(false);
    }
  };
  return (
    <>
      <PageHeading title="Account instellen">Welkom! Stel uw account in</PageHeading>
      <p>
        Deze uitnodiging is voor <strong>{invitation.email}</strong> met de rol <strong>{ROLE_NAMES[invitation.role]}</strong>. De link is geldig tot{' '}
        {formatDateTime(invitation.expiresAt)}.
      </p>
      <form onSubmit={(e) => void submit(e)}>
        <h2 className={styles.step}>1. Kies een wachtwoord</h2>
        <input type="email" name="username" autoComplete="username" value={invitation.email} readOnly hidden />
        <Field label="Nieuw wachtwoord" hint="Minstens 8 tekens. Een zin van een paar woorden is sterk en makkelijk te onthouden.">
          {(p) => <input {...p} name="password" type="password" autoComplete="new-password" required minLength={8} maxLength={128} />}
        </Field>
        <AuthenticatorStep invitation={invitation} qr={qr} />
        <h2 className={styles.step}>3. Typ de code uit de app</h2>
        <Field label="Code van 6 cijfers" hint="De app toont elke 30 seconden een nieuwe code.">
          {(p) => <input {...p} name="code" inputMode="numeric" autoComplete="one-time-code" pattern="[0-9 ]*" required className={styles.code} />}
        </Field>
        <LiveError message={error} />
        <button className="button" type="submit" disabled={busy}>
          {busy ? 'Bezig…' : 'Account instellen'}
        </button>
      </form>
    </>
  );
}

/** Step 2: the authenticator's secret as a QR code, and as text in groups of four for typing. */
function AuthenticatorStep({ invitation, qr }: { invitation: InvitationAnswer; qr: string }) {
  return (
    <>
      <h2 className={styles.step}>2. Koppel uw authenticator-app</h2>
      <p>
        Open een authenticator-app op uw telefoon (bijvoorbeeld Google Authenticator, Microsoft Authenticator of 1Password) en scan deze QR-code. Lukt scannen
        niet? Typ dan de sleutel hieronder in de app.
      </p>
      <div className={styles.pair}>
        <img className={styles.qr} src={qr} width={200} height={200} alt={`QR-code om ${invitation.email} aan uw authenticator-app toe te voegen`} />
        <div>
          <p className={styles.secretLabel}>Sleutel om over te typen</p>
          <p className={styles.secret}>{groupsOfFour(invitation.totp.secret)}</p>
          <p className="muted">Kies in de app voor ‘tijdgebaseerd’ als daarnaar gevraagd wordt.</p>
        </div>
      </div>
    </>
  );
}

function Accepted({ answer }: { answer: AcceptInvitationAnswer }) {
  const { setMe } = useSession();
  const navigate = useNavigate();
  return (
    <>
      <PageHeading title="Herstelcodes">Bewaar uw herstelcodes</PageHeading>
      <Notice kind="ok">Uw account is klaar en u bent aangemeld.</Notice>
      <p>
        Bent u uw telefoon kwijt, dan meldt u zich aan met een van deze codes in plaats van de code uit de app. Elke code werkt één keer. U ziet ze{' '}
        <strong>alleen nu</strong>: bewaar ze op een veilige plek, bijvoorbeeld in uw wachtwoordmanager of geprint in een la.
      </p>
      <RecoveryCodes codes={answer.recoveryCodes} email={answer.email} />
      {/* the second way in, set up now while the device is at hand: shown only where passkeys work */}
      <div className="no-print">
        <AccountPasskeys />
      </div>
      <button
        className="button no-print"
        type="button"
        onClick={() => {
          setMe({ email: answer.email, role: answer.role });
          void navigate(homeOf(answer.role), { replace: true });
        }}
      >
        Ik heb ze bewaard, ga verder
      </button>
    </>
  );
}
