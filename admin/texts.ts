import type { ApiError } from '../core/admin/contract.ts';
import { words } from './words.ts';

/** The back office's words for a refusal the server gave (core/admin/contract.ts, ApiError). */
export function problemText(code: string, answer: Partial<Omit<ApiError, 'error'>> = {}): string {
  if (code === 'throttled') return words.throttled(answer.retryAfterSeconds);
  if (code === 'password') return words.passwordProblems[answer.problem ?? 'too-short'];
  return (words.problems as Record<string, string | undefined>)[code] ?? words.unknownProblem;
}

export const ROLE_NAMES = words.roles;

export const STATUS_NAMES = words.statuses;

/** An event's kind in words; a kind this page does not know yet (a newer server) as it is. */
export const auditName = (kind: string) => (words.auditKinds as Record<string, string | undefined>)[kind] ?? kind;

// the studio's times are Amsterdam's, whichever language the screens speak
const dateTime = new Intl.DateTimeFormat(words.locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Amsterdam' });
const dateOnly = new Intl.DateTimeFormat(words.locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Amsterdam' });
const shortDate = new Intl.DateTimeFormat(words.locale, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Amsterdam' });

export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));
export const formatDate = (iso: string) => dateOnly.format(new Date(iso));
export const formatShort = (iso: string) => shortDate.format(new Date(iso));
