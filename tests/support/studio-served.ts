import { EventEmitter } from 'node:events';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { vi } from 'vitest';
import { paths } from '../../core/paths.ts';
import { EVENTS_API, STUDIO_API, type EditRequest } from '../../core/studio/contract.ts';
import { copySite } from '../../scripts/test-support/dev-server.ts';
import { studioHandler } from '../../studio/server/handler.ts';

/**
 * The studio's real calls (studio/server/handler.ts) over HTTP on a copy of the base fixture, for the tests of the
 * studio page's hooks in jsdom: the page's relative addresses (/__studio/api/...) go to it, and its events come from it.
 */
export interface ServedStudio {
  site: string;
  /** the host's watcher: `save` says a file changed, as the dev server's watcher would */
  watcher: EventEmitter;
  /** the edits the page sent, in order, and how many were on their way at most at one time */
  edits: EditRequest[];
  mostAtOnce: number;
  /** the address of each call the page made, once its answer came */
  answered: string[];
  /** while set, the page's edits wait for it before they go (a slow network) */
  hold?: Promise<void>;
  /** set once the test is over: a call the page makes after it is never answered, as from a closed tab */
  gone: boolean;
  /** while set, every call is answered 503, as while the studio moves to another server instance */
  down: boolean;
  read(path: string): string;
  /** another editor's save of a site file, and the watcher saying so */
  save(path: string, text: string): void;
  /**
   * Once the calls under way are answered: the server closed and the copy deleted. The hooks may still call after the
   * test (the problems are asked 150 ms after a change, even when the hook has gone since): those calls never end.
   */
  close(): Promise<void>;
}

/**
 * The browser's EventSource, which jsdom lacks: the studio's events read from the test's server, as `data:` lines.
 * Only what the studio uses (onmessage, close).
 */
function eventSourceOn(origin: string, realFetch: typeof fetch) {
  return class {
    onmessage: ((event: { data: string }) => void) | null = null;
    #closed = false;
    #reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
    constructor(url: string) {
      void this.#read(new URL(url, origin)).catch(() => undefined);
    }
    async #read(url: URL) {
      this.#reader = (await realFetch(url)).body!.getReader();
      const decoder = new TextDecoder();
      let text = '';
      while (!this.#closed) {
        const { value, done } = await this.#reader.read();
        if (done) return;
        text += decoder.decode(value, { stream: true });
        for (let end = text.indexOf('\n\n'); end >= 0; end = text.indexOf('\n\n')) {
          const data = /^data: (.*)$/m.exec(text.slice(0, end))?.[1];
          text = text.slice(end + 2);
          if (data !== undefined && !this.#closed) this.onmessage?.({ data });
        }
      }
      await this.#reader.cancel();
    }
    close() {
      this.#closed = true;
      void this.#reader?.cancel().catch(() => undefined);
    }
  };
}

/**
 * The page's fetch and EventSource, sent to `origin`: the test's window is not served from the studio's. Called in a
 * test or its beforeEach, when the globals are the environment's own again (unstubGlobals).
 */
function pointPageAt(origin: string, studio: ServedStudio): () => number {
  const realFetch = globalThis.fetch;
  let atOnce = 0;
  let calling = 0;
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    if (studio.gone) return new Promise<Response>(() => undefined);
    const edit = input === `${STUDIO_API}/edit`;
    if (edit) studio.edits.push(JSON.parse(String(init?.body)) as EditRequest);
    studio.mostAtOnce = Math.max(studio.mostAtOnce, edit ? ++atOnce : 0);
    calling += 1;
    try {
      if (edit) await studio.hold;
      // as the browser sends a call of the studio's page to its own origin
      const answer = await realFetch(new URL(input, origin), {
        ...init,
        headers: { ...(init?.headers as Record<string, string>), 'Sec-Fetch-Site': 'same-origin' },
      });
      studio.answered.push(input);
      return answer;
    } finally {
      calling -= 1;
      if (edit) atOnce -= 1;
    }
  });
  vi.stubGlobal('EventSource', eventSourceOn(origin, realFetch));
  // the calls on their way, to the server or back
  return () => calling;
}

/** The studio's calls on a fresh copy of the base fixture, on a free port, with the page pointed at them. */
export async function serveStudio(prefix: string): Promise<ServedStudio> {
  const site = copySite(prefix, join(paths.root, 'tests/fixtures/base'));
  const watcher = new EventEmitter();
  let origin = '';
  const handler = studioHandler(
    { siteRoot: site, schemaDir: paths.schemas },
    { watcher, bundle: () => Promise.reject(new Error('no page here')), origins: () => [origin] },
  );
  // the calls being answered (the events' stream aside, which lasts as long as the page)
  let answering = 0;
  const server = createServer((req, res) => {
    if (studio.down) return void res.writeHead(503, { 'Content-Type': 'application/json', 'Retry-After': '1' }).end('{"error":"moving"}');
    if (!req.url?.startsWith(EVENTS_API)) {
      answering += 1;
      res.on('close', () => (answering -= 1));
    }
    if (!handler.handle(req, res)) res.writeHead(404).end();
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  let calling = () => 0;
  const studio: ServedStudio = {
    site,
    watcher,
    edits: [],
    mostAtOnce: 0,
    answered: [],
    gone: false,
    down: false,
    read: (path) => readFileSync(join(site, path), 'utf8'),
    save: (path, text) => {
      writeFileSync(join(site, path), text);
      watcher.emit('change', join(site, path));
    },
    close: async () => {
      studio.gone = true;
      while (calling() > 0 || answering > 0) await sleep(20);
      // the connections fetch keeps open for its next requests too
      await new Promise((closed) => {
        server.close(closed);
        server.closeAllConnections();
      });
      rmSync(site, { recursive: true, force: true });
    },
  };
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  calling = pointPageAt(origin, studio);
  return studio;
}
