import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { AuditAnswer } from '../core/admin/contract.ts';
import { AUDIT_GROUPS, type AuditGroup } from '../core/admin/audit-groups.ts';
import type { RequestError } from './api.ts';
import { get } from './api.ts';
import { auditName, formatDateTime } from './texts.ts';
import { LiveError, Notice, PageHeading } from './ui.tsx';
import styles from './lists.module.css';
import { words } from './words.ts';

type Event = AuditAnswer['events'][number];
const PAGE = 100;
/** The filters, in the address (Back and a shared link keep them): the server reads the same names. */
const FILTERS = ['person', 'group', 'from', 'to'] as const;
/** Who did a sign-in that failed or was slowed down: nobody signed in, never "the server". */
const SIGN_IN_ATTEMPTS = new Set(['sign-in.failed', 'sign-in.throttled']);

/** The events of the filters in the address, a page at a time. */
function useAuditEvents(filters: string) {
  const [events, setEvents] = useState<Event[]>([]);
  const [more, setMore] = useState(false);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string>();
  const load = useCallback(
    async (before?: string) => {
      setLoading(true);
      setError(undefined);
      const query = new URLSearchParams(filters);
      query.set('limit', String(PAGE));
      if (before) query.set('before', before);
      try {
        const answer = await get('/audit', { query: query.toString() });
        setEvents((old) => (before ? [...old, ...answer.events] : answer.events));
        setMore(answer.events.length === PAGE);
      } catch (caught) {
        setError((caught as RequestError).message);
      }
      setLoading(false);
    },
    [filters],
  );
  useEffect(() => void load(), [load]);
  return { events, more, loading, error, load };
}

export function AuditLog() {
  const [params, setParams] = useSearchParams();
  const filters = new URLSearchParams(FILTERS.flatMap((name) => (params.get(name) ? [[name, params.get(name)!]] : []))).toString();
  const { events, more, loading, error, load } = useAuditEvents(filters);
  const [people, setPeople] = useState<{ id: string; email: string }[]>([]);
  useEffect(() => {
    get('/people').then(
      (a) => setPeople(a.people),
      () => undefined,
    );
  }, []);
  const names = new Map(people.map((p) => [p.id, p.email]));
  const target = (event: Event): ReactNode =>
    event.targetIds.map((id, at) => (
      <span key={id}>
        {at > 0 ? ', ' : ''}
        {event.kind.startsWith('lead.') && !names.has(id) ? (
          <Link to={`/leads/${id}`}>{words.audit.lead(id.slice(0, 8))}</Link>
        ) : (
          (names.get(id) ?? id.slice(0, 8))
        )}
      </span>
    ));
  const who = (event: Event) =>
    event.actorId ? (names.get(event.actorId) ?? words.audit.goneActor) : SIGN_IN_ATTEMPTS.has(event.kind) ? words.audit.notSignedIn : words.audit.server;
  const setFilter = (name: (typeof FILTERS)[number], value: string) => {
    // the address as it is now, not as this screen last drew it: two choices in quick succession both stay
    const next = new URLSearchParams(window.location.search);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next, { replace: true });
  };
  return (
    <>
      <PageHeading title={words.audit.heading}>{words.audit.heading}</PageHeading>
      <p className="muted">{words.audit.intro}</p>
      <AuditFilters params={params} people={people} set={setFilter} clear={filters ? () => setParams({}, { replace: true }) : undefined} />
      <LiveError message={error} onRetry={() => void load()} />
      {!loading && !error && events.length === 0 ? <Notice kind="info">{filters ? words.audit.noneFiltered : words.audit.none}</Notice> : null}
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

interface FiltersProps {
  params: URLSearchParams;
  people: { id: string; email: string }[];
  set: (name: (typeof FILTERS)[number], value: string) => void;
  /** wipes every filter; absent when none is set */
  clear: (() => void) | undefined;
}

/** By whom or about whom, which kind of event, and from and to which day. */
function AuditFilters({ params, people, set, clear }: FiltersProps) {
  return (
    <form className={styles.auditFilters} role="search" aria-label={words.audit.filters} onSubmit={(e) => e.preventDefault()}>
      <label>
        {words.audit.person}
        <select value={params.get('person') ?? ''} onChange={(e) => set('person', e.target.value)}>
          <option value="">{words.audit.everyone}</option>
          {people.map((p) => (
            <option key={p.id} value={p.id}>
              {p.email}
            </option>
          ))}
        </select>
      </label>
      <label>
        {words.audit.group}
        <select value={params.get('group') ?? ''} onChange={(e) => set('group', e.target.value)}>
          <option value="">{words.audit.allGroups}</option>
          {(Object.keys(AUDIT_GROUPS) as AuditGroup[]).map((group) => (
            <option key={group} value={group}>
              {words.audit.groups[group]}
            </option>
          ))}
        </select>
      </label>
      <label>
        {words.audit.from}
        <input type="date" value={params.get('from') ?? ''} onChange={(e) => set('from', e.target.value)} />
      </label>
      <label>
        {words.audit.to}
        <input type="date" value={params.get('to') ?? ''} onChange={(e) => set('to', e.target.value)} />
      </label>
      {clear ? (
        <button type="button" className="button button-secondary button-small" onClick={clear}>
          {words.audit.clear}
        </button>
      ) : null}
    </form>
  );
}

interface EventsProps {
  events: Event[];
  who: (event: Event) => string;
  target: (event: Event) => ReactNode;
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
                <td>{who(event)}</td>
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
              {formatDateTime(event.at)} · {words.audit.byLower(who(event))}
              {event.targetIds.length ? (
                <>
                  {words.audit.aboutLower}
                  {target(event)}
                </>
              ) : null}
            </p>
          </li>
        ))}
      </ul>
    </>
  );
}
