import type { Fetch } from '../timeout.ts';

/**
 * A stand-in for the network in unit tests (jsdom has no server to talk to):
 * answers requests by URL and records them. Our own modules run for real on top of it.
 */
export interface NetworkCall {
  method: string;
  url: string;
  /** Parsed JSON for a JSON body, the FormData for a multipart one. */
  body: unknown;
  headers: Headers;
  keepalive: boolean;
}

/** An answer, or 'stall': no answer ever (a fetch with a signal still ends when it aborts, as a real one does). */
export type Answer = Response | 'stall';
export type Handler = (call: NetworkCall) => Answer | Promise<Answer>;

export const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function parse(body: RequestInit['body']): unknown {
  if (typeof body !== 'string') return body ?? undefined;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return body;
  }
}

export function fakeNetwork(routes: Array<[RegExp, Handler]>) {
  const calls: NetworkCall[] = [];
  const fetch: Fetch = async (input, init = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const call = { method: init.method ?? 'GET', url, body: parse(init.body), headers: new Headers(init.headers), keepalive: init.keepalive === true };
    calls.push(call);
    const handler = routes.find(([pattern]) => pattern.test(`${call.method} ${url}`))?.[1];
    const answer = handler ? await handler(call) : new Response('not found', { status: 404 });
    if (answer !== 'stall') return answer;
    return new Promise<Response>((_, reject) => {
      init.signal?.addEventListener('abort', () => reject(init.signal?.reason ?? new DOMException('aborted', 'AbortError')));
    });
  };
  const to = (pattern: RegExp) => calls.filter((c) => pattern.test(`${c.method} ${c.url}`));
  return { fetch, calls, to };
}
