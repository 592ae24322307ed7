import { MediaButton } from './media/media-panel.tsx';
import { Detail } from './panels.tsx';
import { changeWords } from './publish/change-words.ts';
import { PublishBar } from './publish/publish-panel.tsx';
import { ClientLinkButton } from './publish/client-links.tsx';
import { SiteSearch } from './site-search.tsx';
import type { StudioTexts } from './texts.ts';
import { useSite } from './files/site-context.tsx';
import { STUDIO_BACK_OFFICE_META } from '../../core/studio/contract.ts';

interface HeaderProps {
  t: StudioTexts;
  lang: string;
  /** the open file's name for a person */
  title: string;
  status: string;
  showField: (path: string, pointer: string) => void;
  openMedia: () => void;
  /** a site file's name as staff know it */
  nameOf: (path: string) => string;
  /** the route the preview shows */
  route: string;
}

/** The studio's bar: the open file, undo and redo, search, media, publishing, and what just happened. */
export function StudioHeader({ t, lang, title, status, showField, openMedia, nameOf, route }: HeaderProps) {
  const site = useSite();
  const problemCount = site.problems.length + Object.values(site.files).filter((f) => f.parseError).length;
  return (
    <header className="top">
      <BackOfficeLink t={t} />
      <h1>{t.studio}</h1>
      <span className="open-name">{title}</span>
      <button type="button" onClick={() => void site.undo()} disabled={!site.canUndo} aria-keyshortcuts="Control+Z">
        {t.undo}
      </button>
      <button type="button" onClick={() => void site.redo()} disabled={!site.canRedo} aria-keyshortcuts="Control+Shift+Z">
        {t.redo}
      </button>
      <SiteSearch lang={lang} show={showField} />
      <MediaButton lang={lang} open={openMedia} />
      <ClientLinkButton lang={lang} route={route} page={title} />
      <PublishBar lang={lang} problemCount={problemCount} settled={site.settled} words={changeWords(t, lang, site.state?.schemas ?? {}, nameOf)} />
      <p className="status" role="status" aria-live="polite">
        {status}
      </p>
    </header>
  );
}

/** The back office's address, where the studio was opened from one (studio/server/document.ts). */
const backOffice = (): string | undefined => document.querySelector<HTMLMetaElement>(`meta[name="${STUDIO_BACK_OFFICE_META}"]`)?.content || undefined;

/** The way back to the back office, first in the bar, where the studio is opened from one. */
function BackOfficeLink({ t }: { t: StudioTexts }) {
  const url = backOffice();
  if (!url) return null;
  return (
    <a className="back-office" href={`${url.replace(/\/+$/, '')}/`} title={t.backOfficeHint}>
      <span aria-hidden="true">← </span>
      {t.backOffice}
    </a>
  );
}

/** An edit the dev server could not apply: said in plain words, kept to try again or drop. */
export function ConflictBanner({ t, nameOf }: { t: StudioTexts; nameOf: (path: string) => string }) {
  const site = useSite();
  const { conflict } = site;
  if (!conflict) return null;
  return (
    <div className="conflict" role="alert">
      <p>{t.conflict(nameOf(conflict.path))}</p>
      <Detail t={t} text={`${conflict.path}: ${conflict.message}`} />
      <button type="button" onClick={site.retryConflict}>
        {t.tryAgain}
      </button>
      <button type="button" onClick={site.dropConflict}>
        {t.dropIt}
      </button>
    </div>
  );
}
