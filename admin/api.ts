import { ADMIN_API, STAFF_REQUEST_HEADER, type ApiError } from '../core/admin/contract.ts';
import { problemText } from './texts.ts';

/** A refused request: the server's `{ error }` code, and a sentence for the person in the site's language. */
export class RequestError extends Error {
  readonly status: number;
  readonly code: string;
  readonly retryAfterSeconds?: number;
  readonly problem?: ApiError['problem'];
  constructor(status: number, answer: Partial<ApiError>) {
    const code = answer.error ?? (status === 0 ? 'network' : 'unknown');
    super(problemText(code, answer));
    this.status = status;
    this.code = code;
    this.retryAfterSeconds = answer.retryAfterSeconds;
    this.problem = answer.problem;
  }
}

/** Called when the server says the session ended (401 signed-out) on a screen behind the sign-in. */
let onSignedOut: () => void = () => {};
export const whenSignedOut = (handler: () => void) => {
  onSignedOut = handler;
};

async function send<T>(path: string, init: RequestInit): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${ADMIN_API}${path}`, { credentials: 'same-origin', ...init });
  } catch {
    throw new RequestError(0, { error: 'network' });
  }
  const answer = (await response.json().catch(() => ({}))) as T & Partial<ApiError>;
  if (response.ok) return answer;
  if (!answer.retryAfterSeconds && response.headers.get('Retry-After')) answer.retryAfterSeconds = Number(response.headers.get('Retry-After'));
  const error = new RequestError(response.status, answer);
  if (error.code === 'signed-out') onSignedOut();
  throw error;
}

/** GET /api<path>: never changes anything. */
export const get = <T>(path: string) => send<T>(path, { method: 'GET' });

/** POST /api<path> with a JSON body and the header that proves the request comes from these pages. */
export const post = <T>(path: string, body: object = {}) =>
  send<T>(path, { method: 'POST', headers: { 'Content-Type': 'application/json', [STAFF_REQUEST_HEADER]: '1' }, body: JSON.stringify(body) });
