/**
 * Argon2 must not starve the site: each password check takes a core's worth of work for tens of milliseconds, and
 * the public pages are answered by the same process on a machine of two cores. So password hashing runs one at a
 * time, and only a short line of sign-ins may wait for it; a sign-in that finds the line full is answered at once
 * with "busy, try again in a moment" (503 and Retry-After), never with a slow page for everyone.
 */

/** Password hashes computed at once: one, so the other core keeps serving pages. */
export const HASHES_AT_ONCE = 1;
/** Sign-ins (and other password checks from outside) in progress at once, the one hashing included. */
export const SIGN_INS_AT_ONCE = 8;
/** What a sign-in refused for a full line is told to wait. */
export const BUSY_RETRY_MS = 2000;

/** At most `size` things at once: take() a place (undefined when all are taken), and give it back when done. */
export function places(size: number) {
  let taken = 0;
  return {
    take(): (() => void) | undefined {
      if (taken >= size) return undefined;
      taken += 1;
      let given = false;
      return () => {
        if (given) return;
        given = true;
        taken -= 1;
      };
    },
    get taken() {
      return taken;
    },
  };
}

/** Runs async work at most `atOnce` at a time, the rest waiting in order. */
export function oneAtATime(atOnce: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(work: () => Promise<T>): Promise<T> => {
    if (running >= atOnce) await new Promise<void>((turn) => waiting.push(turn));
    running += 1;
    try {
      return await work();
    } finally {
      running -= 1;
      waiting.shift()?.();
    }
  };
}

/** The places of the sign-ins from outside (password, step-up, invitation): shared by the whole process. */
export const signInPlaces = places(SIGN_INS_AT_ONCE);
/** The line every argon2 computation of this process waits in. */
export const hashing = oneAtATime(HASHES_AT_ONCE);
