import { useCallback, useEffect, useState } from 'react';
import type { RequestError } from './api.ts';

/**
 * What a screen shows from the server: `load` (a call of api.ts, kept by the screen with useCallback) asked at once,
 * again whenever it changes and on `reload`; a refusal kept as its words for the screen's error line. `reload` never
 * throws: what went wrong is in `error`.
 */
export function useAnswer<T>(load: () => Promise<T>) {
  const [answer, setAnswer] = useState<T>();
  const [error, setError] = useState<string>();
  const reload = useCallback(
    () =>
      load().then(
        (value) => setAnswer(value),
        (caught: RequestError) => setError(caught.message),
      ),
    [load],
  );
  useEffect(() => void reload(), [reload]);
  return { answer, error, setError, reload };
}
