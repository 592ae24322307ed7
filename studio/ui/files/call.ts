import { OWN_REQUEST_HEADER } from '../../../core/security/own-request.ts';
import type { ErrorAnswer } from '../../../core/studio/contract.ts';

/**
 * What every write of the studio's page sends besides its body: the body's type and the custom header. Its server
 * takes a write only with both, from its own origin (studio/server/request-guard.ts); a page of another site cannot
 * set either without a CORS preflight, which the studio never grants.
 */
export const writeHeaders = (type = 'application/json'): Record<string, string> => ({ 'Content-Type': type, [OWN_REQUEST_HEADER]: '1' });

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
