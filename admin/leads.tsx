import { useEffect, useRef, useState } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router-dom';
import type { LeadRow, LeadsAnswer } from '../core/admin/contract.ts';
import type { RequestError } from './api.ts';
import { get } from './api.ts';
import { Filters } from './lead-filters.tsx';
import { ListKeys } from './lead-keys.tsx';
import { placeKey, queryOf, savedPlace, savedView, useDebouncedSearch, useNewLeads, useRememberView, useUnreadTitle, type Place } from './lead-list-state.ts';
import { LeadTable } from './lead-table.tsx';
import { useSession } from './session.tsx';
import { LiveError, PageHeading } from './ui.tsx';
import styles from './leads.module.css';
import { words } from './words.ts';

/** The list; opened without any filter, the person's own view instead. */
export function Leads() {
  const { me } = useSession();
  const [params] = useSearchParams();
  const saved = me && params.toString() === '' ? savedView(me.email) : '';
  if (saved) return <Navigate to={{ pathname: '/leads', search: `?${saved}` }} replace />;
  return <LeadList />;
}

/**
 * The pages of leads for `query`, the first asked whenever the query changes; shown from `restored` instead when
 * the way Back brought a place kept.
 */
function useLeadPages(query: string, restored: Place | undefined) {
  const [params] = useSearchParams();
  const [answer, setAnswer] = useState<LeadsAnswer | undefined>(restored?.answer);
  const [rows, setRows] = useState<LeadRow[]>(restored?.rows ?? []);
  const [error, setError] = useState<string>();
  const [loading, setLoading] = useState(!restored);
  const [unread, setUnread] = useState<number | undefined>(restored?.unread);
  const kept = useRef(restored);
  useEffect(() => {
    if (kept.current) {
      // shown from the place kept; a later change of the filters asks the server again
      kept.current = undefined;
      return;
    }
    let live = true;
    setLoading(true);
    get('/leads', { query }).then(
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
      const page = await get('/leads', { query: queryOf(params, answer.next) });
      setRows((old) => [...old, ...page.leads]);
      setAnswer((old) => ({ ...page, total: old?.total, counts: old?.counts, unread: old?.unread }));
    } catch (caught) {
      setError((caught as RequestError).message);
    }
    setLoading(false);
  };
  return { answer, rows, error, loading, unread, loadMore };
}

/** Back from a lead: the place kept when it opened (the same rows, the lead just opened read now), and how to keep one. */
function usePlace(query: string) {
  const location = useLocation();
  const [restored] = useState(() => savedPlace(location.key, query));
  useEffect(() => {
    if (!restored) return;
    window.scrollTo(0, restored.scrollY);
    // the keyboard goes on from the lead it left
    const links = document.querySelectorAll<HTMLAnchorElement>(`a[href^="/leads/${restored.opened}"]`);
    [...links].find((link) => link.offsetParent !== null)?.focus({ preventScroll: true });
  }, [restored]);
  /** Before a lead opens: the list as it is now, for the way Back. */
  const keep = (opened: LeadRow, shown: Pick<Place, 'answer' | 'rows' | 'unread'>) => {
    const place: Place = {
      query,
      answer: shown.answer,
      rows: shown.rows.map((row) => (row.id === opened.id ? { ...row, unread: false } : row)),
      unread: shown.unread !== undefined && opened.unread && !opened.spam ? shown.unread - 1 : shown.unread,
      scrollY: window.scrollY,
      opened: opened.id,
    };
    try {
      sessionStorage.setItem(placeKey(location.key), JSON.stringify(place));
    } catch {
      // a full or closed storage: Back loads the first page, as before
    }
  };
  return { restored, keep };
}

function LeadList() {
  const [params] = useSearchParams();
  useRememberView(params);
  const query = queryOf(params);
  const { restored, keep } = usePlace(query);
  const { answer, rows, error, loading, unread, loadMore } = useLeadPages(query, restored);
  const [search, setSearch] = useDebouncedSearch();
  useUnreadTitle(unread);
  const formTitle = (id: string) => answer?.forms.find((f) => f.id === id)?.title ?? id;
  return (
    <>
      <PageHeading title={words.leads.heading}>{words.leads.heading}</PageHeading>
      <Filters forms={answer?.forms ?? []} counts={answer?.counts} search={search} setSearch={setSearch} />
      <LiveError message={error} />
      <div className={styles.countLine}>
        <p className={styles.count} role="status">
          {loading && !answer ? words.leads.loading : answer?.total !== undefined ? words.leads.found(answer.total) : ''}
        </p>
        <ListKeys />
      </div>
      {rows.length > 0 ? <LeadTable rows={rows} formTitle={formTitle} onOpen={(lead) => answer && keep(lead, { answer, rows, unread })} /> : null}
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
