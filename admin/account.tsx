import { useCallback, useState } from 'react';
import type { SessionsAnswer } from '../core/admin/contract.ts';
import type { RequestError } from './api.ts';
import { useAnswer } from './use-answer.ts';
import { get, post } from './api.ts';
import { useSession } from './session.tsx';
import { formatDateTime, ROLE_NAMES } from './texts.ts';
import { LiveError, PageHeading } from './ui.tsx';
import styles from './lists.module.css';
import { AccountPasskeys } from './account-passkeys.tsx';
import { AccountFactors } from './account-factors.tsx';
import page from './account.module.css';
import { words } from './words.ts';

type Session = SessionsAnswer['sessions'][number];

/** One session: where and since when, this device and the studio's marked; the button ends it (this device: signs out). */
function SessionItem({ session: s, onEnd }: { session: Session; onEnd: () => void }) {
  return (
    <li className={`card ${styles.item}`}>
      <div>
        <p className={styles.title}>
          {s.where ?? words.account.unknownDevice} {s.current ? <span className={styles.badge}>{words.account.thisDevice}</span> : null}
          {s.kind === 'studio' ? <span className={`${styles.badge} ${styles.badgeMuted}`}>{words.account.studio}</span> : null}
        </p>
        <p className={styles.meta}>{words.account.since(formatDateTime(s.createdAt), formatDateTime(s.lastSeenAt))}</p>
        {s.keptUntil ? <p className={styles.meta}>{words.account.keptUntil(formatDateTime(s.keptUntil))}</p> : null}
      </div>
      <button type="button" className="button button-secondary button-small" onClick={onEnd}>
        {s.current ? words.signOut : words.account.end}
        {s.current ? null : <span className="visually-hidden"> ({s.where ?? words.account.unknownDeviceLower})</span>}
      </button>
    </li>
  );
}

export function Account() {
  const { me, signOut } = useSession();
  const { answer, error, setError, reload: load } = useAnswer(useCallback(() => get('/sessions'), []));
  const sessions = answer?.sessions;
  const [note, setNote] = useState('');
  const ending = async (call: () => Promise<string>) => {
    setError(undefined);
    try {
      setNote(await call());
      await load();
    } catch (caught) {
      setError((caught as RequestError).message);
    }
  };
  const end = (session: Session) =>
    ending(async () => {
      await post('/sessions/:id/end', { params: { id: session.id } });
      return words.account.ended;
    });
  const endOthers = () => ending(async () => words.account.endedOthers((await post('/sessions/end-others')).ended));
  const others = sessions?.filter((s) => !s.current).length ?? 0;
  return (
    <div className={page.page}>
      <PageHeading title={words.screens.account}>{words.account.heading}</PageHeading>
      {me ? <p>{words.account.signedInAs(me.email, ROLE_NAMES[me.role])}</p> : null}
      <h2 className={styles.subheading}>{words.account.where}</h2>
      <LiveError message={error} onRetry={sessions ? undefined : () => void load()} />
      <p role="status" className="muted">
        {note}
      </p>
      {sessions ? (
        <ul className={styles.list}>
          {sessions.map((s) => (
            <SessionItem key={s.id} session={s} onEnd={() => void (s.current ? signOut() : end(s))} />
          ))}
        </ul>
      ) : (
        <p className="muted">{words.loading}</p>
      )}
      {others > 0 ? (
        <button type="button" className="button button-secondary" onClick={() => void endOthers()}>
          {words.account.endOthers}
        </button>
      ) : null}
      <AccountFactors onSessionsChanged={() => void load()} />
      <AccountPasskeys />
    </div>
  );
}
