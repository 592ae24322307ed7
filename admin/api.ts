import {
  ADMIN_API,
  STAFF_REQUEST_HEADER,
  type AdminMethod,
  type AdminPath,
  type AdminRoute,
  type AnswerOf,
  type ApiError,
  type ApiErrorCode,
  type PathParams,
  type RequestOf,
} from '../core/admin/contract.ts';
import { problemText } from './texts.ts';

/** A refused request: the server's `{ error }` code, and a sentence for the person in the site's language. */
export class RequestError extends Error {
  readonly status: number;
  /** the server's code, or one of the pages' own: the server unreachable, the passkey ceremony given up, an answer without a code */
  readonly code: ApiErrorCode | 'network' | 'passkey-cancelled';
  readonly retryAfterSeconds?: number;
  readonly problem?: ApiError['problem'];
  constructor(status: number, answer: Partial<Omit<ApiError, 'error'>> & { error?: RequestError['code'] }) {
    const code = answer.error ?? (status === 0 ? 'network' : 'unknown');
    super(problemText(code, answer));
    this.status = status;
    this.code = code;
    this.retryAfterSeconds = answer.retryAfterSeconds;
    this.problem = answer.problem;
  }
}

/**
 * Called when the server says the session ended (401 signed-out): the answer says whether the person signed in again
 * (in the dialog over the page), so that the request is sent once more, or not (it fails as it was refused). A request
 * refused as signed-out was not carried out, so sending it again does it once.
 */
let onSignedOut: () => Promise<boolean> = () => Promise.resolve(false);
export const whenSignedOut = (handler: () => Promise<boolean>) => {
  onSignedOut = handler;
};

/** Requests that never wait for a new sign-in: the session's own (asking who is signed in, signing out). */
const NO_RESUME = new Set(['/me', '/sign-out']);

async function send<T>(path: string, init: RequestInit, again = !NO_RESUME.has(path)): Promise<T> {
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
  if (error.code === 'signed-out' && again && (await onSignedOut())) return send(path, init, false);
  throw error;
}

/** A route of the contract by its method and path (core/admin/contract.ts, AdminRoutes). */
type Key<M extends AdminMethod, P extends AdminPath<M>> = Extract<AdminRoute, `${M} ${P}`>;

/** What a call fills in: the path's parts by name where it has some, the body its route takes, a query string. */
type Call<P extends string, Request> = ([keyof PathParams<P>] extends [never] ? { params?: undefined } : { params: PathParams<P> }) &
  ([Request] extends [undefined] ? { body?: undefined } : { body: Request }) & { query?: string };
/** The call may be left out when it asks for nothing. */
type Optional<C> = object extends C ? [call?: C] : [call: C];

/** The path with its parts filled in, each encoded, and the query after it. */
function urlOf(path: string, call: { params?: Record<string, string>; query?: string } = {}): string {
  const params = call.params ?? {};
  const filled = path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
  return call.query ? `${filled}?${call.query}` : filled;
}

/** GET /api<path>: never changes anything; the answer is the route's, as the contract declares it. */
export function get<P extends AdminPath<'GET'>>(path: P, ...[call]: Optional<Call<P, RequestOf<Key<'GET', P>>>>): Promise<AnswerOf<Key<'GET', P>>> {
  return send(urlOf(path, call), { method: 'GET' });
}

/** POST /api<path> with its JSON body and the header that proves the request comes from these pages. */
export function post<P extends AdminPath<'POST'>>(path: P, ...[call]: Optional<Call<P, RequestOf<Key<'POST', P>>>>): Promise<AnswerOf<Key<'POST', P>>> {
  const init = { method: 'POST', headers: { 'Content-Type': 'application/json', [STAFF_REQUEST_HEADER]: '1' }, body: JSON.stringify(call?.body ?? {}) };
  return send(urlOf(path, call), init);
}
