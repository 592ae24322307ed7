import { useState } from 'react';
import { publishCalls, type PushResult, type Refusal } from './publish-calls.ts';
import type { PublishTexts } from './publish-texts.ts';

/** What a push did, in plain words: live, or saved here only and the way out (the developer's detail folded away). */
export function PushReport({ push, texts }: { push: PushResult; texts: PublishTexts }) {
  const [result, setResult] = useState(push);
  const [busy, setBusy] = useState(false);
  if (result.ok)
    return (
      <>
        <p className="publish-done">{texts.published}</p>
        <p>{texts.pushed(result.remote, result.branch)}</p>
      </>
    );
  const words = { behind: texts.pushBehind, refused: texts.pushRefused, unreachable: texts.pushUnreachable, outside: texts.pushOutside }[result.reason];
  const again = async () => {
    setBusy(true);
    const answer = await publishCalls.push().catch((error: unknown): Refusal => ({ error: (error as Error).message }));
    setBusy(false);
    if (!answer.error && 'ok' in answer) setResult(answer);
  };
  return (
    <div className="publish-refused" role="alert">
      <p>{words(result.remote)}</p>
      <details>
        <summary>{texts.detail}</summary>
        <pre className="publish-detail">{result.detail}</pre>
      </details>
      <button type="button" disabled={busy} onClick={() => void again()}>
        {texts.sendAgain}
      </button>
    </div>
  );
}
