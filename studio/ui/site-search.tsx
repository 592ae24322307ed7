import { useDeferredValue, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { useSite, type SiteFiles } from './files/site-context.tsx';
import { siteNow } from './form/links.ts';
import { linksTexts, type LinksTexts } from './form/links-texts.ts';
import { indexSite, inReadingOrder, placeOf, searchSite, type SearchHit } from './files/site-index.ts';
import './form/links.css';

export interface SiteSearchProps {
  lang: string;
  /** opens a file at a value (a JSON pointer) and focuses its field */
  show: (path: string, pointer: string) => void;
}

const SHOWN = 50;

/** Ctrl+K (⌘K) anywhere in the studio puts the focus in the search box. */
function useShortcut(input: RefObject<HTMLInputElement | null>) {
  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.key.toLowerCase() !== 'k') return;
      event.preventDefault();
      input.current?.focus();
      input.current?.select();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [input]);
}

function Hit({ hit, id, active, choose, t }: { hit: SearchHit; id: string; active: boolean; choose: () => void; t: LinksTexts }) {
  const [before, match, after] = hit.snippet;
  return (
    // the option is chosen from the search box's keys (Enter) too; a click keeps the focus there until the field takes it
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events
    <li role="option" tabIndex={-1} id={id} aria-selected={active} className="search-hit" onMouseDown={(e) => e.preventDefault()} onClick={choose}>
      <span className="search-hit-place">{placeOf(hit.file, hit.text, t)}</span>
      <span className="search-hit-text">
        {before}
        <mark>{match}</mark>
        {after}
      </span>
    </li>
  );
}

/** The places found, under the search box while it is open, and how many there are in all. */
function SearchList(props: { id: string; t: LinksTexts; open: boolean; hits: SearchHit[]; total: number; active: number; choose: (hit: SearchHit) => void }) {
  const { id, t, open, hits, total, active, choose } = props;
  return (
    <div className="site-search-popup" hidden={!open}>
      <ul role="listbox" id={`${id}-list`} aria-label={t.search}>
        {open
          ? hits.map((hit, index) => (
              <Hit
                key={`${hit.file.path}#${hit.text.pointer}`}
                hit={hit}
                id={`${id}-hit-${index}`}
                active={index === active}
                choose={() => choose(hit)}
                t={t}
              />
            ))
          : null}
      </ul>
      {open ? <p className="link-note">{total > hits.length ? t.moreResults(total - hits.length) : t.results(total)}</p> : null}
    </div>
  );
}

/** The hits found in the site's files as the studio holds them (indexed once per copy of a file) for the query. */
function useHits(site: SiteFiles, lang: string, query: string) {
  const deferred = useDeferredValue(query);
  const searched = deferred.trim() !== '';
  const schemas = site.state?.schemas;
  // while nothing is searched for, an edit of the site costs the search nothing
  const files = useMemo(() => (schemas && searched ? inReadingOrder(indexSite(schemas, lang, site.files)) : []), [schemas, searched, lang, site.files]);
  const found = useMemo(() => searchSite(files, deferred, SHOWN), [files, deferred]);
  return { ...found, searched };
}

/**
 * The list's state and keys: the arrows move through the places found, Enter opens the active one (or the first),
 * Escape closes the list and then empties the box. Every key typed in the box is the search's own: Ctrl+Z undoes the
 * typing there, not the studio's last edit of the site.
 */
function useSearchKeys(id: string, hits: SearchHit[], searched: boolean, choose: (hit: SearchHit | undefined) => void, clear: () => void) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const shown = open && searched;
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    e.stopPropagation();
    const move = (step: number) => setActive((i) => (hits.length === 0 ? -1 : (i + step + hits.length) % hits.length));
    if (e.key === 'ArrowDown' && !shown) setOpen(true);
    else if (e.key === 'ArrowDown') move(1);
    else if (e.key === 'ArrowUp' && shown) move(-1);
    else if (e.key === 'Enter' && shown) {
      setOpen(false);
      choose(hits[Math.max(0, active)]);
    } else if (e.key === 'Escape' && shown) setOpen(false);
    else if (e.key === 'Escape') clear();
    else return;
    e.preventDefault();
  };
  useEffect(() => {
    if (active >= 0) document.getElementById(`${id}-hit-${active}`)?.scrollIntoView({ block: 'nearest' });
  }, [active, id]);
  /** typed: the list opens on the new query, with no place active yet */
  const typed = () => {
    setOpen(true);
    setActive(-1);
  };
  return { open: shown, active, setOpen, onKeyDown, typed };
}

/**
 * The site search in the studio's header: any text of the site's files (every string value; case and accents
 * aside), each found place named in words (page, block, field) with the text around the match; choosing one opens
 * its file at that field. A combobox: the arrows move through the places, Enter opens one, Escape closes the list.
 */
export function SiteSearch({ lang, show }: SiteSearchProps) {
  const site = useSite();
  const t = linksTexts(lang);
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState('');
  const { hits, total, searched } = useHits(site, lang, query);
  const choose = (hit: SearchHit | undefined) => hit && show(hit.file.path, hit.text.pointer);
  const list = useSearchKeys(id, hits, searched, choose, () => setQuery(''));
  // the link fields read the site's files (the pages' titles) from here
  useEffect(() => siteNow.set(site.files), [site.files]);
  useShortcut(input);
  return (
    <div className="site-search" role="search">
      <label htmlFor={`${id}-input`} className="links-sr-only">
        {t.search}
      </label>
      <input
        ref={input}
        id={`${id}-input`}
        type="search"
        role="combobox"
        aria-autocomplete="list"
        aria-controls={`${id}-list`}
        aria-expanded={list.open}
        aria-activedescendant={list.open && list.active >= 0 ? `${id}-hit-${list.active}` : undefined}
        aria-keyshortcuts="Control+K"
        placeholder={t.searchPlaceholder}
        autoComplete="off"
        spellCheck={false}
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          list.typed();
        }}
        onFocus={() => list.setOpen(true)}
        onBlur={() => list.setOpen(false)}
        onKeyDown={list.onKeyDown}
      />
      <SearchList
        id={id}
        t={t}
        open={list.open}
        hits={hits}
        total={total}
        active={list.active}
        choose={(hit) => {
          list.setOpen(false);
          choose(hit);
        }}
      />
      <p role="status" className="links-sr-only">
        {list.open ? t.results(total) : ''}
      </p>
    </div>
  );
}
