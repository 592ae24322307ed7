import { useContext, useState } from 'react';
import { speaksDutch } from '../texts.ts';
import { SiteFilesContext } from './site-context.tsx';
import type { LeaseView } from './use-lease.ts';
import type { LostEdit } from './use-site-files.ts';
import './lease.css';

const nl = {
  other: (who: string, since: string) => `${who} bewerkt dit bestand nu (sinds ${since}). U kunt meelezen; wilt u zelf iets veranderen, neem het dan over.`,
  lost: (who: string) => `${who} heeft dit bestand van u overgenomen. Wat u al had veranderd, is bewaard. U kunt nu meelezen.`,
  takeOver: 'Overnemen',
  notTaken: 'Overnemen lukte niet: de studio gaf geen antwoord. Probeer het zo nog eens.',
  leased: (who: string) => `${who} heeft dit bestand nu. Uw laatste wijziging is niet opgeslagen: uw tekst staat hieronder, zodat u hem kunt kopiëren.`,
  overtaken: (who: string) =>
    `${who} heeft dit bestand intussen opgeslagen. Uw laatste wijziging is niet opgeslagen, zodat die van ${who} niet verloren gaat: uw tekst staat hieronder, zodat u hem kunt kopiëren.`,
  yourText: (n: number, of: number) => (of > 1 ? `Uw tekst (${n} van ${of})` : 'Uw tekst'),
  copy: 'Tekst kopiëren',
  copied: 'Gekopieerd.',
  notCopied: 'Kopiëren lukte niet: selecteer de tekst en kopieer hem zelf.',
  close: 'Sluiten',
};
const en: typeof nl = {
  other: (who: string, since: string) => `${who} is editing this file now (since ${since}). You can read along; to change something yourself, take it over.`,
  lost: (who: string) => `${who} took this file over from you. What you had changed is saved. You can read along now.`,
  takeOver: 'Take over',
  notTaken: 'Taking it over did not work: the studio did not answer. Try again in a moment.',
  leased: (who: string) => `${who} has this file now. Your last change was not saved: your text is below, so you can copy it.`,
  overtaken: (who: string) =>
    `${who} saved this file in the meantime. Your last change was not saved, so that ${who}'s is not lost: your text is below, so you can copy it.`,
  yourText: (n: number, of: number) => (of > 1 ? `Your text (${n} of ${of})` : 'Your text'),
  copy: 'Copy text',
  copied: 'Copied.',
  notCopied: 'Copying did not work: select the text and copy it yourself.',
  close: 'Close',
};

/** The texts of an edit refused for another person's sake: readable, selectable, and copied with one click. */
function LostTexts({ texts, lost, close }: { texts: typeof nl; lost: LostEdit; close: () => void }) {
  const [copied, setCopied] = useState<boolean | undefined>();
  const all = lost.texts.map((t) => t.text).join('\n\n');
  return (
    <div className="lease-lost" role="alert">
      <p>{lost.reason === 'leased' ? texts.leased(lost.who) : texts.overtaken(lost.who)}</p>
      {lost.texts.map(({ at, text }, i) => (
        <textarea key={at} readOnly value={text} aria-label={texts.yourText(i + 1, lost.texts.length)} rows={Math.min(6, text.split('\n').length + 1)} />
      ))}
      <div className="lease-lost-actions">
        {lost.texts.length > 0 ? (
          <button
            type="button"
            onClick={() =>
              void navigator.clipboard.writeText(all).then(
                () => setCopied(true),
                () => setCopied(false),
              )
            }
          >
            {texts.copy}
          </button>
        ) : null}
        <button type="button" onClick={close}>
          {texts.close}
        </button>
        {copied === undefined ? null : <span role="status">{copied ? texts.copied : texts.notCopied}</span>}
      </div>
    </div>
  );
}

/**
 * Who has the open file, when it is not this tab, and the way to take it over; and the texts of an edit the studio's
 * server refused because another person has the file or saved it since, to copy.
 */
export function LeaseBanner({ lang, view, takeOver }: { lang: string; view: LeaseView; takeOver: () => Promise<void> }) {
  const [failed, setFailed] = useState(false);
  const site = useContext(SiteFilesContext);
  const texts = speaksDutch(lang) ? nl : en;
  const lost = site?.lost ? <LostTexts texts={texts} lost={site.lost} close={site.dropLost} /> : null;
  if (view.state !== 'other') return lost;
  const since = new Date(view.since).toLocaleTimeString(lang, { hour: '2-digit', minute: '2-digit' });
  return (
    <>
      <div className="lease-banner" role="status">
        {/* with a refused edit below, "what you had changed is saved" would not be true */}
        <p>{view.lost && !site?.lost ? texts.lost(view.holder) : texts.other(view.holder, since)}</p>
        {failed ? <p role="alert">{texts.notTaken}</p> : null}
        <button
          type="button"
          onClick={() => {
            setFailed(false);
            takeOver().catch(() => setFailed(true));
          }}
        >
          {texts.takeOver}
        </button>
      </div>
      {lost}
    </>
  );
}
