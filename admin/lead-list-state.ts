import { useCallback, useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ADMIN_API, LEAD_EVENT, type LeadRow, type LeadsAnswer } from '../core/admin/contract.ts';
import { get } from './api.ts';
import { useSession } from './session.tsx';
import { words } from './words.ts';

/** The filters in the address; `view` is one of the views (issue 50): `mijn` (assigned to me), `terugbellen` (to call back today or before). */
export const FILTERS = ['q', 'form', 'status', 'spam', 'from', 'to', 'view'] as const;

/** Today as the person's own calendar says: "Terugbellen vandaag" asks the server for the days up to it. */
const today = () => new Date().toLocaleDateString('en-CA');

/** The Spam filter's choice for every lead, spam or not; without a choice the list leaves spam out. */
export const ALL_SPAM = 'alles';

/** The list's query string for the API, from the screen's own address (so a lead's "back" keeps the filters). */
export const queryOf = (params: URLSearchParams, after?: string) => {
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

/** The search box's text, put into the address (and so asked of the server) after a pause in typing. */
export function useDebouncedSearch() {
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
export function useUnreadTitle(unread: number | undefined) {
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
export function useNewLeads(query: string, { setRows, setAnswer, setUnread }: ListState) {
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
export interface Place {
  query: string;
  answer: LeadsAnswer;
  rows: LeadRow[];
  unread: number | undefined;
  scrollY: number;
  opened: string;
}

/** Kept per entry of the browser's history (the router's key), in this tab only. */
export const placeKey = (key: string) => `leads-place:${key}`;

export function savedPlace(key: string, query: string): Place | undefined {
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

export function savedView(email: string): string {
  try {
    return localStorage.getItem(viewKey(email)) ?? '';
  } catch {
    return '';
  }
}

export function rememberView(email: string, params: URLSearchParams) {
  const kept = new URLSearchParams();
  for (const name of KEPT) if (params.get(name)) kept.set(name, params.get(name)!);
  try {
    localStorage.setItem(viewKey(email), kept.toString());
  } catch {
    // storage full or closed: the list opens without filters, as before
  }
}

/** Each change of the filters kept as the person's view. */
export function useRememberView(params: URLSearchParams) {
  const { me } = useSession();
  useEffect(() => {
    if (me) rememberView(me.email, params);
  }, [me, params]);
}
