import { createContext, useCallback, useContext, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { StepUpRequest } from '../core/admin/contract.ts';
import { post, RequestError } from './api.ts';
import { useSession } from './session.tsx';
import { Dialog, Field, LiveError } from './ui.tsx';
import { words } from './words.ts';

/** Runs an action; when the server asks for a fresh sign-in (403 step-up), asks for password and code, then runs it again. */
type WithStepUp = <T>(action: () => Promise<T>) => Promise<T>;

/** Thrown when the person closes the step-up dialog: nothing happened, and nothing needs saying. */
export class StepUpCancelled extends Error {}

const StepUpContext = createContext<WithStepUp>((action) => action());
export const useStepUp = () => useContext(StepUpContext);

export function StepUpProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const pending = useRef<{ done: () => void; cancel: () => void } | undefined>(undefined);
  const withStepUp = useCallback<WithStepUp>(async (action) => {
    try {
      return await action();
    } catch (error) {
      if (!(error instanceof RequestError) || error.code !== 'step-up') throw error;
      await new Promise<void>((done, fail) => {
        pending.current = { done, cancel: () => fail(new StepUpCancelled()) };
        setOpen(true);
      });
      return action();
    }
  }, []);
  const finish = (ok: boolean) => {
    setOpen(false);
    const waiting = pending.current;
    pending.current = undefined;
    if (ok) waiting?.done();
    else waiting?.cancel();
  };
  return (
    <StepUpContext.Provider value={withStepUp}>
      {children}
      <Dialog open={open} title={words.stepUp.title} onClose={() => finish(false)}>
        <StepUpForm onDone={() => finish(true)} onCancel={() => finish(false)} />
      </Dialog>
    </StepUpContext.Provider>
  );
}

function StepUpForm({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const { setMe } = useSession();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const request: StepUpRequest = { password: String(data.get('password') ?? ''), code: String(data.get('code') ?? '').replace(/\s+/g, '') };
    setBusy(true);
    try {
      setMe(await post('/step-up', { body: request }));
      onDone();
    } catch (caught) {
      setError((caught as RequestError).message);
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)}>
      <p>{words.stepUp.text}</p>
      <LiveError message={error} />
      <Field label={words.password}>{(p) => <input {...p} name="password" type="password" autoComplete="current-password" required />}</Field>
      <Field label={words.code} hint={words.stepUp.codeHint}>
        {(p) => <input {...p} name="code" autoComplete="one-time-code" required spellCheck={false} />}
      </Field>
      <div className="actions">
        <button className="button" type="submit" disabled={busy}>
          {words.stepUp.confirm}
        </button>
        <button className="button button-secondary" type="button" onClick={onCancel}>
          {words.cancel}
        </button>
      </div>
    </form>
  );
}
