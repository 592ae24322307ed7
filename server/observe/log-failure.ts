import type { Context } from 'hono';
import { currentRequestId, type Logger } from './log.ts';
import { routeOf } from './log-request.ts';
import { inLanguage } from '../../core/text/language.ts';

/**
 * A request the server failed (500): the error's details (message and stack) go to the log in one line under the
 * request's id; the answer has the id alone, in words the visitor can quote, never the details. As the studio's
 * failures do with their reference (studio/server/failure.ts).
 */

const WORDS = {
  nl: (id: string) => `Er ging iets mis op de server. Probeer het later nog eens.\nGaat het weer mis, geef dan deze referentie door.\nReferentie: ${id}\n`,
  en: (id: string) => `Something went wrong on the server. Please try again later.\nIf it goes wrong again, pass on this reference.\nReference: ${id}\n`,
};

/** The sentence of a server failure with its reference, in the site's language (Dutch for `nl`, English otherwise). */
export function failureText(lang: string, requestId: string): string {
  return inLanguage(lang, WORDS)(requestId);
}

/** The details of a failure, logged once under the request's id (the log's mixin adds it). */
export function logFailure(logger: Logger, c: Context, error: unknown): void {
  const err = error instanceof Error ? error : new Error(String(error));
  logger.error({ err, method: c.req.method, route: routeOf(c) }, `${c.req.method} ${routeOf(c)}: failed`);
}

/**
 * The answer to a failure: JSON (`{ error }`, and `requestId` beside it from the request log) to a call of an API,
 * plain text in the site's language to a page; never cached.
 */
export function failureAnswer(c: Context, lang: string, json: boolean, error = 'internal server error'): Response {
  const requestId = currentRequestId() ?? '-';
  if (json) return c.json({ error }, 500, { 'Cache-Control': 'no-store' });
  return c.text(failureText(lang, requestId), 500, { 'Cache-Control': 'no-store' });
}
