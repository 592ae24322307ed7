import { useEffect, useId, useState } from 'react';
import {
  CLIENT_LINK_DAYS,
  CLIENT_LINKS_API,
  type ClientLink,
  type ClientLinksAnswer,
  type NewClientLinkAnswer,
  type NewClientLinkRequest,
} from '../../../core/studio/contract.ts';
import { speaksDutch } from '../texts.ts';
import { serverSaid } from '../files/call.ts';
import { jsonCall } from './json-call.ts';
import { Modal, signedIn } from './publish-dialog.tsx';

/** What the client link dialog says, in the site's language. */
const nl = {
  open: 'Voorbeeldlink',
  title: 'Voorbeeldlink voor een klant',
  intro: (page: string, route: string) =>
    `Een link naar ${page} (${route}) zoals de pagina nu is, met wijzigingen die nog niet gepubliceerd zijn. Wie de link heeft, kan de pagina bekijken zonder account; zoekmachines nemen hem niet op.`,
  works: 'Werkt',
  days: (days: number) => (days === 1 ? '1 dag' : `${days} dagen`),
  make: 'Link maken',
  link: 'De link',
  once: 'Deze link ziet u alleen nu. Kwijt? Maak gerust een nieuwe.',
  copy: 'Kopiëren',
  copied: 'Gekopieerd.',
  live: 'Links die nog werken',
  none: 'Er werkt nu geen voorbeeldlink.',
  until: (route: string, date: string, who: string) => `${route}, tot ${date}, gemaakt door ${who}`,
  revoke: 'Intrekken',
  revokeLabel: (route: string, date: string) => `Link naar ${route} tot ${date} intrekken`,
  revoked: 'De link is ingetrokken: hij werkt niet meer.',
  failed: 'Dat lukte niet. Probeer het nog eens.',
  close: 'Sluiten',
};
const en: typeof nl = {
  open: 'Preview link',
  title: 'Preview link for a client',
  intro: (page: string, route: string) =>
    `A link to ${page} (${route}) as the page is now, with changes not yet published. Whoever has the link can view the page without an account; search engines leave it out.`,
  works: 'Works for',
  days: (days: number) => (days === 1 ? '1 day' : `${days} days`),
  make: 'Make a link',
  link: 'The link',
  once: 'You see this link only now. Lost it? Just make a new one.',
  copy: 'Copy',
  copied: 'Copied.',
  live: 'Links that still work',
  none: 'No preview link works now.',
  until: (route: string, date: string, who: string) => `${route}, until ${date}, made by ${who}`,
  revoke: 'Revoke',
  revokeLabel: (route: string, date: string) => `Revoke the link to ${route} until ${date}`,
  revoked: 'The link is revoked: it no longer works.',
  failed: 'That did not work. Please try again.',
  close: 'Close',
};

const call = <T,>(path: string, body?: unknown) => jsonCall<T>(`${CLIENT_LINKS_API}${path}`, body);

/**
 * A read-only link to the page the preview shows, as it is now, for a client without an account: made here, shown
 * once, listed while it works, revoked in one click. Only where a sign-in is in front of the studio (the back
 * office's), which keeps the links.
 */
export function ClientLinkButton({ lang, route, page }: { lang: string; route: string; page: string }) {
  const [open, setOpen] = useState(false);
  if (!signedIn()) return null;
  const texts = speaksDutch(lang) ? nl : en;
  return (
    <>
      <button type="button" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {texts.open}
      </button>
      {open && <ClientLinkDialog lang={lang} route={route} page={page} close={() => setOpen(false)} />}
    </>
  );
}

type Texts = typeof nl;

/** The links that still work, and making, revoking and copying one, with a line that says what happened. */
function useClientLinks(texts: Texts, route: string) {
  const [made, setMade] = useState<string>();
  const [links, setLinks] = useState<ClientLink[]>([]);
  const [said, setSaid] = useState('');
  const reload = () =>
    call<ClientLinksAnswer>('').then(
      (answer) => setLinks(answer.links),
      (error: unknown) => setSaid(serverSaid(error) ?? texts.failed),
    );
  useEffect(() => void reload(), []); // eslint-disable-line react-hooks/exhaustive-deps -- once, when opened
  const attempt = async (work: () => Promise<void>) => {
    try {
      await work();
    } catch (error) {
      setSaid(serverSaid(error) ?? texts.failed);
    }
  };
  const make = (days: number) =>
    attempt(async () => {
      const answer = await call<NewClientLinkAnswer>('', { route, days } satisfies NewClientLinkRequest);
      setMade(`${window.location.origin}${answer.path}`);
      setSaid('');
      await reload();
    });
  const revoke = (id: string) =>
    attempt(async () => {
      await call(`/${id}/revoke`, {});
      setSaid(texts.revoked);
      await reload();
    });
  const copy = () =>
    attempt(async () => {
      await navigator.clipboard.writeText(made ?? '');
      setSaid(texts.copied);
    });
  return { made, links, said, make, revoke, copy };
}

/** The link just made, once, with its copy button. */
function MadeLink({ texts, url, copy }: { texts: Texts; url: string; copy: () => Promise<void> }) {
  const id = useId();
  return (
    <p className="client-link-made">
      <label htmlFor={id}>{texts.link}</label>
      <input id={id} readOnly value={url} onFocus={(e) => e.target.select()} aria-describedby={`${id}-once`} />
      <button type="button" onClick={() => void copy()}>
        {texts.copy}
      </button>
      <span id={`${id}-once`} className="hint">
        {texts.once}
      </span>
    </p>
  );
}

function ClientLinkDialog({ lang, route, page, close }: { lang: string; route: string; page: string; close: () => void }) {
  const texts = speaksDutch(lang) ? nl : en;
  const [days, setDays] = useState<number>(7);
  const { made, links, said, make, revoke, copy } = useClientLinks(texts, route);
  const daysId = useId();
  const date = (iso: string) => new Date(iso).toLocaleString(lang, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <Modal title={texts.title} lang={lang} close={close}>
      <p>{texts.intro(page, route)}</p>
      <form
        className="client-link-make"
        onSubmit={(e) => {
          e.preventDefault();
          void make(days);
        }}
      >
        <label htmlFor={daysId}>{texts.works}</label>
        <select id={daysId} value={days} onChange={(e) => setDays(Number(e.target.value))}>
          {CLIENT_LINK_DAYS.map((d) => (
            <option key={d} value={d}>
              {texts.days(d)}
            </option>
          ))}
        </select>
        <button type="submit" className="primary">
          {texts.make}
        </button>
      </form>
      {made && <MadeLink texts={texts} url={made} copy={copy} />}
      <p role="status" className="client-link-said">
        {said}
      </p>
      <h3>{texts.live}</h3>
      {links.length === 0 ? (
        <p>{texts.none}</p>
      ) : (
        <ul className="client-links">
          {links.map((link) => (
            <li key={link.id}>
              <span>{texts.until(link.route, date(link.expiresAt), link.createdBy)}</span>
              <button type="button" aria-label={texts.revokeLabel(link.route, date(link.expiresAt))} onClick={() => void revoke(link.id)}>
                {texts.revoke}
              </button>
            </li>
          ))}
        </ul>
      )}
      <p>
        <button type="button" onClick={close}>
          {texts.close}
        </button>
      </p>
    </Modal>
  );
}
