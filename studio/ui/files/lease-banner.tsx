import { useState } from 'react';
import { speaksDutch } from '../texts.ts';
import type { LeaseView } from './use-lease.ts';

const nl = {
  other: (who: string, since: string) => `${who} bewerkt dit bestand nu (sinds ${since}). U kunt meelezen; wilt u zelf iets veranderen, neem het dan over.`,
  lost: (who: string) => `${who} heeft dit bestand van u overgenomen. Wat u al had veranderd, is bewaard. U kunt nu meelezen.`,
  takeOver: 'Overnemen',
  notTaken: 'Overnemen lukte niet: de studio gaf geen antwoord. Probeer het zo nog eens.',
};
const en: typeof nl = {
  other: (who: string, since: string) => `${who} is editing this file now (since ${since}). You can read along; to change something yourself, take it over.`,
  lost: (who: string) => `${who} took this file over from you. What you had changed is saved. You can read along now.`,
  takeOver: 'Take over',
  notTaken: 'Taking it over did not work: the studio did not answer. Try again in a moment.',
};

/** Who has the open file, when it is not this tab, and the way to take it over. */
export function LeaseBanner({ lang, view, takeOver }: { lang: string; view: LeaseView; takeOver: () => Promise<void> }) {
  const [failed, setFailed] = useState(false);
  if (view.state !== 'other') return null;
  const texts = speaksDutch(lang) ? nl : en;
  const since = new Date(view.since).toLocaleTimeString(lang, { hour: '2-digit', minute: '2-digit' });
  return (
    <div className="lease-banner" role="status">
      <p>{view.lost ? texts.lost(view.holder) : texts.other(view.holder, since)}</p>
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
  );
}
