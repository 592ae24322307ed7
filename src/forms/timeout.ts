/** How long any request of a form may take when `integrations.leads.timeoutMs` does not say. */
export const DEFAULT_TIMEOUT_MS = 15_000;

export type Fetch = typeof fetch;

export class TimeoutError extends Error {
  constructor(ms: number) {
    super(`no answer within ${ms} ms`);
    this.name = 'TimeoutError';
  }
}

/**
 * Runs `work` with a signal that aborts after `ms`, and gives up at that moment
 * even if the work ignores the signal (the e-mail SDK takes none). A plain
 * setTimeout rather than AbortSignal.timeout: older browsers lack it, and a test
 * clock can move it.
 */
export async function withinTime<T>(ms: number, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new TimeoutError(ms);
      controller.abort(error);
      reject(error);
    }, ms);
  });
  try {
    return await Promise.race([work(controller.signal), expired]);
  } finally {
    clearTimeout(timer);
  }
}

/** `fetch` that gives up after `ms`; `read` runs under the same deadline, so a body that stalls ends too. */
export function fetchWithin<T>(fetchFn: Fetch, ms: number, url: string, init: RequestInit, read: (response: Response) => Promise<T>): Promise<T> {
  return withinTime(ms, async (signal) => read(await fetchFn(url, { ...init, signal })));
}
