import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { CLIENT_LINK_DAYS, CLIENT_LINK_PATH, CLIENT_LINKS_API, type ClientLinksAnswer, type NewClientLinkAnswer } from '../core/studio/contract.ts';
import { readBody, send } from '../studio/server/http.ts';
import { plainPage, type Editor, type StudioDoor } from './studio-door.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const hashOf = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/**
 * Client preview links: an editor makes a read-only link to a page as it is now in the working copy (unpublished),
 * for a client without an account. The link carries 256 random bits; the database keeps only their hash. It works
 * until its day count runs out or an editor revokes it, and says to search engines never to index what it shows.
 */
export function clientLinks(door: StudioDoor, siteRoot: string, render: (route: string) => Promise<string | undefined>) {
  /** GET: the live links; POST: a new one for { route, days }; POST <id>/revoke: one ended. */
  async function api(req: IncomingMessage, res: ServerResponse, editor: Editor, rest: string): Promise<void> {
    if (req.method === 'GET' && rest === '') return send(res, 200, { links: await door.links.live() } satisfies ClientLinksAnswer);
    if (req.method !== 'POST') return send(res, 405, { error: 'method not allowed' });
    if (rest === '') {
      const body = (await readBody(req)) as { route?: unknown; days?: unknown };
      const route = typeof body.route === 'string' ? body.route : '';
      const days = CLIENT_LINK_DAYS.find((d) => d === body.days);
      if (!days || !route.startsWith('/') || (await render(route)) === undefined)
        return send(res, 400, { error: 'no page of the site at this route, or no such day count' });
      const token = randomBytes(32).toString('base64url');
      const link = await door.links.create({ tokenHash: hashOf(token), route, createdBy: editor.email, ttlMs: days * DAY_MS });
      await door.audit('client-link.made', editor);
      return send(res, 200, { link, path: `${CLIENT_LINK_PATH}/${token}` } satisfies NewClientLinkAnswer);
    }
    const revoke = /^([^/]+)\/revoke$/.exec(rest);
    if (!revoke) return send(res, 404, { error: 'not found' });
    if (!(await door.links.revoke(revoke[1]!))) return send(res, 404, { error: 'no such link, or revoked already' });
    await door.audit('client-link.revoked', editor);
    send(res, 200, {});
  }

  /** The page a link opens, rendered from the working copy now; a short page when it no longer works. */
  async function open(req: IncomingMessage, res: ServerResponse, token: string): Promise<void> {
    res.setHeader('X-Robots-Tag', 'noindex, nofollow, noarchive');
    res.setHeader('Referrer-Policy', 'no-referrer');
    const link = /^[A-Za-z0-9_-]{43}$/.test(token) ? await door.links.open(hashOf(token)) : undefined;
    const html = link && (await render(link.route));
    if (html === undefined) return plainPage(res, 410, siteRoot, 'linkGone');
    send(res, 200, html.replace(/<head>/i, '<head><meta name="robots" content="noindex, nofollow" />'), 'text/html');
  }

  return {
    /** whether a path is the links' (their calls or a client's page): the host answers it here */
    answers: (pathname: string) => pathname === CLIENT_LINKS_API || pathname.startsWith(`${CLIENT_LINKS_API}/`) || pathname.startsWith(`${CLIENT_LINK_PATH}/`),
    isClientPage: (pathname: string) => pathname.startsWith(`${CLIENT_LINK_PATH}/`),
    api: (req: IncomingMessage, res: ServerResponse, editor: Editor, pathname: string) =>
      api(req, res, editor, pathname.slice(CLIENT_LINKS_API.length).replace(/^\//, '')),
    open: (req: IncomingMessage, res: ServerResponse, pathname: string) => open(req, res, pathname.slice(CLIENT_LINK_PATH.length + 1)),
  };
}
