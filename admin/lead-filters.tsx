import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { LEAD_STATUSES, type LeadsAnswer } from '../core/admin/contract.ts';
import { ALL_SPAM, FILTERS, rememberView } from './lead-list-state.ts';
import { useSession } from './session.tsx';
import { STATUS_NAMES } from './texts.ts';
import styles from './leads.module.css';
import { words } from './words.ts';

/** The filters folded on a phone (the search and the view stay in view: the view is the choice of every morning). */
const FOLDED = FILTERS.filter((name) => name !== 'q' && name !== 'view');

interface FiltersProps {
  forms: LeadsAnswer['forms'];
  /** how many leads per status match the other filters */
  counts: LeadsAnswer['counts'];
  search: string;
  setSearch: (value: string) => void;
}

/** A filter chosen: put into the address, and kept as the person's view. */
function useSetFilter() {
  const [, setParams] = useSearchParams();
  const { me } = useSession();
  return (name: (typeof FILTERS)[number], value: string) => {
    // the address as it is now, not as this screen last drew it: two choices in quick succession both stay
    const next = new URLSearchParams(window.location.search);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next, { replace: true });
    // kept at the choice itself: a person who leaves at once still finds it next time
    if (me) rememberView(me.email, next);
  };
}

/** The search box and the filters; each filter is part of the address, so a lead's "back" keeps them. */
export function Filters({ forms, counts, search, setSearch }: FiltersProps) {
  const [params] = useSearchParams();
  const setFilter = useSetFilter();
  // on a phone the filters are folded behind one button that says how many are on (leads.module.css)
  const [open, setOpen] = useState(false);
  const on = FOLDED.filter((name) => params.get(name)).length;
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
      <button
        type="button"
        className={`button button-secondary ${styles.fold}`}
        aria-expanded={open}
        aria-controls="filter-fields"
        onClick={() => setOpen(!open)}
      >
        {on ? words.leads.filtersOn(on) : words.leads.filters}
      </button>
      <div id="filter-fields" className={open ? `${styles.fields} ${styles.open}` : styles.fields}>
        <FilterFields forms={forms} counts={counts} />
      </div>
    </form>
  );
}

/** The filters folded on a phone: the form, the status (with its counts), spam, and the days. */
function FilterFields({ forms, counts }: Pick<FiltersProps, 'forms' | 'counts'>) {
  const [params] = useSearchParams();
  const setFilter = useSetFilter();
  return (
    <>
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
    </>
  );
}
