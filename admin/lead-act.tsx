import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import type { RequestError } from './api.ts';
import { StepUpCancelled, useStepUp } from './step-up.tsx';
import { LiveError } from './ui.tsx';
import styles from './lead.module.css';
import { words } from './words.ts';

/** The lead page's cards that change something: each says what became of its change beside the control (issue 50). */
export type Where = 'notes' | 'handle' | 'person-status' | 'follow-up' | 'person-data';

/** What became of the last change: its confirmation, or why it did not go through and a way to send it again. */
interface Outcome {
  where: Where;
  note: string;
  error: string;
  retry?: () => void;
  undo?: () => void;
}

interface ActOptions {
  /** the lead asked for again once the change is in (true unless said otherwise) */
  reload?: boolean;
  /** what follows once the server has it (a box emptied), after a retry too */
  sent?: () => void;
  /** the confirmation offers to take the change back with this */
  undo?: () => void;
}

/**
 * A change sent from the card `where`: `done` (or what it makes of the server's answer) is said beside the card's
 * controls. Whether it went through: what was typed for it stays until it did. The server out of reach, the card
 * says so and offers to send it again (a session that ran out is the sign-in dialog's: api.ts sends the change once
 * signed in again).
 */
export type Act = <T>(where: Where, action: () => Promise<T>, done: string | ((answer: T) => string), options?: ActOptions) => Promise<boolean>;

const OutcomeContext = createContext<Outcome | undefined>(undefined);

/** The page's one `act` and the outcome its cards show (with `OutcomeProvider`). */
export function useAct(reload: () => Promise<unknown>): { act: Act; outcome: Outcome | undefined } {
  const [outcome, setOutcome] = useState<Outcome>();
  const withStepUp = useStepUp();
  const act: Act = async (where, action, done, options = {}) => {
    setOutcome(undefined);
    try {
      const answer = await withStepUp(action);
      options.sent?.();
      if (options.reload ?? true) await reload();
      setOutcome({ where, note: typeof done === 'string' ? done : done(answer), error: '', undo: options.undo });
      return true;
    } catch (caught) {
      if (caught instanceof StepUpCancelled) return false;
      const refused = caught as RequestError;
      if (refused.code === 'network') {
        const retry = () => void act(where, action, done, options);
        setOutcome({ where, note: '', error: words.lead.unreachable, retry });
      } else setOutcome({ where, note: '', error: refused.code === 'signed-out' ? words.lead.signedOutKept : refused.message });
      return false;
    }
  };
  return { act, outcome };
}

export function OutcomeProvider({ outcome, children }: { outcome: Outcome | undefined; children: ReactNode }) {
  return <OutcomeContext.Provider value={outcome}>{children}</OutcomeContext.Provider>;
}

/**
 * The card's own message lines, always in the page so that a message put in them is read out: an error with the
 * button that sends again, or the confirmation (with its undo), scrolled into view when it is said.
 */
export function Said({ where }: { where: Where }) {
  const outcome = useContext(OutcomeContext);
  const mine = outcome?.where === where ? outcome : undefined;
  const ref = useRef<HTMLDivElement>(null);
  // said out of sight (under the fold of a phone, say): brought just into view, no further
  useEffect(() => {
    if (mine) ref.current?.scrollIntoView({ block: 'nearest' });
  }, [mine]);
  return (
    <div ref={ref}>
      <LiveError message={mine?.error || undefined} />
      {mine?.retry ? (
        <p>
          <button type="button" className="button" onClick={mine.retry}>
            {words.lead.retry}
          </button>
        </p>
      ) : null}
      <p role="status" className={mine?.note ? styles.done : styles.quiet}>
        {mine?.note}
        {mine?.note && mine.undo ? (
          <>
            {' '}
            <button type="button" className="button button-secondary button-small" onClick={mine.undo}>
              {words.lead.undo}
            </button>
          </>
        ) : null}
      </p>
    </div>
  );
}
