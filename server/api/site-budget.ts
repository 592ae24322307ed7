import type { Context } from 'hono';
import type { Storage } from '../storage/types.ts';
import type { RateLimiter } from './rate-limit.ts';

/**
 * A budget of the whole site (the staff mails of all visitors together, the uploads of all addresses together),
 * counted where every instance counts it. With PostgreSQL, several instances share the site: each hit is counted in
 * the database (`site_budgets`, 0014) in fixed windows of the limiter's length, so two instances with a budget of 4
 * let 4 through, not 8. With SQLite there is one instance, and the limiter in its memory counts as before.
 * Gives undefined when the hit may go on, else the seconds until the window reopens (for Retry-After).
 */
export async function siteWideWait(storage: Storage, name: string, limiter: RateLimiter, now = Date.now()): Promise<number | undefined> {
  if (storage.kind !== 'postgres') return limiter.hit(name, now);
  const windowStart = Math.floor(now / limiter.windowMs) * limiter.windowMs;
  const count = await storage.countBudget(name, windowStart);
  if (count <= limiter.limit) return undefined;
  return Math.max(1, Math.ceil((windowStart + limiter.windowMs - now) / 1000));
}

/** 429 with Retry-After when the site's budget is spent; undefined when the request may go on. */
export async function overSiteBudget(c: Context, storage: Storage, name: string, limiter: RateLimiter): Promise<Response | undefined> {
  const wait = await siteWideWait(storage, name, limiter);
  if (wait === undefined) return undefined;
  return c.json({ error: 'too many requests' }, 429, { 'Retry-After': String(wait), 'Cache-Control': 'no-store' });
}
