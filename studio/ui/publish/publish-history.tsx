import { useEffect, useState } from 'react';
import { plainProblem } from '../problems/plain-problems.ts';
import { publishCalls, type PushResult, type Refusal, type Version, type VersionProblem } from './publish-calls.ts';
import { changesNotice, Modal, NameField, refusalText, reloadWith, useChanges, useName } from './publish-dialog.tsx';
import type { PublishTexts } from './publish-texts.ts';
import { PushReport } from './publish-push.tsx';

interface Props {
  texts: PublishTexts;
  lang: string;
  settled: () => Promise<void>;
  close: () => void;
  /** opens Discard instead: unpublished changes stand in the way of a restore */
  discardFirst: () => void;
}

const dateOf = (iso: string, lang: string) => new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

/** A file as staff know it: its name without folder or extension (`home` for content/pages/home.json). */
const fileLabel = (path: string) => path.replace(/^.*\//, '').replace(/\.json$/, '');
/** The published versions, newest first; one can be restored as a new version while nothing is unpublished. */
export function HistoryDialog({ texts, lang, settled, close, discardFirst }: Props) {
  const [changes] = useChanges(texts, settled);
  const [versions, setVersions] = useState<Version[] | undefined>();
  const [chosen, setChosen] = useState<Version | undefined>();
  useEffect(() => {
    void publishCalls.history().then((answer) => setVersions(answer.error === undefined && answer.git ? answer.versions : []));
  }, []);
  const unpublished = changes.state === 'ready' && changes.files.length > 0;
  return (
    <Modal title={texts.historyTitle} lang={lang} close={close}>
      {changesNotice(changes, texts)}
      {changes.state === 'ready' && versions?.length === 0 ? <p>{texts.noVersions}</p> : null}
      {changes.state === 'ready' && versions && versions.length > 0 ? (
        <ol className="version-list">
          {versions.map((version, index) => (
            <li key={version.commit}>
              <span className="version-message">{version.message}</span>
              <span className="version-meta">
                {dateOf(version.date, lang)} {texts.by} {version.author}
                {index === 0 ? ` · ${texts.current}` : null}
              </span>
              {index > 0 ? (
                <button type="button" onClick={() => setChosen(version)} aria-describedby={`version-${version.commit}`}>
                  {texts.restore}
                </button>
              ) : null}
              <span id={`version-${version.commit}`} hidden>
                {version.message}
              </span>
              {chosen?.commit === version.commit ? (
                unpublished ? (
                  <div role="alert">
                    <p className="publish-refused">{texts.unpublished}</p>
                    <button type="button" onClick={discardFirst}>
                      {texts.discardFirst}
                    </button>
                  </div>
                ) : (
                  <RestoreConfirm version={version} texts={texts} lang={lang} cancel={() => setChosen(undefined)} />
                )
              ) : null}
            </li>
          ))}
        </ol>
      ) : null}
      <button type="button" className="publish-close" onClick={close}>
        {texts.close}
      </button>
    </Modal>
  );
}

/** Restoring one version: what it does, the person's name, and the confirm. */
function RestoreConfirm({ version, texts, lang, cancel }: { version: Version; texts: PublishTexts; lang: string; cancel: () => void }) {
  const [name, setName] = useName();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  /** the version's problems, when it was refused for them: for a developer, folded away */
  const [problems, setProblems] = useState<VersionProblem[] | undefined>();
  const [unsent, setUnsent] = useState<PushResult | undefined>();
  const date = dateOf(version.date, lang);
  const restore = async () => {
    if (name.trim() === '') return;
    setBusy(true);
    const answer = await publishCalls
      .restore(version.commit, texts.restoreMessage(date, version.message), name.trim())
      .catch((e: unknown): Refusal => ({ error: (e as Error).message }));
    setBusy(false);
    if (answer.error !== undefined) {
      const withProblems = answer.reason === 'version-problems';
      setProblems(withProblems ? answer.problems : undefined);
      return setError(withProblems ? texts.versionProblems(answer.problems?.length ?? 0) : refusalText(answer, texts));
    }
    const push = 'push' in answer ? answer.push : undefined;
    // restored here but not sent: said in place, with "send again"; else the studio reloads on the restored files
    if (push && !push.ok) return setUnsent(push);
    reloadWith(push?.ok ? `${texts.restored(date)} ${texts.pushed(push.remote, push.branch)}` : texts.restored(date));
  };
  return (
    <form
      className="restore-confirm"
      onSubmit={(e) => {
        e.preventDefault();
        void restore();
      }}
    >
      <p>{texts.restoreConfirm(date)}</p>
      <NameField name={name} setName={setName} texts={texts} />
      {error ? (
        <div className="publish-refused" role="alert">
          <p>{error}</p>
          {problems && problems.length > 0 ? <VersionProblems problems={problems} texts={texts} lang={lang} /> : null}
        </div>
      ) : null}
      {unsent ? <PushReport push={unsent} texts={texts} /> : null}
      <button type="submit" className="primary" disabled={busy || name.trim() === '' || unsent !== undefined}>
        {busy ? texts.working : texts.confirmRestore}
      </button>{' '}
      <button type="button" onClick={cancel}>
        {texts.cancel}
      </button>
    </form>
  );
}

/** A refused version's problems: each in the staff's words by its page, and the validator's own words folded away for a developer. */
function VersionProblems({ problems, texts, lang }: { problems: VersionProblem[]; texts: PublishTexts; lang: string }) {
  return (
    <>
      <ul className="publish-problems">
        {problems.map((p, i) => (
          <li key={i}>{`${fileLabel(p.file)}: ${plainProblem(p, lang)}`}</li>
        ))}
      </ul>
      <details>
        <summary>{texts.detail}</summary>
        <pre className="publish-detail">{problems.map((p) => `${p.file}:${p.line}:${p.column} ${p.message}`).join('\n')}</pre>
      </details>
    </>
  );
}
