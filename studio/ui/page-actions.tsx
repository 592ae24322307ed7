import { useDeferredValue, useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import type { EditOp } from '../../core/edit/ops.ts';
import { CONFIG_FILE, contentFile } from '../../core/site/layout.ts';
import { useSite, type SiteFiles } from './files/site-context.tsx';
import { Modal } from './publish/publish-dialog.tsx';
import { dataOf, linksTo, pageTitle, relinkEdits, routePattern, routeProblem, siteNow, siteRouteChoices, suggestRoute, type LinkUse } from './form/links.ts';
import { linksTexts, type LinksTexts } from './form/links-texts.ts';
import { indexSite, placeOf, type IndexedFile } from './files/site-index.ts';
import { reservedRouteText } from './problems/plain-problems.ts';
import './form/links.css';

export interface PageActionsProps {
  lang: string;
  /** the open page's id: its file is content/pages/<id>.json */
  page: string;
  /** the page was deleted: the studio opens another, and says so (in the site's language) */
  onRemoved: (message: string) => void;
}

/** The page's entries in the config's route table, with their index there. */
interface RouteEntry {
  path: string;
  index: number;
}

const SHOWN = 30;

/** Where each link is, in words, with the link as written: "Home › Blok 1 (Hero) › Knoppen 1 › Link: /contact#form". */
function LinkPlaces({ links, t, label }: { links: LinkUse[]; t: LinksTexts; label: string }) {
  if (links.length === 0) return null;
  return (
    <ul className="link-places" aria-label={label}>
      {links.slice(0, SHOWN).map(({ file, text }) => (
        <li key={`${file.path}#${text.pointer}`}>
          {placeOf(file, text, t)}: <code>{text.value}</code>
        </li>
      ))}
      {links.length > SHOWN ? <li>{t.more(links.length - SHOWN)}</li> : null}
    </ul>
  );
}

/** The links to routes in the site's files as the studio holds them this moment (the edits are made on this copy). */
const linksNow = (site: SiteFiles, lang: string, routes: string[], except?: string) =>
  linksTo(indexSite(site.state?.schemas ?? {}, lang, site.files), routes, except);

/**
 * Edits of the site's files, one list per file: the config's own edits (`config`) first, with the config's links
 * among them, then every other file's links. Called inside site.together(), they are one step of undo.
 */
async function editAll(site: SiteFiles, config: EditOp[], links: Map<string, EditOp[]>): Promise<void> {
  const own = links.get(CONFIG_FILE) ?? [];
  if (config.length + own.length > 0) site.edit(CONFIG_FILE, [...own, ...config]);
  for (const [file, ops] of links) if (file !== CONFIG_FILE) site.edit(file, ops);
  await site.settled();
}

interface RenameProps {
  t: LinksTexts;
  lang: string;
  files: IndexedFile[];
  entry: RouteEntry;
  title: string;
  close: () => void;
  done: (message: string) => void;
}

/** Why the new address cannot be, in words (the route that has it, for one that is taken; whose it is, for a reserved one). */
function problemText(t: LinksTexts, lang: string, problem: ReturnType<typeof routeProblem>, wanted: string, taken: string): string | undefined {
  if (problem === 'slash') return t.noSlash;
  if (problem === 'characters') return t.badCharacters;
  if (problem === 'reserved') return reservedRouteText(wanted, lang);
  if (problem === 'taken') return t.taken(taken);
  if (problem === 'unchanged') return t.unchanged;
  return undefined;
}

/** The new address, its hint, why it cannot be (as it is typed), and a usable address made of what was typed. */
function AddressField({ t, lang, current, next, setNext }: { t: LinksTexts; lang: string; current: string; next: string; setNext: (path: string) => void }) {
  const site = useSite();
  const id = useId();
  const wanted = next.trim();
  const problem = routeProblem(wanted, site.routes, current, routePattern(site.state?.schemas ?? {}));
  const owner = siteRouteChoices(site.files, site.routes).find((choice) => choice.path === wanted);
  const message = problem === 'unchanged' ? undefined : problemText(t, lang, problem, wanted, owner ? `${owner.title} (${owner.path})` : wanted);
  const suggestion = problem === 'slash' || problem === 'characters' ? suggestRoute(wanted) : undefined;
  const usable = suggestion && routeProblem(suggestion, site.routes, current) === undefined ? suggestion : undefined;
  return (
    <div className="page-dialog-field">
      <label htmlFor={`${id}-path`}>{t.newAddress}</label>
      <input
        id={`${id}-path`}
        value={next}
        autoComplete="off"
        spellCheck={false}
        // eslint-disable-next-line jsx-a11y/no-autofocus -- the dialog opens to type the new address
        autoFocus
        aria-invalid={message ? true : undefined}
        aria-describedby={`${id}-hint ${id}-problem`}
        onChange={(e) => setNext(e.target.value)}
      />
      <p className="hint" id={`${id}-hint`}>
        {t.addressHint}
      </p>
      <p className="page-dialog-problem" id={`${id}-problem`} aria-live="polite">
        {message ?? ''}
      </p>
      {usable ? (
        <button type="button" onClick={() => setNext(usable)}>
          {t.useSuggestion(usable)}
        </button>
      ) : null}
    </div>
  );
}

/** A new address for the page: checked as it is typed; every link to the old one (anchors kept) follows, in one click. */
function RenameDialog({ t, lang, files, entry, title, close, done }: RenameProps) {
  const site = useSite();
  const [next, setNext] = useState(entry.path);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState('');
  const wanted = next.trim();
  const problem = routeProblem(wanted, site.routes, entry.path, routePattern(site.state?.schemas ?? {}));
  const links = linksTo(files, [entry.path]);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (problem || busy) return;
    setBusy(true);
    try {
      const route: EditOp = { op: 'set', path: ['routes', entry.index, 'path'], value: wanted };
      await site.together(() => editAll(site, [route], relinkEdits(linksNow(site, lang, [entry.path]), wanted)));
      done(t.renamed(wanted, links.length));
    } catch (error) {
      setFailed(t.failed((error as Error).message));
      setBusy(false);
    }
  };
  return (
    <Modal title={t.renameTitle(title)} lang={lang} close={close}>
      <form onSubmit={(e) => void submit(e)}>
        <AddressField t={t} lang={lang} current={entry.path} next={next} setNext={setNext} />
        <p>{t.linksFollow(links.length)}</p>
        <LinkPlaces links={links} t={t} label={t.linksFollow(links.length)} />
        {failed ? <p className="page-dialog-problem">{failed}</p> : null}
        <div className="page-dialog-actions">
          <button type="submit" className="primary" disabled={problem !== undefined || busy}>
            {busy ? t.working : t.doRename}
          </button>
          <button type="button" onClick={close}>
            {t.cancel}
          </button>
        </div>
      </form>
    </Modal>
  );
}

interface RemoveProps {
  t: LinksTexts;
  lang: string;
  page: string;
  entries: RouteEntry[];
  title: string;
  /** the links to the page from the other files */
  links: LinkUse[];
  close: () => void;
  removed: (message: string) => void;
}

/** The other pages a link to a deleted page can point to instead. */
function otherPages(site: SiteFiles, entries: RouteEntry[]) {
  return siteRouteChoices(site.files, site.routes).filter((choice) => choice.kind === 'page' && !entries.some((entry) => entry.path === choice.path));
}

/** Where the links to the deleted page go instead: a choice of the other pages, and why a choice is needed. */
function RelinkTarget({
  t,
  entries,
  count,
  target,
  setTarget,
}: {
  t: LinksTexts;
  entries: RouteEntry[];
  count: number;
  target: string;
  setTarget: (path: string) => void;
}) {
  const site = useSite();
  const id = useId();
  const refused = target === '';
  return (
    <div className="page-dialog-field">
      <label htmlFor={`${id}-target`}>{t.relinkTo}</label>
      <select id={`${id}-target`} value={target} onChange={(e) => setTarget(e.target.value)} aria-describedby={refused ? `${id}-refused` : undefined}>
        <option value="">{t.choosePage}</option>
        {otherPages(site, entries).map((choice) => (
          <option key={choice.path} value={choice.path}>
            {choice.title} ({choice.path})
          </option>
        ))}
      </select>
      {refused ? (
        <p className="page-dialog-problem" id={`${id}-refused`}>
          {t.refused(count)}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The page's links pointed to `target`, its routes taken from the config and its file deleted: one step, that one
 * Ctrl+Z undoes. Refused (the number of links, to say so) when links to it are there and no target is chosen, even
 * a link made since the dialog listed them: none is ever pointed nowhere.
 */
async function removeWithLinks(site: SiteFiles, lang: string, page: string, entries: RouteEntry[], target: string): Promise<{ refused: number } | undefined> {
  const path = contentFile('page', page);
  const fresh = linksNow(
    site,
    lang,
    entries.map((entry) => entry.path),
    path,
  );
  if (fresh.length > 0 && target === '') return { refused: fresh.length };
  const routes: EditOp[] = [...entries].reverse().map((entry) => ({ op: 'remove', path: ['routes'], index: entry.index }));
  await site.together(async () => {
    await editAll(site, routes, relinkEdits(fresh, target));
    await site.removePage(path);
  });
  return undefined;
}

/**
 * Deleting the page: the links to it are listed, and pointed to another page first; while any remain it is refused.
 * Then its routes go from the config and its file from content/pages/, all one step of undo.
 */
function RemoveDialog({ t, lang, page, entries, title, links, close, removed }: RemoveProps) {
  const site = useSite();
  const [target, setTarget] = useState('');
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState('');
  const refused = links.length > 0 && target === '';
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (refused || busy) return;
    setBusy(true);
    try {
      const refusal = await removeWithLinks(site, lang, page, entries, target);
      if (!refusal) return removed(t.removed(title));
      setFailed(t.refused(refusal.refused));
    } catch (error) {
      setFailed(t.failed((error as Error).message));
    }
    setBusy(false);
  };
  return (
    <Modal title={t.removeTitle(title)} lang={lang} close={close}>
      <form onSubmit={(e) => void submit(e)}>
        <p>{links.length > 0 ? t.pointingHere(links.length) : t.noLinksHere}</p>
        <LinkPlaces links={links} t={t} label={t.pointingHere(links.length)} />
        {links.length > 0 ? <RelinkTarget t={t} entries={entries} count={links.length} target={target} setTarget={setTarget} /> : null}
        <p className="hint">{t.getBack}</p>
        {failed ? <p className="page-dialog-problem">{failed}</p> : null}
        <div className="page-dialog-actions">
          <button type="submit" className="danger" disabled={refused || busy}>
            {busy ? t.working : links.length > 0 ? t.doRelinkRemove : t.doRemove}
          </button>
          <button type="button" onClick={close}>
            {t.cancel}
          </button>
        </div>
      </form>
    </Modal>
  );
}

/** The page's routes (its entries in the config's route table), its title, and the links to it from the other files. */
function usePage(site: SiteFiles, lang: string, page: string) {
  const schemas = site.state?.schemas;
  // the links are counted again after each edit, at a lower priority than the keys being typed
  const siteFiles = useDeferredValue(site.files);
  const files = useMemo(() => (schemas ? indexSite(schemas, lang, siteFiles) : []), [schemas, lang, siteFiles]);
  const table = (dataOf(site.files[CONFIG_FILE]) as { routes?: { path?: unknown; page?: unknown }[] } | undefined)?.routes;
  const entries: RouteEntry[] = (Array.isArray(table) ? table : []).flatMap((r, index) =>
    r.page === page && typeof r.path === 'string' ? [{ path: r.path, index }] : [],
  );
  const links = linksTo(
    files,
    entries.map((entry) => entry.path),
    contentFile('page', page),
  );
  return { files, entries, links, title: pageTitle(site.files, page) ?? page, home: entries.some((entry) => entry.path === '/') };
}

/** The page's address and how many links lead to it; the buttons that change it or delete the page (not the home page). */
function AddressLine({
  t,
  entries,
  links,
  home,
  open,
}: {
  t: LinksTexts;
  entries: RouteEntry[];
  links: LinkUse[];
  home: boolean;
  open: (dialog: 'rename' | 'remove') => void;
}) {
  return (
    <>
      <p className="page-address">
        {t.address}: <code className="page-route">{entries.map((entry) => entry.path).join(', ') || '–'}</code>
        <span className="page-links"> · {t.linksHere(links.length)}</span>
      </p>
      {home ? (
        <p className="hint">{t.homeFixed}</p>
      ) : (
        <div className="page-actions-buttons">
          {entries[0] ? (
            <button type="button" onClick={() => open('rename')}>
              {t.rename}
            </button>
          ) : null}
          <button type="button" onClick={() => open('remove')}>
            {t.remove}
          </button>
        </div>
      )}
    </>
  );
}

/**
 * Above the open page's settings: its address and how many links lead to it, and two actions. "Change address": a
 * new route, every link to the old one follows. "Delete page": the links to it are pointed elsewhere first (or it is
 * refused), then its route and its file go. The home page ("/") stays.
 */
export function PageActions({ lang, page, onRemoved }: PageActionsProps) {
  const site = useSite();
  const t = linksTexts(lang);
  const [dialog, setDialog] = useState<'rename' | 'remove'>();
  const [notice, setNotice] = useState({ page: '', text: '' });
  // the link fields read the site's files (the pages' titles) from here
  useEffect(() => siteNow.set(site.files), [site.files]);
  const { files, entries, links, title, home } = usePage(site, lang, page);
  const close = () => setDialog(undefined);
  return (
    <section className="page-actions" aria-label={`${t.address}: ${title}`}>
      <AddressLine t={t} entries={entries} links={links} home={home} open={setDialog} />
      {notice.page === page && notice.text ? (
        <p className="page-actions-notice" role="status">
          {notice.text}
        </p>
      ) : null}
      {dialog === 'rename' && entries[0] ? (
        <RenameDialog
          t={t}
          lang={lang}
          files={files}
          entry={entries[0]}
          title={title}
          close={close}
          done={(text) => {
            close();
            setNotice({ page, text });
          }}
        />
      ) : null}
      {dialog === 'remove' ? (
        <RemoveDialog
          t={t}
          lang={lang}
          page={page}
          entries={entries}
          title={title}
          links={links}
          close={close}
          removed={(text) => {
            close();
            onRemoved(text);
          }}
        />
      ) : null}
    </section>
  );
}
