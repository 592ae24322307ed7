import { request, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import { EVENTS_API } from '../core/studio/contract.ts';
import { send } from '../studio/server/http.ts';
import { plainPage, plainSentence } from './studio-door.ts';
import type { WorkingCopyOwnership } from './working-copy-owner.ts';

/** Set on a request one instance forwards to another: the owner answers it itself, or says it cannot; never a second hop. */
export const FORWARDED_BY = 'x-studio-forwarded-by';

/** An owner that does not even accept the connection this long is taken for gone (its machine, not only its process). */
const CONNECT_TIMEOUT_MS = 3_000;

/** Headers of one connection, not of the request: each side of the forward has its own. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade']);

const passOn = (headers: IncomingHttpHeaders) => Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name)));

/** Gives up on a connection the owner does not accept in time. */
function connectInTime(out: ReturnType<typeof request>) {
  out.on('socket', (socket) => {
    if (!socket.connecting) return;
    const timer = setTimeout(() => out.destroy(new Error('the owner did not answer')), CONNECT_TIMEOUT_MS);
    socket.once('connect', () => clearTimeout(timer));
    socket.once('close', () => clearTimeout(timer));
  });
}

/**
 * A request sent on to the instance that owns the working copy, as it came (method, path, headers with the cookie,
 * body), and its answer streamed back as it comes (the events stream stays open). 'unreachable' when the owner did
 * not take it, before anything was answered; an owner gone half way through an answer ends that answer.
 */
export function forward(req: IncomingMessage, res: ServerResponse, to: string, from: string): Promise<'answered' | 'unreachable'> {
  return new Promise((done) => {
    const out = request(new URL(req.url ?? '/', to), { method: req.method, headers: { ...passOn(req.headers), [FORWARDED_BY]: from } });
    connectInTime(out);
    let ended = false;
    out.on('response', (answer) => {
      res.writeHead(answer.statusCode ?? 502, passOn(answer.headers));
      res.flushHeaders();
      answer.pipe(res);
      answer.on('end', () => (ended = true));
      answer.on('error', () => res.destroy());
      done('answered');
    });
    out.on('error', () => {
      if (!res.headersSent) return done('unreachable');
      res.destroy();
      done('answered');
    });
    // the browser went away (a studio tab closed its events stream): so does the request to the owner
    res.on('close', () => {
      if (!ended) out.destroy();
    });
    req.pipe(out);
  });
}

/**
 * The studio while no instance serves it (the one that had the working copy stopped, and none has taken it over yet,
 * or the one that has is making it ready): one sentence in the site's language and when to try again, at once. The
 * events stream is answered as an empty stream that says when to come back: a browser's EventSource gives up for good
 * on any other answer, and this way it returns by itself once the studio is served again.
 */
export function studioUnavailable(req: IncomingMessage, res: ServerResponse, siteRoot: string, retryAfterS: number) {
  const { pathname } = new URL(req.url ?? '/', 'http://localhost');
  if (pathname === EVENTS_API) {
    res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store' });
    return void res.end(`retry: ${retryAfterS * 1000}\n\n`);
  }
  res.setHeader('Retry-After', String(retryAfterS));
  if ((req.headers.accept ?? '').includes('text/html')) return plainPage(res, 503, siteRoot, 'moving');
  send(res, 503, { error: plainSentence(siteRoot, 'moving') });
}

/**
 * What decides who answers a request of the studio: this instance when it owns the working copy, else the owner (the
 * request forwarded to its address), else nobody yet (503).
 */
export function servedByOwner(ownership: WorkingCopyOwnership, siteRoot: string, instance: string, retryAfterS: number) {
  return (req: IncomingMessage, res: ServerResponse, serveHere: () => void) => {
    const where = ownership.where();
    if (where.at === 'here') return serveHere();
    if (where.at !== 'elsewhere' || req.headers[FORWARDED_BY] !== undefined) return studioUnavailable(req, res, siteRoot, retryAfterS);
    void forward(req, res, where.owner.address, instance).then((outcome) => {
      if (outcome === 'unreachable') studioUnavailable(req, res, siteRoot, retryAfterS);
    });
  };
}
