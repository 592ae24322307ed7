import { useCallback, useEffect, useRef, useState, type Dispatch, type MouseEvent, type SetStateAction } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { ADMIN_API, LEAD_EVENT, LEAD_STATUSES, type LeadRow, type LeadsAnswer } from '../core/admin/contract.ts';
import type { RequestError } from './api.ts';
import { get } from './api.ts';
import { useSession } from './session.tsx';
import { formatShort, STATUS_NAMES } from './texts.ts';
import { LiveError, PageHeading } from './ui.tsx';
import styles from './leads.module.css';
import { words } from './words.ts';

/** The filters in the address; `view` is one of the views (issue 50): `mijn` (assigned to me), `terugbellen` (to call back today or before). */
const FILTERS = ['q', 'form', 'status', 'spam', 'from', 'to', 'view'] as const;

/** Today as the person's own calendar says: "Terugbellen vandaag" asks the server for the days up to it. */
const today = () => new Date().toLocaleDateString('en-CA');

/** The Spam filter's choice for every lead, spam or not; without a choice the list leaves spam out. */
const ALL_SPAM = 'alles';

/** The list's query string for the API, from the screen's own address (so a lead's "back" keeps the filters). */
const queryOf = (params: URLSearchParams, after?: string) => {
  const query = new URLSearchParams();
  for (const name of FILTERS) if (name !== 'view' && params.get(name)) query.set(name, params.get(name)!);
  const view = params.get('view');
  if (view === 'mijn') query.set('assignee', 'me');
  if (view === 'terugbellen') query.set('callBack', today());
  // spam only when asked for: by default the list is what people sent
  const spam = params.get('spam');
  if (spam === ALL_SPAM) query.delete('spam');
  else if (spam !== '1') query.set('spam', '0');
  if (after) query.set('after', after);
  return query.toString();
};

function Marks({ lead }: { lead: LeadRow }) {
  return (
    <span className={styles.marks}>
      <span className={`${styles.status} ${styles[lead.status]}`}>{STATUS_NAMES[lead.status]}</span>
      {lead.spam ? <span className={`${styles.mark} ${styles.spam}`}>{words.leads.spam}</span> : null}
      {lead.review ? <span className={`${styles.mark} ${styles.review}`}>{words.leads.review}</span> : null}
      {lead.hasPhotos ? <span className={styles.mark}>{words.leads.photos}</span> : null}
      {lead.callBackOn ? <span className={styles.mark}>{words.leads.callBack(formatShort(`${lead.callBackOn}T12:00:00Z`))}</span> : null}
    </span>
  );
}

/** A lead the person has not opened: said to screen readers before its name (the eye sees the row in bold). */
function Unread({ lead }: { lead: LeadRow }) {
  return lead.unread ? <span className="visually-hidden">{words.leads.unread}</span> : null;
}

/** The search box's text, put into the address (and so asked of the server) after a pause in typing. */
function useDebouncedSearch() {
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState(params.get('q') ?? '');
  useEffect(() => {
    const timer = setTimeout(() => {
      if (search.trim() === (params.get('q') ?? '')) return;
      // the address as it is now: a filter chosen meanwhile is in it before this screen has drawn it
      const next = new URLSearchParams(window.location.search);
      if (search.trim()) next.set('q', search.trim());
      else next.delete('q');
      setParams(next, { replace: true });
    }, 300);
    return () => clearTimeout(timer);
  }, [search, params, setParams]);
  return [search, setSearch] as const;
}

/** The number of leads the person has not opened, before the page's title: "(3) Leads · Backoffice". */
function useUnreadTitle(unread: number | undefined) {
  useEffect(() => {
    document.title = words.pageTitle(unread ? `(${unread}) ${words.leads.heading}` : words.leads.heading);
  }, [unread]);
}

/**
 * New leads while the inbox is open: the server's events (server/admin/lead-events.ts) say one arrived, and `onLead`
 * asks for the list. The browser's EventSource reconnects by itself after a break, and stops when refused (signed out).
 */
function useLeadEvents(onLead: () => void) {
  const latest = useRef(onLead);
  useEffect(() => {
    latest.current = onLead;
  }, [onLead]);
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource(`${ADMIN_API}/lead-events`);
    source.addEventListener(LEAD_EVENT, () => latest.current());
    return () => source.close();
  }, []);
}

/** The list's state that a new lead changes. */
interface ListState {
  setRows: Dispatch<SetStateAction<LeadRow[]>>;
  setAnswer: Dispatch<SetStateAction<LeadsAnswer | undefined>>;
  setUnread: (unread: number | undefined) => void;
}

/** A lead arrived (useLeadEvents): the new rows on top of those shown (the pages loaded stay), the counts and the title anew. */
function useNewLeads(query: string, { setRows, setAnswer, setUnread }: ListState) {
  const refresh = useCallback(() => {
    get('/leads', { query }).then(
      (page) => {
        setRows((old) => {
          const shown = new Set(old.map((row) => row.id));
          return [...page.leads.filter((row) => !shown.has(row.id) && row.createdAt > (old[0]?.createdAt ?? '')), ...old];
        });
        setAnswer((old) => old && { ...old, total: page.total, counts: page.counts, unread: page.unread });
        setUnread(page.unread);
      },
      () => {
        // missed: the next lead, or the next visit, brings it
      },
    );
  }, [query, setRows, setAnswer, setUnread]);
  useLeadEvents(refresh);
}

/** What the list showed when a lead was opened from it: the pages loaded and how far down, for the way Back. */
interface Place {
  query: string;
  answer: LeadsAnswer;
  rows: LeadRow[];
  unread: number | undefined;
  scrollY: number;
  opened: string;
}

/** Kept per entry of the browser's history (the router's key), in this tab only. */
const placeKey = (key: string) => `leads-place:${key}`;

function savedPlace(key: string, query: string): Place | undefined {
  try {
    const place = JSON.parse(sessionStorage.getItem(placeKey(key)) ?? 'null') as Place | null;
    return place?.query === query ? place : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Each person's default view (issue 50): the filters they left the list with, kept in this browser's localStorage
 * under their address, so that the menu's "Leads" (the list without filters) opens their view, on this device. Kept
 * in the browser rather than on the server: it is a preference of the screen, not data about leads, and needs no
 * table, route or permission; a colleague signing in on the same browser has a view of their own. The search is
 * not kept: it is a question of the moment.
 */
const KEPT = ['form', 'status', 'spam', 'view', 'from', 'to'] as const;
const viewKey = (email: string) => `leads-view:${email}`;

function savedView(email: string): string {
  try {
    return localStorage.getItem(viewKey(email)) ?? '';
  } catch {
    return '';
  }
}

function rememberView(email: string, params: URLSearchParams) {
  const kept = new URLSearchParams();
  for (const name of KEPT) if (params.get(name)) kept.set(name, params.get(name)!);
  try {
    localStorage.setItem(viewKey(email), kept.toString());
  } catch {
    // storage full or closed: the list opens without filters, as before
  }
}

/** The list; opened without any filter, the person's own view instead. */
export function Leads() {
  const { me } = useSession();
  const [params] = useSearchParams();
  const saved = me && params.toString() === '' ? savedView(me.email) : '';
  if (saved) return <Navigate to={{ pathname: '/leads', search: `?${saved}` }} replace />;
  return <LeadList />;
}

/** Each change of the filters kept as the person's view. */
function useRememberView(params: URLSearchParams) {
  const { me } = useSession();
  useEffect(() => {
    if (me) rememberView(me.email, params);
  }, [me, params]);
}

function LeadList() {
  const [params] = useSearchParams();
  useRememberView(params);
  const location = useLocation();
  const query = queryOf(params);
  // back from a lead: the same rows, the lead just opened read now, and the same place on the page
  const [restored] = useState(() => savedPlace(location.key, query));
  const [answer, setAnswer] = useState<LeadsAnswer | undefined>(restored?.answer);
  const [rows, setRows] = useState<LeadRow[]>(restored?.rows ?? []);
  const [error, setError] = useState<string>();
  const [loading, setLoading] = useState(!restored);
  const [search, setSearch] = useDebouncedSearch();
  const [unread, setUnread] = useState<number | undefined>(restored?.unread);
  useUnreadTitle(unread);
  const kept = useRef(restored);

  useEffect(() => {
    const place = kept.current;
    if (!place) return;
    window.scrollTo(0, place.scrollY);
    // the keyboard goes on from the lead it left
    const links = document.querySelectorAll<HTMLAnchorElement>(`a[href^="/leads/${place.opened}"]`);
    [...links].find((link) => link.offsetParent !== null)?.focus({ preventScroll: true });
  }, []);

  /** Before a lead opens: this list as it is now, for the way Back. */
  const remember = (opened: LeadRow) => {
    const wasUnread = opened.unread;
    const place: Place = {
      query,
      answer: answer!,
      rows: rows.map((row) => (row.id === opened.id ? { ...row, unread: false } : row)),
      unread: unread !== undefined && wasUnread && !opened.spam ? unread - 1 : unread,
      scrollY: window.scrollY,
      opened: opened.id,
    };
    try {
      sessionStorage.setItem(placeKey(location.key), JSON.stringify(place));
    } catch {
      // a full or closed storage: Back loads the first page, as before
    }
  };

  useEffect(() => {
    if (kept.current) {
      // shown from the place kept; a later change of the filters asks the server again
      kept.current = undefined;
      return;
    }
    let live = true;
    setLoading(true);
    get('/leads', { query: String(query) }).then(
      (page) => {
        if (!live) return;
        setAnswer(page);
        setRows(page.leads);
        setUnread(page.unread);
        setError(undefined);
        setLoading(false);
      },
      (caught: RequestError) => live && (setError(caught.message), setLoading(false)),
    );
    return () => {
      live = false;
    };
  }, [query]);

  useNewLeads(query, { setRows, setAnswer, setUnread });

  const loadMore = async () => {
    if (!answer?.next) return;
    setLoading(true);
    try {
      const page = await get('/leads', { query: String(queryOf(params, answer.next)) });
      setRows((old) => [...old, ...page.leads]);
      setAnswer((old) => ({ ...page, total: old?.total, counts: old?.counts, unread: old?.unread }));
    } catch (caught) {
      setError((caught as RequestError).message);
    }
    setLoading(false);
  };
  return (
    <>
      <PageHeading title={words.leads.heading}>{words.leads.heading}</PageHeading>
      <Filters forms={answer?.forms ?? []} counts={answer?.counts} search={search} setSearch={setSearch} />
      <LiveError message={error} />
      <p className={styles.count} role="status">
        {loading && !answer ? words.leads.loading : answer?.total !== undefined ? words.leads.found(answer.total) : ''}
      </p>
      {rows.length > 0 ? <LeadTable rows={rows} formTitle={(id) => answer?.forms.find((f) => f.id === id)?.title ?? id} onOpen={remember} /> : null}
      {answer && rows.length === 0 && !loading ? <p className={`card ${styles.empty}`}>{words.leads.none}</p> : null}
      {answer?.next ? (
        <p className={styles.more}>
          <button type="button" className="button button-secondary" onClick={() => void loadMore()} disabled={loading}>
            {loading ? words.loading : words.leads.more}
          </button>
        </p>
      ) : null}
    </>
  );
}

interface FiltersProps {
  forms: LeadsAnswer['forms'];
  /** how many leads per status match the other filters */
  counts: LeadsAnswer['counts'];
  search: string;
  setSearch: (value: string) => void;
}

/** The search box and the filters; each filter is part of the address, so a lead's "back" keeps them. */
function Filters({ forms, counts, search, setSearch }: FiltersProps) {
  const [params, setParams] = useSearchParams();
  const { me } = useSession();
  const setFilter = (name: (typeof FILTERS)[number], value: string) => {
    // the address as it is now, not as this screen last drew it: two choices in quick succession both stay
    const next = new URLSearchParams(window.location.search);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next, { replace: true });
    // kept at the choice itself: a person who leaves at once still finds it next time
    if (me) rememberView(me.email, next);
  };
  return (
    <form className={styles.filters} role="search" aria-label={words.leads.filter} onSubmit={(e) => e.preventDefault()}>
      <div className={styles.searchField}>
        <label htmlFor="zoek">{words.leads.search}</label>
        <input id="zoek" type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder={words.leads.searchPlaceholder} />
      </div>
      <div>
        <label htmlFor="filter-view">{words.leads.view}</label>
        <select id="filter-view" value={params.get('view') ?? ''} onChange={(e) => setFilter('view', e.target.value)}>
          <option value="">{words.leads.allLeads}</option>
          <option value="mijn">{words.leads.mine}</option>
          <option value="terugbellen">{words.leads.callBackToday}</option>
        </select>
      </div>
      <div>
        <label htmlFor="filter-form">{words.leads.form}</label>
        <select id="filter-form" value={params.get('form') ?? ''} onChange={(e) => setFilter('form', e.target.value)}>
          <option value="">{words.leads.all}</option>
          {forms.map((f) => (
            <option key={f.id} value={f.id}>
              {f.title}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="filter-status">{words.leads.status}</label>
        <select id="filter-status" value={params.get('status') ?? ''} onChange={(e) => setFilter('status', e.target.value)}>
          <option value="">{words.leads.all}</option>
          {LEAD_STATUSES.map((s) => (
            <option key={s} value={s}>
              {counts ? words.leads.withCount(STATUS_NAMES[s], counts[s]) : STATUS_NAMES[s]}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="filter-spam">{words.leads.spam}</label>
        <select id="filter-spam" value={params.get('spam') ?? '0'} onChange={(e) => setFilter('spam', e.target.value === '0' ? '' : e.target.value)}>
          <option value="0">{words.leads.noSpam}</option>
          <option value="1">{words.leads.onlySpam}</option>
          <option value={ALL_SPAM}>{words.leads.everything}</option>
        </select>
      </div>
      <div>
        <label htmlFor="filter-from">{words.leads.from}</label>
        <input id="filter-from" type="date" value={params.get('from') ?? ''} onChange={(e) => setFilter('from', e.target.value)} />
      </div>
      <div>
        <label htmlFor="filter-to">{words.leads.to}</label>
        <input id="filter-to" type="date" value={params.get('to') ?? ''} onChange={(e) => setFilter('to', e.target.value)} />
      </div>
    </form>
  );
}

interface LeadTableProps {
  rows: LeadRow[];
  formTitle: (id: string) => string;
  /** a lead is about to open */
  onOpen: (lead: LeadRow) => void;
}

function LeadTable({ rows, formTitle, onOpen }: LeadTableProps) {
  const [params] = useSearchParams();
  const back = params.toString();
  const to = (lead: LeadRow) => ({ pathname: `/leads/${lead.id}`, search: back ? `?terug=${encodeURIComponent(back)}` : '' });
  const navigate = useNavigate();
  /**
   * A click anywhere on a table row opens its lead, as a click on its name does: a convenience for the mouse and the finger.
   * The name stays the link (the keyboard's and the screen reader's way in); a click on a link, a text being
   * selected, or a click with a key held (a new tab) is left to the browser.
   */
  const open = (lead: LeadRow) => (event: MouseEvent) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    if ((event.target as Element).closest('a, button, input, select, textarea')) return;
    if (window.getSelection()?.toString()) return;
    onOpen(lead);
    void navigate(to(lead));
  };
  return (
    <>
      <table className={styles.table} aria-label={words.leads.table}>
        <thead>
          <tr>
            <th scope="col">{words.leads.date}</th>
            <th scope="col">{words.leads.name}</th>
            <th scope="col">{words.leads.form}</th>
            <th scope="col">{words.leads.status}</th>
            <th scope="col">{words.leads.message}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((lead) => (
            <tr key={lead.id} className={lead.unread ? `${styles.row} ${styles.unread}` : styles.row} onClick={open(lead)}>
              <td className={styles.date}>{formatShort(lead.createdAt)}</td>
              <td>
                <Unread lead={lead} />
                <Link to={to(lead)} onClick={() => onOpen(lead)} className={styles.name}>
                  {lead.name || lead.email || words.leads.noName}
                </Link>
                <span className={styles.sub}>{lead.email}</span>
              </td>
              <td>{formTitle(lead.form)}</td>
              <td>
                <Marks lead={lead} />
              </td>
              <td>
                <span className={styles.preview}>{lead.preview}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul className={styles.cards} aria-label={words.leads.table}>
        {rows.map((lead) => (
          <li key={lead.id} className={lead.unread ? `${styles.card} ${styles.unread}` : styles.card}>
            <Unread lead={lead} />
            {/* the name's link covers the whole card (leads.module.css): a tap anywhere on it opens the lead */}
            <Link to={to(lead)} onClick={() => onOpen(lead)} className={`${styles.name} ${styles.cardLink}`}>
              {lead.name || lead.email || words.leads.noName}
            </Link>
            <span className={styles.sub}>
              {formatShort(lead.createdAt)} · {formTitle(lead.form)}
            </span>
            <Marks lead={lead} />
            {lead.preview ? <span className={styles.preview}>{lead.preview}</span> : null}
          </li>
        ))}
      </ul>
    </>
  );
}
