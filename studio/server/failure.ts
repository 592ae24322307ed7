import { randomInt } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ErrorAnswer } from '../../core/studio/contract.ts';
import { siteLanguage } from './document.ts';
import { send } from './http.ts';
import { languageOf } from '../../core/text/language.ts';

/**
 * A failure of the studio's server (500), in both its hosts: the person is told in the site's language what they can
 * do, with a short reference; the details (the error's message and stack: file paths, git's output) go to the
 * server's log under that reference, never into the answer.
 */

/** Where the details go: the host's log (Vite's logger, `npm run studio`'s), stderr by default. */
export type FailureLog = (line: string) => void;

/** What failed: one of the studio's calls, the studio's own page (its code), or a page of the preview. */
export type FailureKind = 'call' | 'page' | 'preview';

const WORDS: Record<'nl' | 'en', Record<FailureKind, (reference: string) => string>> = {
  nl: {
    call: (ref) =>
      `Dat lukte niet: er ging iets mis in de studio. Probeer het nog eens. Gaat het weer mis, geef dan code ${ref} door aan wie de website onderhoudt.`,
    page: (ref) =>
      `De studio kon niet worden geopend: er ging iets mis. Laad de pagina opnieuw. Gaat het weer mis, geef dan code ${ref} door aan wie de website onderhoudt.`,
    preview: (ref) =>
      `Deze pagina kan nu niet worden getoond. Los eerst de problemen op die de studio noemt; noemt hij er geen, geef dan code ${ref} door aan wie de website onderhoudt.`,
  },
  en: {
    call: (ref) =>
      `That did not work: something went wrong in the studio. Please try again. If it goes wrong again, pass code ${ref} on to whoever maintains the website.`,
    page: (ref) =>
      `The studio could not open: something went wrong. Reload the page. If it goes wrong again, pass code ${ref} on to whoever maintains the website.`,
    preview: (ref) =>
      `This page cannot be shown now. First fix the problems the studio lists; if it lists none, pass code ${ref} on to whoever maintains the website.`,
  },
};

/** Letters and digits that read aloud without doubt (no 0/O, 1/I/L). */
const READABLE = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** A short reference for one failure, as a person reads it out: `K7QM-4XPD`. */
export function failureReference(): string {
  const char = () => READABLE[randomInt(READABLE.length)]!;
  return `${Array.from({ length: 4 }, char).join('')}-${Array.from({ length: 4 }, char).join('')}`;
}

/** The sentence for a failure, in the site's language (Dutch for `nl`, English otherwise), with its reference. */
export function failureSentence(lang: string, kind: FailureKind, reference: string): string {
  return WORDS[languageOf(lang)][kind](reference);
}

/** The details of a failure in the log under a new reference (the request's method and path with them); the reference. */
export function logFailure(error: unknown, log: FailureLog, where?: IncomingMessage): string {
  const reference = failureReference();
  const details = error instanceof Error ? (error.stack ?? `${error.name}: ${error.message}`) : String(error);
  const request = where ? ` on ${where.method ?? 'GET'} ${(where.url ?? '').split('?')[0]}` : '';
  log(`studio: error ${reference}${request}: ${details}`);
  return reference;
}

const stderr: FailureLog = (line) => console.error(line);

export interface FailureOptions {
  /** the site, whose language the sentence is in */
  siteRoot: string;
  log?: FailureLog;
  kind?: FailureKind;
}

/**
 * Answers a failure with 500: the sentence and its reference, as JSON (`{ error, reference }`) to the studio's calls,
 * as plain text to a page a browser opened; the details go to the log under that reference.
 */
export function sendFailure(req: IncomingMessage, res: ServerResponse, error: unknown, { siteRoot, log = stderr, kind = 'call' }: FailureOptions): string {
  const reference = logFailure(error, log, req);
  const sentence = failureSentence(siteLanguage(siteRoot), kind, reference);
  // a page a browser opened asks for HTML; the studio's calls take JSON
  const accept = req.headers.accept ?? '';
  const page = kind !== 'call' || (accept.includes('text/html') && !accept.includes('application/json'));
  // an answer already on its way (a stream) is only logged
  if (res.headersSent) return reference;
  res.setHeader('X-Studio-Error-Reference', reference);
  if (page) send(res, 500, sentence, 'text/plain');
  else send(res, 500, { error: sentence, reference } satisfies ErrorAnswer);
  return reference;
}
