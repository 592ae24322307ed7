import { useEffect, useState } from 'react';
import type { AuditAnswer } from '../core/admin/contract.ts';
import type { RequestError } from './api.ts';
import { get } from './api.ts';
import { auditName, formatDateTime } from './texts.ts';
import { LiveError, PageHeading } from './ui.tsx';
import styles from './lists.module.css';
import { words } from './words.ts';

type Event = AuditAnswer['events'][number];
const PAGE = 100;

export function AuditLog() {
  const [events, setEvents] = useState<Event[]>([]);
  const [names, setNames] = useState(new Map<string, string>());
  const [more, setMore] = useState(false);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string>();
  const load = async (before?: string) => {
    setLoading(true);
    try {
      const answer = await get('/audit', { query: `limit=${PAGE}${before ? `&before=${encodeURIComponent(before)}` : ''}` });
      setEvents((old) => (before ? [...old, ...answer.events] : answer.events));
      setMore(answer.events.length === PAGE);
    } catch (caught) {
      setError((caught as RequestError).message);
    }
    setLoading(false);
  };
  useEffect(() => {
    void load();
    get('/people').then(
      (a) => setNames(new Map(a.people.map((p) => [p.id, p.email]))),
      () => undefined,
    );
  }, []);
  const target = (event: Event) =>
    event.targetIds.map((id) => names.get(id) ?? (event.kind.startsWith('lead.') ? words.audit.lead(id.slice(0, 8)) : id.slice(0, 8))).join(', ');
  const who = (id: string | null) => (id ? (names.get(id) ?? words.audit.goneActor) : words.audit.server);
  return (
    <>
      <PageHeading title={words.audit.heading}>{words.audit.heading}</PageHeading>
      <p className="muted">{words.audit.intro}</p>
      <LiveError message={error} />
      <AuditEvents events={events} who={who} target={target} />
      {loading ? <p className="muted">{words.loading}</p> : null}
      {more && !loading ? (
        <p>
          <button type="button" className="button button-secondary" onClick={() => void load(events.at(-1)?.at)}>
            {words.audit.older}
          </button>
        </p>
      ) : null}
    </>
  );
}

interface EventsProps {
  events: Event[];
  who: (id: string | null) => string;
  target: (event: Event) => string;
}

/** The events as a table on laptops, as cards on phones. */
function AuditEvents({ events, who, target }: EventsProps) {
  return (
    <>
      <div className={`${styles.tableWrap} ${styles.wide}`}>
        <table className={styles.auditTable}>
          <thead>
            <tr>
              <th scope="col">{words.audit.when}</th>
              <th scope="col">{words.audit.what}</th>
              <th scope="col">{words.audit.by}</th>
              <th scope="col">{words.audit.about}</th>
            </tr>
          </thead>
          <tbody>
            {events.map((event) => (
              <tr key={event.id}>
                <td>{formatDateTime(event.at)}</td>
                <td>{auditName(event.kind)}</td>
                <td>{who(event.actorId)}</td>
                <td>{target(event)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className={styles.auditCards} aria-label={words.audit.events}>
        {events.map((event) => (
          <li key={event.id} className="card">
            <p className={styles.title}>{auditName(event.kind)}</p>
            <p className={styles.meta}>
              {formatDateTime(event.at)} · {words.audit.byLower(who(event.actorId))}
              {event.targetIds.length ? words.audit.aboutLower(target(event)) : ''}
            </p>
          </li>
        ))}
      </ul>
    </>
  );
}
