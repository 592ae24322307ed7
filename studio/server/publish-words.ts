import type { IncomingMessage } from 'node:http';
import type { PublishRefusalReason, PushAnswer } from '../../core/studio/contract.ts';
import { failureReference, type FailureLog } from './failure.ts';
import { inLanguage, languageOf } from '../../core/text/language.ts';

/**
 * What the studio tells the editor when a publish, a restore, a discard or a send is refused or fails: a sentence in
 * the site's language. git's own words and the server's paths are for a developer: they go to the server's log under
 * a reference, which the sentence gives (failure.ts does the same for a 500).
 */

type Words = Record<PublishRefusalReason, (reference: string) => string>;

const pass = {
  nl: (ref: string) => `Gaat het weer mis, geef dan code ${ref} door aan wie de website onderhoudt.`,
  en: (ref: string) => `If it goes wrong again, pass code ${ref} on to whoever maintains the website.`,
};

const WORDS: Record<'nl' | 'en', Words> = {
  nl: {
    stale: () => 'De wijzigingen zijn veranderd sinds u ze bekeek. Bekijk ze opnieuw.',
    nothing: () => 'Er is niets nieuws om te publiceren.',
    invalid: () => 'Dit kan zo niet worden gepubliceerd: vul uw naam en een beschrijving in, en kijk of elk bestand in orde is.',
    problems: () => 'De site heeft problemen. Los ze eerst op en publiceer dan.',
    unpublished: () => 'Er zijn wijzigingen die nog niet zijn gepubliceerd. Publiceer of verwerp ze eerst.',
    'no-version': () => 'Die versie bestaat niet.',
    refused: (ref) => `De wijziging kon nu niet worden vastgelegd; ze staat er nog. Probeer het zo nog eens. ${pass.nl(ref)}`,
    'version-problems': () => 'Die versie heeft problemen en is niet teruggezet.',
    busy: () => 'Er wordt al gepubliceerd. Probeer het over een paar seconden opnieuw.',
    conflict: () => 'Niet gepubliceerd: iemand anders heeft hetzelfde intussen ook gewijzigd. Uw wijziging staat er nog.',
    'code-changed': () => 'Niet gepubliceerd: er is nieuwe code die eerst live moet. Vraag een ontwikkelaar die uit te rollen; uw wijziging staat er nog.',
    'build-failed': (ref) => `Uw versie is bewaard, maar de site kon niet worden gebouwd, dus er ging niets live. ${pass.nl(ref)}`,
    moved: () => 'Niet gepubliceerd: de studio is intussen naar een andere server verhuisd. Laad de pagina opnieuw.',
  },
  en: {
    stale: () => 'The changes changed since you looked at them. Look at them again.',
    nothing: () => 'There is nothing new to publish.',
    invalid: () => 'This cannot be published as it is: fill in your name and a description, and check that every file is in order.',
    problems: () => 'The site has problems. Fix them first, then publish.',
    unpublished: () => 'There are changes not published yet. Publish or discard them first.',
    'no-version': () => 'That version does not exist.',
    refused: (ref) => `The change could not be recorded now; it is still there. Try again in a moment. ${pass.en(ref)}`,
    'version-problems': () => 'That version has problems and was not restored.',
    busy: () => 'A publish is already under way. Try again in a few seconds.',
    conflict: () => 'Not published: someone else changed the same meanwhile. Your change is still there.',
    'code-changed': () => 'Not published: there is new code that has to go live first. Ask a developer to deploy it; your change is still there.',
    'build-failed': (ref) => `Your version is saved, but the site could not be built, so nothing went live. ${pass.en(ref)}`,
    moved: () => 'Not published: the studio has moved to another server meanwhile. Reload the page.',
  },
};

/** Refusals whose details are a developer's (git's words, a build's): logged under a reference the sentence gives. */
const LOGGED = new Set<PublishRefusalReason>(['refused', 'build-failed']);

const wordsOf = (lang: string) => WORDS[languageOf(lang)];

const where = (req: IncomingMessage) => `${req.method ?? 'GET'} ${(req.url ?? '').split('?')[0]}`;

/** A refusal in the site's language; its details (`detail`: git's words, a build's) in the log under the reference it gives. */
export function refusalWords(
  lang: string,
  reason: PublishRefusalReason,
  detail: string,
  log: FailureLog,
  req: IncomingMessage,
): { error: string; reference?: string } {
  if (!LOGGED.has(reason)) return { error: wordsOf(lang)[reason]('') };
  const reference = failureReference();
  log(`studio: error ${reference} on ${where(req)}: not published (${reason}): ${detail}`);
  return { error: wordsOf(lang)[reason](reference), reference };
}

/**
 * A send that failed, as the studio is told it: its reason (the studio words it), and for its detail a reference to
 * the log, where git's own words are.
 */
export function pushWords<T extends PushAnswer>(lang: string, push: T, log: FailureLog, req: IncomingMessage): T {
  if (push.ok) return push;
  const reference = failureReference();
  log(`studio: error ${reference} on ${where(req)}: not sent (${push.reason}): ${push.detail}`);
  const detail = inLanguage(lang, {
    nl: `Code ${reference}: de details staan in het logboek van de server.`,
    en: `Code ${reference}: the details are in the server’s log.`,
  });
  return { ...push, detail };
}
