import { AsyncLocalStorage } from 'node:async_hooks';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { STUDIO_ENTRY_PATH, STUDIO_PATH } from '../core/studio/contract.ts';
import type { StudioAuditKind } from '../core/admin/contract.ts';
import { siteLanguage } from '../studio/server/document.ts';
import { send } from '../studio/server/http.ts';
import { STUDIO_SESSION_COOKIE } from '../core/security/cookies.ts';
import { inLanguage } from '../core/text/language.ts';

/** The person a request comes from, as the back office knows them. */
export interface Editor {
  id: string;
  email: string;
}

/** What the studio's server asks of the back office's sign-in (gate/studio-gate.ts gives it). */
export interface StudioDoor {
  /** the back office's origin: where someone without a session here goes to open the studio */
  backOffice: string;
  enter(ticket: string, where: { userAgent?: string }): Promise<string | undefined>;
  /** the session's editor; `write: false` for a static file, which checks the session and writes nothing to it */
  admit(token: string | undefined, options?: { write?: boolean }): Promise<{ editor: Editor } | 'forbidden' | 'signed-out'>;
  /** a line in the activity log, by a person (known by their address alone when a schedule publishes for them) */
  audit(kind: StudioAuditKind, who: Editor | { email: string }): Promise<void>;
  /** the client preview links, in the back office's database */
  links: ClientLinkStore;
  /** the scheduled publishes, in the back office's database */
  schedules: ScheduleStore;
  /** which studio tab has which file open, in the back office's database */
  leases: LeaseStore;
  /** which server instance owns the working copy and serves the studio (working-copy-owner.ts) */
  owner: OwnerStore;
  /** a publish done, for the System screen: by whom and how long it took (server/system/); absent: not recorded */
  recordPublish?(by: string, seconds: number): Promise<void>;
  /** the commits published on any server instance, which each builds */
  releases: {
    record(commit: string, publishedBy: string): Promise<void>;
    latest(): Promise<{ commit: string; publishedBy: string; publishedAt: string } | undefined>;
  };
}

export interface LeaseStore {
  take(request: {
    path: string;
    leaseId: string;
    userId: string;
    ttlMs: number;
    takeOver?: boolean;
    /** take nothing, only say whose it is (no holder: no one's) */
    lookOnly?: boolean;
  }): Promise<{ held: true } | { held: false; holder: { userId: string; takenAt: string } } | { held: false; holder?: undefined }>;
  renew(path: string, leaseId: string, ttlMs: number): Promise<boolean>;
  release(path: string, leaseId: string): Promise<boolean>;
}

/** The instance that owns the working copy, as the database keeps it. */
export interface StoredOwner {
  instance: string;
  /** where the other instances forward the studio's requests (its STUDIO_INTERNAL_URL) */
  address: string;
  takenAt: string;
  expiresAt: string;
  releasedAt: string | null;
}

/** An instance asking for the working copy is told it is theirs now (and whose it was), or whose it is. */
export type OwnerAnswer = { owned: true; previous?: StoredOwner } | { owned: false; owner: StoredOwner };

export interface OwnerStore {
  /** the working copy for this instance when it is free (its owner's lease ran out, or was let go), else whose it is */
  claim(request: { instance: string; address: string; leaseMs: number }): Promise<OwnerAnswer>;
  /** false when the working copy is no longer this instance's */
  renew(instance: string, leaseMs: number): Promise<boolean>;
  release(instance: string): Promise<boolean>;
}

/** A scheduled publish as the database keeps it. */
export interface StoredSchedule {
  id: string;
  at: string;
  createdBy: string;
  status: 'pending' | 'running' | 'done' | 'failed' | 'cancelled';
  detail: string | null;
}

export interface ScheduleStore {
  add(at: Date, createdBy: string): Promise<StoredSchedule>;
  cancel(id: string): Promise<boolean>;
  /** the next one due, now this instance's (exactly one instance gets each) */
  claimDue(instance: string, staleMs: number): Promise<StoredSchedule | undefined>;
  finish(id: string, instance: string, outcome: { status: 'done' | 'failed'; detail: string }): Promise<boolean>;
  list(): Promise<StoredSchedule[]>;
}

/** What the studio writes in the back office's activity log. */

/** A client preview link as the database keeps it (its token's hash only). */
export interface StoredLink {
  id: string;
  route: string;
  createdBy: string;
  expiresAt: string;
}

export interface ClientLinkStore {
  create(link: { tokenHash: string; route: string; createdBy: string; ttlMs: number }): Promise<StoredLink>;
  /** the link a token's hash opens now: none when never made, revoked or past its time */
  open(tokenHash: string): Promise<StoredLink | undefined>;
  revoke(id: string): Promise<boolean>;
  live(): Promise<StoredLink[]>;
}

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
