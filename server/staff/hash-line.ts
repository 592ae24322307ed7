/**
 * Argon2 must not starve the site: each password check takes a core's worth of work for tens of milliseconds, and
 * the public pages are answered by the same process on a machine of two cores. So password hashing runs one at a
 * time, and only a short line of sign-ins may wait for it; a sign-in that finds the line full is held for a moment
 * (a timer, no work) and, when no place has come free by then, answered "busy, try again in a moment" (503 and
 * Retry-After), never with a slow page for everyone. The hold is what keeps a flood cheap: a client that does not
 * wait as told is slowed to about one request a second per connection instead of thousands of answers a second.
 */

/** Password hashes computed at once: one, so the other core keeps serving pages. */
export const HASHES_AT_ONCE = 1;
/** Sign-ins (and other password checks from outside) in progress at once, the one hashing included. */
export const SIGN_INS_AT_ONCE = 8;
/** What a sign-in refused for a full line is told to wait. */
export const BUSY_RETRY_MS = 2000;
/** How long a sign-in that finds the line full is held before it is answered busy (or let in, if a place came free). */
export const BUSY_HOLD_MS = 1000;

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

/**
 * Runs async work at most `atOnce` at a time, the rest waiting in order. With `restRatio`, a place that others wait
 * for rests after each work for that share of the work's time before the next begins: under a flood the work then
 * takes at most 1 / (1 + restRatio) of its cores, and alone it is not slowed at all.
 */
export function oneAtATime(atOnce: number, restRatio = 0) {
  let running = 0;
  const waiting: (() => void)[] = [];
  const next = () => {
    running -= 1;
    waiting.shift()?.();
  };
  return async <T>(work: () => Promise<T>): Promise<T> => {
    if (running >= atOnce) await new Promise<void>((turn) => waiting.push(turn));
    running += 1;
    const started = performance.now();
    try {
      return await work();
    } finally {
      const rest = waiting.length > 0 ? (performance.now() - started) * restRatio : 0;
      if (rest > 0) setTimeout(next, rest);
      else next();
    }
  };
}

/** The places of the sign-ins from outside (password, step-up, invitation): shared by the whole process. */
export const signInPlaces = places(SIGN_INS_AT_ONCE);

/**
 * A place in `line` (its leave function), waiting up to `holdMs` for one when all are taken; undefined when none
 * came free: the caller answers busy. Nothing is done while held but one timer.
 */
export async function placeInLine(line: ReturnType<typeof places> = signInPlaces, holdMs = BUSY_HOLD_MS): Promise<(() => void) | undefined> {
  const leave = line.take();
  if (leave) return leave;
  await new Promise((resolve) => setTimeout(resolve, holdMs));
  return line.take();
}
/** Under a flood, the password line rests as long as each hash took: at most half a core for argon2. */
export const HASH_REST_RATIO = 2;
/** The line every argon2 computation of this process waits in. */
export const hashing = oneAtATime(HASHES_AT_ONCE, HASH_REST_RATIO);
