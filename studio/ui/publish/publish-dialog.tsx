import { createContext, useContext, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import {
  describeFile,
  fileStatusText,
  placeOf,
  plainWords,
  shownValue,
  type ChangeWords,
  type FieldChange,
  type FileChange,
  type PendingFile,
} from './publish-changes.ts';
import { publishCalls, type Refusal, type RefusedFile } from './publish-calls.ts';
import type { PublishTexts } from './publish-texts.ts';
import { STUDIO_EDITOR_META } from '../../../core/studio/contract.ts';

/** A modal dialog (the browser's own: focus kept inside, Escape closes it) with its heading as its name. */
export function Modal({ title, lang, close, children }: { title: string; lang: string; close: () => void; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  const heading = useId();
  /** false once unmounted: the close event that follows then is not the person closing the next dialog */
  const shown = useRef(false);
  useEffect(() => {
    const dialog = ref.current;
    shown.current = true;
    if (dialog && !dialog.open) dialog.showModal();
    return () => {
      shown.current = false;
      dialog?.close();
    };
  }, []);
  return (
    // Ctrl+Z in the dialog's name field undoes the typing there, not the studio's last edit of the site
    <dialog
      ref={ref}
      className="publish-dialog"
      aria-labelledby={heading}
      lang={lang}
      onClose={() => shown.current && close()}
      onKeyDown={(e) => e.stopPropagation()}
    >
      <h2 id={heading}>{title}</h2>
      {children}
    </dialog>
  );
}

export type Changes =
  | { state: 'loading' }
  | { state: 'no-git' }
  | { state: 'failed'; message: string }
  | { state: 'ready'; files: FileChange[]; refused: RefusedFile[]; fingerprint: string; push: { remote: string; branch?: string } | null };

/** The words the dialogs say changes in: the studio's names of files and its labels of fields (PublishBar gives them). */
export const ChangeWordsContext = createContext<ChangeWords>(plainWords);

/** The unpublished changes in words, loaded once the studio's own edits are on disk; `reload` looks again. */
export function useChanges(texts: PublishTexts, settled: () => Promise<void>): [Changes, () => void] {
  // the words as they are when the changes come: a file saved meanwhile renames nothing already shown
  const given = useContext(ChangeWordsContext);
  const words = useRef(given);
  useEffect(() => {
    words.current = given;
  }, [given]);
  const [changes, setChanges] = useState<Changes>({ state: 'loading' });
  const [round, setRound] = useState(0);
  useEffect(() => {
    let live = true;
    settled()
      .then(() => publishCalls.changes())
      .then((answer) => {
        if (!live) return;
        if (answer.error !== undefined) setChanges({ state: 'failed', message: answer.error });
        else if (!answer.git) setChanges({ state: 'no-git' });
        else
          setChanges({
            state: 'ready',
            files: answer.files.map((file: PendingFile) => describeFile(file, words.current)),
            refused: answer.refused ?? [],
            fingerprint: answer.fingerprint,
            push: answer.push,
          });
      })
      .catch((error: unknown) => live && setChanges({ state: 'failed', message: (error as Error).message }));
    return () => {
      live = false;
    };
  }, [texts, settled, round]);
  return [changes, () => setRound((r) => r + 1)];
}

/** What the loading, no-git and failed states say; undefined once the changes are there. */
export function changesNotice(changes: Changes, texts: PublishTexts): ReactNode {
  if (changes.state === 'loading') return <p>{texts.loading}</p>;
  if (changes.state === 'no-git') return <p className="publish-refused">{texts.noGit}</p>;
  if (changes.state === 'failed') return <p className="publish-refused">{texts.failed(changes.message)}</p>;
  return undefined;
}

const MAX_FIELDS = 30;

/** One change: where, then the old text struck through and the new one; an item named by its own text is not said twice. */
function ChangeLine({ change, texts }: { change: FieldChange; texts: PublishTexts }) {
  if (change.kind === 'changed')
    return (
      <>
        {placeOf(change)}: <del>{change.before || texts.empty}</del> → <ins>{change.after || texts.empty}</ins>
      </>
    );
  const value = shownValue(change);
  const Mark = change.kind === 'added' ? 'ins' : 'del';
  return (
    <>
      {placeOf(change)} ({change.kind === 'added' ? texts.added : texts.removed})
      {value === undefined ? null : (
        <>
          : <Mark>{value || texts.empty}</Mark>
        </>
      )}
    </>
  );
}

/** Per file: its name, and each field changed with its old and new text. */
export function ChangeList({ files, texts, label }: { files: FileChange[]; texts: PublishTexts; label: string }) {
  return (
    <ul className="change-list" aria-label={label}>
      {files.map((file) => {
        const status = fileStatusText(file, texts);
        return (
          <li key={file.path}>
            <strong>{file.name}</strong>
            {status ? `: ${status}` : null}
            {file.fields.length > 0 ? (
              <ul>
                {file.fields.slice(0, MAX_FIELDS).map((change, i) => (
                  <li key={i}>
                    <ChangeLine change={change} texts={texts} />
                  </li>
                ))}
                {file.fields.length > MAX_FIELDS ? <li>{texts.more(file.fields.length - MAX_FIELDS)}</li> : null}
              </ul>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

const NAME_KEY = 'studio.publisher-name';

/** The person signed in, where a sign-in is in front of the studio (the back office's): Publish is in their name. */
export const signedIn = (): string | undefined => document.querySelector<HTMLMetaElement>(`meta[name="${STUDIO_EDITOR_META}"]`)?.content || undefined;

/** The person's name: the one signed in, or the one typed, remembered on this computer for the next publish. */
export function useName(): [string, (name: string) => void] {
  const [name, setName] = useState(() => signedIn() ?? localStorage.getItem(NAME_KEY) ?? '');
  return [
    name,
    (next: string) => {
      setName(next);
      localStorage.setItem(NAME_KEY, next);
    },
  ];
}

/**
 * The person's name. Shown, it takes the focus when it is empty (the person types it at once), else the form's
 * confirm button does (Enter publishes). Signed in, it is not asked: the studio says whose name the version carries.
 */
export function NameField({ name, setName, texts }: { name: string; setName: (name: string) => void; texts: PublishTexts }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const line = useRef<HTMLParagraphElement>(null);
  const who = signedIn();
  useEffect(() => {
    const field = input.current;
    if (field?.value === '') field.focus();
    else (field ?? line.current)?.closest('form')?.querySelector<HTMLButtonElement>('button[type="submit"]')?.focus();
  }, []);
  if (who)
    return (
      <p ref={line} className="publish-name">
        {texts.publishingAs(who)}
      </p>
    );
  return (
    <p className="publish-name">
      <label htmlFor={id}>{texts.name}</label>
      <input ref={input} id={id} required autoComplete="name" value={name} onChange={(e) => setName(e.target.value)} aria-describedby={`${id}-hint`} />
      <span id={`${id}-hint`} className="hint">
        {texts.nameHint}
      </span>
    </p>
  );
}

/** A refusal in the person's language; one the studio has no words for as the server said it. */
export function refusalText(refusal: Refusal, texts: PublishTexts, name: (path: string) => string = (path) => path): string {
  const files = ('files' in refusal ? (refusal.files ?? []) : []).map(name).join(', ');
  const known: Record<string, string> = {
    stale: texts.stale,
    problems: texts.problemsFound,
    nothing: texts.nothing,
    unpublished: texts.unpublished,
    busy: texts.busy,
    moved: texts.moved,
    conflict: texts.conflict(files),
    'code-changed': texts.codeChanged,
    // the server's sentence gives the reference its log has the build's words under
    'build-failed': refusal.error || texts.buildFailed,
  };
  return known[refusal.reason ?? ''] ?? texts.failed(refusal.error);
}

const FLASH_KEY = 'studio.publish-flash';

/** A message to show once after the studio reloads (a discard or a restore changed files the studio had open). */
export function reloadWith(message: string): void {
  sessionStorage.setItem(FLASH_KEY, message);
  location.reload();
}

export function takeFlash(): string {
  const message = sessionStorage.getItem(FLASH_KEY) ?? '';
  sessionStorage.removeItem(FLASH_KEY);
  return message;
}
