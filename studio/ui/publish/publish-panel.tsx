import { useContext, useState } from 'react';
import { commitMessage, plainWords, type ChangeWords } from './publish-changes.ts';
import { publishCalls, type PushResult, type Refusal } from './publish-calls.ts';
import { ScheduleLater } from './schedule-later.tsx';
import { PushReport } from './publish-push.tsx';
import { RefusedFiles } from './publish-refused.tsx';
import {
  ChangeList,
  ChangeWordsContext,
  changesNotice,
  Modal,
  NameField,
  refusalText,
  reloadWith,
  takeFlash,
  useChanges,
  useName,
  type Changes,
} from './publish-dialog.tsx';
import { HistoryDialog } from './publish-history.tsx';
import { publishTexts, type PublishTexts } from './publish-texts.ts';
import './publish.css';

interface Props {
  /** the site's language (its config's `lang`): the language these buttons and dialogs speak */
  lang: string;
  /** the site's open problems (validation and files that do not parse): Publish refuses while there are any */
  problemCount: number;
  /** resolves once the studio's pending edits are on disk */
  settled: () => Promise<void>;
  /** how a change is said: the studio's names of files and labels of fields (studio/ui/publish/change-words.ts) */
  words?: ChangeWords;
}

/** Publish, Discard and History: the buttons in the studio's top bar, each opening its dialog. */
export function PublishBar({ lang, problemCount, settled, words = plainWords }: Props) {
  const texts = publishTexts(lang);
  const [open, setOpen] = useState<'publish' | 'discard' | 'history' | undefined>();
  const [flash] = useState(takeFlash);
  const close = () => setOpen(undefined);
  return (
    <ChangeWordsContext.Provider value={words}>
      <div className="publish-bar" lang={lang}>
        <button type="button" className="primary" onClick={() => setOpen('publish')}>
          {texts.publish}
        </button>
        <button type="button" onClick={() => setOpen('discard')}>
          {texts.discard}
        </button>
        <button type="button" onClick={() => setOpen('history')}>
          {texts.history}
        </button>
        {flash ? (
          <p className="publish-flash" role="status">
            {flash}
          </p>
        ) : null}
        {open === 'publish' ? <PublishDialog texts={texts} lang={lang} problemCount={problemCount} settled={settled} close={close} /> : null}
        {open === 'discard' ? <DiscardDialog texts={texts} lang={lang} settled={settled} close={close} /> : null}
        {open === 'history' ? <HistoryDialog texts={texts} lang={lang} settled={settled} close={close} discardFirst={() => setOpen('discard')} /> : null}
      </div>
    </ChangeWordsContext.Provider>
  );
}

interface DialogProps {
  texts: PublishTexts;
  lang: string;
  settled: () => Promise<void>;
  close: () => void;
}

type ReadyChanges = Extract<Changes, { state: 'ready' }>;

/** Sends the publish with the person's name: busy while it runs, the refusal in words, or what went live. */
function usePublishCommit(changes: Changes, name: string, texts: PublishTexts, reload: () => void) {
  const words = useContext(ChangeWordsContext);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [done, setDone] = useState<{ push?: PushResult } | undefined>();
  const submit = async () => {
    if (changes.state !== 'ready' || name.trim() === '') return;
    setBusy(true);
    setError('');
    const answer = await publishCalls
      .commit(changes.fingerprint, commitMessage(changes.files, texts), name.trim())
      .catch((e: unknown): Refusal => ({ error: (e as Error).message }));
    setBusy(false);
    if (answer.error !== undefined) {
      setError(refusalText(answer, texts, words.name));
      // stale: look again; conflict: their version is the published one now, shown beside the person's own
      if ('reason' in answer && (answer.reason === 'stale' || answer.reason === 'conflict')) reload();
    } else if (answer.git) setDone({ push: answer.push });
  };
  return { busy, error, done, submit };
}

interface PublishFormProps {
  ready: ReadyChanges;
  texts: PublishTexts;
  problemCount: number;
  name: string;
  setName: (name: string) => void;
  error: string;
  busy: boolean;
  submit: () => Promise<void>;
}

/** What goes live and the confirm, or why the site's problems refuse it. */
function PublishForm({ ready, texts, problemCount, name, setName, error, busy, submit }: PublishFormProps) {
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <ChangeList files={ready.files} texts={texts} label={texts.publishTitle} />
      <RefusedFiles files={ready.refused} texts={texts} />
      {problemCount > 0 ? (
        <p className="publish-refused" role="alert">
          {texts.problems(problemCount)}
        </p>
      ) : (
        <>
          <NameField name={name} setName={setName} texts={texts} />
          {error ? (
            <p className="publish-refused" role="alert">
              {error}
            </p>
          ) : null}
          <button type="submit" className="primary" disabled={busy || name.trim() === ''}>
            {busy ? texts.working : texts.confirmPublish}
          </button>
        </>
      )}
    </form>
  );
}

/** The summary of what goes live, the person's name and the confirm; refused while the site has problems. */
function PublishDialog({ texts, lang, problemCount, settled, close }: DialogProps & { problemCount: number }) {
  const [changes, reload] = useChanges(texts, settled);
  const [name, setName] = useName();
  const { busy, error, done, submit } = usePublishCommit(changes, name, texts, reload);
  const notice = changesNotice(changes, texts);
  const ready = changes.state === 'ready' ? changes : undefined;
  return (
    <Modal title={texts.publishTitle} lang={lang} close={close}>
      {notice}
      {done ? <div role="status">{done.push ? <PushReport push={done.push} texts={texts} /> : <p className="publish-done">{texts.published}</p>}</div> : null}
      {ready && !done && ready.files.length === 0 ? <p>{texts.nothing}</p> : null}
      {ready && !done && ready.files.length === 0 ? <RefusedFiles files={ready.refused} texts={texts} /> : null}
      {ready && !done && ready.files.length > 0 ? (
        <PublishForm ready={ready} texts={texts} problemCount={problemCount} name={name} setName={setName} error={error} busy={busy} submit={submit} />
      ) : null}
      {ready && !done && problemCount === 0 ? <ScheduleLater lang={lang} /> : null}
      <button type="button" className="publish-close" onClick={close}>
        {done ? texts.close : texts.cancel}
      </button>
    </Modal>
  );
}

/** Everything not yet published goes back to the last published version, after the person saw what is lost. */
function DiscardDialog({ texts, lang, settled, close }: DialogProps) {
  const [changes, reload] = useChanges(texts, settled);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const discard = async () => {
    if (changes.state !== 'ready') return;
    setBusy(true);
    const answer = await publishCalls.discard(changes.fingerprint).catch((e: unknown): Refusal => ({ error: (e as Error).message }));
    setBusy(false);
    if (answer.error === undefined) return reloadWith(texts.discardDone);
    setError(refusalText(answer, texts));
    reload();
  };
  const ready = changes.state === 'ready' ? changes : undefined;
  return (
    <Modal title={texts.discardTitle} lang={lang} close={close}>
      {changesNotice(changes, texts)}
      {ready && ready.files.length === 0 ? <p>{texts.nothingToDiscard}</p> : null}
      {ready && ready.files.length > 0 ? (
        <>
          <p>{texts.discardIntro}</p>
          <ChangeList files={ready.files} texts={texts} label={texts.discardTitle} />
          {error ? (
            <p className="publish-refused" role="alert">
              {error}
            </p>
          ) : null}
          <button type="button" className="danger" disabled={busy} onClick={() => void discard()}>
            {busy ? texts.working : texts.confirmDiscard}
          </button>
        </>
      ) : null}
      <button type="button" className="publish-close" onClick={close}>
        {texts.cancel}
      </button>
    </Modal>
  );
}
