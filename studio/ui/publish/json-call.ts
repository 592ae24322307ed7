import { CallFailed, failureOf, postJson } from '../files/call.ts';

/**
 * A call of the studio's server side that answers JSON: a GET, or a POST of `body`; a refused call throws its status
 * as a CallFailed (the dialogs say it in their words, or a failure of the server in its own: see serverSaid).
 */
export async function jsonCall<T>(url: string, body?: unknown): Promise<T> {
  const response = await (body === undefined ? fetch(url) : postJson(url, body));
  if (!response.ok) throw await failureOf(response);
  return (await response.json()) as T;
}

export { CallFailed };
