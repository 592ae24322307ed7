import type { Context } from 'hono';
import type { Storage } from '../storage/types.ts';
import { StorageBusyError } from '../storage/errors.ts';
import type { ServerSite } from '../site.ts';
import type { RateLimiter } from './rate-limit.ts';
import { rateKey } from './client-address.ts';

/** What every API route needs, built once by createApp. */
export interface ApiContext {
  site: ServerSite;
  storage: Storage;
  secret: string;
  uploadsDir: string;
  /** the visitor's address, for rate limits and the lead record */
  clientIp: (c: Context) => string;
  limits: {
    leads: RateLimiter;
    /** fill-time tokens, per address */
    tokens: RateLimiter;
    mails: RateLimiter;
    /** mails queued by all addresses together: the staff inbox's budget */
    mailsTotal: RateLimiter;
    uploads: RateLimiter;
  };
  /** the origins our own photo links are on (the site URL, PUBLIC_URL) */
  photoOrigins: string[];
  /** the origins of an outside image host (Imgur) a lead's photo links may be on: none with the site's own host */
  outsidePhotoOrigins: string[];
  /** wakes the SMTP delivery when a mail was put in the outbox */
  onMail: () => void;
  log: (message: string) => void;
}

export function problem(c: Context, status: 400 | 401 | 403 | 404 | 405 | 413 | 415 | 429 | 500 | 503, error: string, extra: object = {}) {
  return c.json({ error, ...extra }, status, { 'Cache-Control': 'no-store' });
}

/** 429 with Retry-After when the address (an IPv6 address by its /64) is over its limit; undefined when it may go on. */
export function limited(c: Context, limiter: RateLimiter, ip: string) {
  const wait = limiter.hit(rateKey(ip));
  if (wait === undefined) return undefined;
  return c.json({ error: 'too many requests' }, 429, { 'Retry-After': String(wait), 'Cache-Control': 'no-store' });
}

/**
 * 503 with Retry-After when the request failed because another process held the database (StorageBusyError):
 * nothing was stored, and the same request a moment later (a lead with the same submission id) goes through.
 * Undefined for any other error.
 */
export function storageBusy(c: Context, error: unknown) {
  if (!(error instanceof StorageBusyError)) return undefined;
  return c.json({ error: 'the database is busy, try again in a moment' }, 503, { 'Retry-After': '1', 'Cache-Control': 'no-store' });
}
