import { OWN_REQUEST_HEADER } from '../../../core/security/own-request.ts';
import { LEASE_HEADER, type ErrorAnswer } from '../../../core/studio/contract.ts';

/** This studio tab, as the leases name it (use-lease.ts): a reload is a new tab, and takes its file again when it is free. */
export const TAB = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

/**
 * What every write of the studio's page sends besides its body: the body's type and the custom header. Its server
 * takes a write only with both, from its own origin (studio/server/request-guard.ts); a page of another site cannot
 * set either without a CORS preflight, which the studio never grants. And the tab's lease id: behind the back office,
 * a file is written only for the person whose tab holds it (or while no one does).
 */
export const writeHeaders = (type = 'application/json'): Record<string, string> => ({ 'Content-Type': type, [OWN_REQUEST_HEADER]: '1', [LEASE_HEADER]: TAB });

/** A write of the studio's page: a POST of `body` as JSON (`keepalive`: it may outlive the tab). */
export const postJson = (url: string, body: unknown, keepalive = false) =>
  fetch(url, { method: 'POST', headers: writeHeaders(), body: JSON.stringify(body), ...(keepalive ? { keepalive } : {}) });

/**
 * A call the server did not answer as asked: its status, and its words. A failure of the server (500) says in the
 * studio's language what the person can do, with a short reference for whoever reads the server's log.
 */
export class CallFailed extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly reference?: string,
  ) {
    super(message);
  }
}

/** The failure an answer says (its `error` and `reference`), or its status in words when it says none. */
export async function failureOf(response: Response): Promise<CallFailed> {
  let body: Partial<ErrorAnswer> = {};
  try {
    body = (await response.json()) as Partial<ErrorAnswer>;
  } catch {
    // no JSON: the status says it
  }
  const said = typeof body.error === 'string' ? body.error : `${response.status} ${response.statusText}`;
  return new CallFailed(response.status, said, typeof body.reference === 'string' ? body.reference : undefined);
}

/** The server's own sentence for a failure of its own (with its reference), else undefined: the caller says it in its words. */
export const serverSaid = (error: unknown): string | undefined => (error instanceof CallFailed && error.reference ? error.message : undefined);
