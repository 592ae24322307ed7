import { AsyncLocalStorage } from 'node:async_hooks';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { STUDIO_ENTRY_PATH, STUDIO_PATH } from '../core/studio/contract.ts';
import { siteLanguage } from '../studio/server/document.ts';
import { send } from '../studio/server/http.ts';
import { STUDIO_SESSION_COOKIE } from '../core/security/cookies.ts';
import { inLanguage } from '../core/text/language.ts';
import type { Editor, StudioGate } from './gate/studio-gate.ts';

export type { Editor };

/**
 * What the studio's server asks of the back office's sign-in: the gate (gate/studio-gate.ts gives it, its sessions,
 * roles and the studio's shared state in the database), and where the back office is, for someone without a session
 * here. A publish is recorded for the System screen when the door can (`recordPublish`).
 */
export type StudioDoor = Omit<StudioGate, 'close' | 'recordPublish'> & { backOffice: string; recordPublish?: StudioGate['recordPublish'] };

/** The editor of the request being answered: Publish commits in their name. */
export const requestEditor = new AsyncLocalStorage<Editor>();

/** The studio's own session cookie of a request (core/security/cookies.ts: on the studio's origin alone, no script reads it). */
const cookieOf = (req: IncomingMessage): string | undefined => STUDIO_SESSION_COOKIE.parse(req.headers.cookie);

const WORDS = {
  nl: {
    expired: 'Deze link naar de studio is verlopen of al gebruikt.',
    signedOut: 'U bent niet (meer) aangemeld bij de studio.',
    forbidden: 'Uw rol geeft geen toegang tot de studio. Vraag een beheerder als u die toch nodig hebt.',
    open: 'Open de studio vanuit de back office',
    linkGone: 'Deze voorbeeldlink werkt niet (meer): hij is verlopen of ingetrokken. Vraag degene die hem stuurde om een nieuwe.',
    moving: 'De studio verhuist op dit moment naar een andere server; probeer het over een paar seconden opnieuw.',
  },
  en: {
    expired: 'This link to the studio has expired or has been used already.',
    signedOut: 'You are not signed in to the studio (any more).',
    forbidden: 'Your role gives no access to the studio. Ask an administrator if you do need it.',
    open: 'Open the studio from the back office',
    linkGone: 'This preview link does not work (any more): it has expired or was revoked. Ask whoever sent it for a new one.',
    moving: 'The studio is moving to another server right now; try again in a few seconds.',
  },
};

const escape = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

const wordsOf = (lang: string) => inLanguage(lang, WORDS);

/** One of the door's sentences, in the site's language. */
export const plainSentence = (siteRoot: string, why: keyof typeof WORDS.en) => wordsOf(siteLanguage(siteRoot))[why];

/** A short page in the site's language: one sentence, and the way on when there is one. */
export function plainPage(res: ServerResponse, status: number, siteRoot: string, why: keyof typeof WORDS.en, backOffice?: string) {
  const lang = siteLanguage(siteRoot);
  const words = wordsOf(lang);
  const way = backOffice ? `<p><a href="${escape(backOffice)}/">${escape(words.open)}</a></p>` : '';
  const page = `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Studio</title></head><body style="font:1.1rem/1.5 system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem"><main><h1>Studio</h1><p>${escape(words[why])}</p>${way}</main></body></html>`;
  send(res, status, page, 'text/html');
}

/** A refusal as a short page for a person, as JSON for the studio's own calls. */
function refuse(req: IncomingMessage, res: ServerResponse, status: 401 | 403, why: 'expired' | 'signedOut' | 'forbidden', door: StudioDoor, siteRoot: string) {
  if (!(req.headers.accept ?? '').includes('text/html')) return send(res, status, { error: status === 401 ? 'signed-out' : 'forbidden' });
  plainPage(res, status, siteRoot, why, door.backOffice);
}

/** The studio page's own script and stylesheet: behind the door, but a request for them keeps no session alive. */
const STATIC_FILES = new Set([`${STUDIO_PATH}/app.js`, `${STUDIO_PATH}/app.css`, `${STUDIO_PATH}/page-link.js`]);

/**
 * The door in front of every request of the studio's server: a ticket from the back office opens a session (its
 * cookie set, the ticket gone from the address at once); every other request goes on, as its editor, only while that
 * session lives and its person may edit content.
 */
export function doorway(door: StudioDoor, siteRoot: string) {
  return async (req: IncomingMessage, res: ServerResponse, next: () => void): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname === STUDIO_ENTRY_PATH) {
      const token = req.method === 'GET' ? await door.enter(url.searchParams.get('ticket') ?? '', { userAgent: req.headers['user-agent'] }) : undefined;
      if (!token) return refuse(req, res, 401, 'expired', door, siteRoot);
      res.writeHead(303, {
        Location: `${STUDIO_PATH}`,
        'Set-Cookie': STUDIO_SESSION_COOKIE.create(token),
        'Cache-Control': 'no-store',
        'Referrer-Policy': 'no-referrer',
      });
      return void res.end();
    }
    const admission = await door.admit(cookieOf(req), { write: !STATIC_FILES.has(url.pathname) });
    if (admission === 'signed-out') return refuse(req, res, 401, 'signedOut', door, siteRoot);
    if (admission === 'forbidden') return refuse(req, res, 403, 'forbidden', door, siteRoot);
    requestEditor.run(admission.editor, next);
  };
}
