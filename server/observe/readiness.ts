import type { Context } from 'hono';
import type { Storage } from '../storage/types.ts';

/**
 * GET /readyz: whether this instance should be sent traffic now. /healthz says whether the process lives (restart
 * it if not); this says whether a proxy or load balancer should route to it: 503 until the database answers, the
 * build is loaded and the mail worker runs, and 503 again from SIGTERM on, while it drains before it closes.
 */

/** How long the database may take to answer the check: one that hangs would hold the prober too. */
const CHECK_TIMEOUT_MS = 2_000;

export interface ReadinessOptions {
  storage: Storage;
  /** whether the live build has files to serve */
  buildLoaded: () => boolean;
  /** how mail goes out: 'smtp' (its worker started) or 'local outbox' */
  mail: () => 'smtp' | 'local outbox' | 'not started';
}

export interface Readiness {
  /** From now on the answer is 503: the instance is shutting down. */
  drain(): void;
  answer(c: Context): Promise<Response>;
}

/** Whether the database answers a read (a lookup by key that finds nothing), within CHECK_TIMEOUT_MS. */
async function databaseAnswers(storage: Storage): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('no answer in time')), CHECK_TIMEOUT_MS)));
  try {
    await Promise.race([storage.getLead('readyz'), late]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

export function readiness(options: ReadinessOptions): Readiness {
  let draining = false;
  return {
    drain: () => void (draining = true),
    async answer(c) {
      const checks = {
        // the storage was opened, so migrated, before the server listened: what is left to check is that it answers
        database: (await databaseAnswers(options.storage)) ? 'answers' : 'fails',
        build: options.buildLoaded() ? 'loaded' : 'missing',
        mail: options.mail(),
      };
      const ready = !draining && checks.database === 'answers' && checks.build === 'loaded' && checks.mail !== 'not started';
      return c.json({ ready, ...(draining ? { draining: true } : {}), checks }, ready ? 200 : 503, { 'Cache-Control': 'no-store' });
    },
  };
}

/**
 * The wait between SIGTERM and closing the port (SHUTDOWN_DRAIN_S): requests are still taken while /readyz answers
 * 503, so a proxy's health check moves the traffic to the other instances first. `cut()` ends it at once (a second
 * signal: the operator does not want to wait).
 */
export function drainWait(ms: number): { done: Promise<void>; cut: () => void } {
  let cut = () => {};
  const done = new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    cut = () => {
      clearTimeout(timer);
      resolve();
    };
  });
  return { done, cut };
}
