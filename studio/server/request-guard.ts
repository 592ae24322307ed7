import type { IncomingMessage, ServerResponse } from 'node:http';
import { refusal, type Refusal } from '../../core/security/own-request.ts';
import { STUDIO_API } from '../../core/studio/contract.ts';
import { send } from './http.ts';

/**
 * The studio's one guard for writes, in both its hosts (the dev server's studio handler, and `npm run studio` in
 * front of everything it answers, its client links, schedules and leases included): every request but a GET or a
 * HEAD must prove it comes from the studio's own page, as the back office's do (core/security/own-request.ts):
 * Sec-Fetch-Site `same-origin`, or without it an Origin that is the studio's own; a JSON body; and the custom header
 * (OWN_REQUEST_HEADER). Anything else is answered 403 before it is read, so nothing is written.
 *
 * The image upload's body is the file, not JSON: that route takes `application/octet-stream` or an `image/*` type
 * too. Neither is a type a form can send, and with the custom header a page of another site cannot send it without
 * a CORS preflight, which the studio never grants; same-origin (or its own Origin) is asked of it as of every write.
 */

/** The one call whose body is a file. */
const IMAGE_CALL = `${STUDIO_API}/image`;

const fileTypes = (type: string) => type === 'application/octet-stream' || type.startsWith('image/');

const headerOf = (req: IncomingMessage) => (name: string) => {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
};

/** Why a request to the studio is no write of its own page (see above), or undefined when it is one or changes nothing. */
export function studioRefusal(req: IncomingMessage, origins: readonly string[]): Refusal | undefined {
  const { pathname } = new URL(req.url ?? '/', 'http://localhost');
  return refusal(req.method ?? 'GET', headerOf(req), origins, pathname === IMAGE_CALL ? { bodyTypes: fileTypes } : {});
}

/** Answers 403 to a write that is not the studio page's own (`origins`: the studio's own origins), and says so; false for any other request. */
export function refuseForeignWrite(req: IncomingMessage, res: ServerResponse, origins: readonly string[]): boolean {
  if (!studioRefusal(req, origins)) return false;
  send(res, 403, { error: 'the studio answers only its own pages' });
  // what came with it is never read, only drained
  req.resume();
  return true;
}
