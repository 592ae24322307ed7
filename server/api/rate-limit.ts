/**
 * A fixed-window counter per client address, in memory. Bounded: when more
 * than `maxClients` addresses are tracked, the oldest windows are dropped, so a
 * flood of spoofed or distinct addresses cannot grow the map without limit.
 */
export interface RateLimiter {
  /** undefined when allowed; otherwise the seconds until the window reopens (for Retry-After) */
  hit(key: string, now?: number): number | undefined;
  /** the hits a window allows, and its length: what site-budget.ts counts in the shared database with */
  readonly limit: number;
  readonly windowMs: number;
}

export function rateLimiter({ limit, windowMs, maxClients = 10_000 }: { limit: number; windowMs: number; maxClients?: number }): RateLimiter {
  const windows = new Map<string, { start: number; count: number }>();
  return {
    limit,
    windowMs,
    hit(key, now = Date.now()) {
      let entry = windows.get(key);
      if (!entry || now - entry.start >= windowMs) {
        windows.delete(key);
        entry = { start: now, count: 0 };
        windows.set(key, entry);
        if (windows.size > maxClients) {
          // a Map iterates in insertion order: the first keys are the oldest windows
          for (const old of windows.keys()) {
            if (windows.size <= maxClients) break;
            windows.delete(old);
          }
        }
      }
      entry.count += 1;
      if (entry.count <= limit) return undefined;
      return Math.max(1, Math.ceil((entry.start + windowMs - now) / 1000));
    },
  };
}
